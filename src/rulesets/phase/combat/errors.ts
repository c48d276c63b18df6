/**
 * Refusals of the phase tracker and the phase card (the table, not the
 * rules): each has `CYCHOSYS.Phase.Table.<code>` in lang/en.json. The rules
 * core's own refusals stay `PhaseError`s.
 */
import { LocalizedError } from "../../../core/errors.js";

export type PhaseTableErrorCode =
  | "noLedger"
  | "stale"
  | "resolving"
  | "notResolving"
  | "rollsMissing"
  | "gmOnly"
  | "notYours"
  | "notInPhase"
  | "notRolling"
  | "notResolved"
  | "notApplied"
  | "wrongRoll"
  | "noRollDue"
  | "diceCount"
  | "modifiersLocked"
  | "noCombat"
  | "otherCombat"
  | "noParticipants"
  | "nothingToUndo"
  | "surpriseNotDue"
  | "surpriseTwice";

export class PhaseTableError extends LocalizedError<PhaseTableErrorCode> {
  constructor(code: PhaseTableErrorCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Phase.Table", code, params);
    this.name = "PhaseTableError";
  }
}
