/**
 * Every [fixed] and (fill) value of the D6 reference in one data object, so a
 * world setting can change any of them. Logic never writes these numbers as
 * literals: it reads them from a `D6Rules` passed as the last parameter,
 * defaulting to `D6_STANDARD_RULES`.
 */
import { type AttackMode, type CoverLevel, type DefenseSkill, type RangeBand, WOUND_LEVELS, type WoundLevel } from "./types.js";

/** D2: what a 1 on the Wild Die's first face does to a skill, attribute or initiative roll. */
export type ComplicationMode = "flag" | "remove";

/** D8: how the two initiative bonuses combine. */
export type InitiativeBonusCombine = "better" | "sum";

/** D35: the wound level an excess reaches, from `minExcess` up to the next row. */
export interface WoundThreshold {
  minExcess: number;
  level: WoundLevel;
}

/** D37: what a wound level does. */
export interface WoundEffect {
  /** Dice off skill and attribute rolls (initiative included), never damage or resistance. */
  penaltyDice: number;
  /** Loses its actions (D10). */
  unableToAct: boolean;
  /** Mortally Wounded: dying; when death comes is the GM's call. */
  dying: boolean;
  /** Killed: out of the fight. */
  out: boolean;
  /** Rounds after the one it was taken in that it lasts before clearing; null = until healed. */
  clearsAfterRounds: number | null;
}

export interface D6Rules {
  /** D1: pips that carry into one more die. */
  pipsPerDie: number;
  /** D1/D2: faces of a die. */
  dieFaces: number;
  /** D2: the face on which the Wild Die (and a Character Point die, D9) is added and rolled again. */
  explodingFace: number;
  /** D2: the Wild Die's first face that is a complication. */
  complicationFace: number;
  /** D2 world setting: flag the complication (default) or remove the 1 and the highest other die. */
  complicationMode: ComplicationMode;

  /** D8: one initiative point per this many whole dice of search over its attribute. */
  initiativeSearchDicePerPoint: number;
  /** D8: one initiative point per this many whole dice of Agility. */
  initiativeAgilityDicePerPoint: number;
  /** D8 [fixed]: the better of the two bonuses (the chapter says "or"). */
  initiativeBonusCombine: InitiativeBonusCombine;
  /** D9 world setting: most Character Points on one initiative roll; null = no limit. */
  maxCharacterPointsOnInitiative: number | null;

  /** D11 [fixed]: least number of actions a turn declares. */
  minDeclaredActions: number;
  /** D12 [fixed]: penalty-free actions when the actor has no `freeActions` of its own. */
  defaultFreeActions: number;
  /** D12: dice lost per action beyond the free ones. */
  diceLostPerExtraAction: number;
  /** D16 [fixed]: uses per round of an item that does not say. */
  defaultUsesPerRound: number;

  /** D17: passive defense value. */
  passiveDefense: number;
  /** D23: added to a full defense roll. */
  fullDefenseBonus: number;
  /** D18 [fixed]: which attack modes each active defense covers. */
  defenseCovers: Readonly<Record<DefenseSkill, readonly AttackMode[]>>;

  /** D26: no final difficulty is below this. */
  difficultyFloor: number;
  /** D26 world setting: roll modifier dice instead of using standard numbers. */
  rollDifficultyModifiers: boolean;
  /** D26/D28: the standard number of a modifier die code is dice × this, rounded down, plus pips. */
  standardNumberPerDie: number;

  /** D27 [fixed]: the upper limit of Point Blank in metres (inclusive). */
  pointBlankMaxMetres: number;
  /** D27 [fixed]: difficulty modifier of each band. */
  rangeModifiers: Readonly<Record<RangeBand, number>>;
  /** D27: a melee weapon longer than this (metres) also reaches Short. */
  longMeleeWeaponMetres: number;
  /** D27 world setting: melee and unarmed attacks take the band's modifier too. */
  rangeModifierOnMelee: boolean;

  /** D28 [fixed]: cover modifiers as dice; `full` cannot be targeted. */
  coverDice: Readonly<Record<Exclude<CoverLevel, "none" | "full">, number>>;

  /** D29: dice per consecutive round of aiming, and the most it can give. */
  aimDicePerRound: number;
  aimMaxDice: number;
  /** D29: the attack modes an aim bonus applies to (throwing, firearms, gunnery, missile weapons). */
  aimableModes: readonly AttackMode[];

  /** D32: Strength Damage = Strength dice (pips dropped) ÷ this, rounded up. */
  strengthDamageDivisor: number;
  /** D33: damage bonus = ⌈(attack total − difficulty) ÷ this⌉. */
  damageBonusDivisor: number;

