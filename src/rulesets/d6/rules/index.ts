/**
 * OpenD6 rules core — the public API. Rule ids (D1–D41): the rule index of
 * docs/rulesets/d6.md.
 *
 * Pure TypeScript: no Foundry, no DOM, no randomness (dice faces are inputs).
 * Every [fixed] and (fill) value is data in `D6Rules`; every function that
 * depends on one takes the rules as its last parameter, defaulting to
 * `D6_STANDARD_RULES`.
 *
 * Module map: die-code D1, D41 · wild-die D2, D9, D26 · skill-roll D3, D12,
 * D41 · initiative D5–D9 · actions D10–D16, D18, D23–D25, D29 · defense
 * D17–D20, D23–D25 · difficulty D26–D28 · damage D21, D22, D30–D33 · wounds
 * D34–D37 · resolve/outcome/explain one whole attack · scenario the headless
 * JSON format · odds exact chances per defense choice (docs/odds.md) · demo,
 * bench.
 */
import { explainD6Attack } from "./explain.js";
import { d6OutcomeJson } from "./outcome.js";
import { parseD6Scenario, resolveD6Scenario } from "./scenario.js";
import { resolveD6Text } from "./headless.js";

export * from "./types.js";
export * from "./options.js";
export * from "./errors.js";
export * from "./die-code.js";
export * from "./wild-die.js";
export * from "./skill-roll.js";
export * from "./initiative.js";
export * from "./actions.js";
export * from "./defense.js";
export * from "./difficulty.js";
export * from "./damage.js";
export * from "./wounds.js";
export * from "./resolve.js";
export * from "./outcome.js";
export * from "./explain.js";
export * from "./scenario.js";
export * from "./refusal.js";
export * from "./initiative-scenario.js";
export * from "./defense-scenario.js";
export * from "./headless.js";
export * from "./odds-dice.js";
export * from "./odds.js";
export { D6_SEED_SCENARIOS, type D6SeedScenarioName } from "./seed-scenarios.js";
export { d6DemoScript } from "./demo.js";
export { benchD6, benchInputs, type D6BenchResult, formatBenchD6 } from "./bench.js";
export { preview, printable } from "./text.js";

/** The D6 ruleset's headless entry points, for the `rules`, `demo` and `bench` commands. */
export const d6Headless = Object.freeze({
  id: "d6" as const,
  parseScenario: parseD6Scenario,
  resolve: resolveD6Scenario,
  outcomeJson: d6OutcomeJson,
  explain: explainD6Attack,
  /** Any kind of scenario text → its outcome JSON (the `rules` command). */
  resolveText: resolveD6Text,
});
