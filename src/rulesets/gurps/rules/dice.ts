/**
 * Rolls and contests (G4–G7) and the damage notation (G2, G69): `2d+1`,
 * `1d-3`, `6d×3`, `sw+2`, `thr`. Dice faces are inputs: a 3d6 roll is given
 * as its three faces or as its total.
 */
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";

/** A 3d6 roll as given: its faces (when known) and total. */
export interface DiceRoll {
  readonly total: number;
  readonly faces: readonly number[] | null;
}

/** Read a roll given as faces or as a total (a success roll: `rules.successDice` dice). `what` names it in errors. */
export function readRoll(value: number | readonly number[], what: string, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): DiceRoll {
  const n = rules.successDice;
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < n || value > n * rules.dieFaces) throw new GurpsError("outOfRange", { what, min: n, max: n * rules.dieFaces, value: String(value) });
    return { total: value, faces: null };
  }
  return { total: sumFaces(value, n, what, rules), faces: value };
}

/**
 * The sum of `count` die faces, each 1 to the die's faces. `what` names the
 * roll in errors (a function when the name has to be built: it is built only
 * for an error, never on the hot path).
 */
export function sumFaces(faces: readonly number[], count: number, what: string | (() => string), rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const name = () => (typeof what === "string" ? what : what());
  if (faces.length !== count) throw new GurpsError("diceCount", { what: name(), count, given: faces.length });
  let total = 0;
  for (let i = 0; i < faces.length; i++) {
    const f = faces[i]!;
    if (!Number.isInteger(f) || f < 1 || f > rules.dieFaces) throw new GurpsError("dieFace", { what: name(), face: String(f), faces: rules.dieFaces });
    total += f;
  }
  return total;
}

/** G4–G6: what a success roll is for (criticals differ). */
export type RollPurpose = "meleeAttack" | "rangedAttack" | "defense" | "other";
export type Critical = "success" | "failure" | null;

export interface SuccessRoll {
  readonly effective: number;
  readonly roll: number;
  readonly success: boolean;
  /** G7 (fill): signed, effective − roll (negative on a failure). */
  readonly margin: number;
  readonly critical: Critical;
}

/** G5, G6: the critical-success range at this effective skill (3–4; 5 at 15+; 6 at 16+). */
export function criticalSuccessUpTo(effective: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  let upTo = rules.criticalSuccessUpTo;
  const steps = rules.criticalSuccessSteps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (effective >= step.minEffective && step.roll > upTo) upTo = step.roll;
  }
  return upTo;
}

/**
 * G4 every roll: 3–4 succeed, 17–18 fail, otherwise roll ≤ effective. G5
 * attacks and G6 defenses add criticals: success on 3–4 (5 at 15+, 6 at
 * 16+); failure on 18, on 17 unless effective 16+, and (melee attacks and
 * defenses, not ranged attacks) on a failure by 10 or more.
 */
export function successRoll(effective: number, roll: number, purpose: RollPurpose, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): SuccessRoll {
  const success = roll <= rules.alwaysSucceedsUpTo || (roll < rules.alwaysFailsFrom && roll <= effective);
  const margin = effective - roll;
  let critical: Critical = null;
  if (purpose !== "other") {
    if (roll <= criticalSuccessUpTo(effective, rules)) critical = "success";
    else if (roll >= rules.criticalFailureAt) critical = "failure";
    else if (roll === rules.criticalFailureUnlessHigh && effective < rules.criticalFailureSpareFrom) critical = "failure";
    else if (!success && purpose !== "rangedAttack" && -margin >= rules.criticalFailureMargin) critical = "failure";
  }
  return { effective, roll, success, margin, critical };
}

/** G7: a Quick Contest's result; `by` is the margin of victory (winner's signed margin − loser's), 0 on a tie. */
export interface ContestResult {
  readonly winner: "first" | "second" | "tie";
  readonly by: number;
}

