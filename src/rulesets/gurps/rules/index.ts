/**
 * GURPS 4e combat rules core — the public API. Rule ids (G1–G94): the rule
 * index of docs/rulesets/gurps.md.
 *
 * Pure TypeScript: no Foundry, no DOM, no randomness (dice faces are inputs).
 * Every [fixed] and (fill) value is data in `GurpsRules`; every function that
 * depends on one takes the rules as its last parameter, defaulting to
 * `GURPS_STANDARD_RULES`.
 *
 * Module map: dice G4–G7 (and the notations of G1, G2, G56) · movement
 * G11–G17 · maneuvers G10, G18–G34 · order G8–G9 · round §15 (what a VTT
 * tracks) · acting (what the chosen maneuver lets him do when he acts) · attack G24–G27, G36–G38, G91 · ranged G22, G51–G57 · feint G25 ·
 * defense, defense-scores, defense-choice G58–G68, G92 · readiness G39–G41,
 * G55–G56, G85, G87–G90 · grapple G42–G50, G93 · damage G69–G76 · victim,
 * injury G77–G81, G94 · resolve (with resolve-defense, resolve-hits) one
 * whole attack, G35, G82–G86 · scenario, outcome, explain the headless format
 * · seed-scenarios, demo, bench.
 */
import { explainGurps } from "./explain.js";
import { gurpsOutcomeJson } from "./outcome.js";
import { parseGurpsScenario } from "./scenario.js";
import { resolveGurpsScenario } from "./scenario-resolve.js";

export * from "./types.js";
export * from "./tables.js";
export * from "./options.js";
export * from "./errors.js";
export * from "./dice.js";
export * from "./notation.js";
export * from "./movement.js";
export * from "./maneuvers.js";
export * from "./order.js";
export * from "./round.js";
export * from "./turn-acts.js";
export * from "./injury-marks.js";
export * from "./acting.js";
export * from "./attack.js";
export * from "./ranged.js";
export * from "./feint.js";
export * from "./defense-scores.js";
export * from "./defense.js";
export * from "./defense-choice.js";
export * from "./readiness.js";
export * from "./grapple.js";
export * from "./damage.js";
export * from "./injury.js";
export * from "./victim.js";
export * from "./owed.js";
export * from "./resolve-types.js";
export * from "./resolve.js";
export * from "./scenario.js";
export * from "./scenario-resolve.js";
export * from "./outcome.js";
export * from "./explain.js";
export * from "./odds.js";
export { GURPS_SEED_SCENARIOS, type GurpsSeedScenarioName } from "./seed-scenarios.js";
export { GURPS_TABLE_SCENARIOS } from "./table-scenarios.js";
export * from "./refusals.js";
export * from "./turn.js";
export * from "./attacks.js";
export { gurpsDemoScript } from "./demo.js";
export { benchGurps, gurpsBenchInputs, type GurpsBenchResult, formatBenchGurps } from "./bench.js";

/** The GURPS ruleset's headless entry points, for the `rules`, `demo` and `bench` commands. */
export const gurpsHeadless = Object.freeze({
  id: "gurps" as const,
  parseScenario: parseGurpsScenario,
  resolve: resolveGurpsScenario,
  outcomeJson: gurpsOutcomeJson,
  explain: explainGurps,
});