  /** D34 world setting: the resistance roll includes Strength (on) or armor and abilities only (off). */
  resistWithStrength: boolean;
  /** D35: ascending thresholds; an excess below the first is no wound. */
  woundThresholds: readonly WoundThreshold[];
  /** D36: the ladder a result that is not worse climbs one step along (none excluded). */
  woundLadder: readonly WoundLevel[];
  /** D37: effects of each level. */
  woundEffects: Readonly<Record<Exclude<WoundLevel, "none">, WoundEffect>>;
}

const effect = (penaltyDice: number, more: Partial<WoundEffect> = {}): WoundEffect =>
  Object.freeze({ penaltyDice, unableToAct: false, dying: false, out: false, clearsAfterRounds: null, ...more });

const STANDARD_VALUES: D6Rules = {
  pipsPerDie: 3,
  dieFaces: 6,
  explodingFace: 6,
  complicationFace: 1,
  complicationMode: "flag",

  initiativeSearchDicePerPoint: 2,
  initiativeAgilityDicePerPoint: 4,
  initiativeBonusCombine: "better",
  maxCharacterPointsOnInitiative: null,

  minDeclaredActions: 1,
  defaultFreeActions: 1,
  diceLostPerExtraAction: 1,
  defaultUsesPerRound: 1,

  passiveDefense: 10,
  fullDefenseBonus: 10,
  defenseCovers: Object.freeze({
    dodge: Object.freeze(["unarmed", "melee", "ranged"] as AttackMode[]),
    block: Object.freeze(["unarmed", "melee"] as AttackMode[]),
    parry: Object.freeze(["unarmed", "melee"] as AttackMode[]),
  }),

  difficultyFloor: 3,
  rollDifficultyModifiers: false,
  standardNumberPerDie: 3.5,

  pointBlankMaxMetres: 3,
  rangeModifiers: Object.freeze({ pointBlank: -5, short: 0, medium: 5, long: 10 }),
  longMeleeWeaponMetres: 2,
  rangeModifierOnMelee: false,

  coverDice: Object.freeze({ light: 1, medium: 2, heavy: 4 }),

  aimDicePerRound: 1,
  aimMaxDice: 3,
  aimableModes: Object.freeze(["ranged"] as AttackMode[]),

  strengthDamageDivisor: 2,
  damageBonusDivisor: 5,

  resistWithStrength: true,
  woundThresholds: Object.freeze([
    Object.freeze({ minExcess: 1, level: "stunned" as const }),
    Object.freeze({ minExcess: 4, level: "wounded" as const }),
    Object.freeze({ minExcess: 9, level: "incapacitated" as const }),
    Object.freeze({ minExcess: 13, level: "mortallyWounded" as const }),
    Object.freeze({ minExcess: 16, level: "killed" as const }),
  ]),
  // D36: the ladder is the wound levels in their order, unhurt left out.
  woundLadder: Object.freeze(WOUND_LEVELS.filter((level) => level !== "none")),
  woundEffects: Object.freeze({
    stunned: effect(1, { clearsAfterRounds: 1 }),
    wounded: effect(1),
    severelyWounded: effect(2),
    incapacitated: effect(0, { unableToAct: true }),
    mortallyWounded: effect(0, { unableToAct: true, dying: true }),
    killed: effect(0, { unableToAct: true, out: true }),
  }),
};

/**
 * The rules as the reference fixes them. Every rules object — this one and
 * each `makeD6Rules` makes — is built the same way (a spread, then frozen),
 * so they share one shape and a function reading them stays as fast whichever
 * world's rules it is handed.
 */
export const D6_STANDARD_RULES: Readonly<D6Rules> = Object.freeze({ ...STANDARD_VALUES });

/** The world options a scenario or a world setting may switch (the reference's named settings). */
export interface D6WorldOptions {
  complicationMode: ComplicationMode;
  rollDifficultyModifiers: boolean;
  rangeModifierOnMelee: boolean;
  resistWithStrength: boolean;
  maxCharacterPointsOnInitiative: number | null;
}
export const D6_WORLD_OPTION_KEYS: readonly (keyof D6WorldOptions)[] = [
  "complicationMode",
  "rollDifficultyModifiers",
  "rangeModifierOnMelee",
  "resistWithStrength",
  "maxCharacterPointsOnInitiative",
];

/** A rules object with some values replaced (a world's settings or tables); frozen, in the standard rules' shape. */
export function makeD6Rules(parts: Partial<D6Rules> = {}, base: Readonly<D6Rules> = D6_STANDARD_RULES): D6Rules {
  return Object.freeze({ ...base, ...parts });
}
