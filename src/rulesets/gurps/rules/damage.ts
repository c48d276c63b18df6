/**
 * Damage (G69–G76, G82): basic damage from the dice, half damage, DR by
 * location with armor divisors and cover, penetrating damage, blunt trauma,
 * wounding modifiers and injury (with the Diffuse cap), knockback, corrosion
 * and hurting yourself.
 */
import type { DamageSpec } from "./dice.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { Ratio } from "./tables.js";
import { type ArmorDivisor, type DamageType, type HitLocation, isPiercingFamily, type Modifier, type WoundingClass } from "./types.js";

/** G26: All-Out Attack (Strong): +2 or +1 per die, whichever is more (ST-based thrust/swing melee only: the caller checks). */
export function strongBonus(dice: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return Math.max(rules.aoaStrongFlat, rules.aoaStrongPerDie * dice);
}

/** G31: stop thrust: +1 thrust damage per 2 full yards the foe moved toward the waiter. */
export function stopThrustBonus(yards: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return Math.floor(Math.max(0, yards) / rules.stopThrustYards);
}

export interface BasicDamage {
  readonly diceTotal: number;
  readonly multiplier: number;
  readonly adds: number;
  readonly bonuses: readonly Modifier[];
  /** Dice × multiplier + adds + bonuses. */
  readonly rolled: number;
  /** G69 (fill): 0 for crushing, 1 for any other type. */
  readonly minimum: number;
  /** G70: halved at or beyond 1/2D. */
  readonly halved: boolean;
  readonly basic: number;
}

/**
 * G69 step 1 (with the review's fix): dice × multiplier + adds + bonuses,
 * then the minimum (0 crushing, 1 otherwise) on the whole; G70 then halves
 * at 1/2D, rounding down (so it can reach 0).
 */
export function basicDamage(spec: DamageSpec, diceTotal: number, type: DamageType, bonuses: readonly Modifier[] = [], halved = false): BasicDamage {
  let rolled = diceTotal * spec.multiplier + spec.adds;
  for (let i = 0; i < bonuses.length; i++) rolled += bonuses[i]!.value;
  const minimum = type === "cr" ? 0 : 1;
  const floored = Math.max(minimum, rolled);
  return { diceTotal, multiplier: spec.multiplier, adds: spec.adds, bonuses, rolled, minimum, halved, basic: halved ? Math.floor(floored / 2) : floored };
}

/** G2, G71: one armor layer: DR by location (a location it does not list it does not cover), DR by damage type, flexible. */
export interface ArmorLayer {
  name?: string;
  dr: Partial<Readonly<Record<HitLocation, number>>>;
  /** G71: DR that differs by damage type (replaces the location's DR for that type). */
  byType?: Partial<Readonly<Record<DamageType, number>>>;
  flexible?: boolean;
  /** G73: Tough Skin (no hurting yourself on it). */
  toughSkin?: boolean;
}

export interface Protection {
  /** Outermost first. */
  armor?: readonly ArmorLayer[];
  /** G71: natural DR (innermost, every location). */
  naturalDr?: number;
}

const NO_LAYERS: readonly ArmorLayer[] = Object.freeze([]);

/** G71: a layer's DR at a location against a type (0 when it does not cover it). */
export function layerDr(layer: ArmorLayer, location: HitLocation, type: DamageType): number {
  const at = layer.dr[location];
  if (at === undefined) return 0;
  const typed = layer.byType?.[type];
  return typed !== undefined ? typed : at;
}

/** G71: DR after an armor divisor: ÷ n rounded down for n ≥ 2; fractional divisors multiply DR, DR 0 counting as 1. */
export function divideDr(dr: number, divisor: ArmorDivisor | number): number {
  if (divisor === 1) return dr;
  if (divisor > 1) return Math.floor(dr / divisor);
  return Math.round(Math.max(dr, 1) / divisor);
}

export interface DrFigure {
  /** G71: cover DR (outermost), each armor layer's, natural. */
  readonly cover: number;
  readonly layers: readonly number[];
  readonly natural: number;
  readonly total: number;
  readonly divisor: number;
  readonly effective: number;
}

/** G71: every source of DR at the location added, then the divisor. */
export function effectiveDr(p: Protection, location: HitLocation, type: DamageType, divisor: number, coverDr = 0): DrFigure {
  return drFigure(p.armor ?? NO_LAYERS, p.naturalDr ?? 0, location, type, divisor, coverDr);
}

