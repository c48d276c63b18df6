/**
 * Before an attack is rolled, on the attacker's own client: whether the
 * attacker may attack now (R15: in a started combat an action must be left).
 * The GM checks it again when the attack arrives (src/chat/declare.ts); this
 * is only so nobody rolls for an attack that will be refused.
 */
import { type Rules, STANDARD_RULES } from "../rules/index.js";
import { readRoundState } from "../combat/round-state.js";
import { attackRoundStep } from "./round.js";
import type { CombatantRef } from "../../../core/transport/ports.js";

/** R15: refuse before anything is rolled when the attacker's combatant has no action left (throws `noActionsLeft`). */
export function assertMayAttack(ref: CombatantRef | undefined, rules: Rules = STANDARD_RULES): void {
  if (ref) attackRoundStep(readRoundState(ref.combat, ref.combatant, rules.options), []);
}
