/**
 * A Foundry-free description of a document type's `system` data: one
 * description, two users — `validate.ts` checks plain objects against it
 * (tests, pack checks, the `rules` command), and src/foundry/models/fields.ts
 * turns it into Foundry `DataField`s for the TypeDataModels. The same small
 * language for every ruleset; a ruleset's own notations (Cychosys bundles,
 * OpenD6 die codes) are `notation` fields naming a syntax the ruleset
 * registers (syntax.ts).
 */

/** A whole number from min to max. */
export interface IntegerField {
  kind: "integer";
  min: number;
  max: number;
  initial: number;
}

/** Text in a ruleset's notation, checked by its parser; `note` allows a `(note)` where the syntax has one. */
export interface NotationField {
  kind: "notation";
  /** The registered syntax (syntax.ts), e.g. `bundle` (Cychosys R2) or `d6Code` (OpenD6 D1). */
  syntax: string;
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
  /** `{ value, max }`: value may not exceed max. */
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

/** One step of a type's migrations (src/core/schema/migrations.ts runs them in order). */
export interface MigrationStep {
  /** The version this step produces. */
  version: number;
  /** What it changes, for the changelog and the tests. */
  description: string;
  /** Upgrade in place; return true when something changed. */
  migrate(source: Record<string, unknown>): boolean;
}

// --- builders, for the rulesets' descriptions ------------------------------

export const integer = (min: number, max: number, initial: number): IntegerField => ({ kind: "integer", min, max, initial });
export const notation = (syntax: string, initial: string, note = false): NotationField => ({ kind: "notation", syntax, initial, note });
export const text = (initial = "", blank = true): TextField => ({ kind: "text", initial, blank });
export const html = (): HtmlField => ({ kind: "html", initial: "" });
export const choice = (choices: readonly string[], initial: string): ChoiceField => ({ kind: "choice", choices, initial });
export const boolean = (initial: boolean): BooleanFieldDescription => ({ kind: "boolean", initial });
export const object = (fields: FieldsDescription, valueAtMostMax = false): ObjectField =>
  valueAtMostMax ? { kind: "object", fields, valueAtMostMax } : { kind: "object", fields };
export const list = (element: FieldDescription, unique = false): ListField => ({ kind: "list", element, unique });
/** `{ value, max }`, integers from 0 to `max`, value ≤ max; new documents start with `initial` in both. */
export const pool = (initial: number, max: number): ObjectField => object({ value: integer(0, max, initial), max: integer(0, max, initial) }, true);

/** The rich-text fields of a type, for `system.json`'s `htmlFields`. */
export function htmlFieldPaths(fields: FieldsDescription, prefix = ""): string[] {
  const paths: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (field.kind === "html") paths.push(`${prefix}${key}`);
    else if (field.kind === "object") paths.push(...htmlFieldPaths(field.fields, `${prefix}${key}.`));
  }
  return paths;
}
