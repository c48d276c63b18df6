/**
 * Every [fixed] and (fill) value of the GURPS reference in one data object,
 * so a world setting can change any of them (G3). Logic never writes these
 * numbers as literals: it reads them from a `GurpsRules` passed as the last
 * parameter, defaulting to `GURPS_STANDARD_RULES`.
 */
import {
  DEFENSE_TABLE, type DefenseTableRow, HIT_LOCATION_TABLE, type HitLocationRow, LONG_ACTION_TABLE, type LongActionId, type LongActionRow, MANEUVER_TABLE,
  type ManeuverRow, POSTURE_TABLE, type PostureModifiers, RAPID_FIRE_TABLE, type RapidFireRow, type Ratio, SPEED_RANGE_DECADE, SPEED_RANGE_TABLE,
  type SpeedRangeRow, WOUNDING_TABLE,
} from "./tables.js";
import type { AttackKind, DamageType, HitLocation, ManeuverId, PostureRow, Quality, WoundingClass } from "./types.js";

/** G80 world setting: the seed halves Basic Speed (and so Dodge through G61); p419 halves Dodge itself. */
export type ReelingRule = "seed" | "p419";

/** G5, G6: one widening of the critical-success range: rolls up to `roll` at effective skill `minEffective`+. */
export interface CriticalStep {
  readonly roll: number;
  readonly minEffective: number;
}

export interface GurpsRules {
  // --- rolls (G4–G7) ---
  /** G1: the score an attribute the actor does not give reads as (Will for G22/G29 rolls). */
  averageAttribute: number;
  /** G4: faces of a die and the number of dice of a success roll. */
  dieFaces: number;
  successDice: number;
  /** G4: totals that always succeed (≤) and always fail (≥). */
  alwaysSucceedsUpTo: number;
  alwaysFailsFrom: number;
  /** G5/G6: critical success at any skill up to this roll, and the widened steps. */
  criticalSuccessUpTo: number;
  criticalSuccessSteps: readonly CriticalStep[];
  /** G5/G6: always a critical failure; the roll that is one unless effective skill reaches `criticalFailureSpareFrom`. */
  criticalFailureAt: number;
  criticalFailureUnlessHigh: number;
  criticalFailureSpareFrom: number;
  /** G5/G6: failure by this much or more is critical (melee attacks and defenses, not ranged attacks). */
  criticalFailureMargin: number;
  /** G91 world setting `minEffectiveSkill`: no non-defense roll below this (0 turns it off). */
  minEffectiveSkill: number;

  // --- movement (G11–G17) ---
  stepDivisor: number;
  minStep: number;
  /** G12 [fixed]: sprinting bonus yards = max(sprintMin, floor(Move / sprintDivisor)). */
  sprintDivisor: number;
  sprintMin: number;
  /** G32: All-Out Ready advances at least this many yards. */
  allOutReadyMinYards: number;
  postures: Readonly<Record<PostureRow, PostureModifiers>>;
  /** G17: the mover's DX modifier by the foe's posture, and by the side he comes from. */
  evadeByPosture: Readonly<Record<PostureRow, number>>;
  evadeFromSide: number;
  evadeFromBehind: number;

  // --- maneuvers (G19–G34) ---
  maneuvers: Readonly<Record<ManeuverId, ManeuverRow>>;
  /** G22: aim. */
  aimBraced: number;
  /** G22: bonus by consecutive seconds of Aim (index = seconds; the last entry for more). */
  aimSecondsBonus: readonly number[];
  /** G22: Acc plus all aim bonuses never exceed this multiple of base Acc. */
  aimCapMultiple: number;
  /** G23. */
  evaluatePerTurn: number;
  evaluateMax: number;
  /** G26. */
  aoaDeterminedMelee: number;
  aoaDeterminedRanged: number;
  aoaStrongFlat: number;
  aoaStrongPerDie: number;
  /** G26, G63: off hand (−4 to skill) unless Ambidexterity. */
  offHandSkill: number;
  /** G27. */
  moveAttackMelee: number;
  moveAttackMeleeCap: number;
  moveAttackRanged: number;
  /** G28. */
  aodIncreased: number;
  /** G29. */
  concentrateWill: number;
  /** G32. */
  allOutReadyDx: number;
  allOutReadySt: number;
  /** G33. */
  moveAndReadyPenalty: number;
  moveAndReadyDropMargin: number;
  /** G31: stop thrust, +1 thrust damage per this many full yards the foe moved toward the waiter. */
  stopThrustYards: number;

