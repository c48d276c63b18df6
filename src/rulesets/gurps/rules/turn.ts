/**
 * One fighter's turn from its start to its end, as the tracker plays it
 * (combat/tracker-plan.ts: `startTurn`, the 0-HP roll, the stun recovery,
 * `endTurn`), through the same round transitions (round.ts): at its start
 * shock comes into force (G77), a stunned or surprised fighter must Do
 * Nothing (G19), a choked one loses FP (G47), and at 0 HP or below he rolls
 * HT to stay conscious (G81) unless a Do Nothing turn with no defense roll
 * since his last turn excuses it (setting); his Basic Speed, Move, Dodge and
 * step stand as reeling leaves them (G80); at its end a stunned fighter who
 * did nothing rolls HT (IQ for a mental stun) to recover (G19, G79). In
 * between, what he does on the tracker: kneel or stand as his maneuver's
 * step (G11, G15) and a task begun or counted (G29, G89) — through the
 * tracker's own checks (turn-acts.ts), a refusal the outcome.
 */
import { type DiceRoll, successRoll, type SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { figuresNow, type FiguresNow } from "./injury.js";
import { maneuverRefusal } from "./maneuvers.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import { chooseManeuver, consciousnessRolled, endTurn, type GurpsFighterRound, newFighterRound, recordMove, startTurn } from "./round.js";
import { GurpsRuleRefusal } from "./refusals.js";
import { beginTask, stepPosture, stepPostureRefusal, type TaskKind, taskRefusal, type TurnActRefusal } from "./turn-acts.js";
import type { ManeuverId, Posture, StunKind } from "./types.js";

export interface TurnFighter {
  id: string;
  /** Full and current HP (G94), HT, IQ (a mental stun's recovery, G19). */
  hp: number;
  currentHp: number;
  ht: number;
  iq: number;
  /** G1: Basic Speed, current Move (encumbrance applied) and the encumbrance level, for G80 and G61. */
  basicSpeed: number;
  move: number;
  encumbrance: number;
  fp: number;
  currentFp: number;
  /** G77: injury since his last turn. */
  injurySinceLastTurn: number;
  /** G19, G79: stunned (a surprise is a mental stun, G19). */
  stunned: StunKind | null;
  /** G81: a defense roll since his last turn (no Do Nothing excuse then). */
  defendedSinceLastTurn: boolean;
  /** G47: choked: FP lost each turn. */
  suffocating: boolean;
  /** G13, G15: his posture at the start of the turn. */
  posture: Posture;
}

/** G29, G89: a task in his hands — begun this turn (`done` 0) or carried from earlier turns (`done` seconds counted). */
export interface TurnTask {
  name: string;
  kind: TaskKind;
  needed: number;
  done: number;
  interruptible: boolean;
}

export interface TurnInput {
  fighter: TurnFighter;
  /** The maneuver he takes this turn (null: not said; a stunned fighter's is Do Nothing, G19). */
  maneuver: ManeuverId | null;
  rolls: { consciousness?: DiceRoll | null; stunRecovery?: DiceRoll | null };
  /** G11, G15: kneeling ↔ standing as his maneuver's step (absent: none). */
  stepPosture?: Posture | null;
  /** G11: yards he moved this turn before (a step spent on moving leaves none for posture). */
  movedBefore?: number;
  /** G29, G89: the task begun or carried on this turn (absent: none). */
  task?: TurnTask | null;
}

/** G29, G89: a task after this turn: `inProgress`, `finished`, `paused` (an interruptible one under another maneuver) or `abandoned` (one that is not). */
export type TaskStatus = "inProgress" | "finished" | "paused" | "abandoned";

export interface TurnResult {
  readonly fighter: string;
  /** G77: the shock penalty in force this turn (DX and IQ). */
  readonly shock: number;
  /** G80, G61, G11: reeling, and Basic Speed, Move, Dodge and step as they stand this turn. */
  readonly now: FiguresNow;
  /** G19: stunned or surprised: Do Nothing is forced. */
  readonly forcedDoNothing: boolean;
  readonly maneuver: ManeuverId | null;
  /** G47: FP lost this turn, and FP after it. */
  readonly fpLoss: number;
  /**
   * G81: the HT roll to stay conscious (−1 per full multiple of HP below zero): owed whatever he does, or
   * unless he does nothing (`unlessDoNothing`), excused by this turn's Do Nothing, rolled and its result.
   */
  readonly consciousness: { readonly due: "always" | "unlessDoNothing"; readonly excused: boolean; readonly effective: number; readonly modifier: number; readonly roll: SuccessRoll | null; readonly stays: boolean | null } | null;
  /** G19, G79: the recovery roll at the end of a stunned fighter's Do Nothing turn. */
  readonly stunRecovery: { readonly attribute: "ht" | "iq"; readonly effective: number; readonly roll: SuccessRoll | null; readonly recovered: boolean | null } | null;
  readonly after: { readonly fp: number; readonly unconscious: boolean; readonly stunned: StunKind | null };
  readonly owed: readonly OwedRoll[];
  /** G15: the step's posture change, when asked (null while the 0-HP roll is owed). */
  readonly stepPosture?: { readonly from: Posture; readonly to: Posture } | null;
  /** G29, G89: the task's seconds after this turn, when one is named (null while the 0-HP roll is owed). */
  readonly task?: { readonly name: string; readonly kind: TaskKind; readonly needed: number; readonly done: number; readonly left: number; readonly counted: boolean; readonly status: TaskStatus } | null;
}

/** A tracker act the rules refuse, as the outcome (code: the act's reason, `CYCHOSYS.Gurps.Tracker.Act.<reason>`). */
function actRefused(act: "stepPosture" | "task", refusal: TurnActRefusal): GurpsRuleRefusal {
  return new GurpsRuleRefusal(refusal.rule, "CYCHOSYS.Gurps.Refused", act, { reason: english(`CYCHOSYS.Gurps.Tracker.Act.${refusal.reason}`), rule: refusal.rule }, refusal.reason);
}

/**
 * G10, G11, G15, G29, G89: what he does on his turn besides rolling: the
 * maneuver chosen (or the task's, begun with it), the yards moved before,
 * and the step spent on kneeling ↔ standing — each checked as the tracker
 * checks it.
 */
function turnActs(s0: GurpsFighterRound, input: TurnInput, maneuver: ManeuverId | null, move: number, rules: Readonly<GurpsRules>): Pick<TurnResult, "stepPosture" | "task"> {
  const f = input.fighter;
  const facts = { stunned: f.stunned };
  let s = s0;
  const task = input.task ?? null;
  if (task && task.done === 0) {
    const start = { name: task.name, needed: task.needed, interruptible: task.interruptible, kind: task.kind };
    // G29, G89: begun this turn, under the task's own maneuver (chosen with it).
    const refusal = taskRefusal(s, start, facts, rules);
    if (refusal) throw actRefused("task", refusal);
    if (maneuver && maneuver !== task.kind) throw actRefused("task", { reason: "taskManeuver", rule: task.kind === "concentrate" ? "G29" : "G89" });
    s = beginTask(s, start, facts, rules);
  } else {
    if (task) s = { ...s, task: { name: task.name, done: task.done, needed: task.needed, interruptible: task.interruptible, startedTurn: s.turn - 1 } };
    if (maneuver) s = chooseManeuver(s, { id: maneuver }, facts, rules);
  }
  if (input.movedBefore) s = recordMove(s, input.movedBefore, f.move);
  let step: TurnResult["stepPosture"];
  if (input.stepPosture) {
    const refusal = stepPostureRefusal(s, input.stepPosture, move, rules);
    if (refusal) throw actRefused("stepPosture", refusal);
    step = { from: s.posture, to: input.stepPosture };
    s = stepPosture(s, input.stepPosture, move, rules);
  }
  let progress: TurnResult["task"];
  if (task) {
    const now = s.task;
    const done = now ? Math.min(now.done, now.needed) : task.done;
    const status: TaskStatus = !now ? "abandoned" : now.done >= now.needed ? "finished" : now.done > task.done ? "inProgress" : "paused";
    progress = { name: task.name, kind: task.kind, needed: task.needed, done, left: task.needed - done, counted: done > task.done, status };
  }
  return { ...(step && { stepPosture: step }), ...(progress && { task: progress }) };
}

/**
 * G19, G47, G77, G79–G81: the turn. A maneuver other than Do Nothing for a
 * stunned fighter is refused (`maneuverNotAllowed`, G19); a roll given that
 * the turn does not call for is an input problem (`turnRollNotOwed`).
 */
export function resolveTurn(input: TurnInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): TurnResult {
  const f = input.fighter;
  const stored = { ...newFighterRound(), injurySinceLastTurn: f.injurySinceLastTurn, stun: f.stunned, defendedSinceLastTurn: f.defendedSinceLastTurn, suffocating: f.suffocating, posture: f.posture };
  const started = startTurn(stored, { hp: f.hp, currentHp: f.currentHp, ht: f.ht }, rules);
  const forced = started.due.forcedDoNothing;
  // G19: stunned or surprised, Do Nothing only.
  if (forced && input.maneuver && input.maneuver !== "doNothing") {
    const refusal = maneuverRefusal({ id: input.maneuver }, { stunned: f.stunned }, rules)!;
    throw new GurpsError("maneuverNotAllowed", { maneuver: english(`CYCHOSYS.Gurps.Maneuver.${input.maneuver}`), reason: english(`CYCHOSYS.Gurps.Refusal.${refusal.reason}`), rule: refusal.rule });
  }
  const maneuver: ManeuverId | null = forced ? "doNothing" : input.maneuver;
  const owed: OwedRoll[] = [];
  let state = started.state;

  // G81: the roll to stay conscious, first of all.
  let consciousness: TurnResult["consciousness"] = null;
  const due = started.due.consciousness;
  if (due) {
    const excused = due.skipIfDoNothing && maneuver === "doNothing";
    const modifier = due.effective - f.ht;
    const roll = !excused && input.rolls.consciousness ? successRoll(due.effective, input.rolls.consciousness.total, "other", rules) : null;
    consciousness = { due: due.skipIfDoNothing ? "unlessDoNothing" : "always", excused, effective: due.effective, modifier, roll, stays: roll ? roll.success : excused ? true : null };
    if (!excused && !roll) owed.push({ id: "rolls.consciousness", roll: "3d6", who: "defender", victim: f.id, target: due.effective, rule: "G81", when: "now" });
    if (roll || excused) state = consciousnessRolled(state, roll ? roll.success : true);
  }
  if (input.rolls.consciousness && (!consciousness || consciousness.excused)) throw new GurpsError("turnRollNotOwed", { field: "rolls.consciousness", rule: "G81" });
  const now = figuresNow({ basicSpeed: f.basicSpeed, move: f.move, encumbrance: f.encumbrance, currentHp: f.currentHp, hp: f.hp }, rules);

  // G11, G15, G29, G89: what he does on the tracker, once the 0-HP roll is settled (he rolls it first).
  const asked = !!input.stepPosture || !!input.task;
  let acts: Pick<TurnResult, "stepPosture" | "task"> = {};
  if (asked && consciousness !== null && consciousness.stays === null) acts = { ...(input.stepPosture && { stepPosture: null }), ...(input.task && { task: null }) };
  else if (asked) acts = turnActs(state, input, maneuver, now.move, rules);

  // G19, G79: at the end of a stunned fighter's Do Nothing turn, HT (IQ for a mental stun) to recover.
  let stunRecovery: TurnResult["stunRecovery"] = null;
  if (state.stun !== null && !state.unconscious && (consciousness === null || consciousness.stays !== null)) {
    const attribute = state.stun === "mental" ? "iq" : "ht";
    const effective = attribute === "iq" ? f.iq : f.ht;
    const roll = input.rolls.stunRecovery ? successRoll(effective, input.rolls.stunRecovery.total, "other", rules) : null;
    stunRecovery = { attribute, effective, roll, recovered: roll ? roll.success : null };
    if (!roll) owed.push({ id: "rolls.stunRecovery", roll: "3d6", who: "defender", victim: f.id, target: effective, rule: "G79", when: "now" });
    else state = endTurn({ ...state, maneuver: { id: "doNothing" } }, roll);
  }
  if (input.rolls.stunRecovery && !stunRecovery) throw new GurpsError("turnRollNotOwed", { field: "rolls.stunRecovery", rule: "G79" });

  return {
    fighter: f.id, shock: started.state.shock, now,
    forcedDoNothing: forced, maneuver: acts.task && input.task?.done === 0 ? input.task.kind : maneuver, fpLoss: started.due.fpLoss, consciousness, stunRecovery,
    after: { fp: f.currentFp - started.due.fpLoss, unconscious: state.unconscious, stunned: state.stun }, owed, ...acts,
  };
}
