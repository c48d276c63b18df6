/**
 * A rule refusing an action, as distinct from input that is not a valid
 * scenario: a dodge of 0D+2, a declaration while a long action runs, a free
 * action while surprised. A ruleset's headless `resolve` throws one when
 * the scenario is well-formed but the rules forbid what it asks; the `rules`
 * command prints it as an outcome (`{ "refused": { "rule", "reason" } }`,
 * exit code 0) and keeps exit code 2 for input it cannot read
 * (docs/rules-command.md, "Refusals"). On the table the same error refuses
 * the request like any other LocalizedError, localized by its key.
 */
import { LocalizedError } from "./errors.js";

export interface RefusalJson {
  refused: {
    /** The id of the rule that forbids the action (`D3`, `G15`, `W11`…). */
    rule: string;
    /** Why, in English (lang/en.json). */
    reason: string;
  };
}

export class RuleRefusal<Code extends string = string> extends LocalizedError<Code> {
  /** The id of the rule that forbids the action, as the ruleset's rules reference numbers it. */
  readonly rule: string;

  /** `rule` forbids it; the reason is `<prefix>.<code>` in lang/en.json, filled with `params`. */
  constructor(rule: string, prefix: string, code: Code, params: Record<string, string | number> = {}) {
    super(prefix, code, params);
    this.name = "RuleRefusal";
    this.rule = rule;
  }

  /** The outcome the `rules` command prints. */
  toJSON(): RefusalJson {
    return { refused: { rule: this.rule, reason: this.message } };
  }
}