  // --- attacking (G36–G41) ---
  hitLocations: Readonly<Record<HitLocation, HitLocationRow>>;
  /** G37: −2 skill per −1 defense; final effective skill not below 10; world setting: the quick flat variant. */
  deceptiveSkillPerLevel: number;
  deceptiveMinSkill: number;
  deceptiveQuick: boolean;
  deceptiveQuickSkill: number;
  deceptiveQuickDefense: number;
  /** G38. */
  rapidStrike: number;
  /** G40: a ‡ weapon stays ready when ST ≥ this multiple of its minimum ST. */
  unreadyStMultiple: number;

  // --- unarmed (G42–G50) ---
  grabHand: number;
  grappleDx: number;
  grappleExtraArm: number;
  grappleFreeStMultiple: number;
  pinPerSm: number;
  pinFreeHands: number;
  chokeOneHand: number;
  chokeExtraHand: number;
  chokeTorsoNoConstriction: number;
  chokeNeckWounding: Ratio;
  chokeFpPerTurn: number;
  breakFreeTwoHands: number;
  breakFreePinnedTwoHands: number;
  breakFreePinnedOneHand: number;
  breakFreeExtraArm: number;
  breakFreeGrapplerStunned: number;
  breakFreePinnedSeconds: number;
  /** G48: dice = HP × velocity / this; fractions under 1 die; a fraction ≥ this rounds up from 1 die. */
  slamVelocityDivisor: number;
  slamSmallDice: readonly { upTo: number; adds: number }[];
  slamRoundUpFrom: number;
  slamMinYards: number;
  slamDodgePastYards: number;
  flyingTackleBonus: number;
  flyingTackleReach: number;
  pounceRiding: number;
  shoveOneHandPerDie: number;
  shoveMultiplier: number;

  // --- ranged (G51–G57) ---
  speedRange: readonly SpeedRangeRow[];
  speedRangeDecade: readonly number[];
  /** G53: targets up to this Move that are not flying or sprinting take range alone. */
  humanSpeedMove: number;
  rapidFire: readonly RapidFireRow[];

  // --- defenses (G58–G68) ---
  defenseTable: Readonly<Record<AttackKind, DefenseTableRow>>;
  dodgeBase: number;
  parryBase: number;
  blockBase: number;
  stunnedDefense: number;
  retreatDodge: number;
  retreatBlock: number;
  retreatParry: number;
  /** G67: parry retreat with Boxing, Judo, Karate or a fencing weapon. */
  retreatParryFencing: number;
  dodgeAndDrop: number;
  /** G68: a sacrificial dodge and drop that succeeds by this much hits nobody. */
  sacrificialDropMargin: number;
  acrobaticSuccess: number;
  acrobaticFailure: number;
  /** G63: each further parry with one weapon or hand. */
  repeatedParry: number;
  repeatedParryFencingOrTrained: number;
  repeatedParryBoth: number;
  thrownParry: number;
  thrownLightParry: number;
  thrownLightPounds: number;
  /** G55: a bare-handed parry of a thrown weapon that succeeds by this much (or critically) may catch it. */
  catchMargin: number;
  unarmedParryVsWeapon: number;
  /** G64: the parrier's skill roll against a Judo or Karate attacker. */
  parryCounterJudoKarate: number;
  /** G65: unarmed attacks weigh ST × this (lb). */
  unarmedPoundsPerSt: number;
  breakageRatio: number;
  breakageQuality: Readonly<Record<Quality, number>>;
  /** G65: nothing heavier than BL × this can be parried one-handed or unarmed / two-handed. */
  heavyParryOneHand: number;
  heavyParryTwoHands: number;

