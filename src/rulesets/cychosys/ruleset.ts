/**
 * Cychosys as a ruleset of the engine (src/core/ruleset.ts): its manifest,
 * its attack workflow on the cards, its round state on the combat, and its odds (docs/odds.md). Pure: the world's rules are handed in as a function, so
 * the Foundry side passes `CONFIG.CYCHOSYS` and the Node commands the
 * standard rules.
 */
import type { Ruleset } from "../../core/ruleset.js";
import type { CombatantRef } from "../../core/transport/ports.js";
import { readRoundState, roundStateUpdate } from "./combat/round-state.js";
import { CYCHOSYS_MANIFEST } from "./manifest.js";
import { cychosysAttackOdds, type Rules, STANDARD_RULES } from "./rules/index.js";
import type { AttackFlow } from "./workflow/attack-flow.js";
import { applyRoundOperation, type RoundOperation } from "./workflow/round-operations.js";
import type { RoundState } from "./workflow/round.js";
import { cychosysWorkflow } from "./workflow/steps.js";

export function createCychosysRuleset(rules: () => Rules = () => STANDARD_RULES): Ruleset<AttackFlow> {
  const read = (ref: CombatantRef): RoundState => readRoundState(ref.combat, ref.combatant, rules().options);
  return {
    manifest: CYCHOSYS_MANIFEST,
    workflow: cychosysWorkflow(rules, read),
    round: {
      read,
      apply: (state, operation) => applyRoundOperation(state as RoundState, operation as RoundOperation),
      update: (ref, next) => roundStateUpdate(ref.combat, ref.combatant.id, next as RoundState),
    },
    odds: { attack: (query) => cychosysAttackOdds(query, rules()) },
  };
}
