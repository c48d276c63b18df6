/**
 * What GURPS actors and items store (docs/rulesets/gurps.md, "Data"), as the
 * shared Foundry-free description (src/core/schema/). G1–G2: the actor's
 * attributes and traits and the items' lines are inputs; every figure a rule
 * computes (Dodge, Parry, Block, DR by location, reeling, skill levels) is
 * derived (derive.ts), never stored. Notations (damage, Shots, reach) are
 * checked by the core's own parsers (manifest.ts); Basic Speed and weights
 * are decimal numbers on their step.
 */
import { boolean, choice, decimal, type DecimalField, type FieldsDescription, html, integer, list, type MigrationStep, notation, object, text, toStep } from "../../../core/schema/description.js";
import { ATTACK_KINDS, DAMAGE_TYPES, HANDS, HIT_LOCATIONS, QUALITIES, UNARMED_SKILLS } from "../rules/types.js";

/** The syntaxes GURPS fields are written in (registered in manifest.ts). */
export const GURPS_DAMAGE = "gurpsDamage";
/** Shots `6(3i)`, or blank for a weapon that does not shoot. */
export const GURPS_SHOTS = "gurpsShots";
export const GURPS_REACH = "gurpsReach";

/** G1: Basic Speed in quarters (5.75), 0 to 100. */
export const gurpsSpeedField = (initial: number): DecimalField => decimal(0, 100, 0.25, initial);
/** G65: a weight (or Basic Lift) in pounds to the hundredth (0.5, 12.25), 0 to 100,000. */
export const gurpsWeightField = (initial: number): DecimalField => decimal(0, 100_000, 0.01, initial);

export const GURPS_ACTOR_TYPES = ["gurpsCharacter"] as const;
export const GURPS_ITEM_TYPES = ["gurpsSkill", "gurpsWeapon", "gurpsArmor", "gurpsShield"] as const;
export type GurpsActorType = (typeof GURPS_ACTOR_TYPES)[number];
export type GurpsItemType = (typeof GURPS_ITEM_TYPES)[number];

/** G1: the scores a skill is relative to. */
export const GURPS_SKILL_BASES = ["st", "dx", "iq", "ht", "will", "per"] as const;
export type GurpsSkillBase = (typeof GURPS_SKILL_BASES)[number];
/** G71: the armor divisors a line may have, as stored text. */
export const GURPS_DIVISORS = ["1", "2", "3", "5", "10", "100", "0.5", "0.2", "0.1"] as const;
/** G62, G88: a shield, a cloak, or a buckler (readies like a weapon). */
export const GURPS_SHIELD_KINDS = ["shield", "cloak", "buckler"] as const;

/** The schema version of each type's stored data. */
export const GURPS_SCHEMA_VERSION: Readonly<Record<GurpsActorType | GurpsItemType, number>> = Object.freeze({
  gurpsCharacter: 2,
  gurpsSkill: 1,
  gurpsWeapon: 2,
  gurpsArmor: 2,
  gurpsShield: 2,
});

/** Version 1 wrote Basic Speed and weights as text (`"5.75"`); version 2 stores numbers. Text that reads as a number becomes it (on its step, within bounds), anything else the field's initial value. */
function numbersFromText(paths: readonly [string, DecimalField][]): MigrationStep {
  return {
    version: 2,
    description: "Basic Speed, Basic Lift and weights stored as numbers instead of text",
    migrate(source) {
      let changed = false;
      for (const [key, field] of paths) {
        const stored = source[key];
        if (typeof stored !== "string") continue;
        const n = stored.trim() === "" ? NaN : Number(stored.trim());
        source[key] = Number.isFinite(n) ? Math.min(field.max, Math.max(field.min, toStep(n, field.step))) : field.initial;
        changed = true;
      }
      return changed;
    },
  };
}


const version = (type: GurpsActorType | GurpsItemType) => integer(0, GURPS_SCHEMA_VERSION[type], GURPS_SCHEMA_VERSION[type]);
const score = (initial = 10) => integer(0, 99, initial);
/** Bounds of the input: current HP may fall to −5 × HP and below (G81, G94). */
const MAX_HP = 9999;

/** G1: the trait flags the combat chapter reads (ActiveEffects may switch them). */
const TRAITS = {
  ambidexterity: boolean(false),
  trainedByAMaster: boolean(false),
  weaponMaster: boolean(false),
  perfectBalance: boolean(false),
  constrictionAttack: boolean(false),
  /** G75: Injury Tolerance's wounding column. */
  injuryTolerance: choice(["none", "unliving", "homogenous"], "none"),
  /** G76. */
  diffuse: boolean(false),
  /** G17: evading over a foe's reach. */
  flightOrSuperJump: boolean(false),
  enhancedMove: boolean(false),
} as const;

export const GURPS_ACTOR_SCHEMAS: Readonly<Record<GurpsActorType, FieldsDescription>> = Object.freeze({
  gurpsCharacter: {
    /** G1: the four attributes and the secondary characteristics (their formulas are character creation's). */
    attributes: object({ st: score(), dx: score(), iq: score(), ht: score() }),
    will: score(),
    per: score(),
    /** G94: full HP (max) and current HP, which may go far below zero (G81). */
    hp: object({ value: integer(-MAX_HP * 10, MAX_HP, 10), max: integer(1, MAX_HP, 10) }, true),
    fp: object({ value: integer(-MAX_HP, MAX_HP, 10), max: integer(1, MAX_HP, 10) }, true),
    basicSpeed: gurpsSpeedField(5),
    basicMove: integer(0, 999, 5),
    /** G1: current Move (encumbrance applied) and the encumbrance level (0–4, G61). */
    move: integer(0, 999, 5),
    encumbrance: integer(0, 4, 0),
    /** G65: Basic Lift in pounds. */
    basicLift: gurpsWeightField(20),
    /** G52: Size Modifier. */
    sm: integer(-15, 15, 0),
    /** G2: thrust and swing damage (for `thr`/`sw` lines). */
    damage: object({ thrust: notation(GURPS_DAMAGE, "1d-2"), swing: notation(GURPS_DAMAGE, "1d") }),
    /** G71: natural DR on every location. */
    naturalDr: integer(0, 9999, 0),
    traits: object(TRAITS),
    /** G81: the −n × HP death checks already rolled (kept until healed). */
    deathChecksRolled: integer(0, 4, 0),
    /** Advantages and disadvantages as text (ActiveEffects change the figures they touch). */
    advantages: html(),
    notes: html(),
    schemaVersion: version("gurpsCharacter"),
  },
});

