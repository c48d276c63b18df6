/**
 * R26–R33, R36: from a strike to changed pools.
 * result → impact → injury → piercing → (anti-impact, parry object) →
 * soak at the location → reduction → hits distributed → conditions taken.
 * Each step is its own function so a dialog can preview it; resolveStrike
 * (strike.ts) chains them.
 */
import { impact as chartImpact } from "./chart.js";
import { compileEffects, type EffectsTable, STANDARD_EFFECTS, totalReduceCost } from "./effects.js";
import { RulesError } from "./errors.js";
import { type Bundle, countLetter, type EffectMark, type Impact, mark, withHits } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { soakStepsFor } from "./outfit.js";
import { FACETS, type Facet, type FacetValues, sumFacets } from "./types.js";

// ---------------------------------------------------------------------------
// R26: result and impact.

export interface StrikeResult {
  /** Winning total − losing total, before F (R26). */
  base: number;
  /** +forceBonus per F in the striker's edge, only when base > 0. */
  forceBonus: number;
  /** What the chart reads: base + forceBonus. */
  value: number;
  impact: Impact;
}

export function strikeResult(strikingTotal: number, otherTotal: number, edge: Bundle, rules: Rules = STANDARD_RULES): StrikeResult {
  const base = strikingTotal - otherTotal;
  const forceBonus = base > 0 ? countLetter(edge, "F") * rules.options.forceBonus : 0;
  const value = base + forceBonus;
  return { base, forceBonus, value, impact: value > 0 ? chartImpact(value, rules.chart) : { hits: 0, asterisks: 0 } };
}

/** R27: injury = the edge's effects and hits + the impact's hits (effects added to the attack are in the edge given). */
export function injuryFrom(edge: Bundle, impact: Impact): Bundle {
  return { effects: edge.effects, hits: edge.hits + impact.hits };
}

// ---------------------------------------------------------------------------
// Helpers over effect lists.

function isWoundingIn(byLetter: ReadonlyMap<string, { kind: string }>, letter: string): boolean {
  return byLetter.get(letter)?.kind === "wounding";
}

/** Remove one mark matching `letter` (preferring piercing when asked); returns the removed mark. */
function removeOne(
  effects: EffectMark[],
  letter: string,
  accept: (m: EffectMark) => boolean,
  preferPiercing: boolean,
): EffectMark | undefined {
  let found = -1;
  for (let i = 0; i < effects.length; i++) {
    const m = effects[i]!;
    if (m.letter !== letter || !accept(m)) continue;
    if (found < 0) found = i;
    if (m.piercing === preferPiercing) {
      found = i;
      break;
    }
  }
  if (found < 0) return undefined;
  return effects.splice(found, 1)[0];
}

/** Wounding effects of an injury as conditions (R27: modifiers are never taken). */
export function woundingEffects(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): EffectMark[] {
  const byLetter = compileEffects(table).byLetter;
  return injury.effects.filter((m) => isWoundingIn(byLetter, m.letter));
}

// ---------------------------------------------------------------------------
// R28: piercing.

/** Letters that an asterisk could make piercing: non-piercing wounding effects, repeats kept. */
export function piercingCandidates(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): string[] {
  const byLetter = compileEffects(table).byLetter;
  return injury.effects.filter((m) => !m.piercing && isWoundingIn(byLetter, m.letter)).map((m) => m.letter);
}

/** R28 [fixed]: default piercing choice: lowest total reduce cost first, ties in canonical order. */
export function defaultPiercing(injury: Bundle, asterisks: number, table: EffectsTable = STANDARD_EFFECTS): string[] {
  const candidates = piercingCandidates(injury, table);
  const order = compileEffects(table).order;
  candidates.sort(
    (a, b) => totalReduceCost(a, table) - totalReduceCost(b, table) || (order.get(a) ?? 0) - (order.get(b) ?? 0),
  );
  return candidates.slice(0, Math.max(0, asterisks));
}

export interface PiercingOutcome {
  injury: Bundle;
  /** Letters made piercing by the impact's asterisks. */
  pierced: string[];
  /** Asterisks with no wounding effect left to pierce. */
  unusedAsterisks: number;
}