  // --- damage (G69–G76) ---
  wounding: Readonly<Record<DamageType, Readonly<Record<WoundingClass, Ratio>>>>;
  /** G72: blunt trauma, 1 HP per full this many points. */
  bluntTraumaCrushing: number;
  bluntTraumaOther: number;
  /** G73: corrosion removes 1 DR per this many basic damage; hurting yourself. */
  corrosionPerDr: number;
  hurtYourselfMinDr: number;
  hurtYourselfPer: number;
  /** G73 world setting: one damage roll for a multi-hit attack, penetrating damage × hits. */
  fastMultiHit: boolean;
  /** G74. */
  knockbackStOffset: number;
  knockbackLowSt: number;
  knockbackPerfectBalance: number;
  /** G76: Diffuse caps per hit. */
  diffusePiercingCap: number;
  diffuseOtherCap: number;

  // --- injury (G77–G81, G94) ---
  shockCap: number;
  shockLargeHp: number;
  shockHpPerPoint: number;
  majorWoundUnconsciousMargin: number;
  /** G80: reeling while current × this < full. */
  reelingDivisor: number;
  reelingRule: ReelingRule;
  deathChecks: number;
  autoDeathMultiple: number;
  /** G81 world setting `zeroHpDoNothingSkipsRoll`. */
  zeroHpDoNothingSkipsRoll: boolean;
  /** G81 world setting: a death roll failed by at most `mortalMargin` leaves him dying. */
  mortallyWoundedOnNearMiss: boolean;
  mortalMargin: number;
  /** G70: an affliction's resistance roll beyond 1/2D. */
  afflictionHalfDamageBonus: number;

  // --- other actions (G87–G90) ---
  longActions: Readonly<Record<LongActionId, LongActionRow>>;
}

const q = <T>(x: T): Readonly<T> => Object.freeze(x);

