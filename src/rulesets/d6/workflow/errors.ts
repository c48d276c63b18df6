/** Refusals of the OpenD6 attack workflow; each has `CYCHOSYS.D6.Flow.<code>` in lang/en.json. */
import { LocalizedError } from "../../../core/errors.js";

export type D6FlowErrorCode =
  | "noSuchTarget"
  | "notYours"
  | "tooLateToInterrupt"
  | "alreadyAnnounced"
  | "cannotInterrupt"
  | "notAwaiting"
  | "alreadyApplied"
  | "notResolved"
  | "nothingToUndo"
  | "noSuchItem"
  | "notAWeapon"
  | "noTargets"
  | "tieHoldsEffects";

export class D6FlowError extends LocalizedError<D6FlowErrorCode> {
  constructor(code: D6FlowErrorCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.D6.Flow", code, params);
    this.name = "D6FlowError";
  }
}
