/**
 * The phase-based homebrew as a ruleset of the engine (src/core/ruleset.ts):
 * its manifest, its phase card on the GM's transport, its ledger as the
 * combat's "round" state. Pure: the world's rules and
 * what the GM holds (`PhaseWorld`: the ledger, the sheets, where hidden
 * parts are kept) are handed in by the Foundry side.
 *
 * Its round state is the whole combat's, not a combatant's
 * (docs/adding-a-ruleset.md, "What the phase-based homebrew showed"): `read`
 * gives the combat's ledger, `update` the combat's public projection, and
 * `store` keeps the ledger itself where no player's client receives it.
 * Its odds (docs/odds.md) price an attack against the target's choice of
 * Defend (P26); its duel (duel/index.ts, attached by `npm run duel`) plays
 * whole fights phase by phase.
 */
import type { Ruleset } from "../../core/ruleset.js";
import { diffUpdate } from "../../core/update-diff.js";
import { applyLedgerOperation, type PhaseLedger, type PhaseRoundOperation } from "./combat/ledger.js";
import { projectLedger } from "./combat/projection.js";
import { PHASE_MANIFEST } from "./manifest.js";
import { PHASE_STANDARD_RULES, phaseAttackOdds, type PhaseOddsQuery, type PhaseRules } from "./rules/index.js";
import type { PhaseFlow } from "./workflow/flow.js";
import { phaseWorkflow, type PhaseWorld } from "./workflow/steps.js";

export const PHASE_FLAG = "phase";

/** The combat update that stores `ledger`'s public projection (changed paths only). */
export function projectionUpdate(flags: unknown, ledger: PhaseLedger, rules: Readonly<PhaseRules>): Record<string, unknown> {
  const current = (flags as { cychosys?: Record<string, unknown> } | null | undefined)?.cychosys?.[PHASE_FLAG];
  return diffUpdate(`flags.cychosys.${PHASE_FLAG}`, current, projectLedger(ledger, rules));
}

/** No table at all (the Node commands): no combat, no ledger, nothing to store. */
export const NO_TABLE: PhaseWorld = Object.freeze({ ledger: () => null, table: () => null, store: async () => undefined });

export function createPhaseRuleset(rules: () => Readonly<PhaseRules> = () => PHASE_STANDARD_RULES, world: PhaseWorld = NO_TABLE): Ruleset<PhaseFlow> {
  return {
    manifest: PHASE_MANIFEST,
    workflow: phaseWorkflow(rules, world),
    round: {
      read: (ref) => world.ledger(ref.combat.id),
      apply: (state, operation) => {
        const ledger = state as PhaseLedger | null;
        return applyLedgerOperation(ledger, operation as PhaseRoundOperation, (ledger && world.table(ledger.combatId)?.fighters) || {}, rules());
      },
      update: (ref, next) => projectionUpdate(ref.combat.flags, next as PhaseLedger, rules()),
      store: (ref, next) => world.store(ref.combat.id, next as PhaseLedger),
    },
    odds: { attack: (query: PhaseOddsQuery) => phaseAttackOdds(query, rules()) },
  };
}
