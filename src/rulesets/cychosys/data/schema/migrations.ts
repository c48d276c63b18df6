/**
 * Versioned upgrades of stored `system` data (docs/data-model.md,
 * "Versioned"). Pure: the data models' `migrateData` and the world migration
 * runner (src/foundry/migrations.ts) both call `migrateSystemSource`.
 *
 * A step upgrades source from `version - 1` to `version`. Foundry also passes
 * partial data (an update's changes) through `migrateData`, so every step
 * touches only keys that are present and only shapes it recognizes, and does
 * nothing to data that is already current: steps are idempotent.
 */
import { normalizeCovers } from "../../rules/index.js";
import { type ActorType, type DocumentName, type ItemTypeName, SCHEMA_VERSION } from "./description.js";

type Source = Record<string, unknown>;

export interface MigrationStep {
  /** The version this step produces. */
  version: number;
  /** What it changes, for the changelog and the tests. */
  description: string;
  /** Upgrade in place; return true when something changed. */
  migrate(source: Source): boolean;
}

const isObject = (value: unknown): value is Source => typeof value === "object" && value !== null && !Array.isArray(value);

/** v0 → v1: a pool stored as one number becomes `{ value, max }` with both at that number. */
function poolFromNumber(holder: Source, key: string): boolean {
  const value = holder[key];
  if (typeof value !== "number") return false;
  holder[key] = { value, max: value };
  return true;
}

function facetPoolsFromNumbers(source: Source): boolean {
  const pools = source.pools;
  if (!isObject(pools)) return false;
  let changed = false;
  for (const kind of ["hit", "fatigue"]) {
    const facets = pools[kind];
    if (!isObject(facets)) continue;
    for (const facet of ["physical", "mental", "emotional"]) changed = poolFromNumber(facets, facet) || changed;
  }
  return changed;
}

const combatantSteps: MigrationStep[] = [
  { version: 1, description: "pools stored as single numbers become { value, max }", migrate: facetPoolsFromNumbers },
];

export const MIGRATIONS: Readonly<Record<ActorType | ItemTypeName, readonly MigrationStep[]>> = Object.freeze({
  character: combatantSteps,
  npc: combatantSteps,
  object: [{ version: 1, description: "hits stored as one number become { value, max }", migrate: (s) => poolFromNumber(s, "hits") }],
  skill: [
    {
      version: 1,
      description: "a dice rating below 1 becomes 1 (R12: at least one die)",
      migrate: (s) => {
        if (typeof s.dice !== "number" || s.dice >= 1) return false;
        s.dice = 1;
        return true;
      },
    },
  ],
  trademark: [],
  weapon: [],
  trick: [],
  outfit: [
    {
      version: 1,
      description: 'covers "all" becomes the six body locations',
      migrate: (s) => {
        if (s.covers !== "all") return false;
        s.covers = normalizeCovers("all");
        return true;
      },
    },
  ],
});

export interface MigrationResult {
  changed: boolean;
  /** The version the source said it had (0 when it had none). */
  from: number;
  to: number;
}

/**
 * Upgrade a type's `system` source in place through every step newer than its
 * `schemaVersion` (0 when absent). A source that states a version gets the
 * current one; a partial source without one is left without it.
 */
export function migrateSystemSource(documentName: DocumentName, type: string, source: unknown): MigrationResult {
  const steps = (Object.hasOwn(MIGRATIONS, type) ? MIGRATIONS[type as ActorType | ItemTypeName] : undefined) ?? [];
  const target = (SCHEMA_VERSION as Record<string, number>)[type] ?? 0;
  const known = (documentName === "Actor" ? ["character", "npc", "object"] : ["skill", "trademark", "weapon", "trick", "outfit"]).includes(type);
  if (!known || !isObject(source)) return { changed: false, from: target, to: target };
  const stated = source.schemaVersion;
  const from = typeof stated === "number" && Number.isInteger(stated) ? stated : 0;
  let changed = false;
  for (const step of steps) {
    if (step.version > from) changed = step.migrate(source) || changed;
  }
  if (typeof stated === "number" && stated < target) {
    source.schemaVersion = target;
    changed = true;
  }
  return { changed, from, to: Math.max(from, target) };
}
