/**
 * Every [fixed] and (fill) value of the Cities Without Number reference in
 * one data object, so a world setting can change any of them. Logic never
 * writes these numbers as literals: it reads them from a `CwnRules` passed
 * as the last parameter, defaulting to `CWN_STANDARD_RULES`.
 */
import type { AttackKind, DownedState } from "./types.js";

/** A number of dice of one size, e.g. 2d6 (W6 Morale, W26 screen checks). */
export interface DicePool {
  count: number;
  faces: number;
}

/** One row of the attribute modifier table: scores from `min` up to the next row's. */
export interface AttributeModifierRow {
  min: number;
  modifier: number;
}

export interface CwnRules {
  /** W3: each side rolls one die of this size, + its best Dexterity modifier. */
  initiativeDieFaces: number;
  /** W3: a player-character side wins ties against a non-player side. */
  playersWinTies: boolean;

  /** W6 [fixed — ours]: the Morale roll, broken when the total is above the score. */
  moraleDice: DicePool;
  /** W6: a group's Morale score when its data gives none. */
  defaultMorale: number;
  /** W6: a check is offered when the side lost a member this round … */
  moraleOnLossThisRound: boolean;
  /** W6: … or has at least this fraction of its members down. */
  moraleDownFraction: number;

  /** W9: metres of one Move action for an ordinary human (actor data may differ). */
  moveMetres: number;
  /** W36: the Move rate is multiplied by this while prone. */
  proneMoveFactor: number;

  /** W12 world setting: melee range (adjacency), metres. */
  meleeRangeMetres: number;
  /** W12 world setting: only a foe with a melee weapon (not fists) gets the free attack. */
  freeAttackNeedsWeapon: boolean;

  /** W13: the level of a combat skill the actor lacks. */
  untrainedSkillLevel: number;
  /** W13 (fill): what an untrained combat skill adds to the hit roll (instead of its level). */
  untrainedHitModifier: number;

  /** W13/W14: the attack die. */
  attackDieFaces: number;
  /** W14: a natural roll at or below this always misses. */
  naturalMiss: number;
  /** W14: a natural roll at or above this always hits (when a hit could happen at all). */
  naturalHit: number;

  /** W15: Trauma Target when the actor's data gives none. */
  defaultTraumaTarget: number;

  /** W22: a two-handed ranged weapon cannot be used with a melee-armed foe adjacent. */
  twoHandedBlockedByMeleeFoe: boolean;
  /** W22: one-handed guns and thrown weapons with a melee-armed foe adjacent. */
  meleeFoeRangedModifier: number;
  /** W22 world setting: bare fists count as holding a melee weapon. */
  fistsHinderRangedAttacks: boolean;

  /** W23: a Snap Attack's hit modifier. */
  snapHitModifier: number;

  /** W24: most assailants in one swarm, and the fewest that make a swarm. */
  swarmMaxParticipants: number;
  swarmMinParticipants: number;
  /** W24: to hit and to damage per other participant still standing, and their caps. */
  swarmHitPerOther: number;
  swarmDamagePerOther: number;
  swarmMaxHit: number;
  swarmMaxDamage: number;

  /** W25: a Charge's hit modifier, its AC modifier until the charger's next turn, its distances. */
  chargeHitModifier: number;
  chargeAcModifier: number;
  chargeMoveMultiplier: number;
  /** W25 [fixed]: 10 feet. */
  chargeMinMetres: number;

  /** W26 [fixed]: the opposed screen check, each side. */
  screenCheckDice: DicePool;
  /** W26: the screener's highest combat skill must reach this to screen at all. */
  screenMinSkill: number;
  /** W26 [fixed]: 10 feet. */
  screenMaxMetres: number;
  /** W26: attacks of these kinds are gunfire: only a screener with integral cyber-armor can screen them. */
  gunfireKinds: readonly AttackKind[];

  /** W27: Total Defense's AC modifier. */
  totalDefenseAcModifier: number;

