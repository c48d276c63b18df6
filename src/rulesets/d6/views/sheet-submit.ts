/**
 * What a D6 sheet's form may write (pure): each die-code field of a submitted
 * form checked with the D6 core's parser (D1) through the schema's own
 * syntaxes (src/core/schema/submission.ts), before the document is asked to
 * change.
 */
import type { FieldsDescription } from "../../../core/schema/description.js";
import { checkSubmission, type SubmitProblem } from "../../../core/schema/submission.js";
import "../manifest.js";
import { D6_ACTOR_SCHEMAS, D6_ITEM_SCHEMAS, type D6ActorType, type D6ItemType } from "../data/schema.js";

export type D6SubmitProblem = SubmitProblem;

const schemaOf = (type: string): FieldsDescription | undefined =>
  (D6_ACTOR_SCHEMAS as Record<string, FieldsDescription>)[type] ?? (D6_ITEM_SCHEMAS as Record<string, FieldsDescription>)[type];

/**
 * Split a flat submission (`{ "system.attributes.agility": "3D+4" }`) into
 * what may be written and the codes the parser refuses. Codes are trimmed.
 */
export function checkD6Submission(type: D6ActorType | D6ItemType, data: Readonly<Record<string, unknown>>): { accepted: Record<string, unknown>; problems: D6SubmitProblem[] } {
  return checkSubmission(schemaOf(type), data);
}
