/**
 * The Cwn duel of `npm run duel` (`Ruleset.duel`, docs/odds.md): a fighter
 * read from actor JSON, one duel played, each fighter's plan in a sentence.
 * Attached by the Node commands (src/cli/duel-rulesets.ts), not by a world:
 * a world never plays a simulated duel, so its bundle does not carry one.
 */
import type { RulesetDuel } from "../../../core/ruleset.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/index.js";
import { type CwnFighter, readCwnFighter } from "./fighter.js";
import { cwnDuelPlan, playCwnDuel } from "./play.js";

export function createCwnDuel(rules: () => Readonly<CwnRules> = () => CWN_STANDARD_RULES): RulesetDuel<CwnFighter> {
  return {
    fighter: (json) => readCwnFighter(json, rules()),
    play: (a, b, roll, maxRounds) => playCwnDuel(a, b, roll, maxRounds, rules()),
    plan: (fighter, opponent) => cwnDuelPlan(fighter, opponent, rules()),
  };
}
