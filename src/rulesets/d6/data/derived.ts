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
  /** How a roll names it: `skill:<item id>` or `untrained:<name>` (always set by `deriveD6Actor`). */
  key?: string;
  /** An attribute rolled for a skill the actor does not have (always set by `deriveD6Actor`). */
  untrained?: boolean;
}

/** What can be rolled as a skill or attribute roll (D41): an attribute, a skill item, or an untrained skill. */
export interface D6Rollable {
  /** `attribute:<id>`, `skill:<item id>` or `untrained:<name>`. */
  key: string;
  kind: "attribute" | "skill";
  /** The skill's name; for an attribute, its id (the views localize it). */
  name: string;
  attribute: D6Attribute;
  code: DieCode;
  untrained: boolean;
}

/** A stored figure derive could not read: it counted as 0D (or the skill fell back to its attribute). */
export interface D6Problem {
  /** `attributes.agility`, `strengthAdjustment`, `item:<id>.code` … */
  where: string;
  /** The stored text, as stored. */
  value: string;
  /** The core's error (`CYCHOSYS.D6.Error.<code>`) and its parameters. */
  i18nKey: string;
  params: Readonly<Record<string, string | number>>;
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
  /** D31/D32: the code a hit rolls (a `+` code added to Strength Damage); always set by `deriveD6Actor`. */
  damageCode?: DieCode;
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
  wound: {
    level: WoundLevel;
    untilRound: number | null;
    penaltyDice: number;
    unableToAct: boolean;
    /** D37 Mortally Wounded (always set by `deriveD6Actor`). */
    dying?: boolean;
    /** D37 Killed (always set by `deriveD6Actor`). */
    out?: boolean;
  };
  /** D8: both bonuses before the better is taken (always set by `deriveD6Actor`). */
  initiativeSources?: { fromSearch: number; fromAgility: number };
  /** Stored codes that could not be read (always set by `deriveD6Actor`; empty when all is well). */
  problems?: D6Problem[];
}
