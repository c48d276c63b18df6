/**
 * The system's TypeDataModels: each `defineSchema()` is built from the
 * Foundry-free description (src/data/schema/), `migrateData` runs the pure
 * migrations, `validateJoint` checks value ≤ max, and `prepareDerivedData`
 * calls the pure derive functions with the world's rules (`CONFIG.CYCHOSYS`).
 */
import { type Rules, STANDARD_RULES } from "../../../rulesets/cychosys/rules/index.js";
import { format } from "../../i18n.js";
import { buildSchema } from "../../models/fields.js";
import {
  type DocumentName,
  type FieldsDescription,
  migrateSystemSource,
  schemaFor,
  valueAboveMaxProblems,
} from "../../../rulesets/cychosys/data/schema/index.js";

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

type AnySchema = foundry.data.fields.DataSchema;
type AnyObject = Record<string, unknown>;

/**
 * The base of every item model: its schema is the described one for
 * `schemaType`, and `migrateData` runs the pure migrations first. A subclass
 * sets `schemaType` and declares its fields (plain inheritance, not a mixin,
 * which would make tsc's work much heavier).
 */
export class ItemModelBase extends foundry.abstract.TypeDataModel<AnySchema, Item.Implementation> {
  static schemaType = "";

  static override defineSchema(): AnySchema {
    return buildSchema(describedSchema("Item", this.schemaType));
  }

  static override migrateData(source: AnyObject): AnyObject {
    migrateSystemSource("Item", this.schemaType, source);
    return super.migrateData(source);
  }
}

/** The base of every actor model: as for items, and `validateJoint` checks every value ≤ max. */
export class ActorModelBase extends foundry.abstract.TypeDataModel<AnySchema, Actor.Implementation> {
  static schemaType = "";

  static override defineSchema(): AnySchema {
    return buildSchema(describedSchema("Actor", this.schemaType));
  }

  static override migrateData(source: AnyObject): AnyObject {
    migrateSystemSource("Actor", this.schemaType, source);
    return super.migrateData(source);
  }

  static override validateJoint(data: AnyObject): void {
    assertValueAtMostMax(describedSchema("Actor", this.schemaType), data);
  }
}
