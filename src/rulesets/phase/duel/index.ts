/**
 * The Phase duel of `npm run duel` (`Ruleset.duel`, docs/odds.md): a fighter
 * read from actor JSON, one duel played, each fighter's plan in a sentence.
 * Attached by the Node commands (src/cli/duel-rulesets.ts), not by a world:
 * a world never plays a simulated duel, so its bundle does not carry one.
 */
import type { RulesetDuel } from "../../../core/ruleset.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/index.js";
import { type PhaseDuelFighter, readPhaseFighter } from "./fighter.js";
import { phaseDuelPlan, playPhaseDuel } from "./play.js";

export function createPhaseDuel(rules: () => Readonly<PhaseRules> = () => PHASE_STANDARD_RULES): RulesetDuel<PhaseDuelFighter> {
  return {
    fighter: (json) => readPhaseFighter(json, rules()),
    play: (a, b, roll, maxRounds) => playPhaseDuel(a, b, roll, maxRounds, rules()),
    plan: (fighter, opponent) => phaseDuelPlan(fighter, opponent, rules()),
  };
}
