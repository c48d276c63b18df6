/**
 * What a phase-based actor and item store (docs/rulesets/phase.md, "Data"),
 * as the shared Foundry-free description (src/core/schema/). The attribute
 * the reference defines is Reflexes (P3, P5, P32); a GM may add named
 * attributes and skills, which a weapon names (P32). Damage formulas are
 * checked by the core's own parser (`phaseDamage`, P28). Everything a rule
 * computes (armor per area with worn pieces, the wound penalty, the out-of-
 * action states, the check base) is derived, never stored.
 */
import { boolean, choice, type FieldsDescription, html, integer, list, notation, object, pool, text } from "../../../core/schema/description.js";
import { AREAS, type Area, areaKind, WEAPON_KINDS } from "../rules/types.js";
import { PHASE_STANDARD_RULES } from "../rules/options.js";

/** The syntax damage formulas are written in (registered in manifest.ts). */
export const PHASE_DAMAGE = "phaseDamage";

export const PHASE_ACTOR_TYPES = ["phaseCharacter", "phaseCreature"] as const;
export const PHASE_ITEM_TYPES = ["phaseWeapon", "phaseArmor"] as const;
export type PhaseActorType = (typeof PHASE_ACTOR_TYPES)[number];
export type PhaseItemType = (typeof PHASE_ITEM_TYPES)[number];

/** The schema version of each type's stored data (its own: a phase fix never migrates another ruleset's documents). */
export const PHASE_SCHEMA_VERSION: Readonly<Record<PhaseActorType | PhaseItemType, number>> = Object.freeze({
  phaseCharacter: 1,
  phaseCreature: 1,
  phaseWeapon: 1,
  phaseArmor: 1,
});

/** Bounds of stored figures. */
export const PHASE_LIMITS = Object.freeze({ stat: 20, points: 9999, perArea: 99, traumaLimit: 99, ammo: 999, phase: 86_400 });

const version = (type: PhaseActorType | PhaseItemType) => integer(0, PHASE_SCHEMA_VERSION[type], PHASE_SCHEMA_VERSION[type]);
const perArea = (initial: (area: Area) => number, min: number) => object(Object.fromEntries(AREAS.map((a) => [a, integer(min, PHASE_LIMITS.perArea, initial(a))])));
const named = () => list(object({ name: text("", false), value: integer(-PHASE_LIMITS.stat, PHASE_LIMITS.stat, 0) }));

/** What characters and creatures share (§10 "Per combatant": the sheet's part). */
function fighter(type: PhaseActorType): Record<string, FieldsDescription[string]> {
  const rules = PHASE_STANDARD_RULES;
  return {
    /** P3, P5, P32: the one attribute the chapter names. */
    reflexes: integer(-PHASE_LIMITS.stat, PHASE_LIMITS.stat, 3),
    /** P32 (fill): further attributes a weapon may name. */
    attributes: named(),
    /** P4, P7, P32: skills by name (pistol, knife, fastdraw …). */
    skills: named(),
    /** P20: the body type's location chart (a key of the world's charts). */
    bodyType: text("human", false),
    /** P21: areas the body lacks. */
    missingAreas: list(choice(AREAS, "head"), true),
    /** P28: armor per area besides worn armor (hide, plating). */
    naturalArmor: perArea(() => rules.defaultArmor, 0),
    /** P29: trauma threshold per area. */
    traumaThresholds: perArea((a) => rules.defaultTraumaThresholds[areaKind(a)], 1),
    /** P28/P30: flesh and stun points taken, and where either collapses the character. */
    flesh: integer(0, PHASE_LIMITS.points, 0),
    stun: integer(0, PHASE_LIMITS.points, 0),
    fleshMax: integer(1, PHASE_LIMITS.points, rules.defaultFleshMax),
    /** P29: each traumatic wound, with its area and phase. */
    traumaticWounds: list(object({ area: choice(AREAS, "chest"), phase: integer(0, PHASE_LIMITS.phase, 0) })),
    traumaLimit: integer(1, PHASE_LIMITS.traumaLimit, rules.defaultTraumaLimit),
    schemaVersion: version(type),
  };
}

export const PHASE_ACTOR_SCHEMAS: Readonly<Record<PhaseActorType, FieldsDescription>> = Object.freeze({
  phaseCharacter: { ...fighter("phaseCharacter"), biography: html() },
  phaseCreature: { ...fighter("phaseCreature"), notes: html() },
});

export const PHASE_ITEM_SCHEMAS: Readonly<Record<PhaseItemType, FieldsDescription>> = Object.freeze({
  phaseWeapon: {
    /** P25/P32: fired or swung. */
    kind: choice(WEAPON_KINDS, "ranged"),
    /** P32: the skill and attribute the check adds, by name. */
    skill: text("pistol", false),
    attribute: text(PHASE_STANDARD_RULES.defaultAttribute, false),
    /** P28: the damage formula (`2d6+1`). */
    damage: notation(PHASE_DAMAGE, "2d6"),
    /** P12/P15: semi-automatic (two shots in target-and-fire); P22/P23: fully automatic. */
    semiAuto: boolean(true),
    auto: boolean(false),
    /** P39: rounds loaded, of a full load. */
    ammo: pool(12, PHASE_LIMITS.ammo),
    /** P24: rounds a suppressive burst spends. */
    suppressAmmo: integer(1, PHASE_LIMITS.ammo, PHASE_STANDARD_RULES.defaultSuppressAmmo),
    /** P28: stun points instead of flesh. P29: every hit traumatic. */
    stun: boolean(false),
    alwaysTraumatic: boolean(false),
    /** P8: drawn and ready (a draw readies it). */
    ready: boolean(false),
    description: html(),
    schemaVersion: version("phaseWeapon"),
  },
  phaseArmor: {
    /** P28: armor at each area it covers. */
    areas: perArea(() => 0, 0),
    equipped: boolean(true),
    description: html(),
    schemaVersion: version("phaseArmor"),
  },
});
