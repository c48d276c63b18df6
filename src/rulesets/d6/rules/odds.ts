/**
 * Exact odds of one OpenD6 attack (docs/odds.md) against each defense choice
 * open to the target: the defenses already in force ("none"), or an
 * interrupting dodge, block or parry (D14) rolled now. The same steps as
 * `resolveD6Attack`, with distributions where it has dice: the difficulty
 * (D17–D18, D23, D26–D28, floor last), the attack roll (D41, D2), hit and
 * damage bonus (D30, D33), the damage and resistance rolls (D31–D34), the
 * wound level (D35) stacked on the struck side's wounds (D36–D37), and the
 * blade and the bare hand on a miss (D21–D22). Pure; nothing is sampled.
 *
 * Injury is counted in wound steps: how far the struck side moves up the
 * D36 ladder (from unhurt, Stunned is 1 step, Killed 6).
 */
import { chanceAtLeast, convolve, type Distribution, floorAt, pointDistribution, shift } from "../../../core/distribution.js";
import type { AttackOdds, DefenseOdds } from "../../../core/ruleset.js";
import { type BladeWeapon, bladeRuleFor, blockSparesBlocker, damageBonus, listedDamageCode } from "./damage.js";
import { type ActiveDefense, activeDefense, baseDifficulty, coversAttack } from "./defense.js";
import type { DieCode } from "./die-code.js";
import { coverModifierCode, rangeBandAt, rangeModifier, reachBands } from "./difficulty.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { codeDistribution, modifierDistribution, negate } from "./odds-dice.js";
import { attackRollAdjustments, type D6AttackInput, type D6AttackerInput, type D6DefenderInput, type D6Refusal, hitDamage } from "./resolve.js";
import { planRoll, requireRollable } from "./skill-roll.js";
import type { DefenseSkill, WoundLevel } from "./types.js";
import { WOUND_LEVELS } from "./types.js";
import { currentWounds, type Protection, resistanceCode, stackWound, UNHURT, type WoundState, woundLevelForExcess, woundRank, woundStatus } from "./wounds.js";

/** A defense in force, as the card's input holds it (its roll; a full defense's +10 is added here, D23). */
export type D6DefenseInForce = { skill: DefenseSkill; mode: ActiveDefense["mode"]; total: number; weapon?: BladeWeapon };

/** An interrupting defense the target may still roll (D14): its planned code (D41 penalties in) and flat bonus. */
export interface D6InterruptOption {
  skill: DefenseSkill;
  code: DieCode;
  flat?: number;
  /** D21: a parry's weapon. */
  weapon?: BladeWeapon;
}

/** One attack as the core reads it, without its dice (`resolveD6Attack`'s input less the faces). */
export interface D6OddsQuery {
  input: Omit<D6AttackInput, "attacker" | "defender" | "damageRoll" | "resistanceRoll" | "coverFaces"> & {
    attacker: Omit<D6AttackerInput, "roll">;
    defender: Omit<D6DefenderInput, "defenses"> & { defenses?: readonly D6DefenseInForce[] };
  };
  /** The attack total when it is already rolled (the interrupt window, D14). */
  attackTotal?: number;
  /** Defenses the target may still interrupt with; "none" is always offered first. */
  interrupts?: readonly D6InterruptOption[];
}

/** Every figure of one defense choice; chances exact, steps expected. */
export interface D6ChoiceOdds {
  defense: "none" | DefenseSkill;
  refused: D6Refusal | null;
  hit: number;
  miss: number;
  /** D21: the parry's blade strikes the attacker; D22: the blade strikes the blocking hand; spared by armor or ability. */
  bladeParry: number;
  bareHandBlock: number;
  spared: number;
  defenderStruck: number;
  attackerStruck: number;
  /** Expected wound steps (D36) each side takes. */
  defenderSteps: number;
  attackerSteps: number;
  /** D35: the level the defender's wound reaches (before stacking). */
  levels: Partial<Record<WoundLevel, number>>;
  /** D10, D37: the defender is left unable to act. */
  defenderOut: number;
  mass: number;
}

interface Side {
  protection: Protection;
  wounds: WoundState;
}

const NONE: readonly never[] = Object.freeze([]);