/** G2, G51–G57: one attack line of a weapon (a sword has swing and thrust; a spear a thrown line too). */
const LINE = object({
  name: text("", true),
  kind: choice(ATTACK_KINDS, "melee"),
  damage: notation(GURPS_DAMAGE, "sw"),
  type: choice(DAMAGE_TYPES, "cut"),
  divisor: choice(GURPS_DIVISORS, "1"),
  reach: notation(GURPS_REACH, "1"),
  /** G63: the parry modifier; `parries: false` for a line that cannot parry (No). */
  parry: integer(-10, 10, 0),
  parries: boolean(true),
  /** G41 U: cannot parry after attacking, cannot attack after parrying. */
  unbalanced: boolean(false),
  /** G40 ‡: unready after each attack unless ST ≥ 1.5 × minimum ST. */
  unreadyAfterAttack: boolean(false),
  /** G63, G67: a fencing weapon. */
  fencing: boolean(false),
  minSt: integer(0, 999, 0),
  /** G22, G51–G57: ranged stats (0: none). */
  acc: integer(0, 30, 0),
  halfDamage: integer(0, 1_000_000, 0),
  max: integer(0, 1_000_000, 0),
  minRange: integer(0, 1_000_000, 0),
  rof: integer(1, 10_000, 1),
  shots: notation(GURPS_SHOTS, ""),
  rcl: integer(1, 100, 1),
  bulk: integer(-30, 0, 0),
});

export const GURPS_ITEM_SCHEMAS: Readonly<Record<GurpsItemType, FieldsDescription>> = Object.freeze({
  gurpsSkill: {
    /** G1: the score it is relative to, and the relative level (Broadsword DX+2 → DX + 2). */
    base: choice(GURPS_SKILL_BASES, "dx"),
    relativeLevel: integer(-20, 40, 0),
    /** G66, G67: the unarmed skill it is (Boxing, Judo … or none). */
    unarmed: choice(["none", ...UNARMED_SKILLS.filter((s) => s !== "dx")], "none"),
    /** G67: a fencing skill (Main-Gauche, Rapier, Saber, Smallsword). */
    fencing: boolean(false),
    description: html(),
    schemaVersion: version("gurpsSkill"),
  },
  gurpsWeapon: {
    /** The skill it is used with (a skill item's name), and its level relative to DX when the actor lacks it (GM data). */
    skill: text("Broadsword", false),
    skillDefault: integer(-20, 0, -4),
    lines: list(LINE),
    hand: choice(HANDS, "main"),
    weight: gurpsWeightField(3),
    quality: choice(QUALITIES, "good"),
    /** In hand when a fight starts (G39; the round then tracks readiness). */
    ready: boolean(true),
    description: html(),
    schemaVersion: version("gurpsWeapon"),
  },
  gurpsArmor: {
    /** G71: DR by location (0 where it does not cover). */
    dr: object(Object.fromEntries(HIT_LOCATIONS.map((l) => [l, integer(0, 9999, 0)]))),
    /** G71: DR that differs by damage type (it replaces the location's DR for that type where the armor covers). */
    drByType: list(object({ type: choice(DAMAGE_TYPES, "burn"), dr: integer(0, 9999, 0) })),
    /** G72: flexible armor lets blunt trauma through. */
    flexible: boolean(false),
    /** G72: layer order, outermost first (0 = the outermost). */
    layer: integer(0, 20, 0),
    /** G73: Tough Skin (no hurting yourself on it). */
    toughSkin: boolean(false),
    equipped: boolean(true),
    weight: gurpsWeightField(10),
    description: html(),
    schemaVersion: version("gurpsArmor"),
  },
  gurpsShield: {
    kind: choice(GURPS_SHIELD_KINDS, "shield"),
    /** G59: Defense Bonus. */
    db: integer(0, 10, 1),
    /** G62: the Shield or Cloak skill it blocks with (a skill item's name), and its default relative to DX. */
    skill: text("Shield", false),
    skillDefault: integer(-20, 0, -4),
    ready: boolean(true),
    hand: choice(HANDS, "off"),
    weight: gurpsWeightField(8),
    description: html(),
    schemaVersion: version("gurpsShield"),
  },
});

/** Each type's migrations, oldest first. */
export const GURPS_MIGRATIONS: Readonly<Record<GurpsActorType | GurpsItemType, readonly MigrationStep[]>> = Object.freeze({
  gurpsCharacter: [numbersFromText([["basicSpeed", gurpsSpeedField(5)], ["basicLift", gurpsWeightField(20)]])],
  gurpsSkill: [],
  gurpsWeapon: [numbersFromText([["weight", gurpsWeightField(3)]])],
  gurpsArmor: [numbersFromText([["weight", gurpsWeightField(10)]])],
  gurpsShield: [numbersFromText([["weight", gurpsWeightField(8)]])],
});
