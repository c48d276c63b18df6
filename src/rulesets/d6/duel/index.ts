/**
 * The D6 duel of `npm run duel` (`Ruleset.duel`, docs/odds.md): a fighter
 * read from actor JSON, one duel played, each fighter's plan in a sentence.
 * Attached by the Node commands (src/cli/duel-rulesets.ts), not by a world:
 * a world never plays a simulated duel, so its bundle does not carry one.
 */
import type { RulesetDuel } from "../../../core/ruleset.js";
import { D6_STANDARD_RULES, type D6Rules } from "../rules/index.js";
import { type D6Fighter, readD6Fighter } from "./fighter.js";
import { describeD6Plan, playD6Duel } from "./play.js";

export function createD6Duel(rules: () => Readonly<D6Rules> = () => D6_STANDARD_RULES): RulesetDuel<D6Fighter> {
  return {
    fighter: (json) => readD6Fighter(json, rules()),
    play: (a, b, roll, maxRounds) => playD6Duel(a, b, roll, maxRounds, rules()),
    plan: (fighter, opponent) => describeD6Plan(fighter, opponent, rules()),
  };
}
