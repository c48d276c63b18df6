/**
 * What a phase-based sheet's form may write (pure). The form's list rows
 * (`system.skills.2.name`, `system.traumaticWounds.0.area`) and the
 * missing-area boxes (`missing.leftArm`) become the stored lists; the damage
 * formula is checked with the core's parser (P28) and an unreadable one is
 * left out with the parser's message — nothing else typed is lost. The data
 * model validates everything written (bounds, areas, names).
 */
import type { FieldsDescription } from "../../../core/schema/description.js";
import { checkSubmission, type SubmitProblem } from "../../../core/schema/submission.js";
import { PHASE_ACTOR_SCHEMAS, PHASE_ITEM_SCHEMAS, type PhaseActorType, type PhaseItemType } from "../data/schema.js";
import { AREAS } from "../rules/types.js";

const LISTS: Readonly<Record<string, readonly string[]>> = { attributes: ["name", "value"], skills: ["name", "value"], traumaticWounds: ["area", "phase"] };

const schemaOf = (type: string): FieldsDescription | undefined =>
  (PHASE_ACTOR_SCHEMAS as Record<string, FieldsDescription>)[type] ?? (PHASE_ITEM_SCHEMAS as Record<string, FieldsDescription>)[type];

export function checkPhaseSubmission(type: PhaseActorType | PhaseItemType, data: Readonly<Record<string, unknown>>): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const flat: Record<string, unknown> = {};
  const lists = new Map<string, Record<string, unknown>[]>();
  const missing: string[] = [];
  let sawMissing = false;
  for (const [name, value] of Object.entries(data)) {
    const row = /^system\.(\w+)\.(\d{1,3})\.(\w+)$/.exec(name);
    if (row && Object.hasOwn(LISTS, row[1]!) && LISTS[row[1]!]!.includes(row[3]!)) {
      const list = lists.get(row[1]!) ?? [];
      const i = Number(row[2]);
      list[i] = { ...(list[i] ?? {}), [row[3]!]: value };
      lists.set(row[1]!, list);
      continue;
    }
    const box = /^missing\.(\w+)$/.exec(name);
    if (box) {
      sawMissing = true;
      if (value === true && (AREAS as readonly string[]).includes(box[1]!)) missing.push(box[1]!);
      continue;
    }
    flat[name] = value;
  }
  for (const [key, list] of lists) flat[`system.${key}`] = list.filter((e) => e !== undefined);
  if (sawMissing) flat["system.missingAreas"] = missing;
  return checkSubmission(schemaOf(type), flat);
}
