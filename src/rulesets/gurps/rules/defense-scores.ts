/**
 * Active-defense scores (G61–G63, G66, G80) and the repeated-parry, retreat
 * and heavy-weapon figures the defense choice reads (G63, G65, G67).
 */
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { Hand, Quality, UnarmedSkill } from "./types.js";

/** G61, G80: Dodge = ⌊Basic Speed + 3⌋ − encumbrance; reeling halves Basic Speed (seed, rounded up) or Dodge (p419, rounded up). */
export function dodgeScore(basicSpeed: number, encumbrance: number, reeling = false, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const speed = reeling && rules.reelingRule === "seed" ? Math.ceil(basicSpeed / 2) : basicSpeed;
  const dodge = Math.floor(speed + rules.dodgeBase) - encumbrance;
  return reeling && rules.reelingRule === "p419" ? Math.ceil(dodge / 2) : dodge;
}

/** G61: vehicular dodge = ⌊operator's skill / 2⌋ + Handling. */
export function vehicularDodge(skill: number, handling: number): number {
  return Math.floor(skill / 2) + handling;
}

/** G63, G66: Parry = 3 + ⌊skill / 2⌋ + the weapon's parry modifier (0 bare-handed). */
export function parryScore(skill: number, parryModifier = 0, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return rules.parryBase + Math.floor(skill / 2) + parryModifier;
}

/** G62: Block = 3 + ⌊Shield or Cloak skill / 2⌋. */
export function blockScore(skill: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return rules.blockBase + Math.floor(skill / 2);
}

/** G63: the penalty per further parry with one weapon or hand: −4; −2 fencing or Trained By A Master / Weapon Master; −1 both. */
export function repeatedParryStep(fencing: boolean, trained: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (fencing && trained) return rules.repeatedParryBoth;
  if (fencing || trained) return rules.repeatedParryFencingOrTrained;
  return rules.repeatedParry;
}

/** G67: the retreat bonus of a defense: +3 Dodge, +1 Block or Parry, +3 Parry with Boxing, Judo, Karate or a fencing weapon. */
export function retreatBonus(kind: "dodge" | "parry" | "block", o: { fencing?: boolean; unarmed?: UnarmedSkill | null } = {}, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (kind === "dodge") return rules.retreatDodge;
  if (kind === "block") return rules.retreatBlock;
  const skilled = o.fencing || o.unarmed === "boxing" || o.unarmed === "judo" || o.unarmed === "karate";
  return skilled ? rules.retreatParryFencing : rules.retreatParry;
}

/** G65: an unarmed attack weighs ST / 10 lb; a slam, flying tackle, pounce or shield rush weighs the attacker's full ST. */
export function attackWeight(o: { weight?: number | undefined; unarmed?: boolean; slam?: boolean; st: number }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (o.slam) return o.st;
  if (o.unarmed) return o.st * rules.unarmedPoundsPerSt;
  return o.weight ?? 0;
}

/** G65: nothing heavier than BL (unarmed or one-handed) or 2 × BL (two-handed) can be parried. */
export function tooHeavyToParry(attackPounds: number, basicLift: number, hand: Hand, unarmed: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): boolean {
  const limit = basicLift * (hand === "both" && !unarmed ? rules.heavyParryTwoHands : rules.heavyParryOneHand);
  return attackPounds > limit;
}

/**
 * G65: breakage odds when parrying something at least 3 × the parrying
 * weapon's weight: breaks on 1d ≤ 2 + ⌊ratio⌋ − 3, +2 cheap, −1 fine, −2 very
 * fine; null when it cannot break (lighter, or bare hands).
 */
export function breakageOdds(attackPounds: number, parryPounds: number, quality: Quality = "good", rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number | null {
  if (parryPounds <= 0) return null;
  const ratio = attackPounds / parryPounds;
  if (ratio < rules.breakageRatio) return null;
  return 2 + Math.floor(ratio) - rules.breakageRatio + rules.breakageQuality[quality];
}
