/**
 * The Cychosys duel of `npm run duel` (`Ruleset.duel`, docs/odds.md): a fighter
 * read from actor JSON, one duel played, each fighter's plan in a sentence.
 * Attached by the Node commands (src/cli/duel-rulesets.ts), not by a world:
 * a world never plays a simulated duel, so its bundle does not carry one.
 */
import type { RulesetDuel } from "../../../core/ruleset.js";
import { type Rules, STANDARD_RULES } from "../rules/index.js";
import { type CychosysFighter, readCychosysFighter } from "./fighter.js";
import { describeCychosysPlan, playCychosysDuel } from "./play.js";

export function createCychosysDuel(rules: () => Readonly<Rules> = () => STANDARD_RULES): RulesetDuel<CychosysFighter> {
  return {
    fighter: (json) => readCychosysFighter(json, rules()),
    play: (a, b, roll, maxRounds) => playCychosysDuel(a, b, roll, maxRounds, rules()),
    plan: (fighter, opponent) => describeCychosysPlan(fighter, opponent, rules()),
  };
}
