/**
 * Turns the Foundry-free schema descriptions (src/data/schema/) into Foundry
 * `DataField`s. A thin builder: every rule it enforces comes from the
 * description (integers with min and max, decimals with a step, choices) or from the ruleset's
 * parser (a notation field names its syntax, src/core/schema/syntax.ts, and a
 * rejected value carries the parser's message, localized).
 */
import { format } from "../i18n.js";
import type { DecimalField, FieldDescription, FieldsDescription, NotationField } from "../../core/schema/description.js";
import { checkField, describeValue, type KeyedProblem, notationProblem } from "../../core/schema/validate.js";

/** The part of `foundry.data.fields` the builder uses (tests pass a fake that records options). */
export type FieldsNamespace = Pick<
  typeof foundry.data.fields,
  "NumberField" | "StringField" | "HTMLField" | "BooleanField" | "ArrayField" | "SchemaField"
>;

/** The `validate` option of a notation field: throws its ruleset's parser's message, localized. */
export function notationValidator(field: Pick<NotationField, "syntax" | "note">) {
  return (value: unknown): void => {
    const problem = notationProblem(value, field);
    if (problem) throw new Error(format(problem.key, problem.params));
  };
}

/** The `validate` option of a decimal field: a finite number within its bounds on a whole step, else its message, localized. */
export function decimalValidator(field: DecimalField) {
  return (value: unknown): void => {
    const problems: KeyedProblem[] = [];
    checkField(field, value, "", problems);
    if (problems[0]) throw new Error(format(problems[0].key, problems[0].params));
  };
}

/** The `validate` option of a list whose elements may not repeat. */
export function uniqueValidator(value: unknown): void {
  if (!Array.isArray(value)) return;
  const seen = new Set<unknown>();
  for (const element of value) {
    if (seen.has(element)) throw new Error(format("CYCHOSYS.Schema.repeated", { value: describeValue(element) }));
    seen.add(element);
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the built fields' precise types come from the descriptions, not from TypeScript */
export function buildField(field: FieldDescription, fields: FieldsNamespace = foundry.data.fields): any {
  const base = { required: true, nullable: false } as const;
  switch (field.kind) {
    case "integer":
      return new fields.NumberField({ ...base, integer: true, min: field.min, max: field.max, initial: field.initial });
    case "decimal":
      // Foundry's own `step`, and our check: refused with our message rather than nothing said.
      return new fields.NumberField({ ...base, min: field.min, max: field.max, step: field.step, initial: field.initial, validate: decimalValidator(field) as any });
    case "notation":
      return new fields.StringField({ ...base, blank: true, initial: field.initial, validate: notationValidator(field) as any });
    case "text":
      return new fields.StringField({ ...base, blank: field.blank, initial: field.initial });
    case "html":
      return new fields.HTMLField({ ...base, blank: true, initial: field.initial });
    case "choice":
      return new fields.StringField({ ...base, blank: false, choices: [...field.choices], initial: field.initial });
    case "boolean":
      return new fields.BooleanField({ initial: field.initial });
    case "list": {
      const element = buildField(field.element, fields);
      return new fields.ArrayField(element, field.unique ? { ...base, validate: uniqueValidator as any } : { ...base });
    }
    case "object":
      return new fields.SchemaField(buildSchema(field.fields, fields), { ...base });
  }
}

/** `defineSchema()` of a data model: one Foundry field per described key. */
export function buildSchema(description: FieldsDescription, fields: FieldsNamespace = foundry.data.fields): Record<string, any> {
  return Object.fromEntries(Object.entries(description).map(([key, field]) => [key, buildField(field, fields)]));
}
/* eslint-enable @typescript-eslint/no-explicit-any */
