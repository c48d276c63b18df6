/**
 * What a CWN sheet's form may write (pure): the dice fields checked with the
 * CWN core's parser (W15, W16) through the schema's syntax
 * (src/core/schema/submission.ts), and the rows of scene abilities (W1)
 * folded back into the one list the data model stores.
 */
import type { FieldsDescription } from "../../../core/schema/description.js";
import { checkSubmission, type SubmitProblem } from "../../../core/schema/submission.js";
import "../manifest.js";
import { CWN_ACTOR_SCHEMAS, CWN_ITEM_SCHEMAS, type CwnActorType, type CwnItemType } from "../data/schema.js";

const schemaOf = (type: string): FieldsDescription | undefined =>
  (CWN_ACTOR_SCHEMAS as Record<string, FieldsDescription>)[type] ?? (CWN_ITEM_SCHEMAS as Record<string, FieldsDescription>)[type];

const ABILITY = /^system\.sceneAbilities\.(\d{1,2})\.(name|uses|used)$/;

/**
 * W1: `system.sceneAbilities.N.field` entries become the whole list, each
 * row the stored one with the fields the form sent (rows the form did not
 * send stay as stored).
 */
export function foldSceneAbilities(data: Readonly<Record<string, unknown>>, stored: unknown): Record<string, unknown> {
  const rows = (Array.isArray(stored) ? stored : []).map((r) => ({ ...(r as Record<string, unknown>) }));
  const out: Record<string, unknown> = {};
  let touched = false;
  for (const [name, value] of Object.entries(data)) {
    const m = ABILITY.exec(name);
    if (!m) {
      out[name] = value;
      continue;
    }
    const row = rows[Number(m[1])];
    if (!row) continue;
    row[m[2]!] = value;
    touched = true;
  }
  if (touched) out["system.sceneAbilities"] = rows;
  return out;
}

/** A flat submission split into what may be written and the dice the parser refuses. */
export function checkCwnSubmission(type: CwnActorType | CwnItemType, data: Readonly<Record<string, unknown>>, stored: Readonly<Record<string, unknown>> = {}): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const { accepted, problems } = checkSubmission(schemaOf(type), data);
  return { accepted: foldSceneAbilities(accepted, stored.sceneAbilities), problems };
}
