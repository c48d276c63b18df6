/**
 * The phase card's GM-side handlers against a hostile table: forged fields,
 * a player rolling another's dice or pressing the GM's buttons, a replayed
 * request, two requests racing for one roll, a failure halfway (a write that
 * fails, a ledger that cannot be stored), a stale card, a "card" a player
 * wrote. Requests go the whole way: a message written by its author, the
 * schema, the queue, the steps, the write planner and executor.
 */
import { describe, expect, it } from "vitest";
import { FakeMessage } from "../chat/fakes.js";
import { gm, onCard, p1, p2, phaseWorld, roll, shootout } from "./world.js";

describe("forged fields", () => {
  it("a total, an unknown field, a face off the die, too many dice, the wrong roll: refused, nothing rolled", async () => {
    const { w, card } = await shootout();
    const before = structuredClone(card().flow.rolls);
    const outcomes = [
      await w.send({ ...roll(card(), "leroy", "check", [9]), total: 20 }, p1),
      await w.send(roll(card(), "leroy", "check", [11]), p1),
      await w.send(roll(card(), "leroy", "check", [9, 9]), p1),
      await w.send(roll(card(), "leroy", "damage", [6, 6]), p1),
      await w.send({ ...roll(card(), "leroy", "check", [9]), combatantId: "le.roy" }, p1),
    ];
    expect(outcomes.map((o) => o?.ok)).toEqual([false, false, false, false, false]);
    expect(outcomes[0]).toMatchObject({ reason: expect.stringContaining("total") });
    expect(outcomes[1]).toMatchObject({ reason: expect.stringContaining("10") });
    expect(outcomes[2]).toMatchObject({ reason: "That roll takes 1 dice, not 2." });
    expect(outcomes[3]).toMatchObject({ reason: "Leroy owes the check roll, not that one." });
    expect(card().flow.rolls).toEqual(before);
    // The refusals were whispered back to their author, each request deleted.
    expect(w.whispers.filter((x) => x.user === p1.id)).toHaveLength(5);
    expect(w.messages.filter((m) => m.id.startsWith("req") && !m.deleted)).toEqual([]);
  });
});

describe("someone else's dice, the GM's buttons", () => {
  it("Earl's player rolls Leroy's check or Mo's: refused; Leroy's player rolls his own; the GM rolls for Mo", async () => {
    const { w, card } = await shootout();
    expect(await w.send(roll(card(), "leroy", "check", [9]), p2)).toMatchObject({ ok: false, reason: "You do not control that combatant." });
    expect(await w.send(roll(card(), "mo", "check", [9]), p1)).toMatchObject({ ok: false, reason: "You do not control that combatant." });
    expect(card().flow.rolls).toEqual({});
    expect(await w.send(roll(card(), "leroy", "check", [9]), p1)).toMatchObject({ ok: true });
    expect(await w.send(roll(card(), "mo", "check", [2]), gm)).toMatchObject({ ok: true });
    expect(card().flow.rolls).toMatchObject({ leroy: { checks: [9] }, mo: { checks: [2] } });
  });

  it("apply, undo, cancel and the TN modifiers are the GM's alone", async () => {
    const { w, card } = await shootout();
    for (const step of ["apply", "undo", "cancel"]) expect(await w.send({ step, ...onCard(card()) }, p1)).toMatchObject({ ok: false, reason: "Only the GM can do that." });
    expect(await w.send({ step: "modifiers", ...onCard(card()), combatantId: "mo", range: -3, cover: 0, other: 0, coverAreas: [] }, p1)).toMatchObject({ ok: false, reason: 'Only a GM may set "range"; the request was refused and nothing changed.' });
    expect(card().flow.status).toBe("rolling");
    expect(w.ledger().resolving).toEqual({ flowId: card().flow.id });
  });

  it("P17/P35: the GM's range and cover count from the first check on; once it is rolled they are fixed", async () => {
    const { w, card } = await shootout();
    const set = await w.local({ step: "modifiers", ...onCard(card()), combatantId: "leroy", range: 2, cover: 1, other: 0, coverAreas: ["head"] });
    expect(set).toEqual({ ok: true, flow: expect.anything() });
    await w.send(roll(card(), "leroy", "check", [9]), p1);
    const leroys = card().flow.outcome.groups[0]!.entries.find((e) => e.action.actor === "leroy")!.outcome;
    expect(leroys.kind === "attack" && leroys.attack.tn).toMatchObject({ attack: 10, range: 2, cover: 1, plain: 13 });
    expect(await w.local({ step: "modifiers", ...onCard(card()), combatantId: "leroy", range: 0, cover: 0, other: 0, coverAreas: [] })).toMatchObject({ ok: false, reason: expect.stringContaining("fixed") });
  });
});

