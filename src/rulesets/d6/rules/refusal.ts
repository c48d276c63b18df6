/**
 * Rule refusals of the headless OpenD6 scenarios (docs/rules-command.md,
 * "Refusals"): a well-formed scenario that asks for what a rule forbids — a
 * dodge cut to 0D+2 (D3), an attack by a combatant unable to act (D10), a
 * full defense beside other actions (D23) — is answered with the rule and
 * its reason (`RuleRefusal`), not as bad input. At the table the same core
 * errors refuse the request with their own message; only the headless reader
 * turns them into refusals, so the core's error type stays one.
 */
import { RuleRefusal } from "../../../core/refusal.js";
import { D6_ERROR_PREFIX, D6Error, type D6ErrorCode } from "./errors.js";

/** The lang block of the reasons only the headless scenarios give (CYCHOSYS.D6.Refusal.*). */
export const D6_REFUSAL_PREFIX = "CYCHOSYS.D6.Refusal";

/**
 * The core's errors that are a rule forbidding the action, by the rule that
 * forbids it. Every other D6Error is a problem of the input (exit code 2).
 */
export const D6_REFUSAL_RULES: Readonly<Partial<Record<D6ErrorCode, string>>> = Object.freeze({
  nothingToRoll: "D3",
  fatePointsOnInitiative: "D9",
  tooManyCharacterPoints: "D9",
  unableToAct: "D10",
  notDeclared: "D11",
  alreadyDeclared: "D11",
  noActionsLeft: "D11",
  noWaitHeld: "D14",
  itemUsesExhausted: "D16",
  defenseWhileUnable: "D18",
  fullDefenseOnly: "D23",
  fullDefenseActions: "D23",
  aimNotAllowed: "D29",
  aimNotAlone: "D29",
});

/** The refusal a core error is, or null when it is not one (bad input). */
export function d6RefusalOf(error: unknown): RuleRefusal | null {
  if (!(error instanceof D6Error)) return null;
  const rule = D6_REFUSAL_RULES[error.code];
  return rule ? new RuleRefusal(rule, D6_ERROR_PREFIX, error.code, { ...error.params }) : null;
}

/** A refusal the headless reader words itself (`CYCHOSYS.D6.Refusal.<code>`). */
export function d6Refusal(rule: string, code: string, params: Record<string, string | number> = {}): RuleRefusal {
  return new RuleRefusal(rule, D6_REFUSAL_PREFIX, code, params);
}
