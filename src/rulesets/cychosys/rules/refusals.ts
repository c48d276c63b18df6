/**
 * Refusals as outcomes (docs/rules-command.md, "Refusals"): a scenario that
 * is well-formed can still ask for what a rule forbids — piercing the wrong
 * number of effects (R28), cancelling an effect the injury does not have
 * (R24), reducing a piercing effect or one the pools cannot pay for (R32),
 * a distribution that does not give every hit or takes more than a pool has
 * (R33). The `rules` command answers those with the refusal (exit code 0);
 * only a scenario it cannot read is exit code 2. At the table the same
 * errors refuse the apply dialog's choices, by the same lang keys.
 */
import { RuleRefusal } from "../../../core/refusal.js";
import { RulesError, type RulesErrorCode } from "./errors.js";
import { type AttackOutcomeJson, outcomeJson, resolveAttack } from "./resolve.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { parseScenario } from "./scenario.js";

/** Every rules-core error that is a rule refusing a well-formed choice, with the id of that rule (docs/rulesets/cychosys.md). */
export const CYCHOSYS_REFUSALS: Readonly<Partial<Record<RulesErrorCode, string>>> = Object.freeze({
  piercingCount: "R28",
  piercingNotPresent: "R28",
  cancelCount: "R24",
  cancelNotPresent: "R24",
  reduceNotPresent: "R32",
  reduceNotReducible: "R32",
  reduceUnaffordable: "R32",
  distributionSum: "R33",
  distributionExceeds: "R33",
  distributionNegative: "R33",
});

/** The error as the rule's refusal when it is one (same lang key and words), else the error unchanged. */
export function asRefusal(error: unknown): unknown {
  if (!(error instanceof RulesError)) return error;
  const rule = CYCHOSYS_REFUSALS[error.code];
  return rule ? new RuleRefusal(rule, "CYCHOSYS.Error", error.code, error.params) : error;
}

/**
 * The `rules` command's Cychosys path: the scenario text read (a problem is
 * a RulesError naming the field: exit code 2), the attack resolved, the
 * outcome in its documented JSON; a choice a rule forbids throws the rule's
 * RuleRefusal.
 */
export function resolveScenarioText(text: string, rules: Rules = STANDARD_RULES): AttackOutcomeJson {
  const input = parseScenario(text, rules);
  try {
    return outcomeJson(resolveAttack(input, rules), rules);
  } catch (error) {
    throw asRefusal(error);
  }
}
