/**
 * Before an attack is rolled, on the attacker's own client: whether the
 * attacker may attack now (R15: in a started combat an action must be left).
 * The GM checks it again when the attack arrives (src/chat/declare.ts); this
 * is only so nobody rolls for an attack that will be refused.
 */
import { type Rules, STANDARD_RULES } from "../rules/index.js";
import { readRoundState } from "../combat/round-state.js";
import { attackRoundStep, type RoundState } from "./round.js";
import type { CombatantRef } from "../../../core/transport/ports.js";

/** R15: refuse before anything is rolled when the attacker's combatant has no action left (throws `noActionsLeft`). */
export function assertMayAttack(ref: CombatantRef | undefined, rules: Rules = STANDARD_RULES): void {
  if (ref) attackRoundStep(readRoundState(ref.combat, ref.combatant, rules.options), []);
}

/**
 * R25: the parry bonus an attack would use: the one held against its target
 * when it has exactly one (an attack on several shares one total), else 0.
 * The odds of the attack dialog add it as the GM will (steps.ts `declare`).
 */
export function heldParryBonus(state: RoundState, targetUuids: readonly string[]): number {
  if (targetUuids.length !== 1) return 0;
  return state.parryBonuses.find((b) => b.againstUuid === targetUuids[0])?.bonus ?? 0;
}

/** R25: `heldParryBonus` for an attacker's combatant (none outside a started combat). */
export function heldParryBonusOf(ref: CombatantRef | undefined, targetUuids: readonly string[], rules: Rules = STANDARD_RULES): number {
  return ref ? heldParryBonus(readRoundState(ref.combat, ref.combatant, rules.options), targetUuids) : 0;
}