  /** W30 [fixed]: an ordinary skill check's dice (2d6 + skill + attribute modifier against the GM's difficulty). */
  skillCheckDice: DicePool;

  /** W36: prone target: ranged attackers beyond melee range, and attackers within it. */
  proneDistantRangedModifier: number;
  proneAdjacentModifier: number;

  /** W19 [fixed]: the default downed state by the attack's lethality and the target. */
  downedLethalPlayer: DownedState;
  downedLethalOther: DownedState;
  downedNonLethal: DownedState;
  /** W19 world setting: soak pools refill when the fight ends. */
  soakRefillsAfterFight: boolean;

  /** W32: the Shoot level a modern bow or crossbow needs (with a Readied quiver) to reload On Turn. */
  bowOnTurnShootLevel: number;

  /** Attribute modifiers by score (the Sine Nomine table; fill, for derived data). */
  attributeModifiers: readonly AttributeModifierRow[];
  /** Derived data: the AC of someone wearing no armor, before Dexterity. */
  unarmoredAc: number;
}

export const CWN_STANDARD_RULES: Readonly<CwnRules> = Object.freeze({
  initiativeDieFaces: 8,
  playersWinTies: true,

  moraleDice: Object.freeze({ count: 2, faces: 6 }),
  defaultMorale: 8,
  moraleOnLossThisRound: true,
  moraleDownFraction: 0.5,

  moveMetres: 10,
  proneMoveFactor: 0.5,

  meleeRangeMetres: 1.5,
  freeAttackNeedsWeapon: false,

  untrainedSkillLevel: -1,
  untrainedHitModifier: -2,

  attackDieFaces: 20,
  naturalMiss: 1,
  naturalHit: 20,

  defaultTraumaTarget: 6,

  twoHandedBlockedByMeleeFoe: true,
  meleeFoeRangedModifier: -4,
  fistsHinderRangedAttacks: false,

  snapHitModifier: -4,

  swarmMaxParticipants: 4,
  swarmMinParticipants: 2,
  swarmHitPerOther: 2,
  swarmDamagePerOther: 1,
  swarmMaxHit: 6,
  swarmMaxDamage: 3,

  chargeHitModifier: 2,
  chargeAcModifier: -2,
  chargeMoveMultiplier: 2,
  chargeMinMetres: 3,

  screenCheckDice: Object.freeze({ count: 2, faces: 6 }),
  skillCheckDice: Object.freeze({ count: 2, faces: 6 }),
  screenMinSkill: 1,
  screenMaxMetres: 3,
  gunfireKinds: Object.freeze(["ranged"] as AttackKind[]),

  totalDefenseAcModifier: 2,

  proneDistantRangedModifier: -2,
  proneAdjacentModifier: 2,

  downedLethalPlayer: "mortallyWounded",
  downedLethalOther: "dead",
  downedNonLethal: "unconscious",
  soakRefillsAfterFight: true,

  bowOnTurnShootLevel: 1,

  attributeModifiers: Object.freeze([
    Object.freeze({ min: 3, modifier: -2 }),
    Object.freeze({ min: 4, modifier: -1 }),
    Object.freeze({ min: 8, modifier: 0 }),
    Object.freeze({ min: 14, modifier: 1 }),
    Object.freeze({ min: 18, modifier: 2 }),
  ]),
  unarmoredAc: 10,
});

/** The world options a scenario or a world setting may switch (the reference's named settings). */
export const CWN_WORLD_OPTION_KEYS = ["freeAttackNeedsWeapon", "fistsHinderRangedAttacks", "soakRefillsAfterFight", "meleeRangeMetres", "defaultMorale"] as const;
export type CwnWorldOptions = Pick<CwnRules, (typeof CWN_WORLD_OPTION_KEYS)[number]>;

/** A rules object with some values replaced (a world's settings or tables). */
export function makeCwnRules(parts: Partial<CwnRules> = {}, base: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnRules {
  return { ...base, ...parts };
}
