/**
 * The shape of a CWN actor's derived data (`system.derived`), computed by
 * `deriveCwnActor` (derive.ts) from its stored data and items: what the
 * sheets show, and what the attack workflow and the tracker read. Never
 * stored.
 */
import type { CwnWeapon } from "../rules/attack.js";
import type { Attribute, AttackKind, CombatSkill, DownedState, ItemState, ReloadAction } from "../rules/types.js";

export interface CwnAttributeView {
  /** Characters store scores; NPCs only modifiers (null here). */
  score: number | null;
  modifier: number;
}

export interface CwnSkillView {
  id: string;
  name: string;
  level: number;
  combatSkill: CombatSkill | null;
}

export interface CwnWeaponView {
  id: string;
  name: string;
  kind: AttackKind;
  /** `1d8`, `1d6+1`. */
  damage: string;
  traumaDie: string;
  traumaRating: number;
  /** W13: the attribute used (the better of two) and its modifier. */
  attribute: Attribute;
  attributeModifier: number;
  /** W13: the combat skill and its level (untrained: −1) and what it adds to hit (untrained: −2). */
  skill: CombatSkill;
  skillLevel: number;
  untrained: boolean;
  /** W13: base hit bonus + attribute + skill: the hit roll's bonus before the situation. */
  hitBonus: number;
  /** W16/W21: attribute (+ Punch for an unarmed weapon): added to the damage dice. */
  damageBonus: number;
  /** W18: Shock damage (base + attribute, at least 0) and the highest AC it affects; null without a rating. */
  shock: { damage: number; ac: number } | null;
  twoHanded: boolean;
  unarmed: boolean;
  bodyWeapon: boolean;
  state: ItemState;
  magazine: { value: number; max: number };
  reloadAction: ReloadAction;
  range: { normal: number; max: number };
  /** The weapon as the rules core reads it (resolveCwnAttack). */
  rules: CwnWeapon;
}

/** A stored figure derive could not read (a dice text the core refuses): it counted as 1d2. */
export interface CwnProblem {
  where: string;
  value: string;
  i18nKey: string;
  params: Readonly<Record<string, string | number>>;
}

export interface CwnDerived {
  attributes: Record<Attribute, CwnAttributeView>;
  skills: CwnSkillView[];
  /** W13: each combat skill's level (the best item; else the NPC's skill bonus, else untrained −1). */
  combatSkills: Record<CombatSkill, number>;
  /** W26: the highest combat skill, and the attackers it can screen a round (0: cannot screen). */
  highestCombatSkill: number;
  screenUses: number;
  /** W21: the Punch level. */
  punch: number;
  baseHitBonus: number;
  hp: { value: number; max: number };
  /** W13: melee and ranged AC (armor or the stat block, + Dexterity and bonuses for a character). */
  ac: { melee: number; ranged: number };
  /** W15. */
  traumaTarget: number;
  /** W19: soak left and fresh, summed over worn armor (an NPC's own pool); the pieces, in order, for spreading damage. */
  soak: { value: number; max: number };
  soakPieces: { id: string; value: number; max: number }[];
  /** W26. */
  integralCyberArmor: boolean;
  /** W18: the actor's flag or a worn shield. */
  shockImmune: boolean;
  /** W3: the Dexterity modifier for side initiative (an NPC's stored modifier, 0 unless given). */
  initiativeDex: number;
  moveMetres: number;
  canSnap: boolean;
  playerCharacter: boolean;
  downed: DownedState;
  /** W6: the group's Morale score (null for a character). */
  morale: number | null;
  weapons: CwnWeaponView[];
  problems: CwnProblem[];
}
