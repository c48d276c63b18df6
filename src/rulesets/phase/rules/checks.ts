/**
 * P4, P33, P34, P36: a check is 1d10 + attribute + skill (+ modifiers)
 * against a TN; it succeeds when the total reaches the TN, with no automatic
 * success or failure on any face (P34). Each traumatic wound takes
 * `woundPenaltyPerTrauma` off every check — attacks, fastdraw, the surprise
 * roll — but never initiative or damage (P36).
 */
import { requireFace } from "./errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";

export interface CheckInput {
  /** The d10's face (P4). */
  face: number;
  attribute: number;
  skill: number;
  /** Further modifiers to the total (surprise bonus, wild shot, Aim …). */
  modifier?: number;
  /** Traumatic wounds the roller has (P30, P36). */
  traumaticWounds?: number;
  tn: number;
}

export interface CheckResult {
  face: number;
  attribute: number;
  skill: number;
  modifier: number;
  /** P36: the wound penalty taken off (0 or negative). */
  woundPenalty: number;
  total: number;
  tn: number;
  success: boolean;
  /** P4: total − TN. */
  margin: number;
}

/** P30/P36: the penalty to every check for this many traumatic wounds (0 or negative). */
export function woundPenalty(traumaticWounds: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  return traumaticWounds > 0 ? -traumaticWounds * rules.woundPenaltyPerTrauma : 0;
}

/** P4/P34: one check, the face given. */
export function check(input: CheckInput, what = "check", rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): CheckResult {
  const face = requireFace(input.face, rules.checkDie, what);
  const modifier = input.modifier ?? 0;
  const penalty = woundPenalty(input.traumaticWounds ?? 0, rules);
  const total = face + input.attribute + input.skill + modifier + penalty;
  return {
    face, attribute: input.attribute, skill: input.skill, modifier, woundPenalty: penalty, total, tn: input.tn,
    success: total >= input.tn, margin: total - input.tn,
  };
}

/** P4/P34: the chance (0–1) that 1d10 + `base` reaches `tn` — what a sheet shows beside a weapon (P17: base 5 against 10 is 60%). */
export function checkChance(base: number, tn: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  const needed = tn - base;
  const faces = rules.checkDie - Math.max(0, needed - 1);
  return Math.min(rules.checkDie, Math.max(0, faces)) / rules.checkDie;
}
