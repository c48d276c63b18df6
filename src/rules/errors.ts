import { english } from "./messages.js";

/** Every error code the rules core raises; each has `CYCHOSYS.Error.<code>` in lang/en.json. */
export type RulesErrorCode =
  | "notationEmpty"
  | "notationTooLong"
  | "notationLowerCase"
  | "notationUnknownLetter"
  | "notationStrayAsterisk"
  | "notationDoubleAsterisk"
  | "notationNegative"
  | "notationFraction"
  | "notationLetterAfterHits"
  | "notationHitsTooLarge"
  | "notationUnclosedNote"
  | "notationAfterNote"
  | "notationUnexpected"
  | "notationTooManyEffects"
  | "notationNoteTooLong"
  | "impactInvalid"
  | "notInteger"
  | "outOfRange"
  | "dieFace"
  | "noDice"
  | "unknownLocation"
  | "unknownLayer"
  | "unknownFacet"
  | "unknownForm"
  | "noActionsLeft"
  | "notEnoughFatigue"
  | "alreadyWaiting"
  | "inCombat"
  | "notEnoughExperience"
  | "piercingCount"
  | "piercingNotPresent"
  | "cancelCount"
  | "cancelNotPresent"
  | "reduceNotPresent"
  | "reduceNotReducible"
  | "reduceUnaffordable"
  | "distributionSum"
  | "distributionExceeds"
  | "distributionNegative"
  | "counterTotals"
  | "edgeCannotStrike"
  | "improveUnknownLetter"
  | "tableInvalid"
  | "chartInvalid"
  | "scenarioField"
  | "scenarioJson"
  | "scenarioVersion";

/**
 * The one error type of the rules core. `code` + `params` let an adapter
 * localize it (`CYCHOSYS.Error.<code>`); `message` is the English text.
 */
export class RulesError extends Error {
  readonly code: RulesErrorCode;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(code: RulesErrorCode, params: Record<string, string | number> = {}) {
    super(english(`CYCHOSYS.Error.${code}`, params));
    this.name = "RulesError";
    this.code = code;
    this.params = params;
  }

  /** The localization key of this error. */
  get i18nKey(): string {
    return `CYCHOSYS.Error.${this.code}`;
  }
}

/** A bundle that does not parse (R2): carries the offending position (1-based). */
export class NotationError extends RulesError {
  readonly position: number;
  readonly text: string;

  constructor(code: RulesErrorCode, text: string, position: number, params: Record<string, string | number> = {}) {
    super(code, { text, position, ...params });
    this.name = "NotationError";
    this.position = position;
    this.text = text;
  }
}

/** Throw unless `value` is a whole number from min to max. `what` names it in the message. */
export function requireInteger(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RulesError("notInteger", { what, value: String(value) });
  }
  if (value < min || value > max) throw new RulesError("outOfRange", { what, min, max, value });
  return value;
}
