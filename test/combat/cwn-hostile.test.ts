/**
 * Forged GM field on the CWN tracker (issue 22): the tracker's requests only
 * a GM may send — a combatant moved to another group and a side marked
 * surprised (W2, W3), a side's Morale roll (W6), a side arriving with its
 * d8 (W3) — are declared once as the GM-only fields of their kinds (the
 * second argument of `registerRequestParser`, src/core/gm-only.ts) and
 * refused by the shared check before any handler runs: the player is told
 * which field, and nothing on the combat changes. The GM's own requests go
 * through.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gm, player, replies, resetCombatWorld } from "./fakes.js";

const queued: number[] = [];
vi.mock("../../src/foundry/cwn/dice.js", () => ({
  rollAndShow: async (groups: { count: number; faces: number }[]) => groups.map((g) => Array.from({ length: g.count }, () => queued.shift() ?? 1)),
  rollGroups: async () => ({ roll: null, faces: [] }),
  showDice: async () => undefined,
}));

const { cwnFight, send } = await import("./cwn-fakes.js");
const { CWN_TRACKER_GM_ONLY } = await import("../../src/rulesets/cwn/combat/request-schema.js").then((m) => m as unknown as { CWN_TRACKER_GM_ONLY?: Record<string, readonly string[]> });

const g = globalThis as any; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeEach(() => {
  resetCombatWorld();
  queued.length = 0;
});
afterEach(() => {
  g.game.combats = { contents: [] };
});

const said = (userId: string) => (replies(userId).at(-1) ?? "").replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** Each request sent by Alice (a player) is refused with its first GM-only field named, and the combat is left as it was. */
async function refusedFromPlayer(combat: { flags: unknown }, requests: Record<string, Record<string, unknown>>): Promise<void> {
  for (const [kind, payload] of Object.entries(requests)) {
    const before = JSON.stringify(combat.flags);
    await send(player, payload);
    expect(said("alice"), kind).toContain(`Only a GM may set "${CWN_TRACKER_GM_ONLY?.[kind]?.[0]}"; the request was refused and nothing changed.`);
    expect(JSON.stringify(combat.flags)).toBe(before);
  }
}

/** Before the fight: the GM's setup requests. */
const beforeFight = {
  cwnGroup: { kind: "cwnGroup", combatId: "combat1", combatantId: "guard2", sideId: "snipers" },
  cwnSurprise: { kind: "cwnSurprise", combatId: "combat1", sideId: "hostile", surprised: true },
};
/** In the fight: the GM's Morale roll for a side due one, and a side arriving. */
const inFight = {
  cwnMorale: { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [6, 6] },
  cwnJoin: { kind: "cwnJoin", combatId: "combat1", sideId: "hostile-2", face: 8 },
};

describe("forged GM field: the CWN tracker's GM-only requests", () => {
  it("are declared per kind: grouping, surprise, Morale and arrivals (W2, W3, W6)", () => {
    expect(Object.keys(CWN_TRACKER_GM_ONLY ?? {}).sort()).toEqual(["cwnGroup", "cwnJoin", "cwnMorale", "cwnSurprise"]);
  });

  it("before the fight, a player's grouping or surprise is refused with the field named; nothing on the combat changes", async () => {
    const w = cwnFight();
    await refusedFromPlayer(w.combat, beforeFight);
    await send(gm, beforeFight.cwnGroup);
    await send(gm, beforeFight.cwnSurprise);
    expect(w.combat.flags.cychosys).toMatchObject({ cwnSetup: { groups: { guard2: "snipers" }, surprised: ["hostile"] } });
  });

  it("in the fight, a player's Morale roll or arrival is refused with the field named; the GM's goes through", async () => {
    const w = cwnFight();
    await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 6 });
    queued.push(3);
    await w.combat.startCombat();
    // A guard down this round: the guards are due a Morale check when their turn ends (W6); a newcomer waits to join (W3).
    await w.combat.update({ "flags.cychosys.cwnCombat.fighters.guard2.downed": "dead", "flags.cychosys.cwnCombat.sides.hostile.lostThisRound": ["guard2"] });
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    expect(w.fight().sides.hostile!.morale.status).toBe("due");
    const { CwnFakeActor } = await import("./cwn-fakes.js");
    const { FakeCombatant } = await import("./fakes.js");
    const { guards } = await import("../fixtures/cwn-sheets.js");
    const newcomer = new CwnFakeActor({ id: "guard3", name: "Guard 3", type: "cwnNpc", system: guards.system, items: [] });
    const arrival = Object.assign(new FakeCombatant(newcomer, { id: "guard3" }), { token: { disposition: -1 }, combat: w.combat });
    w.combat.list.push(arrival);
    await refusedFromPlayer(w.combat, inFight);
    await send(gm, inFight.cwnMorale);
    expect(w.fight().sides.hostile!.morale).toMatchObject({ status: "broken", roll: 12 });
    await send(gm, inFight.cwnJoin);
    expect(Object.keys(w.fight().fighters)).toContain("guard3");
  });

  it("a skipped Morale check (no faces) from a player is refused too: the side is the GM's to settle", async () => {
    const w = cwnFight();
    await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 6 });
    queued.push(3);
    await w.combat.startCombat();
    const before = JSON.stringify(w.combat.flags);
    await send(player, { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [] });
    expect(said("alice")).toContain("Only a GM may set");
    expect(JSON.stringify(w.combat.flags)).toBe(before);
  });
});
