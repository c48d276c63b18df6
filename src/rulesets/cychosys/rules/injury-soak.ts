/**
 * R31–R32: soak at the location, then reduction paid from the pools; the
 * steps after piercing, anti-impact and the parry object (injury.ts).
 * Re-exported by injury.ts.
 */
import { compileEffects, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { RulesError } from "./errors.js";
import { type Bundle, type EffectMark, mark } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { soakStepsFor } from "./outfit.js";
import { NO_MARKS, woundingEffects } from "./injury-marks.js";
import { copyFacets, FACETS, type FacetValues } from "./types.js";

const NOTHING_PAID: FacetValues = Object.freeze({ physical: 0, mental: 0, emotional: 0 });

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
  const marks = injury.effects;
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i]!;
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
    const cancelled = cancelSoakable(injury.effects, shield.effects, applied, woundingByCode);
    if (cancelled.length > 0) {
      effects = withoutFirst(injury.effects, cancelled);
      cancelledEffects = cancelled;
    }
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

/** Non-piercing wounding marks of an injury still to cancel, by letter code (scratch: zeroed again after each use). */
const soakable = new Int16Array(128);

/**
 * R31: what `applied` soak steps cancel: step after step, each shield effect
 * takes one non-piercing wounding mark of its letter while one is left — in
 * that order (the order the card explains them in).
 */
function cancelSoakable(injury: readonly EffectMark[], shield: readonly EffectMark[], applied: number, woundingByCode: Uint8Array): EffectMark[] {
  let left = 0;
  for (const m of injury) {
    const code = m.letter.charCodeAt(0);
    if (!m.piercing && woundingByCode[code] === 1) {
      soakable[code]!++;
      left++;
    }
  }
  const cancelled: EffectMark[] = [];
  for (let step = 0; step < applied && left > 0; step++) {
    const before = left;
    for (let i = 0; i < shield.length; i++) {
      const m = shield[i]!;
      const code = m.letter.charCodeAt(0);
      if (soakable[code]! > 0 && woundingByCode[code] === 1) {
        soakable[code]!--;
        left--;
        cancelled.push(mark(m.letter));
      }
    }
    // A step that cancelled nothing leaves the counts as they were: every later step would cancel nothing too.
    if (left === before) break;
  }
  for (const m of injury) soakable[m.letter.charCodeAt(0)] = 0;
  return cancelled;
}

/** `effects` less the first non-piercing mark of each cancelled letter, as many times as cancelled (the rest in order). */
function withoutFirst(effects: readonly EffectMark[], cancelled: readonly EffectMark[]): EffectMark[] {
  for (const m of cancelled) soakable[m.letter.charCodeAt(0)]!++;
  const out: EffectMark[] = [];
  for (const m of effects) {
    const code = m.letter.charCodeAt(0);
    if (!m.piercing && soakable[code]! > 0) soakable[code]!--;
    else out.push(m);
  }
  for (const m of cancelled) soakable[m.letter.charCodeAt(0)] = 0;
  return out;
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
        throw new RulesError("reduceUnaffordable", { letter, cost: formatFacets(cost), pools: formatFacets(left, false) });
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
