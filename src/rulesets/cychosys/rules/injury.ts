/**
 * R26–R33, R36: from a strike to changed pools.
 * result → impact → injury → piercing → (anti-impact, parry object) →
 * soak at the location → reduction → hits distributed → conditions taken.
 * Each step is its own function so a dialog can preview it; resolveStrike
 * (strike.ts) chains them.
 */
import { impact as chartImpact } from "./chart.js";
import { compileEffects, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { RulesError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { type Bundle, countLetter, type EffectMark, type Impact, mark, sortMarks, withHits } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { soakStepsFor } from "./outfit.js";
import { copyFacets, FACETS, type Facet, type FacetValues, sumFacets } from "./types.js";

// ---------------------------------------------------------------------------
// R26: result and impact.

const NO_IMPACT: Impact = Object.freeze({ hits: 0, asterisks: 0 });
const NOTHING_PAID: FacetValues = Object.freeze({ physical: 0, mental: 0, emotional: 0 });

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
  return { base, forceBonus, value, impact: value > 0 ? chartImpact(value, rules.chart) : NO_IMPACT };
}

/** R27: injury = the edge's effects and hits + the impact's hits (effects added to the attack are in the edge given). */
export function injuryFrom(edge: Bundle, impact: Impact): Bundle {
  return { effects: edge.effects, hits: edge.hits + impact.hits };
}

// ---------------------------------------------------------------------------
// Helpers over effect lists.

function isWoundingIn(woundingByCode: Uint8Array, letter: string): boolean {
  return woundingByCode[letter.charCodeAt(0)] === 1;
}

/**
 * Remove one wounding mark of `letter` from `effects`, preferring a piercing
 * one (R24: the anti-impact may cancel piercing effects); returns it.
 */
function removeWoundingPreferPiercing(effects: EffectMark[], letter: string, woundingByCode: Uint8Array): EffectMark | undefined {
  if (woundingByCode[letter.charCodeAt(0)] !== 1) return undefined;
  let found = -1;
  for (let i = 0; i < effects.length; i++) {
    const m = effects[i]!;
    if (m.letter !== letter) continue;
    found = i;
    if (m.piercing) break;
  }
  return found < 0 ? undefined : effects.splice(found, 1)[0];
}

/** Shared empty list for outcomes that cancel nothing (never mutated). */
const NO_MARKS: readonly EffectMark[] = Object.freeze([]);
const NO_LETTERS: readonly string[] = Object.freeze([]);

/** Remove one non-piercing wounding mark of `letter` (what soak and objects cancel, R25, R31). */
function removeSoakable(effects: EffectMark[], letter: string, woundingByCode: Uint8Array): EffectMark | undefined {
  if (woundingByCode[letter.charCodeAt(0)] !== 1) return undefined;
  for (let i = 0; i < effects.length; i++) {
    const m = effects[i]!;
    if (m.letter === letter && !m.piercing) {
      effects.splice(i, 1);
      return m;
    }
  }
  return undefined;
}

/** Wounding effects of an injury as conditions (R27: modifiers are never taken). */
export function woundingEffects(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): EffectMark[] {
  const wounding = compileEffects(table).woundingByCode;
  return injury.effects.filter((m) => isWoundingIn(wounding, m.letter));
}

/** How many wounding effects a bundle holds (R31: T pairs with them). */
export function countWounding(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): number {
  const wounding = compileEffects(table).woundingByCode;
  let n = 0;
  for (const m of injury.effects) if (isWoundingIn(wounding, m.letter)) n++;
  return n;
}

// ---------------------------------------------------------------------------
// R28: piercing.

/** Letters that an asterisk could make piercing: non-piercing wounding effects, repeats kept. */
export function piercingCandidates(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): string[] {
  const wounding = compileEffects(table).woundingByCode;
  const out: string[] = [];
  for (const m of injury.effects) if (!m.piercing && isWoundingIn(wounding, m.letter)) out.push(m.letter);
  return out;
}

/** R28 [fixed]: default piercing choice: lowest total reduce cost first, ties in canonical order. */
export function defaultPiercing(injury: Bundle, asterisks: number, table: EffectsTable = STANDARD_EFFECTS): string[] {
  if (asterisks <= 0) return [];
  const { woundingByCode, reduceTotalByCode, rankByCode } = compileEffects(table);
  const keyed: { letter: string; key: number }[] = [];
  for (const m of injury.effects) {
    const code = m.letter.charCodeAt(0);
    if (m.piercing || woundingByCode[code] !== 1) continue;
    keyed.push({ letter: m.letter, key: reduceTotalByCode[code]! * 1024 + rankByCode[code]! });
  }
  return pickLowest(keyed, asterisks);
}

/** The letters of the `count` lowest keys, lowest first (lists here are a handful long). */
function pickLowest(keyed: { letter: string; key: number }[], count: number): string[] {
  const out: string[] = [];
  while (out.length < count && keyed.length > 0) {
    let best = 0;
    for (let i = 1; i < keyed.length; i++) if (keyed[i]!.key < keyed[best]!.key) best = i;
    out.push(keyed[best]!.letter);
    keyed.splice(best, 1);
  }
  return out;
}

export interface PiercingOutcome {
  injury: Bundle;
  /** Letters made piercing by the impact's asterisks. */
  pierced: readonly string[];
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
  if (asterisks <= 0 && (!choice || choice.length === 0)) return { injury, pierced: NO_LETTERS, unusedAsterisks: 0 };
  const candidates = piercingCandidates(injury, table);
  const expected = Math.min(Math.max(0, asterisks), candidates.length);
  const pierced = choice ? [...choice] : defaultPiercing(injury, asterisks, table);
  if (pierced.length !== expected) throw new RulesError("piercingCount", { expected, got: pierced.length });
  if (expected === 0) return { injury, pierced: [], unusedAsterisks: Math.max(0, asterisks) };
  const wounding = compileEffects(table).woundingByCode;
  const effects = injury.effects.slice();
  for (const letter of pierced) {
    const removed = removeSoakable(effects, letter, wounding);
    if (!removed) throw new RulesError("piercingNotPresent", { letter });
    effects.push(mark(letter, true));
  }
  return {
    injury: { effects: sortMarks(effects, table), hits: injury.hits },
    pierced,
    unusedAsterisks: asterisks - expected,
  };
}

// ---------------------------------------------------------------------------
// R24: the anti-impact of bravery (and of a won parry, R25).

/** R24 [fixed]: default cancel choice: piercing first, then highest total reduce cost, ties canonical. */
export function defaultCancel(injury: Bundle, asterisks: number, table: EffectsTable = STANDARD_EFFECTS): string[] {
  if (asterisks <= 0) return [];
  const { woundingByCode, reduceTotalByCode, rankByCode } = compileEffects(table);
  const keyed: { letter: string; key: number }[] = [];
  for (const m of injury.effects) {
    const code = m.letter.charCodeAt(0);
    if (woundingByCode[code] !== 1) continue;
    // Lower key first: piercing before plain, then the higher cost, then canonical order.
    keyed.push({ letter: m.letter, key: (m.piercing ? 0 : 1) * 1_048_576 + (1023 - reduceTotalByCode[code]!) * 1024 + rankByCode[code]! });
  }
  return pickLowest(keyed, asterisks);
}

export interface CancelOutcome {
  injury: Bundle;
  cancelledHits: number;
  cancelledEffects: readonly EffectMark[];
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
  const woundingByCode = compileEffects(table).woundingByCode;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  for (const letter of letters) {
    const removed = removeWoundingPreferPiercing(effects, letter, woundingByCode);
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
  /** The object's own shield and hits before the blow. */
  shield: Bundle;
  objectHits: number;
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
  const wounding = compileEffects(table).woundingByCode;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  for (const m of object.shield.effects) {
    const removed = removeSoakable(effects, m.letter, wounding);
    if (removed) cancelledEffects.push(removed);
  }
  const cancelledHits = Math.min(injury.hits, object.shield.hits);
  return {
    shield: object.shield,
    objectHits,
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
  cancelledEffects: readonly EffectMark[];
}

/**
 * R31: the outfit's soak steps less those bypassed; each remaining step lets
 * every shield effect cancel one matching non-piercing wounding effect and the
 * shield's hits cancel that many hits.
 */
export function soak(injury: Bundle, shield: Bundle, extraSoakSteps = 0, rules: Rules = STANDARD_RULES): SoakOutcome {
  const woundingByCode = compileEffects(rules.effects).woundingByCode;
  const steps = soakStepsFor(shield, extraSoakSteps, rules.options);
  // One pass over the injury: its V, its T and its wounding effects (T pairs with those).
  let volume = 0;
  let targeting = 0;
  let wounding = 0;
  for (const m of injury.effects) {
    if (m.letter === "V") volume++;
    else if (m.letter === "T") targeting++;
    else if (woundingByCode[m.letter.charCodeAt(0)] === 1) wounding++;
  }
  const bypassedByVolume = Math.min(steps, volume);
  const bypassedByTargeting = Math.min(steps - bypassedByVolume, Math.min(targeting, wounding));
  const applied = steps - bypassedByVolume - bypassedByTargeting;
  if (applied === 0 || (shield.effects.length === 0 && shield.hits === 0)) {
    return { shield, steps, bypassedByVolume, bypassedByTargeting, applied, injury, cancelledHits: 0, cancelledEffects: NO_MARKS };
  }
  let effects = injury.effects;
  let cancelledEffects = NO_MARKS;
  if (shield.effects.length > 0 && wounding > 0) {
    const left = injury.effects.slice();
    const cancelled: EffectMark[] = [];
    for (let step = 0; step < applied && left.length > 0; step++) {
      for (const m of shield.effects) {
        const removed = removeSoakable(left, m.letter, woundingByCode);
        if (removed) cancelled.push(removed);
      }
    }
    effects = left;
    cancelledEffects = cancelled;
  }
  const hits = Math.max(0, injury.hits - applied * shield.hits);
  return {
    shield,
    steps,
    bypassedByVolume,
    bypassedByTargeting,
    applied,
    injury: { effects, hits },
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
  if (letters.length === 0) {
    return pools ? { injury, reduced: [], paid: NOTHING_PAID, pools } : { injury, reduced: [], paid: NOTHING_PAID };
  }
  const paid = { physical: 0, mental: 0, emotional: 0 };
  const byLetter = compileEffects(table).byLetter;
  const effects = injury.effects.slice();
  const left = pools ? copyFacets(pools) : undefined;
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
