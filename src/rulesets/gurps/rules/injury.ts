/**
 * The effects of injury (G77–G81, G94): shock, major wounds, reeling, 0 HP
 * and the death checks — every fraction of HP is of full HP (G94).
 */
import { dodgeScore } from "./defense-scores.js";
import type { SuccessRoll } from "./dice.js";
import { stepYards } from "./movement.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";

/**
 * G77 [fixed]: shock on the victim's next turn from the injury taken since his
 * last turn (summed first): −1 per HP, or with 20+ HP ⌊injury ÷ ⌊HP ÷ 10⌋⌋;
 * never beyond −4. Returned as a positive penalty.
 */
export function shockPenalty(injurySinceLastTurn: number, fullHp: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (injurySinceLastTurn <= 0) return 0;
  const raw = fullHp >= rules.shockLargeHp ? Math.floor(injurySinceLastTurn / Math.floor(fullHp / rules.shockHpPerPoint)) : injurySinceLastTurn;
  return Math.min(rules.shockCap, raw);
}

/** G78 [fixed]: a single injury over half of full HP (2 × injury > HP: with 12 HP, 6 is not, 7 is). */
export const isMajorWound = (injury: number, fullHp: number): boolean => 2 * injury > fullHp;

/** G80 [fixed]: reeling while 3 × current HP < full HP (12 HP: reeling at 3, not at 4). */
export function isReeling(currentHp: number, fullHp: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): boolean {
  return currentHp * rules.reelingDivisor < fullHp;
}

/** G80 [fixed]: reeling halves Basic Speed and Move, each rounded up (seed rule; p419 halves Move and Dodge). */
export function reelingFigures(basicSpeed: number, move: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { basicSpeed: number; move: number } {
  return { basicSpeed: rules.reelingRule === "seed" ? Math.ceil(basicSpeed / 2) : basicSpeed, move: Math.ceil(move / 2) };
}

/** G80, G61, G11: the figures in force now — reeling or not, Basic Speed, Move, Dodge and the step. */
export interface FiguresNow {
  readonly reeling: boolean;
  readonly basicSpeed: number;
  readonly move: number;
  readonly dodge: number;
  readonly step: number;
}

/**
 * G80, G61, G11: a fighter's Basic Speed, Move (his current Move, encumbrance
 * applied), Dodge and step as they stand at `currentHp` of `hp`: reeling
 * halves Basic Speed and Move (rounded up), lowering Dodge (seed), or halves
 * Move and Dodge (p419). The turn order is not re-sorted (G9).
 */
export function figuresNow(f: { basicSpeed: number; move: number; encumbrance: number; currentHp: number; hp: number }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): FiguresNow {
  const reeling = isReeling(f.currentHp, f.hp, rules);
  const halved = reeling ? reelingFigures(f.basicSpeed, f.move, rules) : { basicSpeed: f.basicSpeed, move: f.move };
  return { reeling, basicSpeed: halved.basicSpeed, move: halved.move, dodge: dodgeScore(f.basicSpeed, f.encumbrance, reeling, rules), step: stepYards(halved.move, rules) };
}

/** G81: the full multiples of HP below zero (10 HP: −9 → 0, −10 → 1, −22 → 2). */
export function multiplesBelowZero(currentHp: number, fullHp: number): number {
  return currentHp >= 0 || fullHp <= 0 ? 0 : Math.floor(-currentHp / fullHp);
}

/** G81 (fill): the 0-HP consciousness roll's modifier, −1 per full multiple of HP below zero. */
export function consciousnessModifier(currentHp: number, fullHp: number): number {
  return 0 - multiplesBelowZero(currentHp, fullHp); // never -0
}

/**
 * G81: does the fighter roll HT to stay conscious at the start of this turn?
 * At 0 HP or below; (fill, world setting) not on a Do Nothing turn without a
 * defense roll since his last turn.
 */
export function consciousnessRollDue(currentHp: number, o: { doingNothing?: boolean; defendedSinceLastTurn?: boolean } = {}, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): boolean {
  if (currentHp > 0) return false;
  return !(rules.zeroHpDoNothingSkipsRoll && o.doingNothing && !o.defendedSinceLastTurn);
}

export interface DeathThresholds {
  /** G81 [fixed]: the multiples (1–4) newly crossed, one HT roll each, in order. */
  readonly checks: readonly number[];
  /** G81: at −5 × HP death is automatic. */
  readonly dead: boolean;
}

/** G81: the −n × HP thresholds a blow crosses, given how many were already rolled. */
export function deathThresholds(currentHp: number, fullHp: number, alreadyRolled: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): DeathThresholds {
  const multiples = multiplesBelowZero(currentHp, fullHp);
  const checks: number[] = [];
  for (let k = alreadyRolled + 1; k <= Math.min(multiples, rules.deathChecks); k++) checks.push(k);
  return { checks, dead: multiples >= rules.autoDeathMultiple };
}

/** G81: a death check's result: survives, dies, or (fill, world setting) is left dying when it failed by 1 or 2. */
export function deathCheckResult(roll: SuccessRoll, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): "survives" | "mortallyWounded" | "dies" {
  if (roll.success) return "survives";
  return rules.mortallyWoundedOnNearMiss && roll.margin >= -rules.mortalMargin ? "mortallyWounded" : "dies";
}

/** G78: a major wound's HT roll: success nothing; failure stunned and knocked down (prone); failure by 5+ unconscious. */
export function majorWoundResult(roll: SuccessRoll, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): "none" | "stunned" | "unconscious" {
  if (roll.success) return "none";
  return -roll.margin >= rules.majorWoundUnconsciousMargin ? "unconscious" : "stunned";
}

/** G19, G79: the end-of-turn recovery roll of a stunned (HT) or surprised/mentally stunned (IQ) fighter: success ends it. */
export const stunRecovered = (roll: SuccessRoll): boolean => roll.success;
