/**
 * The shape of an OpenD6 actor's derived data (`system.derived`), computed by
 * `deriveD6Actor` (derive.ts) from its stored data and items: what the
 * sheets show, and what the attack workflow and the tracker read. Never
 * stored.
 */
import type { DieCode, WoundLevel } from "../rules/index.js";
import type { D6Attribute } from "./schema.js";

export interface D6SkillView {
  /** The skill item's id, or "" for an attribute used untrained. */
  id: string;
  name: string;
  attribute: D6Attribute;
  code: DieCode;
  /** `5D+1`. */
  text: string;
}

export interface D6WeaponView {
  id: string;
  name: string;
  /** The skill named on the weapon, and the code it rolls with (the skill, else its attribute untrained). */
  skill: D6SkillView;
  mode: "unarmed" | "melee" | "ranged";
  /** `+1D`, `4D`. */
  damage: string;
  edged: boolean;
  lengthCm: number;
  ranges: { short: number; medium: number; long: number };
  usesPerRound: number;
  aimable: boolean;
}

export interface D6Derived {
  attributes: Record<D6Attribute, DieCode>;
  /** Every skill item, and the untrained attributes the defenses and weapons fall back to. */
  skills: D6SkillView[];
  weapons: D6WeaponView[];
  /** D32: Strength Damage, in dice. */
  strengthDamageDice: number;
  /** D8: the better of the two initiative bonuses. */
  initiativeBonus: number;
  /** D34: worn armor (the equipped pieces added) and the whole resistance code. */
  armor: DieCode;
  resistance: DieCode;
  /** D35–D37: the wound level, its penalty dice and whether it leaves the actor unable to act. */
  wound: { level: WoundLevel; untilRound: number | null; penaltyDice: number; unableToAct: boolean };
}