/** G7 [fixed]: one succeeds, the other fails → he wins; both succeed → larger margin; both fail → smaller failure. */
export function quickContest(first: SuccessRoll, second: SuccessRoll): ContestResult {
  if (first.success !== second.success) {
    return first.success ? { winner: "first", by: first.margin - second.margin } : { winner: "second", by: second.margin - first.margin };
  }
  if (first.margin === second.margin) return { winner: "tie", by: 0 };
  return first.margin > second.margin ? { winner: "first", by: first.margin - second.margin } : { winner: "second", by: second.margin - first.margin };
}

/** G7 Regular Contest, one attempt: only "one succeeds, the other fails" decides; anything else is no result. */
export function regularContest(first: SuccessRoll, second: SuccessRoll): "first" | "second" | "none" {
  if (first.success && !second.success) return "first";
  if (second.success && !first.success) return "second";
  return "none";
}

// --- damage notation (G2, G69) ---------------------------------------------

/** G2: a damage line: dice × multiplier + adds, or thrust/swing based (`sw+2`) until the wielder's damage resolves it. */
export interface DamageSpec {
  readonly base: "dice" | "thr" | "sw";
  readonly dice: number;
  readonly adds: number;
  readonly multiplier: number;
}

export const MAX_DAMAGE_DICE = 100;
export const MAX_DAMAGE_ADDS = 500;
export const MAX_DAMAGE_MULTIPLIER = 100;
const DAMAGE_RE = /^(?:(\d{1,4})d(?:[×xX*](\d{1,4}))?|(sw|thr))([+\-−]\d{1,4})?$/;

/** Parse `2d+1`, `1d-3`, `6d×3` (or `6dx3`), `sw+2`, `thr`. */
export function parseDamage(text: string): DamageSpec {
  if (typeof text !== "string" || text.trim() === "") throw new GurpsError("damageEmpty");
  const m = DAMAGE_RE.exec(text.trim().replace(/\s+/g, ""));
  if (!m) throw new GurpsError("damageInvalid", { text: text.slice(0, 40) });
  const adds = m[4] ? Number(m[4].replace("−", "-")) : 0;
  if (m[3]) return Object.freeze({ base: m[3] as "sw" | "thr", dice: 0, adds, multiplier: 1 });
  const dice = Number(m[1]);
  const multiplier = m[2] ? Number(m[2]) : 1;
  if (dice < 1 || dice > MAX_DAMAGE_DICE || multiplier < 1 || multiplier > MAX_DAMAGE_MULTIPLIER || Math.abs(adds) > MAX_DAMAGE_ADDS) {
    throw new GurpsError("damageTooLarge", { text: text.slice(0, 40), dice: MAX_DAMAGE_DICE, multiplier: MAX_DAMAGE_MULTIPLIER, adds: MAX_DAMAGE_ADDS });
  }
  return Object.freeze({ base: "dice", dice, adds, multiplier });
}

export function formatDamage(d: DamageSpec): string {
  const adds = d.adds > 0 ? `+${d.adds}` : d.adds < 0 ? `${d.adds}` : "";
  if (d.base !== "dice") return `${d.base}${adds}`;
  return `${d.dice}d${d.multiplier > 1 ? `×${d.multiplier}` : ""}${adds}`;
}

/** G2, G51: a thrust/swing line resolved with the wielder's thrust and swing damage (adds summed). */
export function resolveDamage(spec: DamageSpec, thrust: DamageSpec | null, swing: DamageSpec | null): DamageSpec {
  if (spec.base === "dice") return spec;
  const basis = spec.base === "thr" ? thrust : swing;
  if (!basis || basis.base !== "dice") throw new GurpsError("damageBaseMissing", { base: spec.base });
  // Not frozen: every resolution of a thr/sw line makes one (the spec itself is never changed).
  return { base: "dice", dice: basis.dice, adds: basis.adds + spec.adds, multiplier: basis.multiplier };
}
