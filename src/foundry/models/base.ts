/**
 * The TypeDataModels of every ruleset's types: each `defineSchema()` is built
 * from its Foundry-free description (src/core/schema/, the ruleset's
 * manifest), `migrateData` runs that ruleset's own migrations, `validateJoint`
 * checks value ≤ max, and `prepareDerivedData` asks the active ruleset's code
 * (`RulesetAdapter.derive`) — a document of another ruleset keeps its stored
 * data and derives nothing (it opens read-only).
 */
import type { DocumentName, FieldsDescription } from "../../core/schema/description.js";
import { migrateSystemSource } from "../../core/schema/migrations.js";
import { schemaFor } from "../../core/schema/registry.js";
import { valueAboveMaxProblems } from "../../core/schema/validate.js";
import { activeAdapter } from "../adapter.js";
import { format } from "../i18n.js";
import { buildSchema } from "./fields.js";

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

  override prepareDerivedData(): void {
    derive(this, "Item", (this.constructor as typeof ItemModelBase).schemaType);
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

  override prepareDerivedData(): void {
    derive(this, "Actor", (this.constructor as typeof ActorModelBase).schemaType);
  }
}

/** The derived data the active ruleset's code computes for this type, when it is one of its own. */
function derive(model: { parent: unknown }, documentName: DocumentName, type: string): void {
  const derived = activeAdapter()?.derive?.(documentName, type, model as unknown as Record<string, unknown>, model.parent);
  if (derived !== undefined) (model as unknown as { derived: unknown }).derived = derived;
}

/** A model class for one type (its `schemaType`), for types with no class of their own. */
export function modelFor(documentName: DocumentName, type: string): typeof ActorModelBase | typeof ItemModelBase {
  if (documentName === "Actor") {
    return class extends ActorModelBase {
      static override schemaType = type;
    };
  }
  return class extends ItemModelBase {
    static override schemaType = type;
  };
}