/** `effectiveDr` on the layers and natural DR already read (the hit stage reads its victim once). */
export function drFigure(armor: readonly ArmorLayer[], natural: number, location: HitLocation, type: DamageType, divisor: number, coverDr: number): DrFigure {
  const layers: number[] = [];
  let total = coverDr + natural;
  for (let i = 0; i < armor.length; i++) {
    const dr = layerDr(armor[i]!, location, type);
    layers.push(dr);
    total += dr;
  }
  return { cover: coverDr, layers, natural, total, divisor, effective: divideDr(total, divisor) };
}

/**
 * G72: blunt trauma behind flexible DR when nothing penetrated, for cr, cut,
 * imp and the pi family: 1 HP per full 5 (crushing) or 10 (the others) points
 * that reached the outermost flexible layer (the basic damage less the DR of
 * the rigid layers and cover outside it).
 */
export function bluntTrauma(basic: number, p: Protection, location: HitLocation, type: DamageType, divisor: number, coverDr: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return bluntTraumaBehind(basic, p.armor ?? NO_LAYERS, location, type, divisor, coverDr, rules);
}

/** `bluntTrauma` on the layers already read. */
export function bluntTraumaBehind(
  basic: number, armor: readonly ArmorLayer[], location: HitLocation, type: DamageType, divisor: number, coverDr: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): number {
  if (type !== "cr" && type !== "cut" && !isPiercingFamily(type)) return 0;
  let outside = coverDr;
  for (let i = 0; i < armor.length; i++) {
    const layer = armor[i]!;
    const at = layer.dr[location];
    if (layer.flexible && at !== undefined) {
      const reaching = basic - divideDr(outside, divisor);
      const per = type === "cr" ? rules.bluntTraumaCrushing : rules.bluntTraumaOther;
      return reaching > 0 ? Math.floor(reaching / per) : 0;
    }
    // layerDr's reading, the location's DR already in hand.
    if (at !== undefined) {
      const typed = layer.byType?.[type];
      outside += typed !== undefined ? typed : at;
    }
  }
  return 0;
}

/** G75, G36: the wounding modifier (a location's override first). */
export function woundingModifier(type: DamageType, cls: WoundingClass, override: Ratio | null = null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): Ratio {
  return override ?? rules.wounding[type][cls];
}

/** G69 step 5, G75: injury = ⌊penetrating × modifier⌋, at least 1 when anything penetrated. */
export function injuryFrom(penetrating: number, modifier: Ratio): number {
  if (penetrating <= 0) return 0;
  return Math.max(1, Math.floor((penetrating * modifier.num) / modifier.den));
}

/** G76 [fixed]: the Diffuse cap per hit (piercing and impaling 1, the rest 2), after the modifier and the minimum; none for area attacks. */
export function diffuseCap(type: DamageType, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return isPiercingFamily(type) ? rules.diffusePiercingCap : rules.diffuseOtherCap;
}

/**
 * G74: knockback yards from basic damage — crushing (penetrating or not) and
 * cutting that failed to penetrate; ⌊basic / (ST − 2)⌋, 1 yard per point at
 * ST 3 or less; HP replaces ST for a target without ST or not resisting.
 */
export function knockbackYards(basic: number, type: DamageType, penetrated: boolean, st: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (type !== "cr" && !(type === "cut" && !penetrated)) return 0;
  if (st <= rules.knockbackLowSt) return Math.max(0, basic);
  return Math.floor(basic / (st - rules.knockbackStOffset));
}

/** G74: the knockback roll's modifier: −1 per yard beyond the first, +4 with Perfect Balance. */
export function knockbackRollModifier(yards: number, perfectBalance: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return 0 - Math.max(0, yards - 1) + (perfectBalance ? rules.knockbackPerfectBalance : 0);
}

/** G73: corrosion removes 1 DR per 5 points of basic damage rolled (for later attacks; armor first, then natural). */
export function corrosionDrLoss(basic: number, type: DamageType, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return type === "cor" ? Math.floor(basic / rules.corrosionPerDr) : 0;
}

/**
 * G73: an unarmed strike on DR 3+ gives the striker 1 crushing per 5 points
 * of his basic damage, at most the target's DR (none on Tough Skin); the
 * striker's own DR then protects. Returns the striker's basic and injury.
 */
export function hurtingYourself(basic: number, targetDr: number, toughSkin: boolean, strikerDr: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { basic: number; injury: number } {
  if (toughSkin || targetDr < rules.hurtYourselfMinDr) return { basic: 0, injury: 0 };
  const own = Math.min(Math.floor(basic / rules.hurtYourselfPer), targetDr);
  return { basic: own, injury: Math.max(0, own - strikerDr) };
}
