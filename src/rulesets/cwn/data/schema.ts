/**
 * What Cities Without Number actors and items store (docs/rulesets/cwn.md,
 * "Data"), as the shared Foundry-free description (src/core/schema/).
 * Dice (damage, Trauma Die) are checked by the CWN core's own parser
 * (syntax `cwnDice`, registered in manifest.ts); everything a rule computes
 * — attribute modifiers, AC with Dexterity, hit bonuses, Trauma Target with
 * armor, soak totals, screening uses — is derived (derive.ts), never stored.
 */
import { boolean, choice, type FieldsDescription, html, integer, list, notation, object, pool, text } from "../../../core/schema/description.js";
import { ATTRIBUTES, COMBAT_SKILLS, DOWNED_STATES, ITEM_STATES, RELOAD_ACTIONS, ATTACK_KINDS } from "../rules/types.js";

/** The syntax the dice fields are written in (registered in manifest.ts). */
export const CWN_DICE = "cwnDice";

export const CWN_ACTOR_TYPES = ["cwnCharacter", "cwnNpc"] as const;
export const CWN_ITEM_TYPES = ["cwnWeapon", "cwnArmor", "cwnSkill"] as const;
export type CwnActorType = (typeof CWN_ACTOR_TYPES)[number];
export type CwnItemType = (typeof CWN_ITEM_TYPES)[number];

/** The schema version of each type's stored data (its own: a CWN fix never migrates other rulesets' documents). */
export const CWN_SCHEMA_VERSION: Readonly<Record<CwnActorType | CwnItemType, number>> = Object.freeze({
  cwnCharacter: 1,
  cwnNpc: 1,
  cwnWeapon: 1,
  cwnArmor: 1,
  cwnSkill: 1,
});

/** Bounds of stored numbers (sanity limits, not rules). */
export const CWN_BOUNDS = Object.freeze({ hp: 999, ac: 40, hitBonus: 30, soak: 99, metres: 1000, magazine: 999, range: 100_000 });

const version = (type: CwnActorType | CwnItemType) => integer(0, CWN_SCHEMA_VERSION[type], CWN_SCHEMA_VERSION[type]);
const dice = (initial: string) => notation(CWN_DICE, initial);

/** What characters and NPC groups share (§7 "What a VTT must track", per combatant). */
function fighter(): Record<string, FieldsDescription[string]> {
  return {
    hp: pool(10, CWN_BOUNDS.hp),
    /** W13: base hit bonus. */
    baseHitBonus: integer(-5, CWN_BOUNDS.hitBonus, 0),
    /** W9: metres of one Move. */
    moveMetres: integer(0, CWN_BOUNDS.metres, 10),
    /** W18: a shield, a Focus or another source of immunity to Shock (a swarm's goes through, W24). */
    shockImmune: boolean(false),
    /** W19: the state at 0 hit points (`none` while standing). */
    downed: choice(DOWNED_STATES, "none"),
    /** W1: abilities limited to once (or N times) a scene; uses reset when the combat ends. */
    sceneAbilities: list(object({ name: text("", false), uses: integer(1, 20, 1), used: integer(0, 20, 0) })),
  };
}

