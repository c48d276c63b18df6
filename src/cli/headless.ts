/**
 * The rulesets the Node commands (`rules`, `demo`) can run, by id: each
 * resolves one scenario text to its outcome JSON with its own pure core.
 * `cychosys` is the default, so the commands keep their old meaning.
 *
 * Each core is imported only when asked for: a command loads the one ruleset
 * it runs (loading all five cost `npm run rules` a fifth of its start).
 */
export interface Headless {
  /** Scenario text → the outcome JSON (throws a LocalizedError naming the field). */
  resolve(text: string): unknown;
  /** The chapter's own examples, narrated. */
  demo(): string;
  /** `--sequence`: one or more phases of declared actions resolved in order (the phase ruleset). */
  sequence?(text: string): unknown;
}

/** Each ruleset's headless entry, loaded on first ask. */
export const HEADLESS_LOADERS: Readonly<Record<string, () => Promise<Headless>>> = Object.freeze({
  cychosys: async (): Promise<Headless> => {
    const [{ resolveScenarioText }, { demoLog }] = await Promise.all([import("../rulesets/cychosys/rules/index.js"), import("../rulesets/cychosys/demo-log.js")]);
    return { resolve: (text: string) => resolveScenarioText(text), demo: demoLog };
  },
  d6: async (): Promise<Headless> => {
    const { d6DemoScript, resolveD6Text } = await import("../rulesets/d6/rules/index.js");
    return { resolve: (text: string) => resolveD6Text(text), demo: () => d6DemoScript().join("\n") };
  },
  cwn: async (): Promise<Headless> => {
    const { cwnDemoScript, cwnScenarioOutcome, parseCwnScenario, resolveCwnScenario } = await import("../rulesets/cwn/rules/index.js");
    return { resolve: (text: string) => cwnScenarioOutcome(resolveCwnScenario(parseCwnScenario(text))), demo: () => cwnDemoScript().join("\n") };
  },
  phase: async (): Promise<Headless> => {
    const { phaseDemoScript, phaseHeadless } = await import("../rulesets/phase/rules/index.js");
    return { resolve: phaseHeadless.resolve, sequence: phaseHeadless.sequence, demo: () => phaseDemoScript().join("\n") };
  },
  gurps: async (): Promise<Headless> => {
    const { gurpsDemoScript, gurpsOutcomeJson, parseGurpsScenario, resolveGurpsScenario } = await import("../rulesets/gurps/rules/index.js");
    return { resolve: (text: string) => gurpsOutcomeJson(resolveGurpsScenario(parseGurpsScenario(text))), demo: () => gurpsDemoScript().join("\n") };
  },
});

/** What the commands say about the rulesets without loading any: their ids, and those that read `--sequence`. */
export interface HeadlessCatalog {
  readonly ids: readonly string[];
  readonly sequence: readonly string[];
}
export const HEADLESS_CATALOG: HeadlessCatalog = Object.freeze({ ids: Object.freeze(Object.keys(HEADLESS_LOADERS)), sequence: Object.freeze(["phase"]) });

/** The headless entries of `ids` that are known, loaded (unknown ids are left out: the command names them). */
export async function loadHeadless(ids: readonly string[]): Promise<Record<string, Headless>> {
  const known = [...new Set(ids)].filter((id) => Object.hasOwn(HEADLESS_LOADERS, id));
  const loaded = await Promise.all(known.map((id) => HEADLESS_LOADERS[id]!()));
  return Object.fromEntries(known.map((id, i) => [id, loaded[i]!]));
}

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
