/**
 * Errors of the Cities Without Number rules core. Each code has its English
 * text at `CYCHOSYS.Cwn.Error.<code>` in lang/en.json; `i18nKey` and
 * `params` let the Foundry side localize the same key with `game.i18n.format`.
 * A refusal of the action economy is a CwnError too: the tracker shows its
 * text as the reason.
 */
import { LocalizedError } from "../../../core/errors.js";

export type CwnErrorCode =
  // Dice notation and faces.
  | "diceEmpty"
  | "diceInvalid"
  | "diceCount"
  | "diceFaces"
  | "diceFlat"
  | "dieFace"
  | "facesCount"
  // Initiative, sides and the round (W2–W6).
  | "duplicateId"
  | "unknownSide"
  | "unknownFighter"
  | "tieRollsNeeded"
  | "notThisSidesTurn"
  | "turnAlreadyTaken"
  | "turnNotStarted"
  | "combatOver"
  | "notNonPlayerSide"
  | "noMoraleDue"
  | "noFight"
  // The fight as stored (issue 20: nothing fails silently at size).
  | "tooManyFighters"
  | "tooManyRounds"
  | "tooManySwarms"
  | "tooManyTieRolls"
  | "fightUnreadable"
  // The action economy (W7–W37).
  | "unknownAction"
  | "downed"
  | "surprised"
  | "notYourTurn"
  | "mainSpent"
  | "moveSpent"
  | "noMoveLeft"
  | "cannotSnap"
  | "noReadiedWeapon"
  | "chargeTooShort"
  | "chargeTooFar"
  | "chargeWeapon"
  | "moveTooFar"
  | "screenSkill"
  | "screenNoAlly"
  | "screenTooFar"
  | "screenNoUses"
  | "notProne"
  | "alreadyProne"
  | "noFreeHand"
  | "holdNeedsMove"
  | "alreadyHolding"
  | "onTurnOutsideTurn"
  // Swarms (W24).
  | "swarmFull"
  | "swarmTooSmall"
  | "swarmUnknown"
  | "swarmAlreadyIn"
  // Attacks (W13–W26).
  | "standingMoreThanJoined"
  | "screenChoice"
  // Skill checks (W30).
  | "skillCheckField"
  // The scenario reader.
  | "scenarioText"
  | "scenarioTooLong"
  | "scenarioField"
  | "scenarioVersion";

export const CWN_ERROR_PREFIX = "CYCHOSYS.Cwn.Error";

/** The error type of the CWN rules core (`CYCHOSYS.Cwn.Error.<code>`). */
export class CwnError extends LocalizedError<CwnErrorCode> {
  constructor(code: CwnErrorCode, params: Record<string, string | number> = {}) {
    super(CWN_ERROR_PREFIX, code, params);
    this.name = "CwnError";
  }
}

