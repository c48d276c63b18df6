/**
 * What the phase ruleset reads of the world on the GM's client
 * (`PhaseWorld`): the ledger of a combat (store.ts), its combatants as the
 * rules read them (table.ts), and where a ledger is kept when the card's
 * steps change it (the transport's round writes call `store` before they
 * write the combat's public projection).
 */
import type { PhaseWorld } from "../../rulesets/phase/workflow/steps.js";
import { ledgerFor, storeLedger } from "./store.js";
import { phaseTable } from "./table.js";
import { afterLedgerChange, type PhaseCombatDoc } from "./tracker-actions.js";

const combatById = (id: string) => (game as unknown as { combats?: { get(id: string): PhaseCombatDoc | undefined } }).combats?.get(id);

export const foundryPhaseWorld: PhaseWorld = {
  ledger: (combatId) => ledgerFor(combatId).ledger,
  table: (combatId) => {
    const combat = combatById(combatId);
    return combat ? phaseTable(combat) : null;
  },
  store: async (combatId, ledger) => {
    const combat = combatById(combatId);
    if (!combat) throw new Error(`no combat ${combatId}`);
    await storeLedger(combat, ledger);
    await afterLedgerChange(combat, ledger);
  },
};
