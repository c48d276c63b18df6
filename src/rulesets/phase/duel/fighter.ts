/**
 * `npm run duel` with two phase-based actors: each read from JSON — a
 * compendium export (packs/_source/phase-characters/, phase-foes/) or the same shape by
 * hand: `name`, `type` (phaseCharacter or phaseCreature), `system` and
 * `items` — its `system` and every item's checked against the data models'
 * schema as strictly as a world stores them, then derived as a sheet derives
 * it and made the rules core's `Fighter` (data/derive.ts). Pure.
 */
import { cutName, duelInputError, readDuelActor } from "../../../core/duel-actor.js";
import { LocalizedError } from "../../../core/errors.js";
import { registerManifest } from "../../../core/schema/registry.js";
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


/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readPhaseFighter(json: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseDuelFighter {
  const actor = readDuelActor(json, { types: PHASE_ACTOR_TYPES });
  const derived = derivePhaseActor(actor.system, actor.items as PhaseItemInput[], rules);
  // Only a weapon whose damage reads can hurt (an unreadable formula rolls nothing, P28).
  if (!derived.weapons.some((w) => w.damageOk)) throw duelInputError("noAttack", { name: cutName(actor.name) });
  return { name: actor.name, fighter: phaseFighter(actor.name, actor.name, derived), memo: new WeakMap() };
}
