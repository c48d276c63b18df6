/**
 * What a D6 sheet's form may write (pure): each die-code field of a submitted
 * form checked with the D6 core's parser (D1) through the schema's own
 * syntaxes, before the document is asked to change. An unreadable code is
 * left out of the update with the parser's message; every other field goes
 * through — nothing the user typed elsewhere is lost.
 */
import { notationProblem } from "../../../core/schema/validate.js";
import type { FieldDescription, FieldsDescription } from "../../../core/schema/description.js";
import "../manifest.js";
import { D6_ACTOR_SCHEMAS, D6_ITEM_SCHEMAS, type D6ActorType, type D6ItemType } from "../data/schema.js";

export interface D6SubmitProblem {
  /** The form field's name, `system.attributes.agility`. */
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

const schemaOf = (type: string): FieldsDescription | undefined =>
  (D6_ACTOR_SCHEMAS as Record<string, FieldsDescription>)[type] ?? (D6_ITEM_SCHEMAS as Record<string, FieldsDescription>)[type];

/**
 * Split a flat submission (`{ "system.attributes.agility": "3D+4" }`) into
 * what may be written and the codes the parser refuses. Codes are trimmed.
 */
export function checkD6Submission(type: D6ActorType | D6ItemType, data: Readonly<Record<string, unknown>>): { accepted: Record<string, unknown>; problems: D6SubmitProblem[] } {
  const schema = schemaOf(type);
  const accepted: Record<string, unknown> = {};
  const problems: D6SubmitProblem[] = [];
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
