/**
 * The operations the GM's transport makes on a combatant's Cychosys round
 * state (src/core/ruleset.ts, `RulesetRound`): an attack (R15, R25), a second
 * defense's action (R15), a won parry's bonus (R25).
 */
import { attackRoundStep, grantParryBonus, type RoundState, useAction } from "./round.js";
import { isRoundState, ROUND_STATE_LIMITS } from "../combat/round-state.js";
import { FlowError } from "./errors.js";

export type RoundOperation =
  /** R15: an attack spends an action and, against one target, uses the parry bonus held against it (R25). */
  | { kind: "attack"; targetUuids: string[] }
  /** R15: a second defense against one attack costs an action. */
  | { kind: "spendAction"; attackId: string }
  /** R25: a won parry's bonus against the attacker. */
  | { kind: "grantParryBonus"; againstUuid: string; bonus: number };

/**
 * The state after an operation (throws `noActionsLeft` when the budget cannot
 * pay, and `roundFull` when the state could not be stored and read back: a
 * bound of `ROUND_STATE_LIMITS` passed — refused before anything is written).
 */
export function applyRoundOperation(state: RoundState, operation: RoundOperation): RoundState {
  const next = nextRoundState(state, operation);
  if (!isRoundState(next)) throw new FlowError("roundFull", { max: ROUND_STATE_LIMITS.defenses });
  return next;
}

function nextRoundState(state: RoundState, operation: RoundOperation): RoundState {
  switch (operation.kind) {
    case "attack":
      return attackRoundStep(state, operation.targetUuids).state;
    case "spendAction":
      return useAction(state).state;
    case "grantParryBonus":
      return grantParryBonus(state, { againstUuid: operation.againstUuid, bonus: operation.bonus });
  }
}
