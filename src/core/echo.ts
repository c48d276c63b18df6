/**
 * Values echoed in messages: cut to a few dozen characters and escaped, so a
 * hostile value (a megabyte of text, ANSI escapes, bidi overrides, a deep or
 * cyclic object, a getter that throws) can neither flood nor disguise the
 * one line of an error. Characters that could change how a terminal or a
 * page shows the line are written as `\uXXXX`: C0 and C1 controls (ESC
 * included), DEL, the bidi marks, embeddings, overrides and isolates,
 * zero-width characters, line and paragraph separators, the byte order mark,
 * and unpaired surrogates; `\` and `"` are escaped as in JSON. Lengths and
 * positions count characters (Unicode code points). Nothing here throws.
 */
import { english } from "./messages.js";

/** Most characters of a value a message shows; longer values end in "…". */
export const ECHO_LENGTH = 40;

const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(`${UNSAFE.source}|[\\\\"]`, "g");

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;

/** The UTF-16 index of the first character that `escapeText` would escape as \uXXXX, or -1. */
export function findUnsafe(text: string): number {
  const match = UNSAFE.exec(text);
  return match ? match.index : -1;
}

/** Escape `\`, `"` and every unsafe character (as \uXXXX); nothing is cut. */
export function escapeText(text: string): string {
  return text.replace(UNSAFE_ALL, (ch) => (ch === "\\" || ch === '"' ? `\\${ch}` : hex4(ch.charCodeAt(0))));
}

/** The UTF-16 index after `count` code points from `start` (or the end of the text). */
function advance(text: string, start: number, count: number): number {
  let i = start;
  for (let n = 0; n < count && i < text.length; n++) {
    const code = text.charCodeAt(i);
    i += code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i;
}

/** Characters (code points) in a text. */
export function characterCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!((code & 0xfc00) === 0xdc00 && i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800)) n++;
  }
  return n;
}

/** 1-based character (code point) position of the UTF-16 index `index`. */
export function characterPosition(text: string, index: number): number {
  return characterCount(text.slice(0, Math.max(0, index))) + 1;
}

/**
 * A text cut to at most `max` characters and escaped (no quotes added). With
 * `around` (a UTF-16 index) a long text shows the window around that place,
 * "…" marking what is left out on either side.
 */
export function echoText(text: string, max = ECHO_LENGTH, around?: number): string {
  if (advance(text, 0, max) >= text.length) return escapeText(text);
  let start = 0;
  if (around !== undefined && around > 0) {
    // Start about a third of the window before the place, on a character boundary.
    start = Math.max(0, Math.min(around, text.length) - Math.floor(max / 3));
    if (start > 0 && (text.charCodeAt(start) & 0xfc00) === 0xdc00) start--;
  }
  const stop = advance(text, start, max - (start > 0 ? 2 : 1));
  return `${start > 0 ? "…" : ""}${escapeText(text.slice(start, stop))}${stop < text.length ? "…" : ""}`;
}

/**
 * A whole message as one safe line: every unsafe character (line breaks
 * included) written as \uXXXX, quotes and backslashes left as they are (the
 * values inside were escaped already), cut to `max` characters.
 */
export function safeLine(text: string, max: number): string {
  const cut = advance(text, 0, max - 1);
  const kept = cut >= text.length ? text : `${text.slice(0, cut)}…`;
  return kept.replace(new RegExp(UNSAFE.source, "g"), (ch) => hex4(ch.charCodeAt(0)));
}

/** A text in double quotes, cut and escaped: `"VQ6"`, `"\u001b[31m…"`. */
export function echoString(text: string, max = ECHO_LENGTH): string {
  return `"${echoText(text, max)}"`;
}

/** One character (a code point) quoted and escaped, e.g. `"Q"`, `"\u202e"`. */
export function echoChar(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '""' : `"${escapeText(String.fromCodePoint(code))}"`;
}

/**
 * Any value, as a message shows it: strings quoted, numbers as written (`-0`,
 * `NaN`, `Infinity`), BigInt with `n`, plain objects and arrays as a short
 * JSON-like preview (no getter is called), anything else by its kind. Cut to
 * about `max` characters; never throws.
 */
export function echoValue(value: unknown, max = ECHO_LENGTH): string {
  try {
    // Strings are cut before they are escaped (echoString); an object's preview is cut as a whole.
    const text = preview(value, 0, max);
    if (typeof value !== "object" || value === null || characterCount(text) <= max + 2) return text;
    return `${text.slice(0, advance(text, 0, max))}…`;
  } catch {
    return english("CYCHOSYS.Echo.unreadable");
  }
}

/** The class name of an instance (its prototype's own `constructor`, no getter called), else its tag. */
function kindOf(object: object, proto: object): string {
  const ctor = Object.getOwnPropertyDescriptor(proto, "constructor")?.value as unknown;
  const name = typeof ctor === "function" ? Object.getOwnPropertyDescriptor(ctor, "name")?.value : undefined;
  return echoText(typeof name === "string" && name ? name : Object.prototype.toString.call(object).slice(8, -1), 20);
}

function preview(value: unknown, depth: number, budget: number): string {
  switch (typeof value) {
    case "string":
      return echoString(value, budget);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return echoText(`${value}n`, budget);
    case "boolean":
      return String(value);
    case "undefined":
      return english("CYCHOSYS.Echo.nothing");
    case "symbol":
      return `Symbol(${echoText(value.description ?? "", budget)})`;
    case "function":
      return english("CYCHOSYS.Echo.function");
  }
  if (value === null) return "null";
  const object = value as object;
  const isArray = Array.isArray(object);
  const proto = Object.getPrototypeOf(object);
  if (!isArray && proto !== Object.prototype && proto !== null) return english("CYCHOSYS.Echo.instance", { kind: kindOf(object, proto) });
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (depth >= 2) return `${open}…${close}`;
  const keys = isArray ? [] : Object.keys(object);
  const count = isArray ? (object as unknown[]).length : keys.length;
  let out = open;
  for (let i = 0; i < count; i++) {
    if (out.length > budget) return `${out}…${close}`;
    const key = isArray ? String(i) : keys[i]!;
    const descriptor = Object.getOwnPropertyDescriptor(object, key);
    // A getter is never called: it shows as "?".
    const shown = descriptor === undefined ? "" : "value" in descriptor ? preview(descriptor.value, depth + 1, budget) : "?";
    out += `${i > 0 ? "," : ""}${isArray ? "" : `${echoString(key, budget)}:`}${shown}`;
  }
  return out + close;
}
