/** R40–R41: experience and improving gear. */
import { compileEffects, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { RulesError } from "./errors.js";
import { addLetters, type Bundle } from "./notation.js";
import { assertNotInCombat } from "./order.js";

export interface Experience {
  unspent: number;
  spent: number;
}

/** R40: earn experience (from a surge or crash on the key die, R12). Allowed in combat. */
export function earnExperience(xp: Experience, points: number): Experience {
  return { ...xp, unspent: xp.unspent + Math.max(0, points) };
}

/** R18, R40: spend experience; never during combat, never more than is unspent. */
export function spendExperience(xp: Experience, cost: number, inCombat: boolean): Experience {
  assertNotInCombat(inCombat);
  if (cost > xp.unspent) throw new RulesError("notEnoughExperience", { cost, unspent: xp.unspent });
  return { unspent: xp.unspent - cost, spent: xp.spent + cost };
}

/** R41: adding effects to an edge or shield costs experience equal to their powers. */
export function improvementCost(letters: readonly string[], table: EffectsTable = STANDARD_EFFECTS): number {
  const byLetter = compileEffects(table).byLetter;
  let cost = 0;
  for (const letter of letters) {
    const effect = byLetter.get(letter);
    if (!effect) throw new RulesError("improveUnknownLetter", { letter });
    cost += effect.power;
  }
  return cost;
}

/** R41: improve a weapon's edge or an outfit piece's shield, paying experience; not during combat. */
export function improveGear(
  gear: Bundle,
  letters: readonly string[],
  xp: Experience,
  inCombat: boolean,
  table: EffectsTable = STANDARD_EFFECTS,
): { gear: Bundle; xp: Experience; cost: number } {
  const cost = improvementCost(letters, table);
  const paid = spendExperience(xp, cost, inCombat);
  return { gear: addLetters(gear, letters, table), xp: paid, cost };
}
