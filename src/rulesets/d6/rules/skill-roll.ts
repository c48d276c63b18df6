/**
 * D41 building a skill or attribute roll: its code − multi-action dice (D12)
 * − wound dice (D37) + bonus dice (aim, D29); D3 tested on the result; then
 * the Wild Die (D2) and flat modifiers. Initiative is built in initiative.ts
 * (no multi-action penalty, never refused).
 */
import { addDice, type DieCode, formatDieCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { type RollFaces, type RollReading, readRoll } from "./wild-die.js";

/**
 * D12: dice off every skill and attribute roll this round: max(0, N −
 * freeActions) × dice per extra action. Before the turn (N not declared) it
 * is 0 (D25).
 */
export function multiActionPenaltyDice(
  declared: number | null,
  freeActions: number = D6_STANDARD_RULES.defaultFreeActions,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): number {
  if (declared === null) return 0;
  const extra = declared - freeActions;
  return extra > 0 ? extra * rules.diceLostPerExtraAction : 0;
}

/** What changes the dice of one roll (D41). */
export interface RollAdjustments {
  /** D12 multi-action dice. */
  actionDice?: number;
  /** D37 wound dice. */
  woundDice?: number;
  /** D29 aim dice (or any bonus dice). */
  bonusDice?: number;
}

export interface RollPlan {
  /** The skill or attribute code before anything. */
  readonly base: DieCode;
  readonly actionDice: number;
  readonly woundDice: number;
  readonly bonusDice: number;
  /** D41: the code actually rolled; pips are never removed. */
  readonly code: DieCode;
  /** D3: false when no die is left (pips do not count). */
  readonly rollable: boolean;
}

/**
 * D41: the code a roll uses. The dice are added as one sum and floored at 0D
 * (4D − 3D − 2D + 1D = 0D); the pips stay (3D+2 − 1D = 2D+2).
 */
export function planRoll(base: DieCode, adjust: RollAdjustments = {}): RollPlan {
  const actionDice = adjust.actionDice ?? 0;
  const woundDice = adjust.woundDice ?? 0;
  const bonusDice = adjust.bonusDice ?? 0;
  const code = addDice(base, bonusDice - actionDice - woundDice);
  return { base, actionDice, woundDice, bonusDice, code, rollable: code.dice > 0 };
}

/** D3: refuse a skill or attribute roll that has no die left, saying why. */
export function requireRollable(plan: RollPlan, what: string): void {
  if (!plan.rollable) {
    throw new D6Error("nothingToRoll", {
      what,
      base: formatDieCode(plan.base),
      action: plan.actionDice,
      wound: plan.woundDice,
      bonus: plan.bonusDice,
      code: formatDieCode(plan.code),
    });
  }
}

export interface SkillRoll {
  readonly plan: RollPlan;
  readonly reading: RollReading;
  /** D41: flat modifiers added after the dice. */
  readonly flat: number;
  readonly total: number;
}

/** D41 end to end: plan, D3 test, Wild Die reading (D2), then flat modifiers. */
export function rollSkill(
  base: DieCode,
  adjust: RollAdjustments,
  faces: RollFaces,
  flat = 0,
  what = "skill roll",
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): SkillRoll {
  const plan = planRoll(base, adjust);
  requireRollable(plan, what);
  const reading = readRoll(plan.code, faces, "skill", what, rules);
  return { plan, reading, flat, total: reading.total + flat };
}
