/**
 * Errors of the D6 rules core. Each code has its English text at
 * `CYCHOSYS.D6.Error.<code>` in lang/en.json; `i18nKey` and `params` let the
 * Foundry side localize the same key with `game.i18n.format`.
 */
import { LocalizedError } from "../../../core/errors.js";

export type D6ErrorCode =
  | "scenarioText"
  | "dieCodeEmpty"
  | "dieCodeInvalid"
  | "dieCodePips"
  | "dieCodeTooLarge"
  | "dieCodeSign"
  | "notInteger"
  | "outOfRange"
  | "dieFace"
  | "diceCount"
  | "wildMissing"
  | "wildNotAllowed"
  | "wildChainOpen"
  | "wildChainBroken"
  | "chainTooLong"
  | "nothingToRoll"
  | "fatePointsOnInitiative"
  | "tooManyCharacterPoints"
  | "groupTotals"
  | "duplicateCombatant"
  | "unknownCombatant"
  | "unableToAct"
  | "notDeclared"
  | "alreadyDeclared"
  | "noActionsLeft"
  | "noWaitHeld"
  | "fullDefenseOnly"
  | "aimNotAlone"
  | "itemUsesExhausted"
  | "tooManyDefenses"
  | "defenseWhileUnable"
  | "fullDefenseActions"
  | "partialDefenseActions"
  | "rangeRequired"
  | "rangeMissing"
  | "rangeLimits"
  | "modifierDice"
  | "modifierDiceNotRolled"
  | "aimNotAllowed"
  | "unknownValue"
  | "scenarioField"
  | "scenarioJson"
  | "scenarioTooLarge"
  | "scenarioVersion";

export const D6_ERROR_PREFIX = "CYCHOSYS.D6.Error";

/** The error type of the D6 rules core (`CYCHOSYS.D6.Error.<code>`). */
export class D6Error extends LocalizedError<D6ErrorCode> {
  constructor(code: D6ErrorCode, params: Record<string, string | number> = {}) {
    super(D6_ERROR_PREFIX, code, params);
    this.name = "D6Error";
  }
}

/** Throw unless `value` is a whole number from min to max; `what` names it in the message. */
export function requireWhole(value: number, what: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new D6Error("notInteger", { what, value: String(value) });
  if (value < min || value > max) throw new D6Error("outOfRange", { what, min, max, value });
  return value;
}
