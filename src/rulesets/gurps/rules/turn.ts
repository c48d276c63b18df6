/**
 * One fighter's turn from its start to its end, as the tracker plays it
 * (combat/tracker-plan.ts: `startTurn`, the 0-HP roll, the stun recovery,
 * `endTurn`), through the same round transitions (round.ts): at its start
 * shock comes into force (G77), a stunned or surprised fighter must Do
 * Nothing (G19), a choked one loses FP (G47), and at 0 HP or below he rolls
 * HT to stay conscious (G81) unless a Do Nothing turn with no defense roll
 * since his last turn excuses it (setting); his Basic Speed, Move, Dodge and
 * step stand as reeling leaves them (G80); at its end a stunned fighter who
 * did nothing rolls HT (IQ for a mental stun) to recover (G19, G79).
 */
import { type DiceRoll, successRoll, type SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { figuresNow, type FiguresNow } from "./injury.js";
import { maneuverRefusal } from "./maneuvers.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import { consciousnessRolled, endTurn, newFighterRound, startTurn } from "./round.js";
import type { ManeuverId, StunKind } from "./types.js";

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
}

export interface TurnInput {
  fighter: TurnFighter;
  /** The maneuver he takes this turn (null: not said; a stunned fighter's is Do Nothing, G19). */
  maneuver: ManeuverId | null;
  rolls: { consciousness?: DiceRoll | null; stunRecovery?: DiceRoll | null };
}

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
}

/**
 * G19, G47, G77, G79–G81: the turn. A maneuver other than Do Nothing for a
 * stunned fighter is refused (`maneuverNotAllowed`, G19); a roll given that
 * the turn does not call for is an input problem (`turnRollNotOwed`).
 */
export function resolveTurn(input: TurnInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): TurnResult {
  const f = input.fighter;
  const stored = { ...newFighterRound(), injurySinceLastTurn: f.injurySinceLastTurn, stun: f.stunned, defendedSinceLastTurn: f.defendedSinceLastTurn, suffocating: f.suffocating };
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
    fighter: f.id, shock: started.state.shock, now: figuresNow({ basicSpeed: f.basicSpeed, move: f.move, encumbrance: f.encumbrance, currentHp: f.currentHp, hp: f.hp }, rules),
    forcedDoNothing: forced, maneuver, fpLoss: started.due.fpLoss, consciousness, stunRecovery,
    after: { fp: f.currentFp - started.due.fpLoss, unconscious: state.unconscious, stunned: state.stun }, owed,
  };
}
