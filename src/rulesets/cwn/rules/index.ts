/**
 * Cities Without Number rules core — the public API. Rule ids (W1–W40): the
 * rule index of docs/rulesets/cwn.md.
 *
 * Pure TypeScript: no Foundry, no DOM, no randomness (dice faces are inputs).
 * Every [fixed] and (fill) value is data in `CwnRules`; every function that
 * depends on one takes the rules as its last parameter, defaulting to
 * `CWN_STANDARD_RULES`.
 *
 * Module map: dice W15, W16 · attack W13–W18, W22–W25, W27, W36 · harm W19,
 * W20 · screen W26, W40 · resolve W39 (one whole attack) · outcome/explain ·
 * initiative W2, W3 · actions W8–W11, W21–W37 (costs) · round W4, W7–W11,
 * W21–W37 (one fighter's round) · states W25–W27 (expiry) · swarm W24 ·
 * timing W11, W12, W37 · morale W6 · combat W2–W6 (the whole fight) ·
 * scenario, combat-scenario, headless: the JSON formats · demo, bench.
 */
import { cwnScenarioOutcome, explainCwnScenario, parseCwnScenario, resolveCwnScenario } from "./headless.js";

export * from "./types.js";
export * from "./attributes.js";
export * from "./options.js";
export * from "./errors.js";
export * from "./dice.js";
export * from "./attack.js";
export * from "./harm.js";
export * from "./screen.js";
export * from "./resolve.js";
export * from "./outcome.js";
export * from "./explain.js";
export * from "./initiative.js";
export * from "./actions.js";
export * from "./states.js";
export * from "./round.js";
export * from "./swarm.js";
export * from "./timing.js";
export * from "./morale.js";
export * from "./skill-check.js";
export * from "./combat.js";
export * from "./scenario.js";
export * from "./combat-scenario.js";
export * from "./combat-outcome.js";
export * from "./headless.js";
export * from "./refusals.js";
export * from "./odds.js";
export { CWN_SCENARIO_VERSION } from "./scenario-common.js";
export { CWN_SEED_SCENARIOS, type CwnSeedScenarioName } from "./seed-scenarios.js";
export { CWN_DEMO_CHECKS, CWN_DEMO_MORE, cwnDemoScript } from "./demo.js";
export { benchCwn, cwnBenchInputs, type CwnBenchResult, formatBenchCwn } from "./bench.js";

/** The CWN ruleset's headless entry points, for the `rules`, `demo` and `bench` commands. */
export const cwnHeadless = Object.freeze({
  id: "cwn" as const,
  parseScenario: parseCwnScenario,
  resolve: resolveCwnScenario,
  outcomeJson: cwnScenarioOutcome,
  explain: explainCwnScenario,
});