/** The odds of every choice the query offers: "none", then each interrupt. */
export function d6Odds(query: D6OddsQuery, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6ChoiceOdds[] {
  return [choiceOdds(query, undefined, rules), ...(query.interrupts ?? NONE).map((option) => choiceOdds(query, option, rules))];
}

/** The odds with the defenses in force (no `option`) or with one interrupt rolled now. */
export function choiceOdds(query: D6OddsQuery, option: D6InterruptOption | undefined, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6ChoiceOdds {
  const { input } = query;
  const a = input.attacker;
  const d = input.defender;
  const round = input.round ?? 1;
  const mode = a.weapon.mode;
  const out: D6ChoiceOdds = {
    defense: option?.skill ?? "none", refused: null, hit: 0, miss: 0, bladeParry: 0, bareHandBlock: 0, spared: 0,
    defenderStruck: 0, attackerStruck: 0, defenderSteps: 0, attackerSteps: 0, levels: {}, defenderOut: 0, mass: 0,
  };
  const attackerStatus = woundStatus(a.wounds ?? UNHURT, round, rules);
  if (attackerStatus.unableToAct) throw new D6Error("unableToAct");

  // D27/D28: reach, range, a hidden target: no attack at all.
  const reach = reachBands(mode, a.weapon.lengthMetres ?? 0, rules);
  if (!input.range && mode === "ranged") throw new D6Error("rangeMissing");
  const band = !input.range ? "pointBlank" : "band" in input.range ? input.range.band : rangeBandAt(input.range.metres, a.weapon.ranges ?? null, rules);
  const cover = input.cover ?? "none";
  if (band === "beyond") out.refused = "beyondRange";
  else if (!reach.includes(band)) out.refused = "outOfReach";
  else if (cover === "full") out.refused = "hidden";
  if (out.refused || band === "beyond") return { ...out, miss: 1, mass: 1 };

  // D17–D18, D23: the base difficulty, and which defense decides it, for each roll of an interrupt.
  const inputs = d.defenses ?? NONE;
  const inForce = inputs.map((x) => activeDefense(x.skill, x.mode, x.total, x.weapon, rules));
  const existing = baseDifficulty(inForce, mode, rules);
  const bases = new Map<number, Map<number, number>>(); // deciding index (−1 passive, inputs.length the interrupt) → base → chance
  const put = (deciding: number, value: number, chance: number) => {
    const row = bases.get(deciding) ?? new Map<number, number>();
    row.set(value, (row.get(value) ?? 0) + chance);
    bases.set(deciding, row);
  };
  const covering = option && coversAttack(activeDefense(option.skill, "partial", 0, option.weapon, rules), mode, rules);
  if (!option || !covering) put(existing.defenseIndex, existing.value, 1);
  else {
    const roll = shift(codeDistribution(option.code, "skill", rules), option.flat ?? 0);
    for (let i = 0; i < roll.p.length; i++) {
      const x = roll.min + i;
      // A later defense replaces only a strictly higher one (the first listed keeps a tie); any covering total replaces the passive 10.
      if (existing.defenseIndex < 0 || x > existing.value) put(inputs.length, x, roll.p[i]!);
      else put(existing.defenseIndex, existing.value, roll.p[i]!);
    }
  }

  // D26–D28: range, cover and modifiers (standard numbers, or plain dice when rolled), then the floor.
  let adjust: Distribution = pointDistribution(rangeModifier(band, mode, rules));
  const coverCode = coverModifierCode(cover, rules);
  if (coverCode) adjust = convolve(adjust, modifierDistribution(coverCode, rules));
  for (const m of input.modifiers ?? NONE) adjust = convolve(adjust, "value" in m ? pointDistribution(m.value) : modifierDistribution(m.code, rules));

  // D41, D2: the attack total.
  const attack = query.attackTotal !== undefined ? pointDistribution(query.attackTotal) : attackDistribution(a, attackerStatus.penaltyDice, rules);

  // D30, D33: hit with its damage bonus, or a miss decided by one defense.
  const atLeast = new Float64Array(attack.p.length + 1); // atLeast[j] = P(attack ≥ attack.min + j)
  for (let j = attack.p.length - 1; j >= 0; j--) atLeast[j] = atLeast[j + 1]! + attack.p[j]!;
  const hitByBonus: number[] = [];
  const missBy = new Map<number, number>();
  for (const [deciding, row] of bases) {
    for (const [base, chance] of row) {
      const final = floorAt(shift(adjust, base), rules.difficultyFloor);
      for (let i = 0; i < final.p.length; i++) {
        const difficulty = final.min + i;
        const pf = chance * final.p[i]!;
        if (pf === 0) continue;
        const from = Math.min(attack.p.length, Math.max(0, difficulty - attack.min));
        missBy.set(deciding, (missBy.get(deciding) ?? 0) + pf * (1 - atLeast[from]!));
        for (let j = from; j < attack.p.length; j++) {
          const bonus = damageBonus(attack.min + j, difficulty, rules);
          hitByBonus[bonus] = (hitByBonus[bonus] ?? 0) + pf * attack.p[j]!;
        }
      }
    }
  }
  const defenderSide: Side = { protection: d, wounds: d.wounds ?? UNHURT };
  const attackerSide: Side = { protection: a, wounds: a.wounds ?? UNHURT };

  // D31–D37: a hit's damage against the defender's resistance.
  const damage = hitDamage(a, input.damageModifiers, rules);
  const byFlat = new Map<number, number>();
  hitByBonus.forEach((chance, bonus) => {
    if (!chance) return;
    out.hit += chance;
    byFlat.set(damage.flat + bonus, chance);
  });
  out.defenderStruck += out.hit;
  struckBy(damage.code, byFlat, defenderSide, round, out, "defender", rules);

  // D21–D22: a miss that fell short of a blade parry or a bare-hand block.
  for (const [deciding, chance] of missBy) {
    const decider = deciding < 0 ? undefined : deciding === inputs.length ? option : inputs[deciding];
    const rule = bladeRuleFor(mode, !!a.weapon.edged, false, decider?.skill ?? null, !!decider?.weapon?.edged);
    if (rule === "bareHandBlock") {
      if (blockSparesBlocker(d.armor, !!d.blockBlades)) out.spared += chance;
      else {
        out.bareHandBlock += chance;
        out.defenderStruck += chance;
        struckBy(listedDamageCode(a.weapon.damage), new Map([[0, chance]]), defenderSide, round, out, "defender", rules);
      }
    } else if (rule === "bladeParry") {
      out.bladeParry += chance;
      out.attackerStruck += chance;
      struckBy(listedDamageCode(decider!.weapon!.damage), new Map([[0, chance]]), attackerSide, round, out, "attacker", rules);
    }
  }
  for (const chance of missBy.values()) out.miss += chance;
  out.mass = out.hit + out.miss;
  return out;
}

/** D41, D12, D37, D29, D3, D2: the attack roll's total. */
function attackDistribution(a: Omit<D6AttackerInput, "roll">, woundDice: number, rules: Readonly<D6Rules>): Distribution {
  const plan = planRoll(a.skill, attackRollAdjustments(a, woundDice, rules));
  requireRollable(plan, "attack roll");
  return shift(codeDistribution(plan.code, "skill", rules), a.flat ?? 0);
}

/**
 * D31–D37: a damage roll of `code` plus a flat amount (each with its chance,
 * `byFlat`) against the struck side's resistance (D34), its wound level (D35)
 * stacked on its wounds (D36).
 */
function struckBy(code: DieCode, byFlat: ReadonlyMap<number, number>, side: Side, round: number, out: D6ChoiceOdds, who: "defender" | "attacker", rules: Readonly<D6Rules>): void {
  const excess = excessDistribution(code, resistanceCode(side.protection, rules), rules);
  // The excess with every flat amount (damage bonus, D33) mixed in: one distribution to read.
  let lo = Infinity;
  let hi = -Infinity;
  for (const flat of byFlat.keys()) {
    lo = Math.min(lo, flat);
    hi = Math.max(hi, flat);
  }
  if (lo > hi) return;
  const mixed = new Float64Array(excess.p.length + hi - lo);
  for (const [flat, chance] of byFlat) {
    const at = flat - lo;
    for (let i = 0; i < excess.p.length; i++) mixed[at + i]! += chance * excess.p[i]!;
  }
  const now = woundRank(currentWounds(side.wounds, round).level, rules);
  for (let i = 0; i < mixed.length; i++) {
    const p = mixed[i]!;
    if (p === 0) continue;
    const level = woundLevelForExcess(excess.min + lo + i, rules);
    const after = stackWound(side.wounds, level, round, rules);
    const steps = woundRank(after.level, rules) - now;
    if (who === "attacker") {
      out.attackerSteps += p * steps;
      continue;
    }
    out.defenderSteps += p * steps;
    if (level !== "none") out.levels[level] = (out.levels[level] ?? 0) + p;
    if (woundStatus(after, round, rules).unableToAct) out.defenderOut += p;
  }
}

const excesses = new WeakMap<Readonly<D6Rules>, Map<string, Distribution>>();

/** D35: damage total less resistance total, before flat modifiers; cached by the two codes. */
function excessDistribution(damage: DieCode, resistance: DieCode, rules: Readonly<D6Rules>): Distribution {
  let cache = excesses.get(rules);
  if (!cache) excesses.set(rules, (cache = new Map()));
  const key = `${damage.dice}:${damage.pips}/${resistance.dice}:${resistance.pips}`;
  let found = cache.get(key);
  if (!found) {
    found = convolve(codeDistribution(damage, "damage", rules), negate(codeDistribution(resistance, "resistance", rules)));
    if (cache.size > 256) cache.clear();
    cache.set(key, found);
  }
  return found;
}

/** The odds in the engine's shape (src/core/ruleset.ts): one entry per choice, injury in wound steps. */
export function d6AttackOdds(query: D6OddsQuery, rules: Readonly<D6Rules> = D6_STANDARD_RULES): AttackOdds {
  return { unit: "woundSteps", defenses: d6Odds(query, rules).map(defenseOdds) };
}

function defenseOdds(o: D6ChoiceOdds): DefenseOdds {
  const outcomes: Record<string, number> = { hit: o.hit, miss: o.miss, bladeParry: o.bladeParry, bareHandBlock: o.bareHandBlock, spared: o.spared, out: o.defenderOut };
  if (o.refused) outcomes.refused = 1;
  for (const level of WOUND_LEVELS) if (o.levels[level]) outcomes[`level.${level}`] = o.levels[level]!;
  return { defense: o.defense, struck: o.defenderStruck, injury: o.defenderSteps, attackerStruck: o.attackerStruck, attackerInjury: o.attackerSteps, outcomes };
}
