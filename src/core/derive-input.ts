/**
 * What every ruleset's pure derive reads of stored data, read forgivingly:
 * an owned item as a plain input, a record (anything else reads as empty),
 * text (null and undefined read as ""), a bounded whole number (else the
 * fallback), a name compared without case or surrounding spaces. Stored data
 * may be old or hand-edited; the derive never throws on it.
 */

/** An owned item as the rules cores' derives read it. */
export interface DeriveItemInput {
  id: string;
  name: string;
  type: string;
  system: unknown;
}

export type Rec = Record<string, unknown>;

/** A plain record, or {} for anything else (null, a list, a number). */
export const rec = (v: unknown): Rec => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Rec) : {});

/** Text: a string as is, null or undefined as "", anything else as its String. */
export const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));

/** A whole number within bounds, else the fallback. */
export const whole = (v: unknown, fallback: number, min: number, max: number): number => (typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? v : fallback);

/** A name as compared: trimmed, lower case. */
export const norm = (name: string): string => name.trim().toLowerCase();
