/**
 * The CWN scenario text → outcome, for the `rules` command: an attack
 * (scenario.ts) or, with `"kind": "combat"`, a scripted fight
 * (combat-scenario.ts). JSON is read with the shared strict reader, so
 * hostile input fails the same way as for every ruleset.
 */
import { readJson, SCENARIO_JSON_LIMITS } from "../../../core/json.js";
import { type CwnCombatOutcomeJson, cwnCombatOutcomeJson, explainCwnCombat } from "./combat-outcome.js";
import { type CwnCombatRun, type CwnCombatScenario, readCwnCombatScenario, runCwnCombatScenario } from "./combat-scenario.js";
import { CwnError } from "./errors.js";
import { explainCwnAttack, type ExplainLine } from "./explain.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { type CwnOutcomeJson, cwnOutcomeJson } from "./outcome.js";
import { type CwnResolution, resolveCwnAttack } from "./resolve.js";
import { type CwnAttackScenario, readCwnAttackScenario } from "./scenario.js";
import { CwnAttackRefusal } from "./refusals.js";
import { MAX_SCENARIO_CHARS, say } from "./scenario-common.js";

export type CwnScenario = CwnAttackScenario | CwnCombatScenario;
export type CwnScenarioResult = { kind: "attack"; scenario: CwnAttackScenario; resolution: CwnResolution } | { kind: "combat"; scenario: CwnCombatScenario; run: CwnCombatRun };

/** A parsed JSON scenario of either kind (`"kind": "combat"` picks the combat reader). */
export function readCwnScenario(value: unknown, worldRules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnScenario {
  const o = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (o && Object.hasOwn(o, "kind") && o.kind === "combat") return readCwnCombatScenario(value, worldRules);
  if (o && !Object.hasOwn(o, "kind") && Object.hasOwn(o, "sides")) throw new CwnError("scenarioField", { field: "kind", problem: say("kindCombat") });
  return readCwnAttackScenario(value, worldRules);
}

/** Scenario text → a read scenario; every problem is one CwnError whose message is one short line. */
export function parseCwnScenario(text: string, worldRules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnScenario {
  if (text.length > MAX_SCENARIO_CHARS) throw new CwnError("scenarioTooLong", { max: MAX_SCENARIO_CHARS, length: text.length });
  let value: unknown;
  try {
    value = readJson(text, SCENARIO_JSON_LIMITS);
  } catch (error) {
    throw new CwnError("scenarioText", { message: error instanceof Error ? error.message : String(error) });
  }
  return readCwnScenario(value, worldRules);
}

export function resolveCwnScenario(scenario: CwnScenario): CwnScenarioResult {
  if (scenario.kind === "combat") return { kind: "combat", scenario, run: runCwnCombatScenario(scenario) };
  return { kind: "attack", scenario, resolution: resolveCwnAttack(scenario.input, scenario.rules) };
}

/**
 * The outcome the `rules` command prints. An attack a rule forbids (W39
 * step 1) is no resolution: it is thrown as the shared refusal
 * (`CwnAttackRefusal`), which the command prints with exit code 0; a
 * combat script keeps each step's refusal in its own outcome.
 */
export function cwnScenarioOutcome(result: CwnScenarioResult): CwnOutcomeJson | CwnCombatOutcomeJson {
  if (result.kind === "combat") return cwnCombatOutcomeJson(result.run);
  if (result.resolution.refused) throw new CwnAttackRefusal(result.resolution.refused, result.scenario.names.attacker);
  return cwnOutcomeJson(result.resolution);
}

export function explainCwnScenario(result: CwnScenarioResult): ExplainLine[] {
  if (result.kind === "combat") return explainCwnCombat(result.run);
  const { attacker, defender, screeners } = result.scenario.names;
  return explainCwnAttack(result.resolution, { ...(attacker && { attacker }), ...(defender && { defender }), screeners });
}
