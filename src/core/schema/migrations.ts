/**
 * Running a type's migrations (docs/data-model.md, "Versioned"): each ruleset
 * keeps its own steps and versions per type, so a fix to one ruleset's schema
 * never touches another's documents. Pure.
 */
import type { DocumentName } from "./description.js";
import { typeManifest } from "./registry.js";

export interface MigrationResult {
  changed: boolean;
  /** The version the source said it had (0 when it had none). */
  from: number;
  to: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Upgrade a type's `system` source in place through every step newer than its
 * `schemaVersion` (0 when absent). A source that states a version gets the
 * current one; a partial source without one is left without it.
 */
export function migrateSystemSource(documentName: DocumentName, type: string, source: unknown): MigrationResult {
  const found = typeManifest(documentName, type);
  const target = found?.type.version ?? 0;
  if (!found || !isObject(source)) return { changed: false, from: target, to: target };
  const stated = source.schemaVersion;
  const from = typeof stated === "number" && Number.isInteger(stated) ? stated : 0;
  let changed = false;
  for (const step of found.type.migrations) {
    if (step.version > from) changed = step.migrate(source) || changed;
  }
  if (typeof stated === "number" && stated < target) {
    source.schemaVersion = target;
    changed = true;
  }
  return { changed, from, to: Math.max(from, target) };
}