/**
 * R28: one wounding effect per asterisk becomes piercing, the struck side's
 * choice (`choice`), else the default. A choice must name exactly as many
 * effects as can be pierced.
 */
export function applyPiercing(
  injury: Bundle,
  asterisks: number,
  choice?: readonly string[],
  table: EffectsTable = STANDARD_EFFECTS,
): PiercingOutcome {
  const candidates = piercingCandidates(injury, table);
  const expected = Math.min(Math.max(0, asterisks), candidates.length);
  const pierced = choice ? [...choice] : defaultPiercing(injury, asterisks, table);
  if (pierced.length !== expected) throw new RulesError("piercingCount", { expected, got: pierced.length });
  if (expected === 0) return { injury, pierced: [], unusedAsterisks: Math.max(0, asterisks) };
  const byLetter = compileEffects(table).byLetter;
  const effects = injury.effects.slice();
  for (const letter of pierced) {
    const removed = removeOne(effects, letter, (m) => !m.piercing && isWoundingIn(byLetter, m.letter), false);
    if (!removed) throw new RulesError("piercingNotPresent", { letter });
    effects.push(mark(letter, true));
  }
  return {
    injury: { effects: canonical(effects, table), hits: injury.hits },
    pierced,
    unusedAsterisks: asterisks - expected,
  };
}

function canonical(effects: EffectMark[], table: EffectsTable): EffectMark[] {
  const order = compileEffects(table).order;
  return effects.sort(
    (a, b) => (order.get(a.letter) ?? 0) * 2 + (a.piercing ? 1 : 0) - ((order.get(b.letter) ?? 0) * 2 + (b.piercing ? 1 : 0)),
  );
}

// ---------------------------------------------------------------------------
// R24: the anti-impact of bravery (and of a won parry, R25).

/** R24 [fixed]: default cancel choice: piercing first, then highest total reduce cost, ties canonical. */
export function defaultCancel(injury: Bundle, asterisks: number, table: EffectsTable = STANDARD_EFFECTS): string[] {
  const order = compileEffects(table).order;
  const wounding = woundingEffects(injury, table);
  wounding.sort(
    (a, b) =>
      Number(b.piercing) - Number(a.piercing) ||
      totalReduceCost(b.letter, table) - totalReduceCost(a.letter, table) ||
      (order.get(a.letter) ?? 0) - (order.get(b.letter) ?? 0),
  );
  return wounding.slice(0, Math.max(0, asterisks)).map((m) => m.letter);
}

export interface CancelOutcome {
  injury: Bundle;
  cancelledHits: number;
  cancelledEffects: EffectMark[];
}

/**
 * R24: the anti-impact's hits cancel injury hits; each asterisk cancels one
 * wounding effect of the struck side's choice, piercing ones included.
 */
export function applyAntiImpact(
  injury: Bundle,
  anti: Impact,
  choice?: readonly string[],
  table: EffectsTable = STANDARD_EFFECTS,
): CancelOutcome {
  const wounding = woundingEffects(injury, table);
  const expected = Math.min(anti.asterisks, wounding.length);
  const letters = choice ? [...choice] : defaultCancel(injury, anti.asterisks, table);
  if (letters.length !== expected) throw new RulesError("cancelCount", { expected, got: letters.length });
  const byLetter = compileEffects(table).byLetter;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  for (const letter of letters) {
    const removed = removeOne(effects, letter, (m) => isWoundingIn(byLetter, m.letter), true);
    if (!removed) throw new RulesError("cancelNotPresent", { letter });
    cancelledEffects.push(removed);
  }
  const cancelledHits = Math.min(injury.hits, anti.hits);
  return { injury: { effects, hits: injury.hits - cancelledHits }, cancelledHits, cancelledEffects };
}

// ---------------------------------------------------------------------------
// R25, R37: the object a won parry lands on.

export interface ParryObject {
  shield: Bundle;
  /** Its own hits (R37); when unknown, the shield's hits ("the chair has 2 hits"). */
  hits?: number;
}

export interface ObjectOutcome extends CancelOutcome {
  /** Hits the object takes: those past the anti-impact, up to its own hits. */
  hitsTaken: number;
  destroyed: boolean;
  hitsLeft: number;
}

