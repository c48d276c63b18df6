/**
 * GURPS 4e as a ruleset of the engine (src/core/ruleset.ts): its manifest,
 * its round state on the combat (`combat/round-state.ts`: a fighter's round
 * per combatant), its headless codecs, and its attack workflow on the cards
 * once the Foundry side hands one in. Pure: the world's GURPS rules
 * (settings) are handed in as a function.
 */
import type { Ruleset, RulesetDuel, RulesetWorkflow } from "../../core/ruleset.js";
import { type GurpsFighter, readGurpsFighter } from "./duel/fighter.js";
import { gurpsDuelPlan, playGurpsDuel } from "./duel/play.js";
import type { CombatantRef } from "../../core/transport/ports.js";
import { applyGurpsRoundOperation, type GurpsRoundOperation, gurpsRoundUpdate, readGurpsRound } from "./combat/round-state.js";
import { GURPS_MANIFEST } from "./manifest.js";
import { GURPS_STANDARD_RULES, GurpsError, type GurpsFighterRound, type GurpsOddsQuery, type GurpsRules, gurpsAttackOdds, gurpsDemoScript, gurpsOutcomeJson, parseGurpsScenario, resolveGurpsScenario } from "./rules/index.js";

export function createGurpsRuleset(rules: () => Readonly<GurpsRules> = () => GURPS_STANDARD_RULES, workflow?: RulesetWorkflow): Ruleset {
  // The duel of `npm run duel` (docs/odds.md), with each fighter's plan in a sentence (`plan`, printed above the figures).
  const duel: RulesetDuel<GurpsFighter> = {
    fighter: (json) => readGurpsFighter(json, rules()),
    play: (a, b, roll, maxRounds) => playGurpsDuel(a, b, roll, maxRounds, rules()),
    plan: (fighter, opponent) => gurpsDuelPlan(fighter, opponent, rules()),
  };
  return {
    manifest: GURPS_MANIFEST,
    workflow: workflow ?? refusingWorkflow,
    round: {
      read: (ref: CombatantRef) => readGurpsRound(ref),
      apply: (state, operation) => applyGurpsRoundOperation(state as GurpsFighterRound, operation as GurpsRoundOperation, rules()),
      update: (ref, next) => gurpsRoundUpdate(ref, next as GurpsFighterRound),
    },
    odds: { attack: (query: GurpsOddsQuery) => gurpsAttackOdds(query, rules()) },
    duel,
    headless: {
      resolve: (text) => gurpsOutcomeJson(resolveGurpsScenario(parseGurpsScenario(text, rules()))),
      demo: () => gurpsDemoScript(rules()).join("\n"),
    },
  };
}

/** Without a workflow handed in (the headless commands; the Foundry side hands in `gurpsWorkflow`), every card request is refused as unknown and nothing changes. */
const refusingWorkflow: RulesetWorkflow = {
  parseRequest: () => ({ ok: false, problem: { field: "step", kind: "value" } }),
  declare: async () => {
    throw new GurpsError("cardsUnavailable");
  },
  step: async () => {
    throw new GurpsError("cardsUnavailable");
  },
  scope: () => ({ participants: new Set(), objects: new Map() }),
};
