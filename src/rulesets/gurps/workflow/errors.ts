/** Refusals of the GURPS attack workflow; each has `CYCHOSYS.Gurps.Flow.<code>` in lang/en.json. */
import { LocalizedError } from "../../../core/errors.js";

export type GurpsFlowErrorCode =
  | "notYours"
  | "noSuchActor"
  | "notAWeapon"
  | "noSuchLine"
  | "selfTarget"
  | "refused"
  | "notPermitted"
  | "notAwaiting"
  | "notOwed"
  | "rollFirst"
  | "facesCount"
  | "rollMissing"
  | "alreadyApplied"
  | "notResolved"
  | "nothingToUndo"
  | "maneuverOutsideCombat"
  | "noCombatMove";

export class GurpsFlowError extends LocalizedError<GurpsFlowErrorCode> {
  constructor(code: GurpsFlowErrorCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Gurps.Flow", code, params);
    this.name = "GurpsFlowError";
  }
}