/**
 * R25: the object's shield cancels too: its hits cancel hits, its effects cancel
 * matching non-piercing wounding effects. The object takes the hits that got
 * past the anti-impact, up to its own hits, and breaks when they reach them.
 */
export function applyParryObject(injury: Bundle, object: ParryObject, table: EffectsTable = STANDARD_EFFECTS): ObjectOutcome {
  const objectHits = object.hits ?? object.shield.hits;
  const hitsTaken = Math.min(injury.hits, objectHits);
  const destroyed = injury.hits > 0 && injury.hits >= objectHits;
  const byLetter = compileEffects(table).byLetter;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  for (const m of object.shield.effects) {
    const removed = removeOne(effects, m.letter, (e) => !e.piercing && isWoundingIn(byLetter, e.letter), false);
    if (removed) cancelledEffects.push(removed);
  }
  const cancelledHits = Math.min(injury.hits, object.shield.hits);
  return {
    injury: { effects, hits: injury.hits - cancelledHits },
    cancelledHits,
    cancelledEffects,
    hitsTaken,
    destroyed,
    hitsLeft: objectHits - hitsTaken,
  };
}

// ---------------------------------------------------------------------------
// R31: soak.

export interface SoakOutcome {
  shield: Bundle;
  /** Soak steps the outfit has there (R31, R34, trademarks). */
  steps: number;
  /** Steps bypassed by V in the attack. */
  bypassedByVolume: number;
  /** Steps bypassed by T paired with wounding effects. */
  bypassedByTargeting: number;
  /** Steps actually applied. */
  applied: number;
  injury: Bundle;
  cancelledHits: number;
  cancelledEffects: EffectMark[];
}

/**
 * R31: the outfit's soak steps less those bypassed; each remaining step lets
 * every shield effect cancel one matching non-piercing wounding effect and the
 * shield's hits cancel that many hits.
 */
export function soak(injury: Bundle, shield: Bundle, extraSoakSteps = 0, rules: Rules = STANDARD_RULES): SoakOutcome {
  const table = rules.effects;
  const steps = soakStepsFor(shield, extraSoakSteps, rules.options);
  const wounding = woundingEffects(injury, table).length;
  const bypassedByVolume = Math.min(steps, countLetter(injury, "V"));
  const bypassedByTargeting = Math.min(steps - bypassedByVolume, Math.min(countLetter(injury, "T"), wounding));
  const applied = steps - bypassedByVolume - bypassedByTargeting;
  if (applied === 0 || (shield.effects.length === 0 && shield.hits === 0)) {
    return { shield, steps, bypassedByVolume, bypassedByTargeting, applied, injury, cancelledHits: 0, cancelledEffects: [] };
  }
  const byLetter = compileEffects(table).byLetter;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  let hits = injury.hits;
  for (let step = 0; step < applied; step++) {
    for (const m of shield.effects) {
      const removed = removeOne(effects, m.letter, (e) => !e.piercing && isWoundingIn(byLetter, e.letter), false);
      if (removed) cancelledEffects.push(removed);
    }
    hits = Math.max(0, hits - shield.hits);
  }
  return {
    shield,
    steps,
    bypassedByVolume,
    bypassedByTargeting,
    applied,
    injury: withHits({ effects, hits: injury.hits }, hits),
    cancelledHits: injury.hits - hits,
    cancelledEffects,
  };
}

// ---------------------------------------------------------------------------
// R32: reduction.

export interface ReductionOption {
  letter: string;
  piercing: boolean;
  /** Null when the effect cannot be reduced (a modifier, or no cost in the table). */
  cost: FacetValues | null;
  /** Reducible and payable from the pools as they are now. */
  affordable: boolean;
  /** Why not, as an error code, when it cannot be chosen. */
  blockedBy?: "piercing" | "notReducible" | "unaffordable";
}

