/**
 * GURPS 4e as a ruleset of the engine (src/core/ruleset.ts): its manifest,
 * its round state on the combat (`combat/round-state.ts`: a fighter's round
 * per combatant), and its attack workflow on the cards
 * once the Foundry side hands one in. Pure: the world's GURPS rules
 * (settings) are handed in as a function.
 */
import type { Ruleset, RulesetWorkflow } from "../../core/ruleset.js";
import type { CombatantRef } from "../../core/transport/ports.js";
import { applyGurpsRoundOperation, type GurpsRoundOperation, gurpsRoundUpdate, readGurpsRound } from "./combat/round-state.js";
import { GURPS_MANIFEST } from "./manifest.js";
import { GURPS_STANDARD_RULES, GurpsError, type GurpsFighterRound, type GurpsOddsQuery, type GurpsRules, gurpsAttackOdds } from "./rules/index.js";

export function createGurpsRuleset(rules: () => Readonly<GurpsRules> = () => GURPS_STANDARD_RULES, workflow?: RulesetWorkflow): Ruleset {
  return {
    manifest: GURPS_MANIFEST,
    workflow: workflow ?? refusingWorkflow,
    round: {
      read: (ref: CombatantRef) => readGurpsRound(ref),
      apply: (state, operation) => applyGurpsRoundOperation(state as GurpsFighterRound, operation as GurpsRoundOperation, rules()),
      update: (ref, next) => gurpsRoundUpdate(ref, next as GurpsFighterRound),
    },
    odds: { attack: (query: GurpsOddsQuery) => gurpsAttackOdds(query, rules()) },
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
