/**
 * Checking plain `system` objects against the descriptions (description.ts),
 * and building the default `system` of a new document. Pure: no Foundry. The
 * pack checks call `validateSystemSource`; the data models use the same
 * notation check at the field (src/data/fields.ts).
 *
 * Whatever the value — nested deep, cyclic, huge, a getter or proxy trap that
 * throws, a class instance, NaN, Infinity, -0, BigInt, a symbol — checking
 * returns problems with field paths and never throws: the walk follows the
 * description (a few levels), never the value; every read is guarded; values
 * and unknown keys in messages are cut and escaped; at most MAX_PROBLEMS are
 * listed.
 */
import { echoText, echoValue } from "../echo.js";
import { english } from "../messages.js";
import { type DocumentName, type FieldDescription, type FieldsDescription, onStep } from "./description.js";
import { schemaFor, typesOf } from "./registry.js";
import { syntaxOf } from "./syntax.js";

/** What a ruleset's notation parser reads with (Cychosys: the effects table); undefined for the world's own. */
type SyntaxContext = unknown;

/** One problem: where (`pools.hit.physical.value`, `finesses.0.name`) and what, in words. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** A problem before it is put into words: a `lang/en.json` key and its parameters. */
export interface KeyedProblem {
  path: string;
  key: string;
  params: Record<string, string | number>;
}

/** Turns a key and parameters into text (English by default; `game.i18n.format` in Foundry). */
export type Formatter = (key: string, params: Record<string, string | number>) => string;

export const englishFormatter: Formatter = (key, params) => english(key, params);

/** Most problems listed for one source; past them one more problem says the list is cut. */
export const MAX_PROBLEMS = 100;

/**
 * How a value looks in a message: strings quoted, numbers as written, objects
 * as a short preview; cut to about 40 characters and escaped (the rules
 * core's echo.ts). Never throws, whatever the value.
 */
export function describeValue(value: unknown): string {
  return echoValue(value);
}

/**
 * A notation field's problem, or undefined when it is fine: the ruleset's
 * parser's own error (code and parameters), or a note where the field takes none.
 */
export function notationProblem(
  value: unknown,
  field: { syntax: string; note: boolean },
  context?: SyntaxContext,
): { key: string; params: Record<string, string | number> } | undefined {
  if (typeof value !== "string") return { key: "CYCHOSYS.Schema.notText", params: { value: describeValue(value) } };
  const syntax = syntaxOf(field.syntax);
  if (!syntax) return { key: "CYCHOSYS.Schema.unknownSyntax", params: { syntax: field.syntax } };
  return syntax.problem(value, field.note, context as never);
}

/**
 * A plain object (as JSON and Foundry source data are): not null, not an
 * array, its prototype Object.prototype or null. False, not an exception,
 * for a revoked proxy or a trap that throws.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  try {
    if (Array.isArray(value)) return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
  } catch {
    return false;
  }
}

/** Whether `value` is an array; undefined when even asking throws (a revoked proxy). */
function arrayOrNot(value: unknown): boolean | undefined {
  try {
    return Array.isArray(value);
  } catch {
    return undefined;
  }
}

/** An own property read without letting a throwing getter or proxy trap escape. */
function readOwn(object: object, key: PropertyKey): { present: boolean; value?: unknown } | undefined {
  try {
    return Object.hasOwn(object, key) ? { present: true, value: (object as Record<PropertyKey, unknown>)[key] } : { present: false };
  } catch {
    return undefined;
  }
}

function join(path: string, key: string | number): string {
  return path === "" ? String(key) : `${path}.${key}`;
}

const full = (out: readonly KeyedProblem[]) => out.length >= MAX_PROBLEMS;
const unreadable = (out: KeyedProblem[], path: string) => out.push({ path, key: "CYCHOSYS.Schema.unreadable", params: {} });

/** Every problem of one value against its description, appended to `out`. */
export function checkField(
  field: FieldDescription,
  value: unknown,
  path: string,
  out: KeyedProblem[],
  context?: SyntaxContext,
): void {
  const say = (key: string, params: Record<string, string | number> = {}) => out.push({ path, key: `CYCHOSYS.Schema.${key}`, params });
  switch (field.kind) {
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) say("integer", { value: describeValue(value) });
      else if (value < field.min || value > field.max) say("range", { min: field.min, max: field.max, value });
      return;
    case "decimal":
      if (typeof value !== "number" || !Number.isFinite(value)) say("number", { value: describeValue(value) });
      else if (value < field.min || value > field.max) say("range", { min: field.min, max: field.max, value });
      else if (!onStep(value, field.step)) say("step", { step: field.step, value });
      return;
    case "notation": {
      const problem = notationProblem(value, field, context);
      if (problem) out.push({ path, ...problem });
      return;
    }
    case "text":
      if (typeof value !== "string") say("notText", { value: describeValue(value) });
      else if (!field.blank && value.trim() === "") say("blank");
      return;
    case "html":
      if (typeof value !== "string") say("notText", { value: describeValue(value) });
      return;
    case "choice":
      if (typeof value !== "string" || !field.choices.includes(value)) {
        say("choice", { allowed: field.choices.join(", "), value: describeValue(value) });
      }
      return;
    case "boolean":
      if (typeof value !== "boolean") say("boolean", { value: describeValue(value) });
      return;
    case "list": {
      const isArray = arrayOrNot(value);
      if (isArray === undefined) return void unreadable(out, path);
      if (!isArray) return void say("list", { value: describeValue(value) });
      const length = readOwn(value as unknown[], "length")?.value;
      if (typeof length !== "number") return void unreadable(out, path);
      const seen = new Set<unknown>();
      // Elements one by one, each read guarded; a huge list stops once MAX_PROBLEMS are found.
      for (let index = 0; index < length && !full(out); index++) {
        const element = readOwn(value as unknown[], index);
        if (element === undefined) {
          unreadable(out, join(path, index));
          continue;
        }
        checkField(field.element, element.value, join(path, index), out, context);
        if (field.unique && typeof element.value !== "object") {
          if (seen.has(element.value)) out.push({ path: join(path, index), key: "CYCHOSYS.Schema.repeated", params: { value: describeValue(element.value) } });
          seen.add(element.value);
        }
      }
      return;
    }
    case "object":
      checkObject(field.fields, value, path, out, context);
      if (field.valueAtMostMax && isPlainObject(value)) aboveMax(value, path, out, true);
      return;
  }
}

