/**
 * D34–D37 [fixed — ours]: the resistance code, the wound level an excess
 * reaches, stacking, and what each level does (penalty dice, unable to act,
 * the round a Stunned result clears).
 */
import { addCodes, type DieCode, ZERO_CODE } from "./die-code.js";
import { D6_STANDARD_RULES, type D6Rules, type WoundEffect } from "./options.js";
import type { WoundLevel } from "./types.js";

/** A combatant's wounds: one level at a time (D36), and the last round it lasts when it clears by itself (D37 Stunned). */
export interface WoundState {
  readonly level: WoundLevel;
  /** Last round the level is in effect; null = until healed (or unhurt). */
  readonly untilRound: number | null;
}

export const UNHURT: WoundState = Object.freeze({ level: "none", untilRound: null });

/** What protects a combatant against damage (D34). */
export interface Protection {
  strength: DieCode;
  /** Worn armor's code; 0D when none. */
  armor?: DieCode;
  /** Protective special abilities' codes. */
  abilities?: readonly DieCode[];
}

/**
 * D34: Strength (when `resistWithStrength`, the default) + armor + protective
 * abilities, added into one code and rolled once with one Wild Die. Neither
 * the multi-action nor the wound penalty applies.
 */
export function resistanceCode(protection: Protection, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieCode {
  let code = rules.resistWithStrength ? protection.strength : ZERO_CODE;
  if (protection.armor) code = addCodes(code, protection.armor, rules);
  if (protection.abilities) for (const a of protection.abilities) code = addCodes(code, a, rules);
  return code;
}

/** D35: the level an excess (damage total with bonus − resistance total) reaches; ≤ 0 is none. */
export function woundLevelForExcess(excess: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): WoundLevel {
  let level: WoundLevel = "none";
  for (const row of rules.woundThresholds) {
    if (excess >= row.minExcess) level = row.level;
  }
  return level;
}

/** Position on the D36 ladder; −1 for none. */
export function woundRank(level: WoundLevel, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return level === "none" ? -1 : rules.woundLadder.indexOf(level);
}

function effectOf(level: WoundLevel, rules: Readonly<D6Rules>): WoundEffect | null {
  return level === "none" ? null : rules.woundEffects[level];
}

/** A state with `level` taken in `round`: a level that clears by itself lasts `clearsAfterRounds` more rounds (D37). */
export function woundAt(level: WoundLevel, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): WoundState {
  const after = effectOf(level, rules)?.clearsAfterRounds ?? null;
  return level === "none" ? UNHURT : { level, untilRound: after === null ? null : round + after };
}

/** D37: the state as it stands in `round` (a Stunned result past its last round has cleared). */
export function currentWounds(state: WoundState, round: number): WoundState {
  return state.untilRound !== null && round > state.untilRound ? UNHURT : state;
}

/**
 * D36: a new level worse than the current one replaces it; any other wound
 * result moves the current level one step up the ladder (Killed stays
 * Killed). No wound (none) changes nothing.
 */
export function stackWound(state: WoundState, taken: WoundLevel, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): WoundState {
  if (taken === "none") return currentWounds(state, round);
  const now = currentWounds(state, round);
  if (now.level === "none" || woundRank(taken, rules) > woundRank(now.level, rules)) return woundAt(taken, round, rules);
  const ladder = rules.woundLadder;
  const next = ladder[Math.min(ladder.length - 1, woundRank(now.level, rules) + 1)]!;
  return next === now.level ? now : woundAt(next, round, rules);
}

export interface WoundStatus {
  readonly level: WoundLevel;
  readonly untilRound: number | null;
  /** D37: dice off skill and attribute rolls, initiative included. */
  readonly penaltyDice: number;
  /** D10/D37: loses its actions. */
  readonly unableToAct: boolean;
  readonly dying: boolean;
  readonly out: boolean;
}

/** D37: what the wounds do in `round`. */
export function woundStatus(state: WoundState, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): WoundStatus {
  const now = currentWounds(state, round);
  const e = effectOf(now.level, rules);
  return {
    level: now.level,
    untilRound: now.untilRound,
    penaltyDice: e ? e.penaltyDice : 0,
    unableToAct: e ? e.unableToAct : false,
    dying: e ? e.dying : false,
    out: e ? e.out : false,
  };
}

/** D37: the wound dice of a skill or attribute roll in `round` (never of damage or resistance). */
export function woundPenaltyDice(state: WoundState, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  const now = currentWounds(state, round);
  return now.level === "none" ? 0 : rules.woundEffects[now.level].penaltyDice;
}

/**
 * Undo by delta (D36's ladder): the steps an applied wound moved the struck
 * side up — from the level in force when it was applied (`before`, as it
 * stood in `round`) to the level it left (`after`). 0 when it changed
 * nothing (Killed stays Killed).
 */
export function woundStepsTaken(before: WoundState, after: WoundState, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return Math.max(0, woundRank(after.level, rules) - woundRank(currentWounds(before, round).level, rules));
}

/**
 * Undo by delta (D36): the wounds `now` with one applied wound taken back —
 * `steps` down the ladder, never below unhurt. A newer wound stays (its own
 * steps remain), a level lowered by hand since is not pushed below unhurt,
 * and the same undo made twice in a row cannot happen (the card refuses it).
 * The level reached keeps the round it lasts to (D37): the one it had when
 * the wound was applied if it is that level again, else as if taken in the
 * attack's round.
 */
export function undoWoundSteps(
  now: WoundState,
  steps: number,
  applied: { before: WoundState; round: number },
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): WoundState {
  if (steps <= 0) return now;
  const rank = Math.max(-1, woundRank(now.level, rules) - steps);
  if (rank < 0) return UNHURT;
  const level = rules.woundLadder[rank]!;
  if (level === now.level) return now;
  const before = currentWounds(applied.before, applied.round);
  return level === before.level ? before : woundAt(level, applied.round, rules);
}
