/**
 * R33, R36: hits over the pools (or one fatigue pool), and who is out of the
 * fight. Re-exported by injury.ts.
 */
import { RulesError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { copyFacets, FACETS, type Facet, type FacetValues, sumFacets } from "./types.js";

// ---------------------------------------------------------------------------
// R33: hits over the pools.

/** R33 [fixed]: one hit at a time from the currently largest pool, ties physical, mental, emotional. */
export function defaultDistribution(hits: number, pools: FacetValues): FacetValues {
  let p = pools.physical;
  let m = pools.mental;
  let e = pools.emotional;
  let remaining = Math.min(hits, Math.max(0, p + m + e));
  // Each pass takes from the largest pool down to the next one's level at
  // once (at least one hit): the same result as one hit at a time.
  while (remaining > 0) {
    if (p >= m && p >= e) {
      const take = Math.min(remaining, Math.max(1, p - Math.max(m, e)));
      p -= take;
      remaining -= take;
    } else if (m >= e) {
      const take = Math.min(remaining, Math.max(1, m - Math.max(p, e)));
      m -= take;
      remaining -= take;
    } else {
      const take = Math.min(remaining, Math.max(1, e - Math.max(p, m)));
      e -= take;
      remaining -= take;
    }
  }
  return { physical: pools.physical - p, mental: pools.mental - m, emotional: pools.emotional - e };
}

export interface DistributionOutcome {
  distribution: FacetValues;
  pools: FacetValues;
  /** Hits that found no pool left (every pool at 0). */
  overflow: number;
}

/**
 * R33: distribute hits over pools, as chosen or by default. A chosen
 * distribution must give exactly the hits the pools can take and never take
 * more from a pool than it has.
 */
export function distributeHits(hits: number, pools: FacetValues, chosen?: FacetValues): DistributionOutcome {
  const capacity = Math.max(0, sumFacets(pools));
  const expected = Math.min(hits, capacity);
  const distribution = chosen ? copyFacets(chosen) : defaultDistribution(hits, pools);
  if (chosen) {
    for (const f of FACETS) {
      const value = distribution[f] ?? 0;
      if (!Number.isInteger(value)) throw new RulesError("notInteger", { what: english("CYCHOSYS.Term.hitsTo", { facet: f }), value: String(value) });
      if (value < 0) throw new RulesError("distributionNegative", { facet: f, value });
      if (value > pools[f]) throw new RulesError("distributionExceeds", { got: value, facet: f, value: pools[f] });
    }
    const got = sumFacets(distribution);
    if (got !== expected) throw new RulesError("distributionSum", { got, expected });
  }
  return {
    distribution,
    pools: {
      physical: pools.physical - distribution.physical,
      mental: pools.mental - distribution.mental,
      emotional: pools.emotional - distribution.emotional,
    },
    overflow: hits - expected,
  };
}

/** R36: non-lethal: hits come off one fatigue pool, down to 0. */
export function distributeFatigue(hits: number, pools: FacetValues, facet: Facet): DistributionOutcome {
  const taken = Math.min(hits, Math.max(0, pools[facet]));
  const distribution: FacetValues = { physical: 0, mental: 0, emotional: 0 };
  distribution[facet] = taken;
  return {
    distribution,
    pools: { ...pools, [facet]: pools[facet] - taken },
    overflow: hits - taken,
  };
}

/** R36: a non-lethal contest ends when the targeted pool reaches 0 or has dropped by the GM's threshold. */
export function nonLethalContestOver(startValue: number, currentValue: number, threshold?: number): boolean {
  return currentValue <= 0 || (threshold !== undefined && threshold > 0 && startValue - currentValue >= threshold);
}

/** R33 [fixed]: which facets a character is out of the fight in (pool at 0), and whether defeated. */
export function outOfFight(hitPools: FacetValues): { facets: Facet[]; defeated: boolean } {
  const facets = FACETS.filter((f) => hitPools[f] <= 0);
  return { facets, defeated: facets.length > 0 };
}
