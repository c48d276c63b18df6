/**
 * R26–R33, R36: one strike resolved from totals to pools, every step kept so a
 * chat card can explain it line by line.
 */
import {
  applyAntiImpact,
  applyParryObject,
  applyPiercing,
  type CancelOutcome,
  distributeFatigue,
  distributeHits,
  type DistributionOutcome,
  injuryFrom,
  type ObjectOutcome,
  type ParryObject,
  type PiercingOutcome,
  reduceEffects,
  type ReductionOutcome,
  soak,
  type SoakOutcome,
  strikeResult,
  type StrikeResult,
  woundingEffects,
} from "./injury.js";
import type { Bundle, EffectMark, Impact } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { type HitLocation, type OutfitPiece, shieldAt, strikeLocation } from "./outfit.js";
import { copyFacets, type Facet, type FacetValues, type Pools } from "./types.js";

/** What the struck side decides (R24, R28, R32, R33); anything left out takes the default. */
export interface StrikeChoices {
  /** R28: which wounding effects the asterisks make piercing. */
  piercing?: readonly string[];
  /** R24: which wounding effects the anti-impact's asterisks cancel. */
  cancel?: readonly string[];
  /** R32: which effects to reduce (default: none). */
  reduce?: readonly string[];
  /** R33: hits per pool (default: largest pool first). */
  distribute?: FacetValues;
}

export interface StrikeInput {
  strikingTotal: number;
  otherTotal: number;
  /** The striker's edge with added effects (R27). */
  edge: Bundle;
  /** R24/R25: bravery or a won parry. */
  antiImpact?: Impact;
  /** R25: the object a won parry lands on. */
  object?: ParryObject;
  /** The struck side's outfit and trademark soak steps (R30, R31). */
  outfit: readonly OutfitPiece[];
  extraSoakSteps?: number;
  /** Override of R29 (e.g. an attack on the mind). */
  location?: HitLocation;
  /** Current pools; without them no distribution is made. */
  pools?: Pools;
  /** R36: read the impact as fatigue from this pool. */
  nonLethal?: Facet;
  choices?: StrikeChoices;
}

export interface StrikeResolution {
  result: StrikeResult;
  /** Edge + impact hits, piercing marked, before anything cancels it (R27, R28). */
  injury: Bundle;
  piercing: PiercingOutcome;
  antiImpact?: CancelOutcome & { impact: Impact };
  object?: ObjectOutcome;
  location: HitLocation;
  /** The location was given (an aimed or mental attack), not read from the last digit. */
  aimed: boolean;
  soak: SoakOutcome;
  reduction: ReductionOutcome;
  /** Wounding effects taken as conditions (R33), piercing marked. */
  taken: EffectMark[];
  /** Hits (or fatigue, R36) to distribute. */
  hits: number;
  distribution?: DistributionOutcome;
  /** The struck side's pools after reduction and distribution. */
  pools?: Pools;
  /** R36: the fatigue pool a non-lethal contest targets. */
  nonLethal?: Facet;
}

const NO_CHOICES: StrikeChoices = Object.freeze({});
const NO_REDUCTIONS: readonly string[] = Object.freeze([]);

export function resolveStrike(input: StrikeInput, rules: Rules = STANDARD_RULES): StrikeResolution {
  const table = rules.effects;
  const choices = input.choices ?? NO_CHOICES;
  const result = strikeResult(input.strikingTotal, input.otherTotal, input.edge, rules);
  const piercing = applyPiercing(injuryFrom(input.edge, result.impact), result.impact.asterisks, choices.piercing, table);
  let current = piercing.injury;

  let antiImpact: StrikeResolution["antiImpact"];
  if (input.antiImpact) {
    const cancelled = applyAntiImpact(current, input.antiImpact, choices.cancel, table);
    antiImpact = { injury: cancelled.injury, cancelledHits: cancelled.cancelledHits, cancelledEffects: cancelled.cancelledEffects, impact: input.antiImpact };
    current = cancelled.injury;
  }
  let object: ObjectOutcome | undefined;
  if (input.object) {
    object = applyParryObject(current, input.object, table);
    current = object.injury;
  }

  const location = strikeLocation(input.strikingTotal, input.location);
  const soaked = soak(current, shieldAt(input.outfit, location, table), input.extraSoakSteps ?? 0, rules);
  current = soaked.injury;

  // R32 and R36: reductions are paid from hit pools, or from fatigue pools in a non-lethal contest.
  const pools = input.pools;
  const payingPools = pools && (input.nonLethal ? pools.fatigue : pools.hit);
  const reduction = reduceEffects(current, choices.reduce ?? NO_REDUCTIONS, payingPools, table);
  current = reduction.injury;

  let distribution: DistributionOutcome | undefined;
  let poolsAfter: Pools | undefined;
  if (pools && reduction.pools) {
    if (input.nonLethal) {
      distribution = distributeFatigue(current.hits, reduction.pools, input.nonLethal);
      poolsAfter = { hit: copyFacets(pools.hit), fatigue: distribution.pools };
    } else {
      distribution = distributeHits(current.hits, reduction.pools, choices.distribute);
      poolsAfter = { hit: distribution.pools, fatigue: copyFacets(pools.fatigue) };
    }
  }
  // Every field present (undefined when it does not apply): one object shape for every strike.
  return {
    result,
    injury: piercing.injury,
    piercing,
    antiImpact,
    object,
    location,
    aimed: input.location !== undefined,
    soak: soaked,
    reduction,
    taken: woundingEffects(current, table),
    hits: current.hits,
    distribution,
    pools: poolsAfter,
    nonLethal: input.nonLethal,
  };
}
