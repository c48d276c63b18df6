/**
 * `npm run duel` with two phase-based actors: each read from JSON — a
 * compendium export (packs/_source/phase-characters/, phase-foes/) or the same shape by
 * hand: `name`, `type` (phaseCharacter or phaseCreature), `system` and
 * `items` — its `system` and every item's checked against the data models'
 * schema as strictly as a world stores them, then derived as a sheet derives
 * it and made the rules core's `Fighter` (data/derive.ts). Pure.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english } from "../../../core/messages.js";
import { registerManifest } from "../../../core/schema/registry.js";
import { validateSystemSource } from "../../../core/schema/validate.js";
import { derivePhaseActor, type PhaseItemInput, phaseFighter } from "../data/derive.js";
import { PHASE_ACTOR_TYPES } from "../data/schema.js";
import { PHASE_MANIFEST } from "../manifest.js";
import { type Fighter, PHASE_STANDARD_RULES, type PhaseRules } from "../rules/index.js";

registerManifest(PHASE_MANIFEST);

export interface PhaseDuelFighter {
  name: string;
  /** The sheet as the tracker reads it at the start of every duel (wounds, rounds loaded, drawn weapons). */
  fighter: Fighter;
  /** Decisions already worked out against each opponent, by the state they depend on. */
  memo: WeakMap<PhaseDuelFighter, Map<string, unknown>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const fail = (code: string, params: Record<string, string | number> = {}) => new LocalizedError("CYCHOSYS.Odds.Duel", code, params);

/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readPhaseFighter(json: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseDuelFighter {
  if (!isRecord(json) || typeof json.name !== "string" || !json.name.trim() || !isRecord(json.system)) throw fail("notActor");
  const type = json.type;
  if (typeof type !== "string" || !(PHASE_ACTOR_TYPES as readonly string[]).includes(type)) throw fail("wrongType", { type: cut(String(type)), allowed: PHASE_ACTOR_TYPES.join(", ") });
  const problem = validateSystemSource("Actor", type, json.system)[0];
  if (problem) throw fail("field", { field: `system${problem.path ? `.${problem.path}` : ""}`, message: problem.message });
  const list = json.items ?? [];
  if (!Array.isArray(list)) throw fail("field", { field: "items", message: english("CYCHOSYS.Odds.Duel.notList") });
  const items: PhaseItemInput[] = list.map((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || typeof item.type !== "string") throw fail("item", { index, name: "?", field: "", message: english("CYCHOSYS.Odds.Duel.notItem") });
    const itemProblem = validateSystemSource("Item", item.type, item.system)[0];
    if (itemProblem) throw fail("item", { index, name: cut(item.name), field: `system${itemProblem.path ? `.${itemProblem.path}` : ""}`, message: itemProblem.message });
    const id = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : `item${index}`;
    return { id, name: item.name, type: item.type, system: item.system };
  });
  const derived = derivePhaseActor(json.system, items, rules);
  // Only a weapon whose damage reads can hurt (an unreadable formula rolls nothing, P28).
  if (!derived.weapons.some((w) => w.damageOk)) throw fail("noAttack", { name: cut(json.name) });
  return { name: json.name, fighter: phaseFighter(json.name, json.name, derived), memo: new WeakMap() };
}
