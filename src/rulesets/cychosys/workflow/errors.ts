/** Refusals of the attack workflow; each has `CYCHOSYS.Flow.<code>` in lang/en.json. */
import { LocalizedError } from "../rules/errors.js";

export type FlowErrorCode =
  | "noSuchTarget"
  | "notYours"
  | "alreadyApplied"
  | "inExchange"
  | "noExchange"
  | "noDefense"
  | "notResolved"
  | "nobodyStruck"
  | "needIds"
  | "nothingToUndo"
  | "alreadyMoved"
  | "gmOnly"
  | "noNewTargets"
  | "noSuchTotal"
  | "badRoll"
  | "noSuchItem"
  | "cannotParry"
  | "badObject"
  | "unknownStep"
  | "staleAttack"
  | "notParticipant"
  | "roundFull"
  | "failed";

export class FlowError extends LocalizedError<FlowErrorCode> {
  constructor(code: FlowErrorCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Flow", code, params);
    this.name = "FlowError";
  }
}
