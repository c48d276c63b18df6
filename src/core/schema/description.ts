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

/**
 * A number from min to max in whole steps of `step` (GURPS Basic Speed 5.75:
 * step 0.25; a weight of 0.5 lb: step 0.01). A step is a power of ten or a
 * fraction 1/2, 1/4 …, so every value on it is written with few decimals.
 */
export interface DecimalField {
  kind: "decimal";
  min: number;
  max: number;
  step: number;
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
  | DecimalField
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
/** A decimal field; `step` must be positive and min, max and initial on it (a description error is a programming error: it throws). */
export function decimal(min: number, max: number, step: number, initial: number): DecimalField {
  const field: DecimalField = { kind: "decimal", min, max, step, initial };
  if (!(step > 0) || !Number.isFinite(step) || stepDecimals(step) > 6 || !(min <= initial && initial <= max) || ![min, max, initial].every((v) => onStep(v, step))) {
    throw new TypeError(`Not a decimal field: ${JSON.stringify(field)}`);
  }
  return field;
}
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

/** How many decimals a step is written with (0.25 → 2, 0.01 → 2, 1 → 0). */
export function stepDecimals(step: number): number {
  const text = String(step);
  if (text.includes("e-")) return Number(text.split("e-")[1]) + (text.split("e-")[0]!.split(".")[1]?.length ?? 0);
  return text.split(".")[1]?.length ?? 0;
}

/** `value` rounded to the nearest whole step, written with the step's decimals (so 0.07 on step 0.01 stays 0.07, not 0.07000000000000001). */
export function toStep(value: number, step: number): number {
  return Number((Math.round(value / step) * step).toFixed(stepDecimals(step)));
}

/** Is `value` a whole number of steps (5.75 on 0.25: yes; 5.7: no)? */
export function onStep(value: number, step: number): boolean {
  return Number.isFinite(value) && toStep(value, step) === value;
}
