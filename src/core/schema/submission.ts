/**
 * What a sheet's form may write (pure), for every ruleset: each notation
 * field of a submitted form checked with its ruleset's parser (the schema's
 * registered syntax) before the document is asked to change. An unreadable
 * value is left out of the update with the parser's message; every other
 * field goes through — nothing the user typed elsewhere is lost.
 */
import type { FieldDescription, FieldsDescription } from "./description.js";
import { notationProblem } from "./validate.js";

export interface SubmitProblem {
  /** The form field's name, `system.damage`. */
  name: string;
  value: string;
  key: string;
  params: Record<string, string | number>;
}

/** The description of the field at a `system.` path, if any. */
export function fieldAt(fields: FieldsDescription, path: readonly string[]): FieldDescription | undefined {
  let current: FieldDescription | undefined;
  let scope: FieldsDescription | undefined = fields;
  for (const part of path) {
    current = scope?.[part];
    if (!current) return undefined;
    scope = current.kind === "object" ? current.fields : undefined;
  }
  return current;
}

/**
 * Split a flat submission (`{ "system.damage": "1d8+" }`) into what may be
 * written and the values the parser refuses. Notation values are trimmed.
 */
export function checkSubmission(schema: FieldsDescription | undefined, data: Readonly<Record<string, unknown>>): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const accepted: Record<string, unknown> = {};
  const problems: SubmitProblem[] = [];
  for (const [name, raw] of Object.entries(data)) {
    const field = schema && name.startsWith("system.") ? fieldAt(schema, name.slice("system.".length).split(".")) : undefined;
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