/** R32: what the struck side could reduce now, one row per wounding effect left. */
export function reductionOptions(injury: Bundle, pools: FacetValues | undefined, table: EffectsTable = STANDARD_EFFECTS): ReductionOption[] {
  const byLetter = compileEffects(table).byLetter;
  return woundingEffects(injury, table).map((m) => {
    const cost = byLetter.get(m.letter)?.reduceCost ?? null;
    if (m.piercing) return { letter: m.letter, piercing: true, cost, affordable: false, blockedBy: "piercing" as const };
    if (!cost) return { letter: m.letter, piercing: false, cost, affordable: false, blockedBy: "notReducible" as const };
    const affordable = !pools || FACETS.every((f) => pools[f] >= cost[f]);
    return affordable
      ? { letter: m.letter, piercing: false, cost, affordable }
      : { letter: m.letter, piercing: false, cost, affordable, blockedBy: "unaffordable" as const };
  });
}

export interface ReductionOutcome {
  injury: Bundle;
  reduced: string[];
  /** Total paid from each pool. */
  paid: FacetValues;
  /** The paying pools after payment (undefined when none were given). */
  pools?: FacetValues;
}

/**
 * R32: reduce each chosen non-piercing wounding effect by paying its whole
 * reduce cost from the pools; whole or not at all. Choices are paid in order,
 * each from what the earlier ones left.
 */
export function reduceEffects(
  injury: Bundle,
  letters: readonly string[],
  pools?: FacetValues,
  table: EffectsTable = STANDARD_EFFECTS,
): ReductionOutcome {
  const byLetter = compileEffects(table).byLetter;
  const effects = injury.effects.slice();
  const paid = { physical: 0, mental: 0, emotional: 0 };
  const left = pools ? { ...pools } : undefined;
  for (const letter of letters) {
    const definition = byLetter.get(letter);
    if (!definition || definition.kind !== "wounding" || !definition.reduceCost) {
      throw new RulesError(definition ? "reduceNotReducible" : "reduceNotPresent", { letter });
    }
    const cost = definition.reduceCost;
    const index = effects.findIndex((m) => m.letter === letter && !m.piercing);
    if (index < 0) throw new RulesError("reduceNotPresent", { letter });
    if (left) {
      if (FACETS.some((f) => left[f] < cost[f])) {
        throw new RulesError("reduceUnaffordable", { letter, cost: formatFacets(cost), pools: formatFacets(left) });
      }
      for (const f of FACETS) left[f] -= cost[f];
    }
    for (const f of FACETS) paid[f] += cost[f];
    effects.splice(index, 1);
  }
  return left
    ? { injury: { effects, hits: injury.hits }, reduced: [...letters], paid, pools: left }
    : { injury: { effects, hits: injury.hits }, reduced: [...letters], paid };
}

/** `P1 M1` style text for pool amounts (the seed's own way of writing them). */
export function formatFacets(values: FacetValues, skipZero = true): string {
  const parts: string[] = [];
  if (!skipZero || values.physical) parts.push(`P${values.physical}`);
  if (!skipZero || values.mental) parts.push(`M${values.mental}`);
  if (!skipZero || values.emotional) parts.push(`E${values.emotional}`);
  return parts.length ? parts.join(" ") : "0";
}

// ---------------------------------------------------------------------------
// R33: hits over the pools.

/** R33 [fixed]: one hit at a time from the currently largest pool, ties physical, mental, emotional. */
export function defaultDistribution(hits: number, pools: FacetValues): FacetValues {
  const left = { ...pools };
  const out = { physical: 0, mental: 0, emotional: 0 };
  let remaining = Math.min(hits, Math.max(0, sumFacets(pools)));
  while (remaining > 0) {
    let pick: Facet = "physical";
    if (left.mental > left[pick]) pick = "mental";
    if (left.emotional > left[pick]) pick = "emotional";
    // Take down to the next pool's level at once: the same as one hit at a time.
    const next = Math.max(...FACETS.filter((f) => f !== pick).map((f) => left[f]));
    const take = left[pick] > next ? Math.min(remaining, left[pick] - next) : 1;
    left[pick] -= take;
    out[pick] += take;
    remaining -= take;
  }
  return out;
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
  const distribution = chosen ? { ...chosen } : defaultDistribution(hits, pools);
  if (chosen) {
    for (const f of FACETS) {
      const value = distribution[f] ?? 0;
      if (!Number.isInteger(value) || value < 0) {
        throw new RulesError("notInteger", { what: `Hits to the ${f} pool`, value: String(value) });
      }
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
  const distribution = { physical: 0, mental: 0, emotional: 0, [facet]: taken } as FacetValues;
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
