/**
 * R13: action totals; R19–R20: adding effects and the must-beat rule;
 * R10: what conditions subtract.
 */
import { readRoll, type RollReading } from "./dice.js";
import { compileEffects, type EffectPenalty, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { RulesError, requireInteger } from "./errors.js";
import { english } from "../../../core/messages.js";
import { type Bundle, countLetter } from "./notation.js";
import { type RulesOptions, STANDARD_OPTIONS } from "./options.js";
import type { Facet } from "./types.js";

export type TermKind = "base" | "dice" | "finesse" | "speed" | "modifier" | "parryBonus" | "effects" | "conditions";

export interface ActionTotalInput {
  /** Skill base. */
  base: number;
  /** The dice read, or their faces (key die first). */
  roll: RollReading | readonly number[];
  finesse?: number;
  /** Weapon or trick speed (only one may add, R13). */
  speed?: number;
  /** Situational modifiers, may be negative. */
  modifier?: number;
  /** R25: a won parry's bonus on the next attack against that attacker. */
  parryBonus?: number;
  /** R19: cost of the effects added to the action. */
  effectCost?: number;
  /** R10: condition penalties for the facet of the skill used. */
  conditionPenalty?: number;
}

export interface ActionTotal {
  total: number;
  /** Every addend, for a card that shows the arithmetic; costs and penalties negative. */
  terms: { kind: TermKind; value: number }[];
  roll: RollReading;
  /** The key die crashed: total 0 whatever else (R12). */
  crash: boolean;
  surge: boolean;
  experience: number;
}

/** A term's English name for an error message, looked up once (a total is built on every roll and in every simulated duel). */
const termLabels = new Map<TermKind, string>();
function termLabel(kind: TermKind): string {
  let label = termLabels.get(kind);
  if (label === undefined) termLabels.set(kind, (label = english(`CYCHOSYS.Term.${kind}`)));
  return label;
}

/** R13: skill base + roll + finesse + speed + modifiers − effect costs − condition penalties; ≥ 0; a crash makes it 0. */
export function actionTotal(input: ActionTotalInput): ActionTotal {
  const roll = Array.isArray(input.roll) ? readRoll(input.roll) : (input.roll as RollReading);
  const base = requireInteger(input.base, termLabel("base"), -999, 999);
  const terms: ActionTotal["terms"] = [
    { kind: "base", value: base },
    { kind: "dice", value: roll.sum },
  ];
  // Costs and penalties only ever lower a total: they are given as amounts ≥ 0 and subtracted.
  const optional: [TermKind, number | undefined, number, number][] = [
    ["finesse", input.finesse, 1, -999],
    ["speed", input.speed, 1, -999],
    ["modifier", input.modifier, 1, -999],
    ["parryBonus", input.parryBonus, 1, 0],
    ["effects", input.effectCost, -1, 0],
    ["conditions", input.conditionPenalty, -1, 0],
  ];
  for (const [kind, value, sign, min] of optional) {
    if (value === undefined || value === 0) continue;
    terms.push({ kind, value: sign * requireInteger(value, termLabel(kind), min, 999) });
  }
  const raw = terms.reduce((sum, t) => sum + t.value, 0);
  return {
    total: roll.crash ? 0 : Math.max(0, raw),
    terms,
    roll,
    crash: roll.crash,
    surge: roll.surge,
    experience: roll.experience,
  };
}

/** One added effect's price (R19). */
export interface EffectCostLine {
  letter: string;
  /** Which instance of this letter in the action it is (the edge's count first). */
  instance: number;
  cost: number;
}

/**
 * R19: the j-th instance of an effect in the action, counting those the edge
 * already has, costs j × its power. Adding D to `DRR3` costs 2 × 2 = 4.
 */
export function effectCosts(
  edge: Bundle,
  added: readonly string[],
  table: EffectsTable = STANDARD_EFFECTS,
): { total: number; lines: EffectCostLine[] } {
  const byLetter = compileEffects(table).byLetter;
  const extra = new Map<string, number>();
  const lines: EffectCostLine[] = [];
  let total = 0;
  for (const letter of added) {
    const effect = byLetter.get(letter);
    if (!effect) throw new RulesError("improveUnknownLetter", { letter });
    const before = countLetter(edge, letter) + (extra.get(letter) ?? 0);
    extra.set(letter, (extra.get(letter) ?? 0) + 1);
    const instance = before + 1;
    const cost = instance * effect.power;
    lines.push({ letter, instance, cost });
    total += cost;
  }
  return { total, lines };
}

/** R23: the k-th counterattack of an exchange carries k × the power of C (8, 16, 24 …). */
export function counterHandicap(k: number, table: EffectsTable = STANDARD_EFFECTS): number {
  const power = compileEffects(table).byLetter.get("C")?.power ?? 8;
  return Math.max(1, Math.floor(k)) * power;
}

/** A total in an opposed comparison. */
export interface OpposedTotal {
  total: number;
  /** Key die surged (R12): wins a tie. */
  surge?: boolean;
}

/**
 * R20 and R12: does `a` beat `b`? Strictly higher wins; on a tie a surge beats
 * no surge. `tieWinner` says who takes an otherwise even tie.
 */
export function beats(
  a: OpposedTotal,
  b: OpposedTotal,
  tieWinner: "a" | "b" = "b",
  options: RulesOptions = STANDARD_OPTIONS,
): boolean {
  if (a.total !== b.total) return a.total > b.total;
  if (options.surgeWinsTies && Boolean(a.surge) !== Boolean(b.surge)) return Boolean(a.surge);
  return tieWinner === "a";
}

/** R10: the total penalties of conditions (taken wounding effects); each instance counts. */
export function conditionPenalties(
  conditions: Bundle | readonly string[],
  table: EffectsTable = STANDARD_EFFECTS,
): EffectPenalty & { incapacitated: boolean } {
  const byLetter = compileEffects(table).byLetter;
  const letters = Array.isArray(conditions) ? conditions : (conditions as Bundle).effects.map((m) => m.letter);
  const sum = { physical: 0, mental: 0, emotional: 0, quickness: 0, incapacitated: false };
  for (const letter of letters) {
    const effect = byLetter.get(letter);
    if (!effect || effect.kind !== "wounding") continue;
    sum.physical += effect.penalty.physical;
    sum.mental += effect.penalty.mental;
    sum.emotional += effect.penalty.emotional;
    sum.quickness += effect.penalty.quickness;
    sum.incapacitated ||= effect.incapacitates;
  }
  return sum;
}

/** R10, R13: what conditions subtract from an action total of one facet. */
export function conditionPenaltyFor(
  conditions: Bundle | readonly string[],
  facet: Facet,
  table: EffectsTable = STANDARD_EFFECTS,
): number {
  return conditionPenalties(conditions, table)[facet];
}
