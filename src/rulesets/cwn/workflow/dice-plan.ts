/**
 * The dice of a CWN attack, shared by the attacker's client (which rolls
 * them with Foundry's dice, one roll so Dice So Nice shows them together)
 * and the GM (whose core reads the faces back): the d20 (W13), the weapon's
 * Trauma Die (W15) and its damage dice (W16), flat parts left to the core.
 * Pure.
 */
import type { DiceExpr } from "../rules/dice.js";
import { CWN_STANDARD_RULES, type CwnRules, type DicePool } from "../rules/options.js";

/** The groups rolled for an attack with this weapon, in order: d20, Trauma Die (if any), damage. */
export function attackDiceGroups(weapon: { damage: DiceExpr; traumaDie: DiceExpr | null }, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): DicePool[] {
  const groups: DicePool[] = [{ count: 1, faces: rules.attackDieFaces }];
  if (weapon.traumaDie) groups.push({ count: weapon.traumaDie.count, faces: weapon.traumaDie.faces });
  groups.push({ count: weapon.damage.count, faces: weapon.damage.faces });
  return groups;
}

/** A Foundry formula rolling the groups: `1d20 + 1d8 + 2d6`. */
export const groupsFormula = (groups: readonly DicePool[]): string => groups.map((g) => `${g.count}d${g.faces}`).join(" + ");

/** The request's roll from the faces of each group, in `attackDiceGroups` order. */
export function attackRollOf(weapon: { traumaDie: DiceExpr | null }, faces: readonly (readonly number[])[]): { d20: number; trauma: number[]; damage: number[] } {
  const [d20, ...rest] = faces;
  const trauma = weapon.traumaDie ? [...(rest[0] ?? [])] : [];
  const damage = [...(weapon.traumaDie ? (rest[1] ?? []) : (rest[0] ?? []))];
  return { d20: d20?.[0] ?? 0, trauma, damage };
}

/**
 * The faces of each group from a Foundry roll's dice terms (in order): the
 * results of every die term whose size matches, checked against the plan.
 * Undefined when the terms are not the plan's (another formula).
 */
export function facesOfTerms(terms: readonly { faces?: number; number?: number; results?: { result: number; active?: boolean }[] }[], groups: readonly DicePool[]): number[][] | undefined {
  const dice = terms.filter((t) => typeof t.faces === "number" && Array.isArray(t.results));
  if (dice.length !== groups.length) return undefined;
  const out: number[][] = [];
  for (const [i, term] of dice.entries()) {
    const results = term.results!.filter((r) => r.active !== false).map((r) => r.result);
    if (term.faces !== groups[i]!.faces || results.length !== groups[i]!.count) return undefined;
    out.push(results);
  }
  return out;
}
