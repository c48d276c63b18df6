/**
 * Every ruleset's document types, by name, for the schema checks and the
 * data models. Type names are unique across rulesets (Cychosys keeps
 * `character`, `npc`, …; OpenD6 has `d6Character`, …), so a type names its
 * ruleset. Filled once with every ruleset's manifest (src/rulesets/manifests.ts).
 */
import type { RulesetId, RulesetManifest, TypeManifest } from "../ruleset.js";
import type { DocumentName, FieldsDescription } from "./description.js";

const manifests = new Map<RulesetId, RulesetManifest>();

export function registerManifest(manifest: RulesetManifest): void {
  for (const other of manifests.values()) {
    if (other.id === manifest.id) continue;
    for (const doc of ["Actor", "Item"] as const) {
      for (const type of Object.keys(manifest[doc])) {
        if (Object.hasOwn(other[doc], type)) throw new Error(`Cychosys: ${doc} type "${type}" is declared by both ${other.id} and ${manifest.id}`);
      }
    }
  }
  manifests.set(manifest.id, manifest);
}

export function registeredManifests(): RulesetManifest[] {
  return [...manifests.values()];
}

export function manifestById(id: RulesetId): RulesetManifest | undefined {
  return manifests.get(id);
}

/** The ruleset a type belongs to, and its manifest entry. */
export function typeManifest(documentName: DocumentName, type: string): { ruleset: RulesetId; type: TypeManifest } | undefined {
  for (const manifest of manifests.values()) {
    const table = manifest[documentName];
    if (Object.hasOwn(table, type)) return { ruleset: manifest.id, type: table[type]! };
  }
  return undefined;
}

export function rulesetOfType(documentName: DocumentName, type: string): RulesetId | undefined {
  return typeManifest(documentName, type)?.ruleset;
}

/** The description of a type's `system` data, or undefined for an unknown type. */
export function schemaFor(documentName: DocumentName, type: string): FieldsDescription | undefined {
  return typeManifest(documentName, type)?.type.fields;
}

/** The types of every ruleset, or of one. */
export function typesOf(documentName: DocumentName, ruleset?: RulesetId): string[] {
  return [...manifests.values()].filter((m) => !ruleset || m.id === ruleset).flatMap((m) => Object.keys(m[documentName]));
}
