/**
 * The phase record's limit reached (20.5): the record holds at most
 * PHASE_MAX_COMBATANTS (10,000 — here made 5 so a small fight reaches it).
 * The GM is told who takes no part, by name, when the fight starts, when one
 * more joins and when the record is started again; nothing already in the
 * record changes or is lost, and the record still reads back. A place freed
 * is taken by the first left out.
 */
import { describe, expect, it, vi } from "vitest";
import { FakeCombatant, notifications, player } from "./fakes.js";
import { bigFight, on, PhaseFakeActor, replies, send, usePhaseCombatWorld } from "./phase-fakes.js";
import { ledgerFor } from "../../src/foundry/phase/store.js";
import { syncPhaseCombatants } from "../../src/foundry/phase/combat.js";
import { readProjection } from "../../src/rulesets/phase/combat/projection-reader.js";

vi.mock("../../src/rulesets/phase/rules/stored-state.js", async (original) => ({ ...(await original<object>()), PHASE_MAX_COMBATANTS: 5 }));

const g = globalThis as any;
usePhaseCombatWorld();
const held = () => ledgerFor("combat1").ledger!.state.combatants.map((c) => c.id);

describe("the phase record's limit (20.5)", () => {
  it("a fight larger than the record: the first five are taken, the GM is told who is left out; nothing is lost as more join, and a freed place is filled", async () => {
    const { combat } = await bigFight(7);
    expect(held()).toEqual(["f0", "f1", "f2", "f3", "f4"]);
    expect(notifications.warn).toEqual(["The phase tracker holds at most 5 combatants. 2 of this combat's take no part in the phases (Fighter 5, Fighter 6); nothing already in the tracker changed. Remove combatants from the combat to make room."]);
    expect(readProjection(combat.flags.cychosys.phase)!.combatants).toHaveLength(5);

    // The fight goes on; one more joins: the record keeps what it holds, the GM is told again.
    await send(player, { kind: "phaseInitiative", ...on("f0"), faces: [3, 4] });
    const before = structuredClone(ledgerFor("combat1").ledger);
    const extra = new PhaseFakeActor({ id: "f7", name: "Fighter 7", system: { reflexes: 2 } });
    const c = new FakeCombatant(extra);
    c.combat = combat;
    combat.list.push(c);
    await syncPhaseCombatants(combat as never);
    expect(ledgerFor("combat1").ledger).toEqual(before);
    expect(notifications.warn.at(-1)).toContain("3 of this combat's take no part in the phases (Fighter 5, Fighter 6, Fighter 7)");

    // One leaves: the first left out takes the place (aware, no slot this phase); the roll made stays.
    combat.list = combat.list.filter((x: { id: string }) => x.id !== "f1");
    await syncPhaseCombatants(combat as never);
    expect(held()).toEqual(["f0", "f2", "f3", "f4", "f5"]);
    expect(ledgerFor("combat1").ledger!.state.combatants[0]!.initiative).toMatchObject({ total: 7 + 1 });
    expect(readProjection(combat.flags.cychosys.phase)!.combatants).toHaveLength(5);
    expect(replies("alice")).toEqual([]);
  }, 30_000);

  it("the GM starts the record again: still the first five, and the GM is told", async () => {
    await bigFight(6);
    notifications.warn.length = 0;
    await send(g.game.user, { kind: "phaseRestart", combatId: "combat1", phase: 3 });
    expect(held()).toEqual(["f0", "f1", "f2", "f3", "f4"]);
    expect(ledgerFor("combat1").ledger!.state.phase).toBe(3);
    expect(notifications.warn).toEqual([expect.stringContaining("1 of this combat's take no part in the phases (Fighter 5)")]);
  }, 30_000);
});
