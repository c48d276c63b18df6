import { characterPosition, ECHO_LENGTH, echoText, escapeText } from "../../../core/echo.js";
import { english } from "../../../core/messages.js";

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
  | "scenarioVersion"
  | "scenarioLimit"
  | "scenarioTooLarge";

export { LocalizedError } from "../../../core/errors.js";
import { LocalizedError } from "../../../core/errors.js";

/** The error type of the rules core (`CYCHOSYS.Error.<code>`). */
export class RulesError extends LocalizedError<RulesErrorCode> {
  constructor(code: RulesErrorCode, params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Error", code, params);
    this.name = "RulesError";
  }
}

/**
 * A bundle that does not parse (R2): carries the offending position, 1-based
 * and counted in characters (code points). The parser hands in the 1-based
 * UTF-16 position it found; the message shows the text cut to a window around
 * that place and the character escaped (echo.ts), whatever the text held.
 */
export class NotationError extends RulesError {
  readonly position: number;
  readonly text: string;

  constructor(code: RulesErrorCode, text: string, unitPosition: number, params: Record<string, string | number> = {}) {
    const index = unitPosition - 1;
    const position = characterPosition(text, index);
    const shown: Record<string, string | number> = { ...params, text: echoText(text, ECHO_LENGTH, index), position };
    if ("char" in params) {
      const code = text.codePointAt(index);
      shown.char = code === undefined ? "" : escapeText(String.fromCodePoint(code));
    }
    super(code, shown);
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
