/**
 * Exact GURPS odds before a roll (src/core/ruleset.ts "Odds"): the 3d6
 * distribution (216 outcomes) read through the core's own `successRoll`
 * (G4–G6 criticals by purpose), and the damage dice convolved exactly and
 * read through `basicDamage`, `divideDr` and `injuryFrom` (G69–G75). One
 * `DefenseOdds` per defense the card offers, and "none". Modelling choices
 * (stated, not rules): a critical hit deals ordinary damage (the table is
 * the GM's, G84); blunt trauma, knockback and the Diffuse cap are left out;
 * one hit (rapid fire's extra hits are not counted). Pure.
 */
import type { AttackOdds, DefenseOdds } from "../../../core/ruleset.js";
import { divideDr, effectiveDr, injuryFrom, basicDamage, woundingModifier } from "./damage.js";
import { type DamageSpec, resolveDamage, type RollPurpose, successRoll } from "./dice.js";
import type { GurpsAttackInput, GurpsResolution } from "./resolve-types.js";
import { isRanged } from "./types.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { DamageType, WoundingClass } from "./types.js";

export interface GurpsOddsQuery {
  /** The attack roll: its effective skill, its purpose, and its total when already rolled. */
  attack: { effective: number; purpose: Extract<RollPurpose, "meleeAttack" | "rangedAttack">; rolled?: number | null };
  /** The defenses open to the defender (the card's legal ones), each at its effective score; empty: he has none. */
  defenses: readonly { id: string; effective: number }[];
  /** The damage of one hit: the dice resolved (`base: "dice"`), its type and armor divisor, a flat bonus. */
  damage: { spec: DamageSpec; type: DamageType; divisor: number; bonus?: number };
  /** The DR where the blow lands (by type already) and the wounding column. */
  defender: { dr: number; woundingClass: WoundingClass };
}

/** The chance of each total of n d6 (index = total), exactly. */
const diceCache = new Map<number, number[]>();
export function diceDistribution(n: number): number[] {
  const cached = diceCache.get(n);
  if (cached) return cached;
  let dist = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 6).fill(0);
    dist.forEach((p, total) => {
      if (p > 0) for (let f = 1; f <= 6; f++) next[total + f]! += p / 6;
    });
    dist = next;
  }
  diceCache.set(n, dist);
  return dist;
}

/** Chance of success and of each critical of a 3d6 roll against `effective` (a total already rolled: that one). */
export function successOdds(effective: number, purpose: RollPurpose, rolled: number | null = null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES) {
  const out = { success: 0, criticalSuccess: 0, criticalFailure: 0 };
  const dist = rolled === null ? diceDistribution(rules.successDice) : null;
  for (let total = 3; total <= 18; total++) {
    const p = dist ? (dist[total] ?? 0) : total === rolled ? 1 : 0;
    if (p === 0) continue;
    const r = successRoll(effective, total, purpose, rules);
    if (r.success) out.success += p;
    if (r.critical === "success") out.criticalSuccess += p;
    if (r.critical === "failure") out.criticalFailure += p;
  }
  return out;
}

/** G69–G75: the expected injury of one hit. */
export function expectedInjury(q: GurpsOddsQuery["damage"], defender: GurpsOddsQuery["defender"], rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const dist = diceDistribution(q.spec.dice);
  const dr = divideDr(defender.dr, q.divisor);
  const modifier = woundingModifier(q.type, defender.woundingClass, null, rules);
  const bonuses = q.bonus ? [{ key: "situational", value: q.bonus, rule: "G3" }] : [];
  let sum = 0;
  dist.forEach((p, total) => {
    if (p > 0) sum += p * injuryFrom(Math.max(0, basicDamage(q.spec, total, q.type, bonuses).basic - dr), modifier);
  });
  return sum;
}

/** The odds of one attack against each defense open to the defender (G4–G6, G60–G68, G69–G75); "none" first. */
export function gurpsAttackOdds(q: GurpsOddsQuery, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): AttackOdds {
  const attack = successOdds(q.attack.effective, q.attack.purpose, q.attack.rolled ?? null, rules);
  const perHit = expectedInjury(q.damage, q.defender, rules);
  // G6: a critical hit allows no defense.
  const defendable = attack.success - attack.criticalSuccess;
  const outcomes = { miss: 1 - attack.success, criticalHit: attack.criticalSuccess, criticalMiss: attack.criticalFailure };
  const entry = (defense: string, defended: number): DefenseOdds => {
    const struck = attack.criticalSuccess + defendable * (1 - defended);
    return { defense, struck, injury: struck * perHit, attackerStruck: 0, attackerInjury: 0, outcomes: { ...outcomes, defended: defendable * defended } };
  };
  return { unit: "hp", defenses: [entry("none", 0), ...q.defenses.map((d) => entry(d.id, successOdds(d.effective, "defense", null, rules).success))] };
}

/**
 * The odds query of an attack as the core resolved it so far: its effective
 * skill and the defenses `legalDefenses` offers (each at its score, with the
 * retreat when `retreat` and it is open, G67), the line's damage resolved
 * from thrust and swing, and the DR where the blow lands (G71). Null when
 * the attack has no effective skill yet or does no rolled damage (a grab, a
 * grapple, a slam).
 */
export function gurpsOddsQueryOf(input: GurpsAttackInput, r: GurpsResolution, o: { retreat?: boolean } = {}, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsOddsQuery | null {
  const w = input.weapon;
  if (!r.skill || !w.damage) return null;
  const spec = resolveDamage(w.damage, input.attacker.thrust ?? null, input.attacker.swing ?? null);
  const type = w.type ?? "cr";
  const location = input.location ?? "torso";
  const dr = effectiveDr(input.defender, rules.hitLocations[location].drKey, type, 1, input.coverDr ?? 0).total;
  const defenses = (r.legal?.options ?? []).map((d) => ({ id: d.id, effective: d.score + (o.retreat && d.retreat !== null ? d.retreat : 0) }));
  return {
    attack: { effective: r.skill.effective, purpose: isRanged(w.kind) ? "rangedAttack" : "meleeAttack", rolled: r.attack?.roll ?? null },
    defenses, damage: { spec, type, divisor: w.divisor ?? 1 }, defender: { dr, woundingClass: input.defender.woundingClass ?? "living" },
  };
}
