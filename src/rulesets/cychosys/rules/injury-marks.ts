/**
 * Helpers over an injury's effect lists, shared by the injury steps
 * (injury.ts, injury-soak.ts): which marks wound, and removing one the way
 * the anti-impact (R24), a parry object (R25) and soak (R31) cancel it.
 * injury.ts re-exports the public ones (woundingEffects, countWounding).
 */
import { compileEffects, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import type { Bundle, EffectMark } from "./notation.js";

// ---------------------------------------------------------------------------
// Helpers over effect lists.

export function isWoundingIn(woundingByCode: Uint8Array, letter: string): boolean {
  return woundingByCode[letter.charCodeAt(0)] === 1;
}

/**
 * Remove one wounding mark of `letter` from `effects`, preferring a piercing
 * one (R24: the anti-impact may cancel piercing effects); returns it.
 */
export function removeWoundingPreferPiercing(effects: EffectMark[], letter: string, woundingByCode: Uint8Array): EffectMark | undefined {
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
export const NO_MARKS: readonly EffectMark[] = Object.freeze([]);

/** Remove one non-piercing wounding mark of `letter` (what soak and objects cancel, R25, R31). */
export function removeSoakable(effects: EffectMark[], letter: string, woundingByCode: Uint8Array): EffectMark | undefined {
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
  const effects = injury.effects;
  const out: EffectMark[] = [];
  for (let i = 0; i < effects.length; i++) if (isWoundingIn(wounding, effects[i]!.letter)) out.push(effects[i]!);
  return out;
}

/** How many wounding effects a bundle holds (R31: T pairs with them). */
export function countWounding(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): number {
  const wounding = compileEffects(table).woundingByCode;
  const effects = injury.effects;
  let n = 0;
  for (let i = 0; i < effects.length; i++) if (isWoundingIn(wounding, effects[i]!.letter)) n++;
  return n;
}
