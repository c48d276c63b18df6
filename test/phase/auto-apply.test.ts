/**
 * The world's NPC setting on the phase card (autoApplyNpc, 24): once the
 * phase end is settled — its last owed die in — the GM applies it at once
 * when it wounds no player's combatant; one that hurts a player's combatant
 * waits for the GM's Apply. Against a hostile table: a player pressing
 * Apply, a forged field, the last roll replayed or sent twice at once, a
 * write failing halfway, a combatant leaving the combat mid-card.
 */
import { describe, expect, it } from "vitest";
import { gm, onCard, p1, roll, shootout } from "./world.js";

/** Phase 2 of the shootout: Leroy's check 9 hits Mo's chest (d10 3) for 3 + 4 = 7; Mo's burst rolls `moCheck`. */
async function settle(w: Awaited<ReturnType<typeof shootout>>["w"], card: () => ReturnType<typeof w.cards>[number], moCheck: number) {
  expect(await w.send(roll(card(), "leroy", "check", [9]), p1)).toMatchObject({ ok: true });
  expect(await w.send(roll(card(), "mo", "check", [moCheck]), gm)).toMatchObject({ ok: true });
  expect(await w.send(roll(card(), "leroy", "location", [3]), p1)).toMatchObject({ ok: true });
}

describe("the NPC setting on the phase card", () => {
  it("on: Leroy's player rolls the last die of a phase end that wounds only Mo (no player's) — the GM applies it at once, as the GM, and the phase moves on", async () => {
    const { w, card } = await shootout({ autoApply: true });
    await settle(w, card, 2); // Mo: 2 + 2 + 3 − 2 = 5, a miss
    expect(card().flow.status).toBe("rolling");
    expect(await w.send(roll(card(), "leroy", "damage", [3, 4]), p1)).toMatchObject({ ok: true });
    const flow = card().flow;
    expect(flow.status).toBe("applied");
    expect(flow.applications).toEqual([expect.objectContaining({ by: gm.id })]);
    expect(w.mo.flesh).toBe(7);
    expect(w.leroy.flesh).toBe(0);
    expect(w.leroy.items.get("pistol")!.system.ammo).toEqual({ value: 11, max: 12 });
    expect(w.ledger().state.phase).toBe(3);
    // The GM can still take it back, exactly.
    expect(await w.local({ step: "undo", ...onCard(card()) })).toMatchObject({ ok: true });
    expect(w.mo.flesh).toBe(0);
    expect(w.ledger().state.phase).toBe(2);
  });

  it("off: the same phase end waits for the GM's Apply, nothing written", async () => {
    const { w, card } = await shootout();
    await settle(w, card, 2);
    await w.send(roll(card(), "leroy", "damage", [3, 4]), p1);
    expect(card().flow.status).toBe("resolved");
    expect(w.mo.flesh).toBe(0);
    expect(w.ledger().state.phase).toBe(2);
  });

  it("on, but Mo's burst wounds Leroy (a player's): it waits for the GM's Apply, Leroy's player cannot press it", async () => {
    const { w, card } = await shootout({ autoApply: true });
    await settle(w, card, 9); // Mo: 9 + 2 + 3 − 2 = 12 ≥ 10 + 2 = one hit (P22)
    // The rest of the dice as they come owed: Leroy's damage 3 + 4, Mo's location and damage all 1s.
    while (card().flow.status === "rolling") {
      const owed = card().flow.needs[0]!;
      const faces = owed.actor === "leroy" && owed.roll === "damage" ? [3, 4] : Array.from({ length: owed.dice }, () => 1);
      expect(await w.send(roll(card(), owed.actor, owed.roll, faces), owed.actor === "leroy" ? p1 : gm)).toMatchObject({ ok: true });
    }
    expect(card().flow.status).toBe("resolved");
    expect(w.leroy.flesh).toBe(0);
    expect(w.mo.flesh).toBe(0);
    expect(await w.send({ step: "apply", ...onCard(card()) }, p1)).toMatchObject({ ok: false, reason: "Only the GM can do that." });
    expect(await w.local({ step: "apply", ...onCard(card()) })).toMatchObject({ ok: true });
    expect(w.leroy.flesh).toBeGreaterThan(0);
    expect(w.mo.flesh).toBe(7);
  });

  it("a forged field on the last roll (an apply flag) is refused and nothing lands", async () => {
    const { w, card } = await shootout({ autoApply: true });
    await settle(w, card, 2);
    expect(await w.send({ ...roll(card(), "leroy", "damage", [3, 4]), apply: true }, p1)).toMatchObject({ ok: false });
    expect(card().flow.status).toBe("rolling");
    expect(w.mo.flesh).toBe(0);
  });

  it("the last roll's message delivered twice, or the last roll sent twice at once: applied once", async () => {
    const { w, card } = await shootout({ autoApply: true });
    await settle(w, card, 2);
    const message = w.requestMessage(roll(card(), "leroy", "damage", [3, 4]), p1);
    expect(await w.handle(message)).toMatchObject({ ok: true });
    message.deleted = false;
    expect(await w.handle(message)).toMatchObject({ ok: true });
    expect(w.mo.flesh).toBe(7);
    expect(w.ledger().state.phase).toBe(3);
    expect(card().flow.applications).toHaveLength(1);

    const again = await shootout({ autoApply: true });
    await settle(again.w, again.card, 2);
    const both = await Promise.all([again.w.send(roll(again.card(), "leroy", "damage", [3, 4]), p1), again.w.send(roll(again.card(), "leroy", "damage", [6, 6]), p1)]);
    expect(both.map((o) => o?.ok)).toEqual([true, false]);
    expect(again.w.mo.flesh).toBe(7);
    expect(again.w.ledger().state.phase).toBe(3);
  });

  it("a write failing halfway through the automatic apply is finished by the next request on the card; nothing lands twice", async () => {
    const { w, card } = await shootout({ autoApply: true });
    await settle(w, card, 2);
    w.leroy.items.get("pistol")!.failNext(0, 1);
    expect(await w.send(roll(card(), "leroy", "damage", [3, 4]), p1)).toMatchObject({ ok: false });
    expect(card().flags.cychosys!.flow!.pending).toBeTruthy();
    expect(await w.local({ step: "apply", ...onCard(card()) })).toMatchObject({ ok: false });
    expect(card().flags.cychosys!.flow!.pending).toBeUndefined();
    expect(w.mo.flesh).toBe(7);
    expect(w.leroy.items.get("pistol")!.system.ammo).toEqual({ value: 11, max: 12 });
    expect(w.ledger().state.phase).toBe(3);
  });

  it("Mo taken out of the combat before the last die: the card is stale, nothing is applied", async () => {
    const { w, card } = await shootout({ autoApply: true });
    await settle(w, card, 2);
    w.remove("mo");
    expect(await w.send(roll(card(), "leroy", "damage", [3, 4]), p1)).toMatchObject({ ok: false });
    expect(w.mo.flesh).toBe(0);
    expect(card().flow.status).toBe("rolling");
  });
});
