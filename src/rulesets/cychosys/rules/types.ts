/** Shared vocabulary of the rules core. */

/** The three facets of a character; each has a hit pool and a fatigue pool. */
export type Facet = "physical" | "mental" | "emotional";
export const FACETS: readonly Facet[] = ["physical", "mental", "emotional"];

/** One number per facet: pool values, reduce costs, distributions. */
export interface FacetValues {
  physical: number;
  mental: number;
  emotional: number;
}

/** A character's pools (R33, R36): hit pools and fatigue pools, current values. */
export interface Pools {
  hit: FacetValues;
  fatigue: FacetValues;
}

export const ZERO_FACETS: Readonly<FacetValues> = Object.freeze({ physical: 0, mental: 0, emotional: 0 });

export function facetValues(physical = 0, mental = 0, emotional = 0): FacetValues {
  return { physical, mental, emotional };
}

/** A fresh copy of per-facet values (cheaper than a spread in hot paths). */
export function copyFacets(v: FacetValues): FacetValues {
  return { physical: v.physical, mental: v.mental, emotional: v.emotional };
}

export function sumFacets(v: FacetValues): number {
  return v.physical + v.mental + v.emotional;
}

export function isFacet(value: unknown): value is Facet {
  return value === "physical" || value === "mental" || value === "emotional";
}

/** Largest bundle hits and pool size the core accepts (R2). */
export const MAX_HITS = 999;
