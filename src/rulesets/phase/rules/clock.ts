/**
 * P1, P2, P9: the phase counter and what is derived from it. The counter
 * starts at phase 1 when combat begins (P2); round, turn and minute are
 * counted from it with the world's lengths (P1); an action resolves at the
 * end of the last phase of its length, counted from the phase it was
 * declared in (P9).
 */
import { PhaseError, requireWhole } from "./errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules, phasesOf } from "./options.js";
import type { ActionLength } from "./types.js";

/** Longest fight the counter follows (a day of phases). */
export const MAX_PHASE = 86_400;

export interface PhaseClock {
  /** P2: 1 at the start of combat. */
  phase: number;
  /** P1: the round, turn and minute the phase falls in (each from 1). */
  round: number;
  turn: number;
  minute: number;
  /** 1-based position of the phase inside its round, turn and minute. */
  phaseOfRound: number;
  phaseOfTurn: number;
  phaseOfMinute: number;
}

/** Which unit (1-based) of `size` phases the phase falls in. */
const unit = (phase: number, size: number) => Math.floor((phase - 1) / size) + 1;
const within = (phase: number, size: number) => ((phase - 1) % size) + 1;

/** P1: seed check 15 — phase 21 is in round 11, turn 3, minute 1. */
export function phaseClock(phase: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseClock {
  requireWhole(phase, "phase", 1, MAX_PHASE);
  const { round, turn, minute } = rules.phasesPer;
  return {
    phase,
    round: unit(phase, round),
    turn: unit(phase, turn),
    minute: unit(phase, minute),
    phaseOfRound: within(phase, round),
    phaseOfTurn: within(phase, turn),
    phaseOfMinute: within(phase, minute),
  };
}

/** P9 [fixed]: the phase at whose end an action declared in `declaredAt` resolves (a round action declared in phase 3: phase 4). */
export function resolvesAt(declaredAt: number, length: ActionLength, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  if (length === "free") throw new PhaseError("freeHasNoEnd");
  return declaredAt + phasesOf(length, rules) - 1;
}
