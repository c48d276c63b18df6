/** Refusals of the attack workflow; each has `CYCHOSYS.Flow.<code>` in lang/en.json. */
import { english } from "../rules/messages.js";

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
  | "alreadyMoved";

export class FlowError extends Error {
  readonly code: FlowErrorCode;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(code: FlowErrorCode, params: Record<string, string | number> = {}) {
    super(english(`CYCHOSYS.Flow.${code}`, params));
    this.name = "FlowError";
    this.code = code;
    this.params = params;
  }

  get i18nKey(): string {
    return `CYCHOSYS.Flow.${this.code}`;
  }
}
