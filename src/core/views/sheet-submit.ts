/**
 * What a sheet's form may write, for any ruleset (pure): each notation field
 * of a submitted form (a die code, a damage formula) checked with its
 * ruleset's parser through the schema's own syntaxes before the document is
 * asked to change. An unreadable value is left out of the update with the
 * parser's message; every other field goes through — nothing the user typed
 * elsewhere is lost.
 */
import { notationProblem } from "../schema/validate.js";
import type { FieldDescription, FieldsDescription } from "../schema/description.js";

export interface SubmitProblem {
  /** The form field's name, `system.damage`. */
  name: string;
  value: string;
  key: string;
  params: Record<string, string | number>;
}

function fieldAt(fields: FieldsDescription, path: string[]): FieldDescription | undefined {
  let current: FieldDescription | undefined;
  let scope: FieldsDescription | undefined = fields;
  for (const part of path) {
    current = scope?.[part];
    if (!current) return undefined;
    scope = current.kind === "object" ? current.fields : undefined;
  }
  return current;
}

/** Split a flat submission (`{ "system.damage": "2d6+1" }`) into what may be written and the notations refused. Notations are trimmed. */
export function screenNotations(schema: FieldsDescription | undefined, data: Readonly<Record<string, unknown>>): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
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
