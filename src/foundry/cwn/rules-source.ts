/**
 * Where the Cities Without Number Foundry side reads the world's rules
 * (`CwnRules`): the standard rules until the adapter installs the world's
 * (settings). Every call into the core from src/foundry/cwn/ passes `cwnRules()`.
 */
import { CWN_STANDARD_RULES, type CwnRules } from "../../rulesets/cwn/rules/options.js";

let source: () => Readonly<CwnRules> = () => CWN_STANDARD_RULES;

/** Install the world's rules reader (read at each call: a setting may change them). */
export function setCwnRulesSource(read: () => Readonly<CwnRules>): void {
  source = read;
}

/** The world's CWN rules, or the standard rules. */
export function cwnRules(): Readonly<CwnRules> {
  return source();
}
