/**
 * Unarmed combat beyond strikes (G42–G50): wresting a grabbed item, the
 * grapple's hold, takedown, pin, choke, breaking free, and slams with their
 * variants (dice from HP × velocity, knockdown).
 */
import { type ContestResult, type DamageSpec, quickContest, regularContest, type SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { postureRow } from "./movement.js";
import type { Posture } from "./types.js";

/** G42: one try to wrest a grabbed item (full turn): Regular Contest of ST — win takes it, loss lets go, no result keeps the hold. */
export function wrestItem(grabber: SuccessRoll, holder: SuccessRoll): "taken" | "letGo" | "holding" {
  const r = regularContest(grabber, holder);
  return r === "first" ? "taken" : r === "second" ? "letGo" : "holding";
}

/** G43: a grapple's hit holds the foe (−4 DX, cannot move away) unless his ST is over twice the grappler's (then only encumbrance). */
export function grappleHolds(grapplerSt: number, foeSt: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): boolean {
  return foeSt <= grapplerSt * rules.grappleFreeStMultiple;
}

/** G43: to grapple a prone, kneeling or sitting foe (crawling counts as prone) one must kneel or lie down, unless his SM is 2+ above one's own. */
export function mustGetDownToGrapple(foe: Posture, grapplerSm: number, foeSm: number): boolean {
  return foe !== "standing" && foeSm - grapplerSm < 2;
}

/**
 * G45: takedown of a standing foe: Quick Contest, each with the best of ST,
 * DX or grappling skill, the grappler taking his posture's melee modifier
 * when not standing. The caller rolls with `takedownSkill`.
 */
export function takedownSkill(st: number, dx: number, grappling: number, posture: Posture, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return Math.max(st, dx, grappling) + rules.postures[postureRow(posture)].meleeAttack;
}
export function takedown(grappler: SuccessRoll, foe: SuccessRoll): "foeFalls" | "grapplerFalls" | "nothing" {
  const c = quickContest(grappler, foe);
  return c.winner === "first" ? "foeFalls" : c.winner === "second" ? "grapplerFalls" : "nothing";
}

/** G46: the pin's modifiers: +3 per SM point for the larger side, +3 for the side with more free hands (to the pinner; negative favours the foe). */
export function pinModifiers(pinnerSm: number, foeSm: number, pinnerFreeHands: number, foeFreeHands: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { pinner: number; foe: number } {
  const size = (pinnerSm - foeSm) * rules.pinPerSm;
  const hands = Math.sign(pinnerFreeHands - foeFreeHands) * rules.pinFreeHands;
  return { pinner: Math.max(0, size) + Math.max(0, hands), foe: Math.max(0, -size) + Math.max(0, -hands) };
}
/** G46: Regular Contest of ST; a win pins (helpless); loss or tie nothing. */
export const pin = (pinner: SuccessRoll, foe: SuccessRoll): boolean => regularContest(pinner, foe) === "first";

/** G47: the choke's ST modifier: −5 one hand, +2 per hand beyond two; squeezing the torso −5 without Constriction Attack. */
export function chokeModifier(hands: number, torso: boolean, constriction: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  let mod = constriction ? 0 : hands <= 1 ? rules.chokeOneHand : (hands - 2) * rules.chokeExtraHand;
  if (torso && !constriction) mod += rules.chokeTorsoNoConstriction;
  return mod;
}

/** G47: the choke's Quick Contest (grappler's ST vs the higher of the foe's ST and HT): crushing damage = margin of victory. */
export function choke(grappler: SuccessRoll, foe: SuccessRoll): { damage: number; contest: ContestResult } {
  const contest = quickContest(grappler, foe);
  return { damage: contest.winner === "first" ? contest.by : 0, contest };
}

export interface BreakFreeInput {
  /** Hands the grappler holds with. */
  hands: number;
  pinned: boolean;
  /** Arms beyond two on either side. */
  grapplerExtraArms?: number;
  victimExtraArms?: number;
  grapplerStunned?: boolean;
  grapplerUnconscious?: boolean;
  /** G50: seconds since the last try while pinned. */
  secondsSinceLastTry?: number | null;
}

/**
 * G50: breaking free. Quick Contest of ST: the grappler +5 with two hands;
 * pinned, +10 with two hands or +5 with one, one try per 10 seconds; +2 per
 * arm beyond two on either side; −4 if the grappler is stunned; free at once
 * if he is unconscious.
 */
export function breakFreeModifiers(o: BreakFreeInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { grappler: number; victim: number; allowed: boolean; automatic: boolean } {
  if (o.grapplerUnconscious) return { grappler: 0, victim: 0, allowed: true, automatic: true };
  const allowed = !o.pinned || o.secondsSinceLastTry === null || o.secondsSinceLastTry === undefined || o.secondsSinceLastTry >= rules.breakFreePinnedSeconds;
  let grappler = o.pinned ? (o.hands >= 2 ? rules.breakFreePinnedTwoHands : rules.breakFreePinnedOneHand) : o.hands >= 2 ? rules.breakFreeTwoHands : 0;
  grappler += (o.grapplerExtraArms ?? 0) * rules.breakFreeExtraArm;
  if (o.grapplerStunned) grappler += rules.breakFreeGrapplerStunned;
  return { grappler, victim: (o.victimExtraArms ?? 0) * rules.breakFreeExtraArm, allowed, automatic: false };
}
/** G50: the victim wins → free, and may move one yard at once. */
export const breakFree = (victim: SuccessRoll, grappler: SuccessRoll): boolean => quickContest(victim, grappler).winner === "first";

/**
 * G48: slam dice = HP × velocity / 100: under one die ≤ 0.25 → 1d−3, ≤ 0.5 →
 * 1d−2, more → 1d−1; from one die on a fraction of 0.5+ rounds up, less is
 * dropped. G94: full HP.
 */
export function slamDice(fullHp: number, velocity: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): DamageSpec {
  if (velocity < rules.slamMinYards) throw new GurpsError("slamVelocity", { velocity, min: rules.slamMinYards });
  // Exact: HP × velocity is a whole number; compare in hundredths.
  const hundredths = fullHp * velocity;
  const d = rules.slamVelocityDivisor;
  if (hundredths < d) {
    for (const step of rules.slamSmallDice) if (hundredths <= step.upTo * d) return { base: "dice", dice: 1, adds: step.adds, multiplier: 1 };
    return { base: "dice", dice: 1, adds: rules.slamSmallDice[rules.slamSmallDice.length - 1]!.adds, multiplier: 1 };
  }
  const whole = Math.floor(hundredths / d);
  const fraction = hundredths - whole * d;
  return { base: "dice", dice: fraction >= rules.slamRoundUpFrom * d ? whole + 1 : whole, adds: 0, multiplier: 1 };
}

/**
 * G48, G93: who falls after a slam, from the two damage rolls: slammer ≥ foe
 * → the foe rolls DX or falls; ≥ 2 × the foe's → he falls; the foe's ≥ 2 × the
 * slammer's → the slammer falls instead. (fill) The "twice" tests need the
 * larger roll above 0: both 0 → the foe rolls DX, the slammer stays up.
 */
export function slamKnockdown(slammerRoll: number, foeRoll: number): { foe: "falls" | "rollsDx" | "stays"; slammer: "falls" | "stays" } {
  if (slammerRoll === 0 && foeRoll === 0) return { foe: "rollsDx", slammer: "stays" };
  if (foeRoll > 0 && foeRoll >= 2 * slammerRoll) return { foe: "stays", slammer: "falls" };
  if (slammerRoll > 0 && slammerRoll >= 2 * foeRoll) return { foe: "falls", slammer: "stays" };
  if (slammerRoll >= foeRoll) return { foe: "rollsDx", slammer: "stays" };
  return { foe: "stays", slammer: "stays" };
}

/** G49 shove: thrust crushing, −1 per die one-handed, doubled, for knockback only. */
export function shoveDamage(thrust: DamageSpec, oneHand: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): DamageSpec {
  // The whole roll is doubled: dice × 2 and adds × 2.
  const adds = thrust.adds + (oneHand ? rules.shoveOneHandPerDie * thrust.dice : 0);
  return { ...thrust, adds: adds * rules.shoveMultiplier, multiplier: thrust.multiplier * rules.shoveMultiplier };
}
