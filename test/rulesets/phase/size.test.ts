/**
 * Nothing fails silently at size (20.5), the pure record: the ledger, the
 * projection and the secrets of a fight of 1,000 — and of the most the
 * record holds, PHASE_MAX_COMBATANTS — read back whole after a trip through
 * JSON (what Foundry stores); the ledger never takes more than that (the
 * others are named by `leftOut`, for the GM's message); newcomers beyond it
 * wait while everything already held is kept.
 */
import { describe, expect, it } from "vitest";
import { benchLedger } from "../../../src/rulesets/phase/bench.js";
import { leftOut, newLedger, readLedger, syncCombatants } from "../../../src/rulesets/phase/combat/ledger.js";
import { projectLedger, secretsOf } from "../../../src/rulesets/phase/combat/projection.js";
import { readProjection, readSecret } from "../../../src/rulesets/phase/combat/projection-reader.js";
import { PHASE_MAX_COMBATANTS, PHASE_MAX_EVENTS, readStoredPhaseState } from "../../../src/rulesets/phase/rules/stored-state.js";

const stored = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe("a phase record at size (20.5)", () => {
  it("1,000 combatants mid-phase (slots, declarations, a log): the ledger, the projection and a secret read back as they were written", () => {
    const { ledger } = benchLedger(1000);
    expect(ledger.state.combatants).toHaveLength(1000);
    expect(ledger.state.events.length).toBe(500);
    expect(readLedger(stored(ledger))).toEqual(ledger);
    const projection = projectLedger(ledger);
    expect(readProjection(stored(projection))).toEqual(projection);
    const secret = secretsOf(ledger, ["c0"]).get("c0")!;
    expect(readSecret(stored(secret), projection)).toEqual(secret);
  });

  it(`the most the record holds (${PHASE_MAX_COMBATANTS.toLocaleString("en-US")}) reads back; one more is refused by the reader, so the tracker never writes it`, () => {
    expect(PHASE_MAX_EVENTS).toBeGreaterThanOrEqual(6 * PHASE_MAX_COMBATANTS);
    const { ledger } = benchLedger(PHASE_MAX_COMBATANTS);
    expect(readLedger(stored(ledger)).state.combatants).toHaveLength(PHASE_MAX_COMBATANTS);
    expect(readProjection(stored(projectLedger(ledger)))!.combatants).toHaveLength(PHASE_MAX_COMBATANTS);
    const over = stored({ ...ledger.state, combatants: [...ledger.state.combatants, { ...ledger.state.combatants[0]!, id: "extra", initiative: null, slot: "none", action: null }] });
    expect(() => readStoredPhaseState(over)).toThrow(/combatants/);
    // The ledger itself takes no more: the first in the combat's order, the rest left out (and named to the GM).
    const ids = Array.from({ length: PHASE_MAX_COMBATANTS + 2 }, (_, i) => `c${i}`);
    const made = newLedger("combat1", ids.map((id) => ({ id })));
    expect(made.state.combatants).toHaveLength(PHASE_MAX_COMBATANTS);
    expect(leftOut(made, ids)).toEqual([`c${PHASE_MAX_COMBATANTS}`, `c${PHASE_MAX_COMBATANTS + 1}`]);
  }, 60_000);

  it("syncCombatants at the limit: newcomers wait, nothing held is dropped; a place freed takes the first who waited", () => {
    const ledger = newLedger("combat1", ["a", "b", "c"].map((id) => ({ id })), 1, 3);
    const more = syncCombatants(ledger, ["a", "b", "c", "d", "e"], 3);
    expect(more).toBe(ledger);
    expect(leftOut(more, ["a", "b", "c", "d", "e"])).toEqual(["d", "e"]);
    const freed = syncCombatants(ledger, ["a", "c", "d", "e"], 3);
    expect(freed.state.combatants.map((c) => c.id)).toEqual(["a", "c", "d"]);
    expect(leftOut(freed, ["a", "c", "d", "e"])).toEqual(["e"]);
  });
});
