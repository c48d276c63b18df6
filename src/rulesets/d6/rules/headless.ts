/**
 * The `rules` command's OpenD6 entry (docs/rules-command.md, "OpenD6"): the
 * scenario text's `kind` picks what it states — one attack (the default,
 * the attack card's whole resolution), one round's initiative (D5–D10), or
 * a defender's rounds showing when each defense starts and ends (D10–D25).
 * A rule forbidding what a well-formed scenario asks throws its RuleRefusal
 * (the command prints it as the outcome); anything else wrong is one
 * D6Error naming the field.
 */
import { readD6DefenseScenario, resolveD6DefenseScenario, type D6DefenseOutcomeJson } from "./defense-scenario.js";
import { readD6InitiativeScenario, resolveD6InitiativeScenario, type D6InitiativeOutcomeJson } from "./initiative-scenario.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { d6OutcomeJson, type D6OutcomeJson } from "./outcome.js";
import { D6_SCENARIO_KINDS, D6_SCENARIO_VERSION, readD6Json, readD6Scenario, resolveD6Scenario } from "./scenario.js";
import { ScenarioReader, say } from "./scenario-reader.js";
import { preview, printable } from "./text.js";
import { D6Error } from "./errors.js";

export type D6HeadlessOutcome = D6OutcomeJson | D6InitiativeOutcomeJson | D6DefenseOutcomeJson;

/** Scenario text → its outcome JSON, by the scenario's `kind`. */
export function resolveD6Text(text: string, worldRules: Readonly<D6Rules> = D6_STANDARD_RULES): D6HeadlessOutcome {
  const value = readD6Json(text);
  const reader = new ScenarioReader(worldRules);
  const root = reader.object(value, "scenario", Object.keys(value ?? {}));
  const kind = reader.has(root, "kind") ? root.kind : "attack";
  if (kind === "initiative" || kind === "defense") {
    if (reader.has(root, "ruleset") && root.ruleset !== "d6") reader.fail("ruleset", say("ruleset", { value: preview(root.ruleset) }));
    if (reader.has(root, "version") && root.version !== D6_SCENARIO_VERSION) {
      throw new D6Error("scenarioVersion", { value: printable(JSON.stringify(root.version) ?? "", 20), version: D6_SCENARIO_VERSION });
    }
  }
  if (kind === "initiative") return resolveD6InitiativeScenario(readD6InitiativeScenario(root, worldRules));
  if (kind === "defense") return resolveD6DefenseScenario(readD6DefenseScenario(root, worldRules));
  if (kind !== "attack") reader.fail("kind", say("oneOf", { allowed: D6_SCENARIO_KINDS.join(", "), value: preview(kind) }));
  return d6OutcomeJson(resolveD6Scenario(readD6Scenario(root, worldRules)));
}
