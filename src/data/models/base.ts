/**
 * The system's TypeDataModels: each `defineSchema()` is built from the
 * Foundry-free description (src/data/schema/), `migrateData` runs the pure
 * migrations, `validateJoint` checks value ≤ max, and `prepareDerivedData`
 * calls the pure derive functions with the world's rules (`CONFIG.CYCHOSYS`).
 */
import { type Rules, STANDARD_RULES } from "../../rules/index.js";
import { format } from "../../foundry/i18n.js";
import { buildSchema } from "../fields.js";
import {
  type DocumentName,
  type FieldsDescription,
  migrateSystemSource,
  schemaFor,
  valueAboveMaxProblems,
} from "../schema/index.js";

/** The world's rules data (settings replace parts of it), or the standard rules before `init`. */
export function worldRules(): Rules {
  const config = (globalThis as { CONFIG?: { CYCHOSYS?: Rules } }).CONFIG;
  return config?.CYCHOSYS ?? STANDARD_RULES;
}

/** The description of a registered type; a programming error when it is missing. */
export function describedSchema(documentName: DocumentName, type: string): FieldsDescription {
  const fields = schemaFor(documentName, type);
  if (!fields) throw new Error(`Cychosys: no schema for ${documentName} type ${type}`);
  return fields;
}

/** Throw the first value > max problem, localized (Foundry reports it as a joint validation failure). */
export function assertValueAtMostMax(fields: FieldsDescription, data: unknown): void {
  const problems = valueAboveMaxProblems(fields, data);
  if (problems.length > 0) {
    throw new Error(problems.map((p) => `${p.path}: ${format(p.key, p.params)}`).join(" "));
  }
}

/**
 * Static members every model shares, parameterized by document name and type.
 * Used by each model class (a mixin would make tsc's work much heavier).
 */
export function modelStatics(documentName: DocumentName, type: string) {
  return {
    defineSchema: () => buildSchema(describedSchema(documentName, type)),
    migrateData: (source: Record<string, unknown>) => {
      migrateSystemSource(documentName, type, source);
      return source;
    },
    validateJoint: (data: unknown) => assertValueAtMostMax(describedSchema(documentName, type), data),
  };
}
