/**
 * The rulesets the Node commands (`rules`, `demo`, `bench`) can run, by id:
 * each resolves one scenario text to its outcome JSON with its own pure core.
 * `cychosys` is the default, so the commands keep their old meaning.
 */
import { resolveScenarioText } from "../rulesets/cychosys/rules/index.js";
import { d6DemoScript, resolveD6Text } from "../rulesets/d6/rules/index.js";
import { gurpsDemoScript, gurpsOutcomeJson, parseGurpsScenario, resolveGurpsScenario } from "../rulesets/gurps/rules/index.js";
import { demoLog } from "../rulesets/cychosys/demo-log.js";
import { cwnDemoScript, cwnScenarioOutcome, parseCwnScenario, resolveCwnScenario } from "../rulesets/cwn/rules/index.js";
import { phaseDemoScript, phaseHeadless } from "../rulesets/phase/rules/index.js";

export interface Headless {
  /** Scenario text → the outcome JSON (throws a LocalizedError naming the field). */
  resolve(text: string): unknown;
  /** The chapter's own examples, narrated. */
  demo(): string;
  /** `--sequence`: one or more phases of declared actions resolved in order (the phase ruleset). */
  sequence?(text: string): unknown;
}

export const HEADLESS: Readonly<Record<string, Headless>> = Object.freeze({
  cychosys: { resolve: (text: string) => resolveScenarioText(text), demo: demoLog },
  d6: { resolve: (text: string) => resolveD6Text(text), demo: () => d6DemoScript().join("\n") },
  cwn: { resolve: (text: string) => cwnScenarioOutcome(resolveCwnScenario(parseCwnScenario(text))), demo: () => cwnDemoScript().join("\n") },
  phase: { resolve: phaseHeadless.resolve, sequence: phaseHeadless.sequence, demo: () => phaseDemoScript().join("\n") },
  gurps: { resolve: (text: string) => gurpsOutcomeJson(resolveGurpsScenario(parseGurpsScenario(text))), demo: () => gurpsDemoScript().join("\n") },
});

export const DEFAULT_RULESET = "cychosys";

/** `--ruleset ID` (or `--ruleset=ID`) and `--sequence` taken out of the arguments; the rest returned. */
export function takeRuleset(args: readonly string[]): { ruleset: string; sequence: boolean; rest: string[] } {
  const rest: string[] = [];
  let ruleset = DEFAULT_RULESET;
  let sequence = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--ruleset") ruleset = args[++i] ?? "";
    else if (arg.startsWith("--ruleset=")) ruleset = arg.slice("--ruleset=".length);
    else if (arg === "--sequence") sequence = true;
    else rest.push(arg);
  }
  return { ruleset, sequence, rest };
}
