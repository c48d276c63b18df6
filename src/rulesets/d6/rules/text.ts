/**
 * Quoting of values inside messages: short, one line, no control characters,
 * whatever the input held (a 1 MB string, a newline, a bidi override).
 */

/** Longest preview of a value inside a message. */
export const PREVIEW_LENGTH = 40;

/** Escape anything that is not printable on one line as \uXXXX. */
function escapeUnprintable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g, (c) =>
    `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A string cut to `max` characters (with "…") and made printable. */
export function printable(text: string, max = PREVIEW_LENGTH): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return escapeUnprintable(cut);
}

/** How a JSON value reads in a message: strings quoted, objects and arrays named, never long. */
export function preview(value: unknown): string {
  if (typeof value === "string") return `"${printable(value)}"`;
  if (value === null) return "null";
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object") return "an object";
  if (typeof value === "number" || typeof value === "boolean") return printable(String(value));
  return typeof value;
}
