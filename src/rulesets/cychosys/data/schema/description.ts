/**
 * A Foundry-free description of every actor and item type's `system` data
 * (docs/data-model.md). One description, two users: `validate.ts` checks plain
 * objects against it (tests, pack checks), and `src/data/fields.ts` turns it
 * into Foundry `DataField`s for the TypeDataModels.
 */
import { ALL_LOCATIONS, FACETS, LAYERS, MAX_HITS } from "../../rules/index.js";

/** A whole number from min to max. */
export interface IntegerField {
  kind: "integer";
  min: number;
  max: number;
  initial: number;
}

/** Bundle notation (R2), checked by the rules core's parser; `note` allows a `(note)` (outfit shields only). */
export interface NotationField {
  kind: "notation";
  initial: string;
  note: boolean;
}

/** Plain text; `blank: false` requires something other than spaces. */
export interface TextField {
  kind: "text";
  initial: string;
  blank: boolean;
}

/** Rich text (Foundry `HTMLField`). */
export interface HtmlField {
  kind: "html";
  initial: string;
}

/** One of a fixed list of strings. */
export interface ChoiceField {
  kind: "choice";
  choices: readonly string[];
  initial: string;
}

export interface BooleanFieldDescription {
  kind: "boolean";
  initial: boolean;
}

/** An object with these keys and no others. */
export interface ObjectField {
  kind: "object";
  fields: FieldsDescription;
  /** `{ value, max }`: value may not exceed max (R33, R37). */
  valueAtMostMax?: boolean;
}

/** A list of one kind of element; `unique` forbids repeats (e.g. covered locations). */
export interface ListField {
  kind: "list";
  element: FieldDescription;
  unique: boolean;
}

export type FieldDescription =
  | IntegerField
  | NotationField
  | TextField
  | HtmlField
  | ChoiceField
  | BooleanFieldDescription
  | ObjectField
  | ListField;

export type FieldsDescription = Readonly<Record<string, FieldDescription>>;

export type DocumentName = "Actor" | "Item";

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
  skill: 1,
  trademark: 1,
  weapon: 1,
  trick: 1,
  outfit: 1,
});

// --- builders -------------------------------------------------------------

const integer = (min: number, max: number, initial: number): IntegerField => ({ kind: "integer", min, max, initial });
const notation = (initial: string, note = false): NotationField => ({ kind: "notation", initial, note });
const text = (initial = "", blank = true): TextField => ({ kind: "text", initial, blank });
const html = (): HtmlField => ({ kind: "html", initial: "" });
const choice = (choices: readonly string[], initial: string): ChoiceField => ({ kind: "choice", choices, initial });
const boolean = (initial: boolean): BooleanFieldDescription => ({ kind: "boolean", initial });
const object = (fields: FieldsDescription, valueAtMostMax = false): ObjectField =>
  valueAtMostMax ? { kind: "object", fields, valueAtMostMax } : { kind: "object", fields };
const list = (element: FieldDescription, unique = false): ListField => ({ kind: "list", element, unique });

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

/** The rich-text fields of each type, for `system.json`'s `htmlFields`. */
export function htmlFieldPaths(fields: FieldsDescription, prefix = ""): string[] {
  const paths: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind === "html") paths.push(`${prefix}${key}`);
    else if (field.kind === "object") paths.push(...htmlFieldPaths(field.fields, `${prefix}${key}.`));
  }
  return paths;
}

/** The description of a type's `system` data, or undefined for an unknown type. */
export function schemaFor(documentName: DocumentName, type: string): FieldsDescription | undefined {
  const table: Readonly<Record<string, FieldsDescription>> = documentName === "Actor" ? ACTOR_SCHEMAS : ITEM_SCHEMAS;
  return Object.hasOwn(table, type) ? table[type] : undefined;
}

export function typesOf(documentName: DocumentName): readonly string[] {
  return documentName === "Actor" ? ACTOR_TYPES : ITEM_TYPES;
}
