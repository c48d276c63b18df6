/**
 * Conditions (R33) as the actor stores them: one ActiveEffect per taken
 * wounding effect, with the status id `cychosys-<letter>` and
 * `flags.cychosys.piercing` (docs/data-model.md). Pure: reads plain shapes.
 */
import type { ConditionView } from "./source-types.js";

export const STATUS_PREFIX = "cychosys-";

/** The status id of a condition letter: `D` → `cychosys-D`. */
export function statusId(letter: string): string {
  return `${STATUS_PREFIX}${letter}`;
}

/** The letter of a Cychosys status id, or undefined for any other status. */
export function letterOfStatus(status: string): string | undefined {
  const match = /^cychosys-([A-Z])$/.exec(status);
  return match ? match[1] : undefined;
}

/** What the reader needs of an ActiveEffect. */
export interface EffectLike {
  statuses: Iterable<string>;
  disabled?: boolean;
  active?: boolean;
  flags?: { cychosys?: { piercing?: unknown } } | Record<string, unknown>;
}

/** The conditions the actor has: one per Cychosys status on each active effect (two D effects: two D). */
export function conditionsFromEffects(effects: Iterable<EffectLike>): ConditionView[] {
  const out: ConditionView[] = [];
  for (const effect of effects) {
    if (effect.disabled || effect.active === false) continue;
    const piercing = (effect.flags as { cychosys?: { piercing?: unknown } } | undefined)?.cychosys?.piercing === true;
    for (const status of effect.statuses) {
      const letter = letterOfStatus(status);
      if (letter) out.push({ letter, piercing });
    }
  }
  return out;
}
