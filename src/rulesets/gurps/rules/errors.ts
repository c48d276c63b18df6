/**
 * Errors of the GURPS rules core. Each code has its English text at
 * `CYCHOSYS.Gurps.Error.<code>` in lang/en.json; `i18nKey` and `params` let
 * the Foundry side localize the same key with `game.i18n.format`.
 */
import { LocalizedError } from "../../../core/errors.js";

export type GurpsErrorCode =
  | "notInteger"
  | "outOfRange"
  | "notNumber"
  | "dieFace"
  | "diceCount"
  | "damageEmpty"
  | "damageInvalid"
  | "damageTooLarge"
  | "damageBaseMissing"
  | "speedInvalid"
  | "shotsInvalid"
  | "divisorInvalid"
  | "unknownValue"
  | "maneuverNotAllowed"
  | "postureChange"
  | "noAttackManeuver"
  | "defenseNotLegal"
  | "defenseRepeated"
  | "defenseSecondNotAllowed"
  | "retreatNotAllowed"
  | "dropNotAllowed"
  | "acrobaticNotAllowed"
  | "acrobaticRollMissing"
  | "aoaOptionMissing"
  | "aoaOptionInvalid"
  | "shotsTooMany"
  | "noShotsLeft"
  | "rofOnly"
  | "hitsCount"
  | "damageRollCount"
  | "rollsCount"
  | "slamVelocity"
  | "duplicateCombatant"
  | "unknownCombatant"
  | "notWaiting"
  | "scenarioText"
  | "scenarioField"
  | "scenarioTooLarge"
  | "scenarioVersion";

export const GURPS_ERROR_PREFIX = "CYCHOSYS.Gurps.Error";

/** The error type of the GURPS rules core (`CYCHOSYS.Gurps.Error.<code>`). */
export class GurpsError extends LocalizedError<GurpsErrorCode> {
  constructor(code: GurpsErrorCode, params: Record<string, string | number> = {}) {
    super(GURPS_ERROR_PREFIX, code, params);
    this.name = "GurpsError";
  }
}

/** Throw unless `value` is a whole number from min to max; `what` names it in the message. */
export function requireWhole(value: number, what: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new GurpsError("notInteger", { what, value: String(value) });
  if (value < min || value > max) throw new GurpsError("outOfRange", { what, min, max, value });
  return value;
}

/** Throw unless `value` is a finite number from min to max. */
export function requireNumber(value: number, what: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new GurpsError("notNumber", { what, value: String(value) });
  if (value < min || value > max) throw new GurpsError("outOfRange", { what, min, max, value });
  return value;
}
