/**
 * The rulesets the Node commands (`rules`, `demo`, `bench`) can run, by id:
 * each resolves one scenario text to its outcome JSON with its own pure core.
 * `cychosys` is the default, so the commands keep their old meaning.
 */
import { outcomeJson, parseScenario, resolveAttack } from "../rulesets/cychosys/rules/index.js";
import { d6OutcomeJson, d6DemoScript, parseD6Scenario, resolveD6Scenario } from "../rulesets/d6/rules/index.js";
import { gurpsDemoScript, gurpsOutcomeJson, parseGurpsScenario, resolveGurpsScenario } from "../rulesets/gurps/rules/index.js";
import { demoLog } from "../rulesets/cychosys/demo-log.js";

export interface Headless {
  /** Scenario text → the outcome JSON (throws a LocalizedError naming the field). */
  resolve(text: string): unknown;
  /** The chapter's own examples, narrated. */
  demo(): string;
}

export const HEADLESS: Readonly<Record<string, Headless>> = Object.freeze({
  cychosys: { resolve: (text: string) => outcomeJson(resolveAttack(parseScenario(text))), demo: demoLog },
  d6: { resolve: (text: string) => d6OutcomeJson(resolveD6Scenario(parseD6Scenario(text))), demo: () => d6DemoScript().join("\n") },
  gurps: { resolve: (text: string) => gurpsOutcomeJson(resolveGurpsScenario(parseGurpsScenario(text))), demo: () => gurpsDemoScript().join("\n") },
});

export const DEFAULT_RULESET = "cychosys";

/** `--ruleset ID` (or `--ruleset=ID`) taken out of the arguments; the rest returned. */
export function takeRuleset(args: readonly string[]): { ruleset: string; rest: string[] } {
  const rest: string[] = [];
  let ruleset = DEFAULT_RULESET;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--ruleset") ruleset = args[++i] ?? "";
    else if (arg.startsWith("--ruleset=")) ruleset = arg.slice("--ruleset=".length);
    else rest.push(arg);
  }
  return { ruleset, rest };
}
