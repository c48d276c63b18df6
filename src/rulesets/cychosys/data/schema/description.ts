/**
 * A Foundry-free description of every actor and item type's `system` data
 * (docs/data-model.md). One description, two users: `validate.ts` checks plain
 * objects against it (tests, pack checks), and `src/data/fields.ts` turns it
 * into Foundry `DataField`s for the TypeDataModels.
 */
import { ALL_LOCATIONS, LAYERS } from "../../rules/outfit.js";
import { FACETS, MAX_HITS } from "../../rules/types.js";

import {
  boolean,
  choice,
  type DocumentName,
  type FieldDescription,
  type FieldsDescription,
  html,
  type IntegerField,
  integer,
  list,
  notation as notationIn,
  type NotationField,
  object,
  type ObjectField,
  text,
} from "../../../../core/schema/description.js";
import { schemaFor as registeredSchema, typesOf as registeredTypes } from "../../../../core/schema/registry.js";

export type { DocumentName, FieldDescription, FieldsDescription } from "../../../../core/schema/description.js";
export { htmlFieldPaths } from "../../../../core/schema/description.js";

export const ACTOR_TYPES = ["character", "npc", "object"] as const;
export const ITEM_TYPES = ["skill", "trademark", "weapon", "trick", "outfit"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
export type ItemTypeName = (typeof ITEM_TYPES)[number];

/**
 * The schema version of each type's stored data. Raise it with a new step in
 * `migrations.ts` whenever a type's stored shape changes.
 */
export const SCHEMA_VERSION: Readonly<Record<ActorType | ItemTypeName, number>> = Object.freeze({
  character: 1,
  npc: 1,
  object: 1,
  skill: 2,
  trademark: 1,
  weapon: 1,
  trick: 1,
  outfit: 1,
});

/** The notation of Cychosys fields: bundles (R2), checked by the rules core's parser (syntax.ts). */
export const BUNDLE_SYNTAX = "bundle";
const notation = (initial: string, note = false): NotationField => notationIn(BUNDLE_SYNTAX, initial, note);

/** Largest pool value (R33, R36, R37): the rules core's hit limit. */
export const MAX_POOL = MAX_HITS;

/**
 * `{ value, max }`, integers 0–999, value ≤ max. New documents start with
 * `initial` in both (a fresh character is not out of the fight, R33).
 */
const pool = (initial: number): ObjectField =>
  object({ value: integer(0, MAX_POOL, initial), max: integer(0, MAX_POOL, initial) }, true);

const facetPools = (initial: number): ObjectField =>
  object(Object.fromEntries(FACETS.map((facet) => [facet, pool(initial)])));

const version = (type: ActorType | ItemTypeName): IntegerField => integer(0, SCHEMA_VERSION[type], SCHEMA_VERSION[type]);

/** What characters and NPCs share (R15, R16, R29–R31, R33, R36, R38). */
function combatant(type: "character" | "npc"): Record<string, FieldDescription> {
  return {
    pools: object({ hit: facetPools(5), fatigue: facetPools(6) }),
    natural: object({ skin: notation("1"), will: notation("0") }),
    modifiers: object({ quickness: integer(-20, 20, 0), soakSteps: integer(0, 10, 0), actions: integer(0, 10, 0) }),
    schemaVersion: version(type),
  };
}

/** Weapons and tricks (R13, R25). */
function gear(type: "weapon" | "trick"): Record<string, FieldDescription> {
  return {
    speed: integer(-20, 99, 0),
    edge: notation("0"),
    skill: text(),
    finesse: text(),
    parry: object({ hits: integer(0, MAX_POOL, 0), shield: notation("0") }),
    description: html(),
    schemaVersion: version(type),
  };
}

export const ACTOR_SCHEMAS: Readonly<Record<ActorType, FieldsDescription>> = Object.freeze({
  character: {
    ...combatant("character"),
    experience: object({ unspent: integer(0, 99_999, 0), spent: integer(0, 99_999, 0) }),
    biography: html(),
  },
  npc: { ...combatant("npc"), notes: html() },
  object: {
    hits: pool(1),
    shield: notation("0"),
    description: html(),
    schemaVersion: version("object"),
  },
});

export const ITEM_SCHEMAS: Readonly<Record<ItemTypeName, FieldsDescription>> = Object.freeze({
  skill: {
    base: integer(-20, 99, 0),
    dice: integer(1, 20, 1),
    facet: choice(FACETS, "physical"),
    finesses: list(object({ name: text("", false), bonus: integer(-20, 99, 0) })),
    // What the skill covers, in the GM's words (v2: stored skills get an empty one).
    description: html(),
    schemaVersion: version("skill"),
  },
  trademark: { description: html(), schemaVersion: version("trademark") },
  weapon: gear("weapon"),
  trick: gear("trick"),
  outfit: {
    weight: integer(0, 99, 0),
    shield: notation("0", true),
    covers: list(choice(ALL_LOCATIONS, "chest"), true),
    layer: choice(LAYERS, "worn"),
    equipped: boolean(true),
    description: html(),
    schemaVersion: version("outfit"),
  },
});

/** The description of a type's `system` data (any ruleset's), or undefined for an unknown type. */
export function schemaFor(documentName: DocumentName, type: string): FieldsDescription | undefined {
  return registeredSchema(documentName, type);
}

/** The Cychosys types of a document. */
export function typesOf(documentName: DocumentName): readonly string[] {
  return registeredTypes(documentName, "cychosys");
}
