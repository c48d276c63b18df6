/**
 * Where the OpenD6 Foundry side reads the world's rules (`D6Rules`): the
 * standard rules until the adapter installs the world's (settings).
 */
import { D6_STANDARD_RULES, type D6Rules } from "../../rulesets/d6/rules/index.js";

let source: () => Readonly<D6Rules> = () => D6_STANDARD_RULES;

/** Install the world's rules reader (read at each call: a setting may change them). */
export function setD6RulesSource(read: () => Readonly<D6Rules>): void {
  source = read;
}

/** The world's OpenD6 rules, or the standard rules. */
export function d6Rules(): Readonly<D6Rules> {
  return source();
}
