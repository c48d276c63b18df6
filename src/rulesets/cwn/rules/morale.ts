/**
 * W6 [fixed — ours] Morale: when a non-player side has finished acting and
 * lost a member this round or has half its members down, the VTT offers a
 * check (the GM may skip it): 2d6; above the group's Morale score it breaks
 * (flees or surrenders, the GM decides). Player characters never check.
 */
import { readPool } from "./dice.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";

export interface MoraleSide {
  playerCharacters: boolean;
  members: number;
  down: number;
  lostThisRound: number;
}

/** W6: whether the side's end of turn offers a Morale check. */
export function moraleDue(side: MoraleSide, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): boolean {
  if (side.playerCharacters || side.members === 0) return false;
  if (rules.moraleOnLossThisRound && side.lostThisRound > 0) return true;
  return side.down >= side.members * rules.moraleDownFraction;
}

export interface MoraleCheck {
  readonly roll: number;
  readonly score: number;
  readonly broken: boolean;
}

/** W6: the check from its faces; broken when the roll is above the score. */
export function checkMorale(faces: readonly number[], score: number = CWN_STANDARD_RULES.defaultMorale, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): MoraleCheck {
  const roll = readPool(rules.moraleDice, faces, "Morale roll");
  return { roll, score, broken: roll > score };
}
