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
import { normalizeCovers } from "../../rules/outfit.js";
import type { MigrationStep } from "../../../../core/schema/description.js";
import type { ActorType, ItemTypeName } from "./description.js";

type Source = Record<string, unknown>;


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
    {
      version: 2,
      description: "a skill gets a description (empty until the GM writes one)",
      // Only a whole stored source (it states its version): an update's partial changes must never blank a description.
      migrate: (s) => {
        if (s.schemaVersion === undefined || s.description !== undefined) return false;
        s.description = "";
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
