/**
 * Nothing fails silently at size (20.5), the phase tracker: a fight of 1,000
 * combatants starts, its ledger (whispered to the GMs) and its public
 * projection (on the combat) read back whole, requests go on, each user's
 * tracker shows every row, and Foundry's turn list sorts by the
 * declaration order — from one read of the projection, not one per
 * comparison, and again only when that order changes (21.1).
 */
import { describe, expect, it, vi } from "vitest";
import { notifications, player } from "./fakes.js";
import { bigFight, on, replies, send, usePhaseCombatWorld } from "./phase-fakes.js";
import { ledgerFor } from "../../src/foundry/phase/store.js";
import { trackerViewFor } from "../../src/foundry/phase/tracker.js";
import { onPhaseCombatUpdate } from "../../src/foundry/phase/combat.js";
import * as reader from "../../src/rulesets/phase/combat/projection-reader.js";
import { PHASE_MAX_COMBATANTS } from "../../src/rulesets/phase/rules/stored-state.js";

const g = globalThis as any;
usePhaseCombatWorld();

describe("a phase fight of 1,000 combatants (20.5)", () => {
  it("the record holds at least 1,000", () => {
    expect(PHASE_MAX_COMBATANTS).toBeGreaterThanOrEqual(1000);
  });

  it("starts, reads back whole for the GM and for a player, takes requests, and sorts from one read of the projection", async () => {
    const { combat } = await bigFight(1000);
    const ids = combat.list.map((c: { id: string }) => c.id);
    const ledger = () => ledgerFor("combat1").ledger;
    expect(ledgerFor("combat1").problem).toBeNull();
    expect(ledger()!.state.combatants.map((c) => c.id)).toEqual(ids);
    const projection = () => reader.readProjection(combat.flags.cychosys.phase);
    expect(projection()!.combatants).toHaveLength(1000);

    // A few of them roll initiative (Alice for hers, the GM for his), the GM closes it, the lowest declares.
    await send(player, { kind: "phaseInitiative", ...on("f999"), faces: [10, 10] });
    await send(player, { kind: "phaseInitiative", ...on("f3"), faces: [1, 2] });
    await send(g.game.user, { kind: "phaseInitiative", ...on("f500"), faces: [5, 5] });
    await send(g.game.user, { kind: "phaseCloseInitiative", combatId: "combat1" });
    await send(player, { kind: "phaseDeclare", ...on("f3"), action: "fire", weapon: "pistol", target: "f500" });
    expect(replies("alice")).toEqual([]);
    expect(ledger()!.state.order).toEqual(["f3", "f500", "f999"]);
    expect(projection()!.order).toEqual(["f3", "f500", "f999"]);
    expect(projection()!.combatants.find((c) => c.id === "f3")!.action).toEqual({ hidden: true, id: "f3@1" });

    // Every user's tracker shows all 1,000 rows; the player's own declaration shows to her, hidden to nobody's else.
    const alice = trackerViewFor(combat as never, player);
    expect(alice.rows).toHaveLength(1000);
    expect(alice.rows[0]).toMatchObject({ id: "f3", actionHidden: false });
    expect(trackerViewFor(combat as never, g.game.user).rows).toHaveLength(1000);

    // Foundry's turn list: the declaration order first, then everyone else in the record's order; one read per sort.
    const reads = vi.spyOn(reader, "readProjection");
    const turns = combat.turns.map((c: { id: string }) => c.id);
    expect(turns.slice(0, 4)).toEqual(["f3", "f500", "f999", "f0"]);
    expect(turns).toHaveLength(1000);
    expect(reads).toHaveBeenCalledTimes(1);
    // Sorting again without a change reads nothing more; a new record is read once again.
    void combat.turns;
    expect(reads).toHaveBeenCalledTimes(1);
    await send(g.game.user, { kind: "phasePass", ...on("f500") });
    expect(combat.turns.map((c: { id: string }) => c.id).slice(0, 3)).toEqual(["f3", "f500", "f999"]);
    expect(reads).toHaveBeenCalledTimes(2);

    // Foundry re-sorts its turns only when combatants change: a change of the projection's order re-sorts them, nothing else does.
    const resort = vi.fn();
    Object.assign(combat, { setupTurns: resort });
    onPhaseCombatUpdate(combat as never, { flags: {} });
    expect(resort).toHaveBeenCalledTimes(1);
    await send(player, { kind: "phaseDeclare", ...on("f999"), action: "defend" });
    onPhaseCombatUpdate(combat as never, { flags: {} });
    onPhaseCombatUpdate(combat as never, { round: 2 } as never);
    expect(resort).toHaveBeenCalledTimes(1);
    await send(g.game.user, { kind: "phaseRestart", combatId: "combat1", phase: 1 });
    onPhaseCombatUpdate(combat as never, { flags: {} });
    expect(resort).toHaveBeenCalledTimes(2);

    expect(notifications.warn).toEqual([]);
    expect(notifications.error).toEqual([]);
  }, 60_000);
});
