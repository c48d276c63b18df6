/**
 * The notations of a GURPS character sheet and weapon line besides damage
 * (dice.ts): Basic Speed in quarters (G1), Shots (G56), reach (G36, G39)
 * and weights (G65). Each parser throws a GurpsError naming the text; the
 * manifest registers them as the syntaxes of the stored fields.
 */
import { GurpsError } from "./errors.js";

/** G1: Basic Speed as written (`5.75`), in quarters from 0 to 100. */
export function parseBasicSpeed(text: string): number {
  const m = typeof text === "string" ? /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim()) : null;
  const value = m ? Number(text.trim()) : NaN;
  if (!m || value > 100 || (value * 4) % 1 !== 0) throw new GurpsError("speedInvalid", { text: String(text).slice(0, 40) });
  return value;
}

/** G56: Shots `6(3i)` → 6 shots, 3 Readies per shot; `1(2)` → 1 shot, 2 Readies to reload; `200(5)`. */
export interface ShotsSpec {
  readonly shots: number;
  readonly reload: number;
  /** `i`: the reload time is per shot. */
  readonly perShot: boolean;
}
export function parseShots(text: string): ShotsSpec {
  const m = typeof text === "string" ? /^(\d{1,5})\((\d{1,3})(i?)\)$/.exec(text.trim()) : null;
  if (!m || Number(m[1]) < 1) throw new GurpsError("shotsInvalid", { text: String(text).slice(0, 40) });
  return Object.freeze({ shots: Number(m[1]), reload: Number(m[2]), perShot: m[3] === "i" });
}
export const formatShots = (s: ShotsSpec): string => `${s.shots}(${s.reload}${s.perShot ? "i" : ""})`;

/** G36, G39: reach `C`, `1`, `1,2`, `C,1`; a trailing `*` — changing between reaches takes a Ready. C is 0. */
export interface ReachSpec {
  readonly reaches: readonly number[];
  readonly changeNeedsReady: boolean;
}
export function parseReach(text: string): ReachSpec {
  const t = typeof text === "string" ? text.trim().replace(/\s+/g, "") : "";
  const m = /^((?:C|\d{1,2})(?:[,-](?:C|\d{1,2}))*)(\*?)$/i.exec(t);
  if (!m) throw new GurpsError("reachInvalid", { text: String(text).slice(0, 40) });
  const parts = m[1]!.split(/[,-]/).map((p) => (p.toUpperCase() === "C" ? 0 : Number(p)));
  const reaches = m[1]!.includes("-") ? range(parts[0]!, parts[parts.length - 1]!) : parts;
  return Object.freeze({ reaches: Object.freeze([...new Set(reaches)].sort((a, b) => a - b)), changeNeedsReady: m[2] === "*" });
}
const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) + 1 }, (_, i) => a + i);
export const formatReach = (r: ReachSpec): string => r.reaches.map((x) => (x === 0 ? "C" : String(x))).join(",") + (r.changeNeedsReady ? "*" : "");

/** G65: a weight in pounds as written (`2`, `0.5`, `12.25`), from 0 to 100,000. */
export function parseWeight(text: string): number {
  const m = typeof text === "string" ? /^\d{1,6}(?:\.\d{1,2})?$/.exec(text.trim()) : null;
  const value = m ? Number(text.trim()) : NaN;
  if (!m || value > 100_000) throw new GurpsError("weightInvalid", { text: String(text).slice(0, 40) });
  return value;
}
