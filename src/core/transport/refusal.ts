/** The transport's own refusals, for any ruleset; each has `CYCHOSYS.Flow.<code>` in lang/en.json. */
import { LocalizedError } from "../errors.js";

export type RefusalCode = "staleAttack" | "notParticipant" | "noSuchItem" | "failed" | "unknownStep" | "otherRuleset" | "outsideCombat";

export class FlowRefusal extends LocalizedError<RefusalCode> {
  constructor(code: RefusalCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Flow", code, params);
    this.name = "FlowRefusal";
  }
}
