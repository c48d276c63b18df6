/**
 * A rule's refusal as an outcome (docs/rules-command.md, "Refusals"): the
 * rule id behind every refusal code of the CWN core — an attack that cannot
 * be made (W39 step 1, `attackRefusal`) and an action the round, a side or
 * the fight forbids (a combat script's step) — and the refused attack as the
 * shared `RuleRefusal`, which the `rules` command prints as
 * `{ "refused": { "rule", "code", "reason" } }` with exit code 0.
 */
import { english } from "../../../core/messages.js";
import { type RefusalJson, RuleRefusal } from "../../../core/refusal.js";
import { sentenceCase } from "../../../core/views/text.js";
import type { CwnErrorCode } from "./errors.js";
import type { CwnRefusal } from "./resolve.js";

/** W39 step 1: the rule that forbids each attack the core refuses. */
export const CWN_ATTACK_REFUSAL_RULES: Readonly<Record<CwnRefusal, string>> = Object.freeze({
  outOfReach: "W21",
  outOfRange: "W39",
  immune: "W14",
  twoHandedMeleeFoe: "W22",
  cannotSnap: "W23",
  snapMainSpent: "W23",
  chargeWeapon: "W25",
  chargeTooShort: "W25",
  chargeTooFar: "W25",
  swarmTooSmall: "W24",
  swarmFull: "W24",
});

/** The rule behind each refusal a combat script's step can meet (the turn, the round's actions, sides, swarms, screens). */
export const CWN_STEP_REFUSAL_RULES: Readonly<Partial<Record<CwnErrorCode, string>>> = Object.freeze({
  tieRollsNeeded: "W3",
  notThisSidesTurn: "W4",
  turnAlreadyTaken: "W4",
  turnNotStarted: "W4",
  combatOver: "W5",
  notNonPlayerSide: "W6",
  noMoraleDue: "W6",
  surprised: "W2",
  notYourTurn: "W7",
  mainSpent: "W7",
  moveSpent: "W7",
  noMoveLeft: "W7",
  onTurnOutsideTurn: "W10",
  moveTooFar: "W9",
  downed: "W19",
  cannotSnap: "W23",
  noReadiedWeapon: "W31",
  chargeTooShort: "W25",
  chargeTooFar: "W25",
  chargeWeapon: "W25",
  screenSkill: "W26",
  screenNoAlly: "W26",
  screenTooFar: "W26",
  screenNoUses: "W26",
  notProne: "W35",
  alreadyProne: "W36",
  noFreeHand: "W34",
  holdNeedsMove: "W37",
  alreadyHolding: "W37",
  swarmFull: "W24",
  swarmTooSmall: "W24",
  swarmUnknown: "W24",
  swarmAlreadyIn: "W24",
});

/** The rule id of a step's refusal (null for a code no rule stands behind, such as a limit of the stored fight). */
export const stepRefusalRule = (code: string): string | null => CWN_STEP_REFUSAL_RULES[code as CwnErrorCode] ?? null;

/** An attack the rules forbid (W39 step 1), as the `rules` command's outcome: the rule, the code and the reason in a sentence. */
export class CwnAttackRefusal extends RuleRefusal<CwnRefusal> {
  constructor(code: CwnRefusal, private readonly attacker: string = english("CYCHOSYS.Cwn.Explain.attacker")) {
    super(CWN_ATTACK_REFUSAL_RULES[code], "CYCHOSYS.Cwn.Refusal", code);
    this.name = "CwnAttackRefusal";
  }

  override toJSON(): RefusalJson & { refused: { code: CwnRefusal } } {
    const reason = sentenceCase(english("CYCHOSYS.Cwn.Explain.refused", { attacker: this.attacker, reason: this.message }));
    return { refused: { rule: this.rule, code: this.code, reason } };
  }
}