/** Every key of the description must be there; no other key may be. */
export function checkObject(
  fields: FieldsDescription,
  value: unknown,
  path: string,
  out: KeyedProblem[],
  context?: SyntaxContext,
): void {
  if (!isPlainObject(value)) {
    out.push({ path, key: "CYCHOSYS.Schema.object", params: { value: describeValue(value) } });
    return;
  }
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch {
    return void unreadable(out, path);
  }
  for (const [key, field] of Object.entries(fields)) {
    if (full(out)) return;
    const own = readOwn(value, key);
    if (own === undefined) unreadable(out, join(path, key));
    else if (!own.present) out.push({ path: join(path, key), key: "CYCHOSYS.Schema.missing", params: {} });
    else checkField(field, own.value, join(path, key), out, context);
  }
  const allowed = Object.keys(fields);
  for (const key of keys) {
    if (full(out)) return;
    if (!Object.hasOwn(fields, key)) {
      // The key is the source's own text: cut and escaped like any value.
      out.push({ path: join(path, echoText(key)), key: "CYCHOSYS.Schema.unknownKey", params: { allowed: allowed.join(", ") } });
    }
  }
}

/** R33, R37: `{ value, max }` with value above max; `whole` only when both are whole numbers. */
function aboveMax(pool: Record<string, unknown>, path: string, out: KeyedProblem[], whole: boolean): void {
  const current = readOwn(pool, "value")?.value;
  const max = readOwn(pool, "max")?.value;
  if (typeof current !== "number" || typeof max !== "number" || current <= max) return;
  if (whole && !(Number.isInteger(current) && Number.isInteger(max))) return;
  out.push({ path: join(path, "value"), key: "CYCHOSYS.Schema.aboveMax", params: { value: current, max } });
}

/** Problems as keys and parameters, for an adapter that localizes them itself. */
export function systemSourceProblems(
  documentName: DocumentName,
  type: string,
  system: unknown,
  context?: SyntaxContext,
): KeyedProblem[] {
  const fields = typeof type === "string" ? schemaFor(documentName, type) : undefined;
  if (!fields) {
    return [{ path: "", key: "CYCHOSYS.Schema.unknownType", params: { document: documentName === "Actor" || documentName === "Item" ? documentName : describeValue(documentName), type: describeValue(type), allowed: typesOf(documentName).join(", ") } }];
  }
  const out: KeyedProblem[] = [];
  checkObject(fields, system, "", out, context);
  if (full(out)) {
    out.length = MAX_PROBLEMS;
    out.push({ path: "", key: "CYCHOSYS.Schema.tooManyProblems", params: { max: MAX_PROBLEMS } });
  }
  return out;
}

/**
 * Every problem of a document's `system` data, each with its field path and a
 * readable message; an empty list means valid. Unknown and missing keys are
 * problems; notation fields carry the rules core parser's message.
 */
export function validateSystemSource(
  documentName: DocumentName,
  type: string,
  system: unknown,
  context?: SyntaxContext,
  format: Formatter = englishFormatter,
): SchemaProblem[] {
  return systemSourceProblems(documentName, type, system, context).map(({ path, key, params }) => ({ path, message: format(key, params) }));
}

function defaultOf(field: FieldDescription): unknown {
  switch (field.kind) {
    case "object":
      return defaultsOf(field.fields);
    case "list":
      return [];
    default:
      return field.initial;
  }
}

function defaultsOf(fields: FieldsDescription): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, defaultOf(field)]));
}

/** The `system` data of a new document of this type (a fresh object each call). */
export function systemDefaults(documentName: DocumentName, type: string): Record<string, unknown> {
  const fields = schemaFor(documentName, type);
  if (!fields) throw new Error(english("CYCHOSYS.Schema.unknownType", { document: documentName, type: describeValue(type), allowed: typesOf(documentName).join(", ") }));
  return defaultsOf(fields);
}

/**
 * Only the `value ≤ max` rule (R33, R37) over a whole source: what a data
 * model's joint validation checks once every field is valid on its own.
 */
export function valueAboveMaxProblems(fields: FieldsDescription, source: unknown, path = ""): KeyedProblem[] {
  const out: KeyedProblem[] = [];
  if (!isPlainObject(source)) return out;
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind !== "object") continue;
    const value = readOwn(source, key)?.value;
    if (!isPlainObject(value)) continue;
    if (field.valueAtMostMax) aboveMax(value, join(path, key), out, false);
    out.push(...valueAboveMaxProblems(field.fields, value, join(path, key)));
  }
  return out;
}
