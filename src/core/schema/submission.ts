/**
 * What a sheet's form may write (pure), for every ruleset: each notation
 * field of a submitted form checked with its ruleset's parser (the schema's
 * registered syntax), and each number checked against its bounds and step,
 * before the document is asked to change. A refused value is left out of the
 * update with its message; every other field goes through — nothing the user
 * typed elsewhere is lost.
 */
import type { FieldDescription, FieldsDescription } from "./description.js";
import { checkField, type KeyedProblem, notationProblem } from "./validate.js";

export interface SubmitProblem {
  /** The form field's name, `system.damage`. */
  name: string;
  value: string;
  key: string;
  params: Record<string, string | number>;
}

/** The description of the field at a `system.` path, if any (`lines.0.damage`: a list's element by its index). */
export function fieldAt(fields: FieldsDescription, path: readonly string[]): FieldDescription | undefined {
  let current: FieldDescription | undefined;
  let scope: FieldsDescription | undefined = fields;
  for (const part of path) {
    if (current?.kind === "list") {
      if (!/^\d{1,4}$/.test(part)) return undefined;
      current = current.element;
      scope = current.kind === "object" ? current.fields : undefined;
      continue;
    }
    current = scope && Object.hasOwn(scope, part) ? scope[part] : undefined;
    if (!current) return undefined;
    scope = current.kind === "object" ? current.fields : undefined;
  }
  return current;
}

/** A number typed into a form: a number input gives a number (or null when blank); text that reads as a number is one. */
function numberOf(raw: unknown): unknown {
  if (typeof raw !== "string" || raw.trim() === "") return raw;
  const n = Number(raw.trim());
  return Number.isNaN(n) ? raw : n;
}

/** The first problem of a number against its description, or undefined. */
function numberProblem(field: FieldDescription, value: unknown): KeyedProblem | undefined {
  const out: KeyedProblem[] = [];
  checkField(field, value, "", out);
  return out[0];
}

/**
 * Split a flat submission (`{ "system.damage": "1d8+" }`) into what may be
 * written and the values refused: notations the parser refuses, numbers out
 * of bounds or off their step (a blank number too). Notation values are
 * trimmed; numbers typed as text are read as numbers.
 */
export function checkSubmission(schema: FieldsDescription | undefined, data: Readonly<Record<string, unknown>>): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const accepted: Record<string, unknown> = {};
  const problems: SubmitProblem[] = [];
  for (const [name, raw] of Object.entries(data)) {
    const field = schema && name.startsWith("system.") ? fieldAt(schema, name.slice("system.".length).split(".")) : undefined;
    if (field?.kind === "integer" || field?.kind === "decimal") {
      const value = numberOf(raw);
      const problem = numberProblem(field, value);
      if (problem) problems.push({ name, value: raw === null || raw === undefined ? "" : String(raw), key: problem.key, params: problem.params });
      else accepted[name] = value;
      continue;
    }
    if (field?.kind !== "notation") {
      accepted[name] = raw;
      continue;
    }
    const value = typeof raw === "string" ? raw.trim() : raw;
    const problem = notationProblem(value, field);
    if (problem) problems.push({ name, value: String(raw), key: problem.key, params: problem.params });
    else accepted[name] = value;
  }
  return { accepted, problems };
}

/** A plain field name: never a key that reaches an object's prototype. */
const safeKey = (part: string): boolean => /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(part) && part !== "constructor" && part !== "prototype";

/**
 * Foundry replaces an array field whole, so a form's flat entries for a
 * list's elements (`system.lines.0.damage`) are folded into the whole list
 * under `listPath` (`system.lines`): the stored elements kept, each edited
 * field changed. An index past the stored list (a form older than the
 * document) is dropped. Returns the data unchanged when nothing edits the list.
 */
export function foldListEdits(data: Readonly<Record<string, unknown>>, listPath: string, stored: readonly unknown[]): Record<string, unknown> {
  const prefix = `${listPath}.`;
  const out: Record<string, unknown> = {};
  let list: Record<string, unknown>[] | undefined;
  for (const [name, value] of Object.entries(data)) {
    if (!name.startsWith(prefix)) {
      out[name] = value;
      continue;
    }
    const [index, ...rest] = name.slice(prefix.length).split(".");
    const i = /^\d{1,4}$/.test(index ?? "") ? Number(index) : -1;
    if (i < 0 || i >= stored.length || rest.length === 0 || !rest.every(safeKey)) continue;
    list ??= stored.map((element) => structuredClone(element) as Record<string, unknown>);
    let target = list[i]!;
    for (const part of rest.slice(0, -1)) {
      const next = target[part];
      if (next === null || typeof next !== "object" || Array.isArray(next)) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[rest[rest.length - 1]!] = value;
  }
  if (list) out[listPath] = list;
  return out;
}
