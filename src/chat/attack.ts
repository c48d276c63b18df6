/**
 * Starting an attack, apart from the dialog and the dice (src/chat/foundry.ts
 * does those): whether the attacker may attack now, and the attack's flow
 * plus the change to its combatant — in a started combat an attack spends an
 * action (R15) and, against a single target, uses the parry bonus held
 * against it (R25), which becomes an addend of the total. Pure apart from
 * reading the combatant handed in; tested with small fakes.
 */
import type { CombatantDerived } from "../data/derive/combatant.js";
import { type Facet, type HitLocation, type Rules, STANDARD_RULES } from "../rules/index.js";
import { readRoundState, roundStateHome, roundStateUpdate } from "../combat/round-state.js";
import { type AttackFlow, declareAttack, type ParticipantRef } from "../workflow/attack-flow.js";
import { attackRoundStep } from "../workflow/round.js";
import type { CombatantLike } from "./ports.js";
import { attackDeclaration, type GearRef } from "./requests.js";

/** What the attack dialog chose. */
export interface AttackChoices {
  totalKey: string;
  modifier: number;
  added: string[];
  location?: HitLocation;
  nonLethal?: Facet;
}

/** R15: refuse before anything is rolled when the attacker's combatant has no action left (throws `noActionsLeft`). */
export function assertMayAttack(combatant: CombatantLike | undefined, rules: Rules = STANDARD_RULES): void {
  const home = roundStateHome(combatant);
  if (home) attackRoundStep(readRoundState(home.combat, home.combatant, rules.options), []);
}

export interface PlannedAttack {
  flow: AttackFlow;
  /** The combatant's round state after the attack, as the update for `combat.update` (GM only); absent outside a combat. */
  combatUpdate?: Record<string, unknown>;
  /** No longer set: the round state moved from the combatant to the combat (see `combatUpdate`). */
  combatantUpdate?: Record<string, unknown>;
  /** R25: the parry bonus the attack used (0 when none). */
  parryBonus: number;
}

/** R13, R15, R19, R25, R27: the attack's flow from the dialog's choices and the faces rolled. */
export function planAttack(input: {
  id: string;
  attacker: ParticipantRef;
  derived: CombatantDerived;
  gear: GearRef;
  choices: AttackChoices;
  faces: number[];
  targets: readonly ParticipantRef[];
  combatant?: CombatantLike;
  rules?: Rules;
}): PlannedAttack {
  const rules = input.rules ?? STANDARD_RULES;
  const { choices, combatant } = input;
  const home = roundStateHome(combatant);
  const step = home ? attackRoundStep(readRoundState(home.combat, home.combatant, rules.options), input.targets.map((t) => t.actorUuid)) : undefined;
  const parryBonus = step?.parryBonus ?? 0;
  const declaration = attackDeclaration(
    input.derived,
    input.gear,
    { totalKey: choices.totalKey, faces: input.faces, modifier: choices.modifier },
    choices.added,
    {
      ...(choices.location && { location: choices.location }),
      ...(choices.nonLethal && { nonLethal: choices.nonLethal }),
      ...(parryBonus && { parryBonus }),
    },
    rules,
  );
  const flow = declareAttack(input.id, input.attacker, declaration, input.targets);
  if (!home || !step) return { flow, parryBonus };
  return { flow, parryBonus, combatUpdate: roundStateUpdate(home.combat, home.combatant.id, step.state) };
}
