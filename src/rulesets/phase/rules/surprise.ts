/**
 * P2, P3, P40: awareness and surprise. The GM marks characters unaware; an
 * unaware character takes no part in the fight (P2: the first question is
 * who is aware of whom). The first overt hostile act on them (or one they
 * see) makes them surprised: the phase at whose end it resolves and the rest
 * of the "one round" (P3, P40) they can do nothing; from the phase after, at
 * the start of every phase, they roll 1d10 + Reflexes + the bonus of their
 * failed rolls against TN 8; success lets them declare that same phase (P3).
 */
import { check, type CheckResult } from "./checks.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";

export type Awareness =
  | { state: "aware" }
  | { state: "unaware" }
  /** P40: `since` the phase the hostile act resolved; rolls from `rollFrom`; `failures` so far (the +1 each, P3). */
  | { state: "surprised"; since: number; rollFrom: number; failures: number };

export const AWARE: Awareness = Object.freeze({ state: "aware" });
export const UNAWARE: Awareness = Object.freeze({ state: "unaware" });

/** P3/P40: phases the surprise lasts before the first roll (the GM may lengthen it with `extraPhases`). */
export function surprisePhases(rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  return rules.surpriseRounds * rules.phasesPer.round;
}

/** P40: a hostile act resolving at the end of `phase` surprises an unaware character; anyone else is unchanged. */
export function surprise(a: Awareness, phase: number, extraPhases = 0, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Awareness {
  if (a.state !== "unaware") return a;
  return { state: "surprised", since: phase, rollFrom: phase + surprisePhases(rules) + Math.max(0, extraPhases), failures: 0 };
}

/** Phases of surprise left before the first roll, at the start of `phase` (0 when rolling or not surprised). */
export function surpriseLeft(a: Awareness, phase: number): number {
  return a.state === "surprised" ? Math.max(0, a.rollFrom - phase) : 0;
}

/** P3: a surprised character whose wait is over rolls at the start of this phase. */
export function rollsForSurprise(a: Awareness, phase: number): boolean {
  return a.state === "surprised" && phase >= a.rollFrom;
}

/** P3: the bonus the failed rolls give the next one. */
export function surpriseBonus(a: Awareness, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  return a.state === "surprised" ? a.failures * rules.surpriseBonusPerFailure : 0;
}

export interface SurpriseRoll {
  check: CheckResult;
  bonus: number;
  /** The awareness after: aware on a success, one more failure otherwise. */
  after: Awareness;
}

/** P3/P4/P36: the surprise roll — 1d10 + Reflexes + bonus − wound penalty against TN 8. */
export function rollSurprise(
  a: Extract<Awareness, { state: "surprised" }>,
  face: number,
  reflexes: number,
  traumaticWounds: number,
  rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES,
): SurpriseRoll {
  const bonus = surpriseBonus(a, rules);
  const result = check({ face, attribute: reflexes, skill: 0, modifier: bonus, traumaticWounds, tn: rules.surpriseTN }, "surprise roll", rules);
  return { check: result, bonus, after: result.success ? AWARE : { ...a, failures: a.failures + 1 } };
}
