/** R38: burden and quickness (also the movement rate). */
import { type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import type { Bundle } from "./notation.js";
import { BODY_LOCATIONS, type BodyLocation, type OutfitPiece } from "./outfit.js";
import { conditionPenalties } from "./totals.js";
import type { FacetValues } from "./types.js";

export interface BurdenBreakdown {
  burden: number;
  /** The most common weight among worn pieces (ties: the heavier). */
  commonWeight: number;
  /** Worn layers on the most heavily covered location, beyond the first. */
  extraLayers: number;
  /** That location (undefined when nothing is worn). */
  mostCovered?: BodyLocation;
}

/**
 * R38 [fixed]: burden = the most common weight among worn pieces (ties: the
 * heavier) + 1 per layer beyond the first on the most heavily covered body
 * location. Skin, will and virtual pieces carry no burden and are no layers.
 */
export function burden(outfit: readonly OutfitPiece[]): BurdenBreakdown {
  const worn = outfit.filter((p) => p.layer === "worn");
  if (worn.length === 0) return { burden: 0, commonWeight: 0, extraLayers: 0 };
  const counts = new Map<number, number>();
  for (const p of worn) counts.set(p.weight ?? 0, (counts.get(p.weight ?? 0) ?? 0) + 1);
  let commonWeight = 0;
  let best = 0;
  for (const [weight, count] of counts) {
    if (count > best || (count === best && weight > commonWeight)) {
      best = count;
      commonWeight = weight;
    }
  }
  let layers = 0;
  let mostCovered: BodyLocation | undefined;
  for (const location of BODY_LOCATIONS) {
    const n = worn.filter((p) => p.covers.includes(location)).length;
    if (n > layers) {
      layers = n;
      mostCovered = location;
    }
  }
  const extraLayers = Math.max(0, layers - 1);
  const result: BurdenBreakdown = { burden: commonWeight + extraLayers, commonWeight, extraLayers };
  if (mostCovered) result.mostCovered = mostCovered;
  return result;
}

export interface QuicknessInput {
  /** Current hit pools (injury slows next round, R14). */
  hitPools: FacetValues;
  outfit: readonly OutfitPiece[];
  /** Sum of trademark quickness modifiers (Heavy: −2). */
  trademarkModifier?: number;
  /** Conditions taken (letters or a bundle of wounding effects). */
  conditions?: Bundle | readonly string[];
}

export interface QuicknessBreakdown {
  quickness: number;
  highestPool: number;
  burden: BurdenBreakdown;
  trademarkModifier: number;
  conditionPenalty: number;
}

/** R38: highest current hit pool − burden + trademark modifiers − condition penalties; never below 0. */
export function quickness(input: QuicknessInput, table: EffectsTable = STANDARD_EFFECTS): QuicknessBreakdown {
  const highestPool = Math.max(input.hitPools.physical, input.hitPools.mental, input.hitPools.emotional);
  const b = burden(input.outfit);
  const trademarkModifier = input.trademarkModifier ?? 0;
  const conditionPenalty = input.conditions ? conditionPenalties(input.conditions, table).quickness : 0;
  return {
    quickness: Math.max(0, highestPool - b.burden + trademarkModifier - conditionPenalty),
    highestPool,
    burden: b,
    trademarkModifier,
    conditionPenalty,
  };
}
