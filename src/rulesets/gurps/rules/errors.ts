/**
 * Errors of the GURPS rules core. Each code has its English text at
 * `CYCHOSYS.Gurps.Error.<code>` in lang/en.json; `i18nKey` and `params` let
 * the Foundry side localize the same key with `game.i18n.format`.
 */
import { LocalizedError } from "../../../core/errors.js";

export type GurpsErrorCode =
  | "outOfRange"
  | "dieFace"
  | "diceCount"
  | "damageEmpty"
  | "damageInvalid"
  | "damageTooLarge"
  | "damageBaseMissing"
  | "speedInvalid"
  | "shotsInvalid"
  | "reachInvalid"
  | "weightInvalid"
  | "maneuverNotAllowed"
  | "maneuverChosen"
  | "postureChange"
  | "attackRefused"
  | "defenseNotLegal"
  | "defenseRepeated"
  | "defenseSecondNotAllowed"
  | "retreatNotAllowed"
  | "dropNotAllowed"
  | "acrobaticNotAllowed"
  | "shotsTooMany"
  | "noShotsLeft"
  | "damageRollCount"
  | "rollsCount"
  | "slamVelocity"
  | "duplicateCombatant"
  | "scenarioText"
  | "scenarioField"
  | "scenarioTooLarge"
  | "scenarioVersion"
  | "cardsUnavailable"
  | "roundItems"
  | "roundHolds"
  | "attacksSpent"
  | "weaponUnready"
  | "turnRollNotOwed";

export const GURPS_ERROR_PREFIX = "CYCHOSYS.Gurps.Error";

/** The error type of the GURPS rules core (`CYCHOSYS.Gurps.Error.<code>`). */
export class GurpsError extends LocalizedError<GurpsErrorCode> {
  constructor(code: GurpsErrorCode, params: Record<string, string | number> = {}) {
    super(GURPS_ERROR_PREFIX, code, params);
    this.name = "GurpsError";
  }
}
