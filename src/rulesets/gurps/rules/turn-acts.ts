/**
 * What a fighter does on the tracker beside choosing his maneuver: the step
 * spent on kneeling ↔ standing (G11, G15), a task begun under Concentrate or
 * Ready (G29, G89), and a Wait's trigger fired before his next turn, his
 * action out of turn, and its end (G31). Each says why not (`ActRefusal`,
 * a reason and its rule) or returns the new round. Pure.
 */
import { GurpsError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { type ManeuverFacts, maneuverRefusal } from "./maneuvers.js";
import { movementAllowance, postureChange } from "./movement.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { canAct, chooseManeuver, type GurpsFighterRound, setPosture, taskDone, triggerWait } from "./round.js";
import type { Posture } from "./types.js";

/** Why a tracker act is refused (lang `CYCHOSYS.Gurps.Tracker.Act.<reason>`). */
export const TURN_ACT_REASONS = [
  "cannotAct", "stunned", "chooseFirst", "kneelStandOnly", "noStep", "stepSpent",
  "taskBegun", "taskManeuver", "readySpent", "taskName", "taskSeconds", "maneuverRefused",
  "notWaiting", "ownTurn", "notActing",
] as const;
export type TurnActRefusalReason = (typeof TURN_ACT_REASONS)[number];
export interface TurnActRefusal {
  readonly reason: TurnActRefusalReason;
  readonly rule: string;
}
const refuse = (reason: TurnActRefusalReason, rule: string): TurnActRefusal => ({ reason, rule });

/** G8, G19: he can act at all (not knocked out, dead or stunned). */
function unable(s: GurpsFighterRound): TurnActRefusal | null {
  if (!canAct(s)) return refuse("cannotAct", "G8");
  if (s.stun !== null) return refuse("stunned", "G19");
  return null;
}

/** He acts under this turn's maneuver: chosen on this turn, or a Wait triggered out of turn (G10, G31). */
const actingNow = (s: GurpsFighterRound): boolean => (s.turn > 0 && s.chosenTurn === s.turn) || s.waitTriggered;

/**
 * G11, G15: may he spend his step on kneeling ↔ standing now? Only between
 * those two, under a maneuver whose movement is a step (G34: Aim unbraced,
 * Evaluate, Attack, Feint, All-Out Defense but Increased Dodge, Concentrate,
 * Ready, and a triggered Wait converted to one), chosen this turn, with the
 * step not yet used — it replaces the step ("instead of using the step to
 * move"). `move` is his Move now (a Move of 0 has no step, G11).
 */
export function stepPostureRefusal(s: GurpsFighterRound, to: Posture, move: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): TurnActRefusal | null {
  const cannot = unable(s);
  if (cannot) return cannot;
  if (!actingNow(s)) return refuse("chooseFirst", "G10");
  if (!postureChange(s.posture, to, "step").allowed) return refuse("kneelStandOnly", "G15");
  const m = s.maneuver;
  const allowance = movementAllowance(m.id, move, { posture: s.posture, crouching: s.crouching, aodOption: m.aodOption ?? null, bracedTwoHanded: m.id === "aim" && m.braced === true }, rules);
  if (!allowance.isStep || allowance.yards === 0) return refuse("noStep", "G15");
  if (s.yardsMoved > 0 || s.postureStepTurn === s.turn) return refuse("stepSpent", "G11");
  return null;
}

/** G15: kneeling ↔ standing as his step (checked by `stepPostureRefusal`): the step is spent, a crouch ends. */
export function stepPosture(s: GurpsFighterRound, to: Posture, move: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFighterRound {
  const refusal = stepPostureRefusal(s, to, move, rules);
  if (refusal) throw new GurpsError("postureChange", { from: s.posture, to, reason: english(`CYCHOSYS.Gurps.Tracker.Act.${refusal.reason}`) });
  return { ...setPosture(s, to, false), postureStepTurn: s.turn };
}

/** G29, G89: the maneuver a task takes each second: Concentrate (a mental task) or Ready (a long physical action). */
export const TASK_KINDS = ["concentrate", "ready"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
/** The longest task the tracker counts, in seconds (an hour; G90's longest row is a minute). */
export const MAX_TASK_SECONDS = 3600;
export const MAX_TASK_NAME = 100;

export interface TaskStart {
  readonly name: string;
  readonly needed: number;
  readonly interruptible: boolean;
  readonly kind: TaskKind;
}

/**
 * G29, G89: may he begin this task now? On his turn, before choosing (the
 * task's maneuver is then chosen with it and counts its first second), or
 * after choosing that very maneuver this turn (Concentrate; a Ready whose
 * action is not spent yet). One task begun a turn; a task begun replaces
 * one in progress (he gives it up).
 */
export function taskRefusal(s: GurpsFighterRound, t: TaskStart, facts: ManeuverFacts, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): TurnActRefusal | null {
  const cannot = unable(s);
  if (cannot) return cannot;
  if (t.name.trim() === "" || t.name.length > MAX_TASK_NAME) return refuse("taskName", t.kind === "concentrate" ? "G29" : "G89");
  if (!Number.isInteger(t.needed) || t.needed < 1 || t.needed > MAX_TASK_SECONDS) return refuse("taskSeconds", t.kind === "concentrate" ? "G29" : "G89");
  if (s.task && s.task.startedTurn === s.turn) return refuse("taskBegun", "G10");
  if (s.turn > 0 && s.chosenTurn === s.turn) {
    if (s.maneuver.id !== t.kind) return refuse("taskManeuver", t.kind === "concentrate" ? "G29" : "G89");
    if (t.kind === "ready" && s.actions > 0) return refuse("readySpent", "G30");
    return null;
  }
  const refused = maneuverRefusal({ id: t.kind }, facts, rules);
  if (!refused) return null;
  return refuse(refused.reason === "stunned" ? "stunned" : refused.reason === "cannotAct" ? "cannotAct" : "maneuverRefused", refused.rule);
}

/** G29, G89: the task begun (checked by `taskRefusal`), its first second counted under its maneuver. */
export function beginTask(s: GurpsFighterRound, t: TaskStart, facts: ManeuverFacts, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFighterRound {
  const refusal = taskRefusal(s, t, facts, rules);
  if (refusal) throw new GurpsError("maneuverNotAllowed", { maneuver: english(`CYCHOSYS.Gurps.Maneuver.${t.kind}`), reason: english(`CYCHOSYS.Gurps.Tracker.Act.${refusal.reason}`), rule: refusal.rule });
  const task = { name: t.name.trim(), done: 0, needed: t.needed, interruptible: t.interruptible, startedTurn: s.turn };
  if (s.chosenTurn === s.turn && s.turn > 0) {
    // Chosen already: this second counts (a Ready's action is the task's).
    return { ...s, task: { ...task, done: 1 }, actions: t.kind === "ready" ? s.actions + 1 : s.actions };
  }
  // The task first, then its maneuver: choosing it counts the first second (round.ts, `chooseManeuver`).
  const chosen = chooseManeuver({ ...s, task }, { id: t.kind }, facts, rules);
  return t.kind === "ready" ? { ...chosen, actions: chosen.actions + 1 } : chosen;
}

/** A task's seconds as the row shows them: done of needed, and whether it is finished (G29, G89). */
export const taskProgress = (s: GurpsFighterRound): { done: number; needed: number; finished: boolean } | null =>
  s.task ? { done: Math.min(s.task.done, s.task.needed), needed: s.task.needed, finished: taskDone(s) } : null;

/**
 * G31: may his Wait's trigger fire now? Only a Wait not yet triggered, before
 * his next turn (not on his own), while he can act (a stunned or knocked-out
 * waiter does nothing, G19, G8).
 */
export function fireWaitRefusal(s: GurpsFighterRound, o: { myTurn: boolean }): TurnActRefusal | null {
  const cannot = unable(s);
  if (cannot) return cannot;
  if (s.maneuver.id !== "wait" || s.waitTriggered || !s.maneuver.wait) return refuse("notWaiting", "G31");
  if (o.myTurn) return refuse("ownTurn", "G31");
  return null;
}

/** G31: the trigger fired: the Wait becomes its response (an Attack only, after a defense while waiting), and he acts now. */
export function fireWait(s: GurpsFighterRound, o: { myTurn: boolean }): GurpsFighterRound {
  const refusal = fireWaitRefusal(s, o);
  if (refusal) throw new GurpsError("maneuverNotAllowed", { maneuver: english("CYCHOSYS.Gurps.Maneuver.wait"), reason: english(`CYCHOSYS.Gurps.Tracker.Act.${refusal.reason}`), rule: refusal.rule });
  return triggerWait(s);
}

/**
 * G31: his action out of turn is over; the one he interrupted resumes. The
 * converted maneuver stays in force for his defenses until his next choice
 * (G10), but he acts no more before his next turn.
 */
export function endWaitAction(s: GurpsFighterRound): GurpsFighterRound {
  if (!s.waitTriggered) throw new GurpsError("maneuverNotAllowed", { maneuver: english("CYCHOSYS.Gurps.Maneuver.wait"), reason: english("CYCHOSYS.Gurps.Tracker.Act.notActing"), rule: "G31" });
  return { ...s, waitTriggered: false };
}
