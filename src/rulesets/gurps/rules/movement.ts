/**
 * Movement (G11–G17, G32): the step, what each maneuver lets a fighter move
 * in his posture, sprinting, posture changes, crouching and evading.
 */
import { type ContestResult, quickContest, type SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { type AodOption, isLying, type ManeuverId, type Posture, type PostureRow } from "./types.js";

/** The G14 row a fighter is in: his posture, or crouching when standing crouched (G16). */
export const postureRow = (posture: Posture, crouching = false): PostureRow => (posture === "standing" && crouching ? "crouching" : posture);

/** G13: Move in a posture: full standing; 2/3 crouched and 1/3 kneeling or crawling (rounded up, min 1); lying 1; sitting 0. */
export function postureMove(move: number, row: PostureRow, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const p = rules.postures[row];
  if (p.fixedMove !== null) return Math.min(move, p.fixedMove);
  if (p.move.num === 0 || move <= 0) return 0;
  if (p.move.num === p.move.den) return move;
  return Math.max(1, Math.ceil((move * p.move.num) / p.move.den));
}

/** G11: step = max(1, ⌈Move / 10⌉) yards; (fill) none with Move 0. */
export function stepYards(move: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (move <= 0) return 0;
  return Math.max(rules.minStep, Math.ceil(move / rules.stepDivisor));
}

/** G12 [fixed]: sprinting bonus on the second and later consecutive forward Moves. */
export function sprintBonus(move: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return Math.max(rules.sprintMin, Math.floor(move / rules.sprintDivisor));
}

export interface MovementOptions {
  posture?: Posture;
  crouching?: boolean;
  /** G28: All-Out Defense's option (Increased Dodge moves half Move). */
  aodOption?: AodOption | null;
  /** G22: aiming a braced two-handed weapon allows no step. */
  bracedTwoHanded?: boolean;
  /** G12: consecutive forward Moves before this one (a sprint from the second on). */
  sprintStreak?: number;
}

export interface MovementAllowance {
  /** Yards the maneuver allows in this posture. */
  readonly yards: number;
  /** G26, G32: forward only. */
  readonly forwardOnly: boolean;
  /** G11: the allowance is a step (kneeling ↔ standing may replace it, G15). */
  readonly isStep: boolean;
  /** G12: sprinting bonus included. */
  readonly sprint: number;
}

/** G12, G13, G26, G28, G32, G34: the yards a maneuver allows (Move is the current Move, before posture). */
export function movementAllowance(maneuver: ManeuverId, move: number, o: MovementOptions = {}, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): MovementAllowance {
  const row = postureRow(o.posture ?? "standing", o.crouching);
  const inPosture = postureMove(move, row, rules);
  const step = stepYards(inPosture, rules);
  const half = Math.ceil(inPosture / 2);
  const result = (yards: number, isStep = false, forwardOnly = false, sprint = 0): MovementAllowance => ({ yards, forwardOnly, isStep, sprint });
  switch (rules.maneuvers[maneuver].movement) {
    case "none":
      return result(0);
    case "step":
      return result(step, true);
    case "stepUnlessBraced":
      return o.bracedTwoHanded ? result(0) : result(step, true);
    case "full": {
      // G12, G16: the sprint bonus for a standing, uncrouched runner's second and later forward Move.
      const sprint = maneuver === "move" && row === "standing" && (o.sprintStreak ?? 0) >= 1 ? sprintBonus(move, rules) : 0;
      return result(inPosture + sprint, false, false, sprint);
    }
    case "halfForward":
      return result(half, false, true);
    case "halfOrStep":
      return o.aodOption === "increasedDodge" ? result(half) : result(step, true);
    case "allOutReady":
      return result(Math.max(rules.allOutReadyMinYards, half), false, true);
  }
}

/** Check 2 (G27): how far short of a goal a maneuver's movement leaves the mover (0 when it reaches). */
export function shortOf(allowance: MovementAllowance, distance: number): number {
  return Math.max(0, distance - allowance.yards);
}

/**
 * G15: may a Change Posture maneuver (or a step, or an involuntary fall) go
 * from one posture to another? Lying must first rise to crawling, kneeling or
 * sitting; prone ↔ face up is one Change Posture [fixed]; a step may only
 * switch kneeling ↔ standing; any involuntary fall ends prone.
 */
export function postureChange(from: Posture, to: Posture, via: "maneuver" | "step" | "fall"): { allowed: boolean; reason: string | null } {
  if (via === "fall") return to === "prone" ? { allowed: true, reason: null } : { allowed: false, reason: "fallEndsProne" };
  if (from === to) return { allowed: false, reason: "samePosture" };
  if (via === "step") {
    const ok = (from === "kneeling" && to === "standing") || (from === "standing" && to === "kneeling");
    return ok ? { allowed: true, reason: null } : { allowed: false, reason: "stepKneelOnly" };
  }
  if (isLying(from) && to === "standing") return { allowed: false, reason: "riseFromLying" };
  return { allowed: true, reason: null };
}

/** Throwing form of `postureChange`. */
export function changePosture(from: Posture, to: Posture, via: "maneuver" | "step" | "fall"): Posture {
  const { allowed, reason } = postureChange(from, to, via);
  if (!allowed) throw new GurpsError("postureChange", { from, to, reason: reason ?? "" });
  return to;
}

/**
 * G16: may a standing fighter crouch now? At the start of his turn under any
 * maneuver; after his action only if he moved no more than a step; never
 * while sprinting.
 */
export function mayCrouch(o: { posture: Posture; atTurnStart: boolean; yardsMoved: number; step: number; sprinting: boolean }): boolean {
  if (o.posture !== "standing" || o.sprinting) return false;
  return o.atTurnStart || o.yardsMoved <= o.step;
}

/** G17: the mover's DX modifier to evade a foe in this posture, coming from the front, a side or behind. */
export function evadeModifier(foe: PostureRow, from: "front" | "side" | "behind", rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return rules.evadeByPosture[foe] + (from === "side" ? rules.evadeFromSide : from === "behind" ? rules.evadeFromBehind : 0);
}

export type EvadeResult = "through" | "stopped" | "impossible";

/**
 * G17: evading past a foe. No roll when he allows it or the mover flies or
 * jumps over his reach; impossible while grappled; otherwise a Quick Contest
 * of DX (the mover's DX already modified by `evadeModifier`) — a win gets
 * through, a loss or a tie stops him.
 */
export function evade(o: { grappled?: boolean; foeAllows?: boolean; overReach?: boolean; mover?: SuccessRoll; foe?: SuccessRoll }): { result: EvadeResult; contest: ContestResult | null } {
  if (o.grappled) return { result: "impossible", contest: null };
  if (o.foeAllows || o.overReach) return { result: "through", contest: null };
  if (!o.mover || !o.foe) throw new GurpsError("rollsCount", { what: "evade", count: 2 });
  const contest = quickContest(o.mover, o.foe);
  return { result: contest.winner === "first" ? "through" : "stopped", contest };
}