export const CWN_ACTOR_SCHEMAS: Readonly<Record<CwnActorType, FieldsDescription>> = Object.freeze({
  cwnCharacter: {
    /** Scores 3–18; the modifiers are derived (the Sine Nomine table, rules data). */
    attributes: object(Object.fromEntries(ATTRIBUTES.map((a) => [a, integer(3, 18, 10)]))),
    level: integer(1, 20, 1),
    ...fighter(),
    /** Gear, Edges or cyberware adding to both ACs (armor and Dexterity are derived). */
    acBonus: integer(-10, 10, 0),
    /** W15: added to the Trauma Target (armor's modifier is derived). */
    traumaTargetBonus: integer(-5, 10, 0),
    /** W23: may Snap Attack (player characters may). */
    canSnap: boolean(true),
    biography: html(),
    schemaVersion: version("cwnCharacter"),
  },
  cwnNpc: {
    /** A stat block for one foe or a group of like foes: each token is one member; Morale is the group's (W6). */
    groupSize: integer(1, 99, 1),
    hitDice: integer(0, 30, 1),
    /** NPCs list modifiers, not scores; W3: a group without attributes counts 0. */
    attributes: object(Object.fromEntries(ATTRIBUTES.map((a) => [a, integer(-3, 3, 0)]))),
    ...fighter(),
    /** W13: the ACs as the stat block lists them (armor included). */
    ac: object({ melee: integer(0, CWN_BOUNDS.ac, 10), ranged: integer(0, CWN_BOUNDS.ac, 10) }),
    /** W19: armor damage soak. */
    soak: pool(0, CWN_BOUNDS.soak),
    /** W15. */
    traumaTarget: integer(1, 20, 6),
    /** W13/W26: the level of any combat skill it has no skill item for. */
    skillBonus: integer(-1, 10, 1),
    /** W6: the group's Morale score. */
    morale: integer(2, 12, 8),
    /** W23: a nameless foe should not Snap Attack. */
    canSnap: boolean(false),
    notes: html(),
    schemaVersion: version("cwnNpc"),
  },
});

export const CWN_ITEM_SCHEMAS: Readonly<Record<CwnItemType, FieldsDescription>> = Object.freeze({
  cwnWeapon: {
    kind: choice(ATTACK_KINDS, "melee"),
    /** W16. */
    damage: dice("1d6"),
    /** W13: the weapon's attribute(s): the better modifier is used (`""`: one attribute only). */
    attribute: choice(ATTRIBUTES, "str"),
    altAttribute: choice(["", ...ATTRIBUTES], ""),
    skill: choice(COMBAT_SKILLS, "stab"),
    /** W18: Shock damage and the highest AC it affects (`enabled` off: no Shock rating). */
    shock: object({ enabled: boolean(false), damage: integer(0, 20, 1), ac: integer(0, CWN_BOUNDS.ac, 15) }),
    /** W15/W16. */
    traumaDie: dice("1d6"),
    traumaRating: integer(1, 10, 2),
    /** W22. */
    twoHanded: boolean(false),
    /** W21: bare hands (adds Punch to damage) or a body weapon (rolls with Punch, no damage from it). */
    unarmed: boolean(false),
    bodyWeapon: boolean(false),
    /** W31. */
    state: choice(ITEM_STATES, "readied"),
    /** W32: rounds in the magazine (max 0: no magazine) and what reloading costs. */
    magazine: pool(0, CWN_BOUNDS.magazine),
    reloadAction: choice(RELOAD_ACTIONS, "main"),
    /** W39: normal and maximum range in metres (0: melee). */
    range: object({ normal: integer(0, CWN_BOUNDS.range, 0), max: integer(0, CWN_BOUNDS.range, 0) }),
    description: html(),
    schemaVersion: version("cwnWeapon"),
  },
  cwnArmor: {
    /** W13: the ACs it gives (the best worn piece counts; Dexterity is added). */
    acMelee: integer(0, CWN_BOUNDS.ac, 13),
    acRanged: integer(0, CWN_BOUNDS.ac, 13),
    /** W19: armor damage soak: what is left, and what it holds when fresh. */
    soak: pool(0, CWN_BOUNDS.soak),
    /** W15: added to the wearer's Trauma Target. */
    traumaTargetModifier: integer(-5, 10, 0),
    /** W26: lets its wearer screen gunfire. */
    integralCyberArmor: boolean(false),
    /** W18: a shield or similar: immune to Shock while worn. */
    grantsShockImmunity: boolean(false),
    worn: boolean(true),
    description: html(),
    schemaVersion: version("cwnArmor"),
  },
  cwnSkill: {
    /** W13: −1 untrained … 4. */
    level: integer(-1, 5, 0),
    /** The combat skill this item is, if any (the item's name may be in any language). */
    combatSkill: choice(["", ...COMBAT_SKILLS], ""),
    description: html(),
    schemaVersion: version("cwnSkill"),
  },
});
