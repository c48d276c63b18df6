/**
 * What an OpenD6 actor and item store (docs/rulesets/d6.md, "Data"), as the
 * shared Foundry-free description (src/core/schema/). Attributes, skills,
 * weapon damage and armor are die codes (D1), checked by the D6 core's own
 * parser; everything a rule computes (Strength Damage D32, the initiative
 * bonus D8, penalties D12/D37) is derived, never stored.
 */
import { boolean, choice, type FieldsDescription, html, integer, notation, object, text } from "../../../core/schema/description.js";
import { ATTACK_MODES, WOUND_LEVELS } from "../rules/types.js";

/** The syntaxes D6 fields are written in (registered in manifest.ts). */
export const D6_CODE = "d6Code";
export const D6_MODIFIER = "d6Modifier";
export const D6_DAMAGE = "d6Damage";

/** The six attributes of OpenD6 (the chapter names Agility, Strength and Perception; the others are the core set's). */
export const D6_ATTRIBUTES = ["agility", "strength", "mechanical", "knowledge", "perception", "technical"] as const;
export type D6Attribute = (typeof D6_ATTRIBUTES)[number];

export const D6_ACTOR_TYPES = ["d6Character", "d6Creature"] as const;
export const D6_ITEM_TYPES = ["d6Skill", "d6Weapon", "d6Armor"] as const;
export type D6ActorType = (typeof D6_ACTOR_TYPES)[number];
export type D6ItemType = (typeof D6_ITEM_TYPES)[number];

/** The schema version of each type's stored data (its own: a D6 fix never migrates Cychosys documents). */
export const D6_SCHEMA_VERSION: Readonly<Record<D6ActorType | D6ItemType, number>> = Object.freeze({
  d6Character: 1,
  d6Creature: 1,
  d6Skill: 1,
  d6Weapon: 1,
  d6Armor: 1,
});

const code = (initial: string) => notation(D6_CODE, initial);
const version = (type: D6ActorType | D6ItemType) => integer(0, D6_SCHEMA_VERSION[type], D6_SCHEMA_VERSION[type]);

/** What characters and creatures share: attributes, the round's free actions, wounds, protection. */
function fighter(type: D6ActorType): Record<string, FieldsDescription[string]> {
  return {
    attributes: object(Object.fromEntries(D6_ATTRIBUTES.map((a) => [a, code("2D")]))),
    /** D12: actions a round without the multi-action penalty (special abilities). */
    freeActions: integer(0, 10, 1),
    /** D32: Disadvantages and Special Abilities that change Strength for Strength Damage. */
    strengthAdjustment: notation(D6_MODIFIER, "+0D"),
    /** D34: protective special abilities, added to the resistance roll. */
    protection: code("0D"),
    /** D22: an ability that lets a bare hand stop a blade. */
    blockBlades: boolean(false),
    /** D35–D37: one wound level at a time, and the last round a Stunned result lasts (0: until healed). */
    wounds: object({ level: choice(WOUND_LEVELS, "none"), untilRound: integer(0, 99_999, 0) }),
    schemaVersion: version(type),
  };
}

export const D6_ACTOR_SCHEMAS: Readonly<Record<D6ActorType, FieldsDescription>> = Object.freeze({
  d6Character: {
    ...fighter("d6Character"),
    /** D9: Character Points (spent on initiative); Fate Points may not be. */
    characterPoints: integer(0, 999, 5),
    fatePoints: integer(0, 99, 1),
    biography: html(),
  },
  d6Creature: { ...fighter("d6Creature"), notes: html() },
});

export const D6_ITEM_SCHEMAS: Readonly<Record<D6ItemType, FieldsDescription>> = Object.freeze({
  d6Skill: {
    attribute: choice(D6_ATTRIBUTES, "agility"),
    /** The skill's whole code (attribute plus the added dice), e.g. `5D+1`. */
    code: code("3D"),
    description: html(),
    schemaVersion: version("d6Skill"),
  },
  d6Weapon: {
    /** The skill it is used with (a skill's name): brawling, melee combat, firearms, throwing … */
    skill: text("melee combat", false),
    mode: choice(ATTACK_MODES, "melee"),
    /** D31: the damage code; a leading `+` adds it to Strength Damage (D32). */
    damage: notation(D6_DAMAGE, "+1D"),
    /** D21/D22: edged or energized. */
    edged: boolean(false),
    /** D27: a melee weapon longer than 2 m (200 cm) also reaches Short. */
    lengthCm: integer(0, 10_000, 0),
    /** D27: upper limits of Short, Medium and Long in metres (0: not used at range). */
    ranges: object({ short: integer(0, 100_000, 0), medium: integer(0, 100_000, 0), long: integer(0, 100_000, 0) }),
    /** D16: uses a round (semi-automatics, small blades …). */
    usesPerRound: integer(1, 20, 1),
    /** D29: aiming adds to it (firearms, gunnery, missile weapons, throwing). */
    aimable: boolean(false),
    description: html(),
    schemaVersion: version("d6Weapon"),
  },
  d6Armor: {
    /** D34: added to the resistance roll while worn. */
    code: code("1D"),
    equipped: boolean(true),
    description: html(),
    schemaVersion: version("d6Armor"),
  },
});
