/**
 * OpenD6 as a ruleset of the engine (src/core/ruleset.ts): its manifest, its
 * attack workflow on the cards, its round state on the combat, its odds (docs/odds.md). Pure: the world's D6 rules (settings) are handed in as a function.
 */
import type { Ruleset } from "../../core/ruleset.js";
import type { CombatantRef } from "../../core/transport/ports.js";
import { applyD6RoundOperation, type D6RoundOperation, type D6RoundState, d6RoundUpdate, readD6Round } from "./combat/round-state.js";
import { D6_MANIFEST } from "./manifest.js";
import { D6_STANDARD_RULES, type D6Rules, d6AttackOdds } from "./rules/index.js";
import { type D6Flow, d6Workflow, type TieOf } from "./workflow/steps.js";

/** `tieOf` (D7): whose tie is still acting, read by the Foundry side from the combat's order (none outside Foundry). */
export function createD6Ruleset(rules: () => Readonly<D6Rules> = () => D6_STANDARD_RULES, tieOf?: TieOf): Ruleset<D6Flow> {
  const read = (ref: CombatantRef) => readD6Round(ref as never, rules());
  return {
    manifest: D6_MANIFEST,
    workflow: d6Workflow(rules, read, tieOf),
    round: {
      read,
      apply: (state, operation) => applyD6RoundOperation(state as D6RoundState, operation as D6RoundOperation, rules()),
      update: (ref, next) => d6RoundUpdate(ref, next as D6RoundState),
    },
    odds: { attack: (query) => d6AttackOdds(query, rules()) },
  };
}
