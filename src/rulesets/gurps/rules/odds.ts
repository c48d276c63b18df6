/**
 * Exact GURPS odds before a roll (src/core/ruleset.ts "Odds"): the 3d6
 * distribution (216 outcomes) read through the core's own `successRoll`
 * (G4–G6 criticals by purpose), and the damage dice convolved exactly and
 * read through `basicDamage`, `divideDr` and `injuryFrom` (G69–G75). One
 * `DefenseOdds` per defense the card offers, and "none". Rapid fire (G57)
 * scores its hits by the attack's margin and a defense stops them as the
 * core does (`hitsAfterDefense`, G61, G92); an acrobatic dodge's score is
 * moved by its Acrobatics roll (G61); a parry that cannot hold the blow
 * (G65: too heavy, or sure to break past 6) stops nothing. Modelling
 * choices (stated, not rules): a critical hit deals ordinary damage (the
 * table is the GM's, G84); blunt trauma, knockback and the Diffuse cap are
 * left out. Pure.
 */
import type { AttackOdds, DefenseOdds } from "../../../core/ruleset.js";
import { divideDr, effectiveDr, injuryFrom, basicDamage, woundingModifier } from "./damage.js";
import { hitsAfterDefense } from "./defense-choice.js";
import { type DamageSpec, resolveDamage, type RollPurpose, type SuccessRoll, successRoll } from "./dice.js";
import type { GurpsAttackInput, GurpsResolution } from "./resolve-types.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { rapidFireHits } from "./ranged.js";
import type { Ratio } from "./tables.js";
import { type DamageType, type DefenseKind, isRanged, type Modifier, type WoundingClass } from "./types.js";

export interface GurpsOddsQuery {
  /** The attack roll: its effective skill, its purpose, and its total when already rolled. */
  /** `rapid`: shots fired and Recoil (G57: more hits by the margin); absent, one hit. */
  attack: { effective: number; purpose: Extract<RollPurpose, "meleeAttack" | "rangedAttack">; rolled?: number | null; rapid?: { shots: number; rcl: number } | null };
  /**
   * The defenses open to the defender (the card's legal ones), each at its effective score; empty: he has none.
   * `kind` says how many rapid-fire hits a success stops (G61, G92; absent: one); `holds: false`, a parry that stops nothing (G65);
   * `acrobatics`, an acrobatic dodge: that Acrobatics skill rolled first, its success or failure moving the score (G61).
   */
  defenses: readonly { id: string; effective: number; kind?: DefenseKind; holds?: boolean; acrobatics?: number }[];
  /** The damage of one hit: the dice resolved (`base: "dice"`), its type and armor divisor, a flat bonus or the core's bonuses, halved at 1/2D (G70). */
  damage: { spec: DamageSpec; type: DamageType; divisor: number; bonus?: number; bonuses?: readonly Modifier[]; halved?: boolean };
  /** The DR where the blow lands (by type, divided later), the wounding column, and the location's own modifier when it has one (G36). */
  defender: { dr: number; woundingClass: WoundingClass; wounding?: Ratio | null };
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
  const modifier = woundingModifier(q.type, defender.woundingClass, defender.wounding ?? null, rules);
  const bonuses = [...(q.bonuses ?? []), ...(q.bonus ? [{ key: "situational", value: q.bonus, rule: "G3" }] : [])];
  let sum = 0;
  dist.forEach((p, total) => {
    if (p > 0) sum += p * injuryFrom(Math.max(0, basicDamage(q.spec, total, q.type, bonuses, !!q.halved).basic - dr), modifier);
  });
  return sum;
}

/** Each 3d6 total with its chance and the roll it makes against `effective` (a total already rolled: that one alone). */
function rollsAgainst(effective: number, purpose: RollPurpose, rolled: number | null, rules: Readonly<GurpsRules>): { p: number; roll: SuccessRoll }[] {
  if (rolled !== null) return [{ p: 1, roll: successRoll(effective, rolled, purpose, rules) }];
  const dist = diceDistribution(rules.successDice);
  const out: { p: number; roll: SuccessRoll }[] = [];
  for (let total = 3; total <= 18; total++) if ((dist[total] ?? 0) > 0) out.push({ p: dist[total]!, roll: successRoll(effective, total, purpose, rules) });
  return out;
}

