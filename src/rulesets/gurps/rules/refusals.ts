/**
 * A rule's refusal as an outcome (docs/rules-command.md, "Refusals"): the
 * rule id behind every refusal of the GURPS core — an attack the rules do
 * not let him make (`resolution.refused`: G26, G35, G37, G38, G51, G56,
 * G91), a defense choice they do not allow (G28, G58–G68), a maneuver a
 * stunned fighter may not take (G19) — as the shared `RuleRefusal`, which
 * the `rules` command prints as `{ "refused": { "rule", "code", "reason" } }`
 * with exit code 0. Input that is not a valid scenario stays a
 * `GurpsError("scenarioField")` (exit code 2).
 */
import { english } from "../../../core/messages.js";
import { type RefusalJson, RuleRefusal } from "../../../core/refusal.js";
import { GURPS_ERROR_PREFIX, GurpsError, type GurpsErrorCode } from "./errors.js";
import type { GurpsRefusal } from "./resolve-types.js";

/** The rule that forbids each attack the core refuses (`resolution.refused`). */
export const GURPS_ATTACK_REFUSAL_RULES: Readonly<Record<NonNullable<GurpsRefusal>, string>> = Object.freeze({
  notAttackManeuver: "G35",
  aoaOption: "G26",
  beyondMax: "G51",
  underMinRange: "G51",
  noShotsLeft: "G56",
  minimumSkill: "G91",
  deceptiveBelowMinimum: "G37",
  deceptiveQuickLevels: "G37",
  suppressionFire: "G26",
  rapidStrikeManeuver: "G38",
});

/**
 * The core errors that are a rule's refusal rather than bad input, each
 * with its rule; an error naming its own rule (`params.rule`) keeps it, and
 * one marked `null` is a refusal only when it names one (a defense id that
 * names no defense at all is an input problem). Every other code is an
 * input problem.
 */
export const GURPS_REFUSAL_RULES: Readonly<Partial<Record<GurpsErrorCode, string | null>>> = Object.freeze({
  defenseNotLegal: null,
  defenseRepeated: "G28",
  defenseSecondNotAllowed: "G28",
  retreatNotAllowed: "G67",
  dropNotAllowed: "G68",
  acrobaticNotAllowed: "G61",
  shotsTooMany: "G56",
  noShotsLeft: "G56",
  attackRefused: "G91",
  maneuverNotAllowed: "G10",
  maneuverChosen: "G10",
  postureChange: "G15",
  attacksSpent: "G35",
  weaponUnready: "G40",
});

/** A rule forbids what the scenario asks: the outcome `{ refused: { rule, code, reason } }`. */
export class GurpsRuleRefusal extends RuleRefusal<string> {
  /**
   * `rule` forbids it; the reason is `<prefix>.<key>` in lang/en.json, filled
   * with `params`; `refusalCode` is the code printed (the key unless given).
   */
  constructor(rule: string, prefix: string, key: string, params: Record<string, string | number> = {}, readonly refusalCode: string = key) {
    super(rule, prefix, key, params);
    this.name = "GurpsRuleRefusal";
  }

  override toJSON(): RefusalJson & { refused: { code: string } } {
    return { refused: { rule: this.rule, code: this.refusalCode, reason: this.message } };
  }
}

/** The refusal a core error stands for, or null when it is an input problem (the error then stands). */
export function refusalOf(error: unknown): GurpsRuleRefusal | null {
  if (error instanceof GurpsRuleRefusal) return error;
  if (!(error instanceof GurpsError)) return null;
  const code = error.code;
  if (!Object.hasOwn(GURPS_REFUSAL_RULES, code)) return null;
  const own = error.params.rule;
  const rule = typeof own === "string" && /^G\d{1,3}$/.test(own) ? own : GURPS_REFUSAL_RULES[code];
  if (!rule) return null;
  return new GurpsRuleRefusal(rule, GURPS_ERROR_PREFIX, code, { ...error.params });
}

/** G26, G35, G37, G38, G51, G56, G91: the attack the core would not let him make, as the command's outcome. */
export function refusedAttack(code: NonNullable<GurpsRefusal>): GurpsRuleRefusal {
  return new GurpsRuleRefusal(GURPS_ATTACK_REFUSAL_RULES[code], "CYCHOSYS.Gurps.Refused", "attack", { reason: english(`CYCHOSYS.Gurps.Refusal.${code}`) }, code);
}
