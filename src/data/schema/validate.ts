/**
 * Checking plain `system` objects against the descriptions (description.ts),
 * and building the default `system` of a new document. Pure: no Foundry. The
 * pack checks call `validateSystemSource`; the data models use the same
 * notation check at the field (src/data/fields.ts).
 */
import { english, type EffectsTable, formatBundle, parseBundle, RulesError, STANDARD_EFFECTS } from "../../rules/index.js";
import { type DocumentName, type FieldDescription, type FieldsDescription, schemaFor, typesOf } from "./description.js";

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

/** How a value looks in a message: strings quoted, everything else as JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return String(value);
  try {
    const json = JSON.stringify(value);
    return json.length > 60 ? `${json.slice(0, 57)}...` : json;
  } catch {
    return String(value);
  }
}

/**
 * R2: a notation field's problem, or undefined when it is fine: the parser's
 * own error (code and parameters), or a note where the field takes none.
 */
export function notationProblem(
  value: unknown,
  allowNote: boolean,
  effects: EffectsTable = STANDARD_EFFECTS,
): { key: string; params: Record<string, string | number> } | undefined {
  if (typeof value !== "string") return { key: "CYCHOSYS.Schema.notText", params: { value: describeValue(value) } };
  try {
    const bundle = parseBundle(value, effects);
    if (bundle.note !== undefined && !allowNote) {
      return { key: "CYCHOSYS.Schema.noteNotAllowed", params: { note: bundle.note, text: value } };
    }
    return undefined;
  } catch (error) {
    if (error instanceof RulesError) return { key: error.i18nKey, params: { ...error.params } };
    throw error;
  }
}

/** The canonical spelling of a valid notation (R3), e.g. `6DV` → `VD6`. */
export function canonicalNotation(value: string, effects: EffectsTable = STANDARD_EFFECTS): string {
  return formatBundle(parseBundle(value, effects), effects);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function join(path: string, key: string | number): string {
  return path === "" ? String(key) : `${path}.${key}`;
}

/** Every problem of one value against its description, appended to `out`. */
export function checkField(
  field: FieldDescription,
  value: unknown,
  path: string,
  out: KeyedProblem[],
  effects: EffectsTable = STANDARD_EFFECTS,
): void {
  const say = (key: string, params: Record<string, string | number> = {}) => out.push({ path, key: `CYCHOSYS.Schema.${key}`, params });
  switch (field.kind) {
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) say("integer", { value: describeValue(value) });
      else if (value < field.min || value > field.max) say("range", { min: field.min, max: field.max, value });
      return;
    case "notation": {
      const problem = notationProblem(value, field.note, effects);
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
      if (!Array.isArray(value)) {
        say("list", { value: describeValue(value) });
        return;
      }
      const seen = new Set<unknown>();
      value.forEach((element, index) => {
        checkField(field.element, element, join(path, index), out, effects);
        if (field.unique && typeof element !== "object") {
          if (seen.has(element)) out.push({ path: join(path, index), key: "CYCHOSYS.Schema.repeated", params: { value: describeValue(element) } });
          seen.add(element);
        }
      });
      return;
    }
    case "object":
      checkObject(field.fields, value, path, out, effects);
      if (field.valueAtMostMax && isPlainObject(value)) {
        const { value: current, max } = value;
        if (typeof current === "number" && typeof max === "number" && Number.isInteger(current) && Number.isInteger(max) && current > max) {
          out.push({ path: join(path, "value"), key: "CYCHOSYS.Schema.aboveMax", params: { value: current, max } });
        }
      }
      return;
  }
}

/** Every key of the description must be there; no other key may be. */
export function checkObject(
  fields: FieldsDescription,
  value: unknown,
  path: string,
  out: KeyedProblem[],
  effects: EffectsTable = STANDARD_EFFECTS,
): void {
  if (!isPlainObject(value)) {
    out.push({ path, key: "CYCHOSYS.Schema.object", params: { value: describeValue(value) } });
    return;
  }
  for (const [key, field] of Object.entries(fields)) {
    if (!Object.hasOwn(value, key)) out.push({ path: join(path, key), key: "CYCHOSYS.Schema.missing", params: {} });
    else checkField(field, value[key], join(path, key), out, effects);
  }
  const allowed = Object.keys(fields);
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key)) {
      out.push({ path: join(path, key), key: "CYCHOSYS.Schema.unknownKey", params: { allowed: allowed.join(", ") } });
    }
  }
}

/** Problems as keys and parameters, for an adapter that localizes them itself. */
export function systemSourceProblems(
  documentName: DocumentName,
  type: string,
  system: unknown,
  effects: EffectsTable = STANDARD_EFFECTS,
): KeyedProblem[] {
  const fields = schemaFor(documentName, type);
  if (!fields) {
    return [{ path: "", key: "CYCHOSYS.Schema.unknownType", params: { document: documentName, type: describeValue(type), allowed: typesOf(documentName).join(", ") } }];
  }
  const out: KeyedProblem[] = [];
  checkObject(fields, system, "", out, effects);
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
  effects: EffectsTable = STANDARD_EFFECTS,
  format: Formatter = englishFormatter,
): SchemaProblem[] {
  return systemSourceProblems(documentName, type, system, effects).map(({ path, key, params }) => ({ path, message: format(key, params) }));
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
    const value = source[key];
    if (!isPlainObject(value)) continue;
    if (field.valueAtMostMax) {
      const { value: current, max } = value;
      if (typeof current === "number" && typeof max === "number" && current > max) {
        out.push({ path: join(join(path, key), "value"), key: "CYCHOSYS.Schema.aboveMax", params: { value: current, max } });
      }
    }
    out.push(...valueAboveMaxProblems(field.fields, value, join(path, key)));
  }
  return out;
}