/** A defense's rolls: at its score, or for an acrobatic dodge (G61) at its score moved by the Acrobatics roll made first. */
function defenseRollsOf(defense: GurpsOddsQuery["defenses"][number], rules: Readonly<GurpsRules>): { p: number; roll: SuccessRoll }[] {
  if (defense.acrobatics === undefined) return rollsAgainst(defense.effective, "defense", null, rules);
  const acrobatic = successOdds(defense.acrobatics, "other", null, rules).success;
  const weigh = (rolls: { p: number; roll: SuccessRoll }[], w: number) => rolls.map((r) => ({ p: r.p * w, roll: r.roll }));
  return [
    ...weigh(rollsAgainst(defense.effective + rules.acrobaticSuccess, "defense", null, rules), acrobatic),
    ...weigh(rollsAgainst(defense.effective + rules.acrobaticFailure, "defense", null, rules), 1 - acrobatic),
  ];
}

/**
 * The odds of one attack against each defense open to the defender (G4–G6,
 * G57, G60–G68, G69–G75); "none" first. Every attack total is read for its
 * hits (one, or G57's by the margin); a critical hit allows no defense (G6);
 * otherwise every defense total for the hits it leaves. `injury` is the
 * expected hits landing × the expected injury of one (each hit rolls its
 * own damage, or one roll for all under G73's fast resolution: the same
 * expectation).
 */
export function gurpsAttackOdds(q: GurpsOddsQuery, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): AttackOdds {
  const attacks = rollsAgainst(q.attack.effective, q.attack.purpose, q.attack.rolled ?? null, rules);
  const perHit = expectedInjury(q.damage, q.defender, rules);
  const rapid = q.attack.rapid && q.attack.rapid.shots > 1 ? q.attack.rapid : null;
  let success = 0;
  let criticalHit = 0;
  let criticalMiss = 0;
  for (const a of attacks) {
    if (a.roll.success) success += a.p;
    if (a.roll.critical === "success") criticalHit += a.p;
    if (a.roll.critical === "failure") criticalMiss += a.p;
  }
  const outcomes = { miss: 1 - success, criticalHit, criticalMiss };
  const entry = (defense: GurpsOddsQuery["defenses"][number] | null): DefenseOdds => {
    const defenseRolls = defense && defense.holds !== false ? defenseRollsOf(defense, rules) : null;
    // One hit: a successful defense stops it, whatever the margin — the chance once, not per pair of rolls.
    let saves = 0;
    if (defenseRolls) for (const d of defenseRolls) if (d.roll.success) saves += d.p;
    let struck = 0;
    let hitsLanding = 0;
    let defended = 0;
    for (const a of attacks) {
      if (!a.roll.success) continue;
      const hits = rapid ? rapidFireHits(a.roll.margin, rapid.shots, rapid.rcl) : 1;
      // G6: a critical hit allows no defense.
      if (!defenseRolls || a.roll.critical === "success") {
        struck += a.p;
        hitsLanding += a.p * hits;
        continue;
      }
      defended += a.p * saves;
      if (hits === 1) {
        struck += a.p * (1 - saves);
        hitsLanding += a.p * (1 - saves);
        continue;
      }
      for (const d of defenseRolls) {
        const left = hitsAfterDefense(hits, defense!.kind ?? "parry", d.roll);
        const p = a.p * d.p;
        if (left > 0) struck += p;
        hitsLanding += p * left;
      }
    }
    return { defense: defense?.id ?? "none", struck, injury: hitsLanding * perHit, attackerStruck: 0, attackerInjury: 0, outcomes: { ...outcomes, defended, hits: hitsLanding } };
  };
  return { unit: "hp", defenses: [entry(null), ...q.defenses.map(entry)] };
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