describe("a replay, two at once", () => {
  it("the same roll message delivered twice is carried out once", async () => {
    const { w, card } = await shootout();
    const message = w.requestMessage(roll(card(), "leroy", "check", [9]), p1);
    expect(await w.handle(message)).toMatchObject({ ok: true });
    message.deleted = false;
    expect(await w.handle(message)).toMatchObject({ ok: true });
    expect(card().flow.rolls.leroy!.checks).toEqual([9]);
  });

  it("two check rolls for Leroy at once: the first counts, the second finds the check made", async () => {
    const { w, card } = await shootout();
    const [a, b] = await Promise.all([w.send(roll(card(), "leroy", "check", [9]), p1), w.send(roll(card(), "leroy", "check", [1]), p1)]);
    expect([a?.ok, b?.ok]).toEqual([true, false]);
    expect(card().flow.rolls.leroy!.checks).toEqual([9]);
  });
});

describe("a failure halfway", () => {
  it("a write that fails during apply is finished by the next request on the card; nothing lands twice", async () => {
    const { w, card } = await shootout();
    // Leroy: 9 + 4 + 3 − 2 = 14 hits Mo (chest: d10 3), 2d6 = 7; Mo: 2 + 2 + 3 − 2 = 5 misses.
    await w.send(roll(card(), "leroy", "check", [9]), p1);
    await w.send(roll(card(), "mo", "check", [2]), gm);
    await w.send(roll(card(), "leroy", "location", [3]), p1);
    await w.send(roll(card(), "leroy", "damage", [3, 4]), p1);
    expect(card().flow.status).toBe("resolved");
    w.leroy.items.get("pistol")!.failNext(0, 1);
    expect(await w.send({ step: "apply", ...onCard(card()) }, gm)).toMatchObject({ ok: false });
    expect(card().flags.cychosys!.flow!.pending).toBeTruthy();
    expect(w.ledger().state.phase).toBe(3);
    // Any next request on the card finishes the record first (this one is then refused: already applied).
    expect(await w.local({ step: "apply", ...onCard(card()) })).toMatchObject({ ok: false });
    expect(card().flags.cychosys!.flow!.pending).toBeUndefined();
    expect(w.mo.flesh).toBe(7);
    expect(w.leroy.items.get("pistol")!.system.ammo).toEqual({ value: 11, max: 12 });
    expect(w.mo.items.get("smg")!.system.ammo).toEqual({ value: 27, max: 30 });
    expect(w.ledger().state.phase).toBe(3);
  });

  it("a ledger that cannot be stored when resolving begins: the card records it and the next step finishes it", async () => {
    const w = phaseWorld();
    w.track(
      { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
      { kind: "phaseCloseInitiative" },
      { kind: "phaseDeclare", combatantId: "mo", action: "melee", weapon: "knife", target: "leroy" },
    );
    const revision = w.ledger().revision;
    (w.world as { store: unknown }).store = ((original) => {
      let fail = 1;
      return async (...args: Parameters<typeof original>) => {
        if (fail-- > 0) throw new Error("injected");
        return original(...args);
      };
    })(w.world.store.bind(w.world));
    expect(await w.send({ step: "declare", combatId: "combat1", revision }, gm)).toMatchObject({ ok: false });
    const card = w.cards().at(-1)!;
    expect(card.flags.cychosys!.flow!.pending).toBeTruthy();
    expect(w.ledger().revision).toBe(revision);
    expect(await w.local(roll(card, "mo", "check", [5]))).toMatchObject({ ok: true });
    expect(w.ledger().resolving).toEqual({ flowId: card.flow.id });
    expect(card.flow.rolls.mo!.checks).toEqual([5]);
  });
});

describe("stale and forged cards", () => {
  it("a cancelled card takes no more rolls; declarations go on; a second card resolves the phase", async () => {
    const { w, card } = await shootout();
    const old = card();
    expect(await w.local({ step: "cancel", ...onCard(old) })).toMatchObject({ ok: true });
    expect(w.ledger().resolving).toBeNull();
    expect(await w.send(roll(old, "leroy", "check", [9]), p1)).toMatchObject({ ok: false });
    expect(await w.resolve()).toMatchObject({ ok: true });
    expect(w.cards()).toHaveLength(3);
    expect(await w.send(roll(old, "leroy", "check", [9]), p1)).toMatchObject({ ok: false });
    expect(await w.send(roll(card(), "leroy", "check", [9]), p1)).toMatchObject({ ok: true });
  });

  it("a player's message carrying a card's flow is no card: nothing on it runs", async () => {
    const { w, card } = await shootout();
    const forged = new FakeMessage("forged1", p1, { cychosys: { flow: structuredClone(card().flow) } });
    w.messages.push(forged);
    expect(await w.send({ step: "apply", attackId: card().flow.id, messageId: "forged1" }, gm)).toMatchObject({ ok: false });
    expect(w.ledger().state.phase).toBe(2);
  });

  it("only the GM resolves a phase's end; a request made against an older record is refused", async () => {
    const w = phaseWorld();
    w.track({ kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 }, { kind: "phaseCloseInitiative" });
    expect(await w.send({ step: "declare", combatId: "combat1", revision: w.ledger().revision }, p1)).toMatchObject({ ok: false, reason: 'Only a GM may set "revision"; the request was refused and nothing changed.' });
    expect(await w.local({ step: "declare", combatId: "combat1", revision: w.ledger().revision - 1 })).toMatchObject({ ok: false, reason: expect.stringContaining("changed") });
    expect(w.cards()).toEqual([]);
  });
});