export const GURPS_STANDARD_RULES: Readonly<GurpsRules> = q({
  averageAttribute: 10,
  dieFaces: 6,
  successDice: 3,
  alwaysSucceedsUpTo: 4,
  alwaysFailsFrom: 17,
  criticalSuccessUpTo: 4,
  criticalSuccessSteps: q([q({ roll: 5, minEffective: 15 }), q({ roll: 6, minEffective: 16 })]),
  criticalFailureAt: 18,
  criticalFailureUnlessHigh: 17,
  criticalFailureSpareFrom: 16,
  criticalFailureMargin: 10,
  minEffectiveSkill: 3,

  stepDivisor: 10,
  minStep: 1,
  sprintDivisor: 5,
  sprintMin: 1,
  allOutReadyMinYards: 2,
  postures: POSTURE_TABLE,
  evadeByPosture: q({ standing: -5, crouching: -5, kneeling: -2, sitting: -2, crawling: 5, prone: 5, faceUp: 5 }),
  evadeFromSide: 2,
  evadeFromBehind: 5,

  maneuvers: MANEUVER_TABLE,
  aimBraced: 1,
  aimSecondsBonus: q([0, 0, 1, 2]),
  aimCapMultiple: 2,
  evaluatePerTurn: 1,
  evaluateMax: 3,
  aoaDeterminedMelee: 4,
  aoaDeterminedRanged: 1,
  aoaStrongFlat: 2,
  aoaStrongPerDie: 1,
  offHandSkill: -4,
  moveAttackMelee: -4,
  moveAttackMeleeCap: 9,
  moveAttackRanged: -2,
  aodIncreased: 2,
  concentrateWill: -3,
  allOutReadyDx: 4,
  allOutReadySt: 2,
  moveAndReadyPenalty: -2,
  moveAndReadyDropMargin: 5,
  stopThrustYards: 2,

  hitLocations: HIT_LOCATION_TABLE,
  deceptiveSkillPerLevel: 2,
  deceptiveMinSkill: 10,
  deceptiveQuick: false,
  deceptiveQuickSkill: -4,
  deceptiveQuickDefense: -2,
  rapidStrike: -6,
  unreadyStMultiple: 1.5,

  grabHand: -4,
  grappleDx: -4,
  grappleExtraArm: 2,
  grappleFreeStMultiple: 2,
  pinPerSm: 3,
  pinFreeHands: 3,
  chokeOneHand: -5,
  chokeExtraHand: 2,
  chokeTorsoNoConstriction: -5,
  chokeNeckWounding: q({ num: 3, den: 2 }),
  chokeFpPerTurn: 1,
  breakFreeTwoHands: 5,
  breakFreePinnedTwoHands: 10,
  breakFreePinnedOneHand: 5,
  breakFreeExtraArm: 2,
  breakFreeGrapplerStunned: -4,
  breakFreePinnedSeconds: 10,
  slamVelocityDivisor: 100,
  slamSmallDice: q([q({ upTo: 0.25, adds: -3 }), q({ upTo: 0.5, adds: -2 }), q({ upTo: 1, adds: -1 })]),
  slamRoundUpFrom: 0.5,
  slamMinYards: 1,
  slamDodgePastYards: 2,
  flyingTackleBonus: 4,
  flyingTackleReach: 1,
  pounceRiding: -4,
  shoveOneHandPerDie: -1,
  shoveMultiplier: 2,

  speedRange: SPEED_RANGE_TABLE,
  speedRangeDecade: SPEED_RANGE_DECADE,
  humanSpeedMove: 10,
  rapidFire: RAPID_FIRE_TABLE,

  defenseTable: DEFENSE_TABLE,
  dodgeBase: 3,
  parryBase: 3,
  blockBase: 3,
  stunnedDefense: -4,
  retreatDodge: 3,
  retreatBlock: 1,
  retreatParry: 1,
  retreatParryFencing: 3,
  dodgeAndDrop: 3,
  sacrificialDropMargin: 3,
  acrobaticSuccess: 2,
  acrobaticFailure: -2,
  repeatedParry: -4,
  repeatedParryFencingOrTrained: -2,
  repeatedParryBoth: -1,
  thrownParry: -1,
  thrownLightParry: -2,
  thrownLightPounds: 1,
  catchMargin: 5,
  unarmedParryVsWeapon: -3,
  parryCounterJudoKarate: -4,
  unarmedPoundsPerSt: 0.1,
  breakageRatio: 3,
  breakageQuality: q({ cheap: 2, good: 0, fine: -1, veryFine: -2 }),
  heavyParryOneHand: 1,
  heavyParryTwoHands: 2,

  wounding: WOUNDING_TABLE,
  bluntTraumaCrushing: 5,
  bluntTraumaOther: 10,
  corrosionPerDr: 5,
  hurtYourselfMinDr: 3,
  hurtYourselfPer: 5,
  fastMultiHit: false,
  knockbackStOffset: 2,
  knockbackLowSt: 3,
  knockbackPerfectBalance: 4,
  diffusePiercingCap: 1,
  diffuseOtherCap: 2,

  shockCap: 4,
  shockLargeHp: 20,
  shockHpPerPoint: 10,
  majorWoundUnconsciousMargin: 5,
  reelingDivisor: 3,
  reelingRule: "seed",
  deathChecks: 4,
  autoDeathMultiple: 5,
  zeroHpDoNothingSkipsRoll: true,
  mortallyWoundedOnNearMiss: true,
  mortalMargin: 2,
  afflictionHalfDamageBonus: 3,

  longActions: LONG_ACTION_TABLE,
});

/** The world settings the reference names (a scenario's `options`, the Foundry side's settings). */
export const GURPS_WORLD_OPTION_KEYS = [
  "minEffectiveSkill", "deceptiveQuick", "fastMultiHit", "reelingRule", "zeroHpDoNothingSkipsRoll", "mortallyWoundedOnNearMiss",
] as const satisfies readonly (keyof GurpsRules)[];
export type GurpsWorldOptions = Pick<GurpsRules, (typeof GURPS_WORLD_OPTION_KEYS)[number]>;

/** A rules object with some values replaced (a world's settings or tables). */
export function makeGurpsRules(parts: Partial<GurpsRules> = {}, base: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsRules {
  return { ...base, ...parts };
}
