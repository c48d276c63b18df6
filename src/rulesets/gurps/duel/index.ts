/**
 * The Gurps duel of `npm run duel` (`Ruleset.duel`, docs/odds.md): a fighter
 * read from actor JSON, one duel played, each fighter's plan in a sentence.
 * Attached by the Node commands (src/cli/duel-rulesets.ts), not by a world:
 * a world never plays a simulated duel, so its bundle does not carry one.
 */
import type { RulesetDuel } from "../../../core/ruleset.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "../rules/index.js";
import { type GurpsFighter, readGurpsFighter } from "./fighter.js";
import { gurpsDuelPlan, playGurpsDuel } from "./play.js";

export function createGurpsDuel(rules: () => Readonly<GurpsRules> = () => GURPS_STANDARD_RULES): RulesetDuel<GurpsFighter> {
  return {
    fighter: (json) => readGurpsFighter(json, rules()),
    play: (a, b, roll, maxRounds) => playGurpsDuel(a, b, roll, maxRounds, rules()),
    plan: (fighter, opponent) => gurpsDuelPlan(fighter, opponent, rules()),
  };
}
