/**
 * Where the GURPS Foundry side reads the world's rules (`GurpsRules`): the
 * standard rules until the adapter installs the world's (settings). Every
 * call into the core from src/foundry/gurps/ passes `gurpsRules()`.
 */
import { GURPS_STANDARD_RULES, type GurpsRules } from "../../rulesets/gurps/rules/options.js";

let source: () => Readonly<GurpsRules> = () => GURPS_STANDARD_RULES;

/** Install the world's rules reader (read at each call: a setting may change them). */
export function setGurpsRulesSource(read: () => Readonly<GurpsRules>): void {
  source = read;
}

/** The world's GURPS rules, or the standard rules. */
export function gurpsRules(): Readonly<GurpsRules> {
  return source();
}
