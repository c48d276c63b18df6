/** Refusals of the CWN attack workflow; each has `CYCHOSYS.Cwn.Flow.<code>` in lang/en.json. */
import { LocalizedError } from "../../../core/errors.js";

export type CwnFlowErrorCode =
  | "notYours"
  | "noSuchActor"
  | "notAWeapon"
  | "selfTarget"
  | "refused"
  | "emptyMagazine"
  | "noSwarmReady"
  | "swarmNeedsFight"
  | "notInFight"
  | "notAwaiting"
  | "screenRolled"
  | "notScreener"
  | "notResolved"
  | "nothingToApply"
  | "alreadyApplied"
  | "nothingToUndo"
  | "notDowned";

export class CwnFlowError extends LocalizedError<CwnFlowErrorCode> {
  constructor(code: CwnFlowErrorCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Cwn.Flow", code, params);
    this.name = "CwnFlowError";
  }
}
