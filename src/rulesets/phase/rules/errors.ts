/**
 * Errors of the phase rules core. Each code has its English text at
 * `CYCHOSYS.Phase.Error.<code>` in lang/en.json; `i18nKey` and `params` let
 * the Foundry side localize the same key with `game.i18n.format`.
 */
import { LocalizedError } from "../../../core/errors.js";

export type PhaseErrorCode =
  | "notInteger"
  | "outOfRange"
  | "dieFace"
  | "diceCount"
  | "damageFormula"
  | "unknownChart"
  | "chartGap"
  | "freeHasNoEnd"
  | "unknownAction"
  | "notAnAttack"
  | "unknownCombatant"
  | "duplicateCombatant"
  | "wrongStep"
  | "notYourSlot"
  | "noSlot"
  | "surprised"
  | "unaware"
  | "outOfAction"
  | "busy"
  | "freeUsed"
  | "notFree"
  | "freeActionLength"
  | "nothingToCancel"
  | "notCancellable"
  | "alreadyRolled"
  | "tiebreakMissing"
  | "needsWeapon"
  | "unknownWeapon"
  | "weaponNotReady"
  | "weaponAlreadyReady"
  | "weaponKind"
  | "noAmmo"
  | "needsTarget"
  | "targetSelf"
  | "noTargeting"
  | "wildCalled"
  | "calledNotAllowed"
  | "outOfReach"
  | "needsSkill"
  | "slotClosed"
  | "diceMissing"
  | "diceUnused"
  | "scenarioText"
  | "scenarioField"
  | "scenarioTooLarge";

export const PHASE_ERROR_PREFIX = "CYCHOSYS.Phase.Error";

/** The error type of the phase rules core (`CYCHOSYS.Phase.Error.<code>`). */
export class PhaseError extends LocalizedError<PhaseErrorCode> {
  constructor(code: PhaseErrorCode, params: Record<string, string | number> = {}) {
    super(PHASE_ERROR_PREFIX, code, params);
    this.name = "PhaseError";
  }
}

/** The parameters that name a combatant by its id (who is busy, whose slot it is, who ties, the target). */
const COMBATANT_PARAMS = ["id", "current", "a", "b", "target"] as const;

/** The parameters with every combatant id replaced by its name (a message a player reads names people, not ids). */
export function namedParams(params: Readonly<Record<string, string | number>>, name: (id: string) => string | undefined): Record<string, string | number> {
  const out = { ...params };
  for (const key of COMBATANT_PARAMS) {
    const value = out[key];
    if (typeof value === "string") out[key] = name(value) ?? value;
  }
  return out;
}

/** The same error naming combatants by name. */
export function namedError(error: PhaseError, name: (id: string) => string | undefined): PhaseError {
  return new PhaseError(error.code, namedParams(error.params, name));
}

/** Throw unless `value` is a whole number from min to max; `what` names it in the message. */
export function requireWhole(value: number, what: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new PhaseError("notInteger", { what, value: String(value) });
  if (value < min || value > max) throw new PhaseError("outOfRange", { what, min, max, value });
  return value;
}

/** Throw unless `face` is a face of a die with `faces` sides. */
export function requireFace(face: number, faces: number, what: string): number {
  if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > faces) {
    throw new PhaseError("dieFace", { what, faces, value: String(face) });
  }
  return face;
}
