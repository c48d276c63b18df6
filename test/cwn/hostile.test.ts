/**
 * The CWN cards against hostile requests and bad luck (the transport is the
 * engine's; these check CWN's workflow through it): a forged field, a
 * player acting for someone else's fighter, faces that do not fit the
 * weapon, a replayed request, two requests at once, a write that fails
 * halfway — nothing lands twice, nothing lands for the wrong user.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { parseCwnRequest } from "../../src/rulesets/cwn/workflow/request-schema.js";
import { cwnWorld, gm, onCard, p1, p2 } from "./world.js";

type World = ReturnType<typeof cwnWorld>;
const shot = (w: World, roll = { d20: 14, trauma: [1], damage: [6] }) => ({ step: "declare", actorUuid: w.vee.uuid, itemId: "wPistol", targetUuid: w.g1.uuid, action: "attack", lethal: true, roll });
const batonOnVee = (w: World) => ({ step: "declare", actorUuid: w.g1.uuid, itemId: "wBaton", targetUuid: w.vee.uuid, action: "attack", lethal: true, roll: { d20: 15, trauma: [2], damage: [5] } });

describe("forged requests", () => {
  it.each([
    ["an unknown field (a total)", { total: 40 }, '"total" is not a field this request has.'],
    ["a d20 face of 21", { roll: { d20: 21, trauma: [1], damage: [6] } }, '"roll.d20" is out of range.'],
    ["an unknown action", { action: "headshot" }, '"action" is not one of the allowed values.'],
    ["a modifier of +99", { modifiers: [{ label: "luck", value: 99 }] }, '"modifiers.0.value" is out of range.'],
    ["a uuid with a path trick", { targetUuid: "Actor.g1/../x" }, '"targetUuid" is not one of the allowed values.'],
  ])("%s is refused with a clear reply and deleted; nothing is posted", async (_name, patch, reason) => {
    const w = cwnWorld();
    const message = w.requestMessage({ ...shot(w), ...patch }, p1);
    const outcome = await w.handle(message);
    expect((outcome as { reason: string }).reason).toContain(reason.split(" is ")[0]!);
    expect(message.deleted).toBe(true);
    expect(w.cards()).toEqual([]);
  });

  it("a request never throws the parser, whatever it holds", () => {
    for (const value of [null, 7, "declare", [], { step: "declare", __proto__: { admin: true } }, { step: "apply" }, { step: "screen", attackId: "a", messageId: "m", dice: [7, 7] }]) {
      expect(parseCwnRequest(value).ok).toBe(false);
    }
  });

  it("faces that do not fit the weapon's dice are refused before any card (the pistol's damage is 1d8)", async () => {
    const w = cwnWorld();
    expect(await w.send(shot(w, { d20: 14, trauma: [1], damage: [9] }), p1)).toMatchObject({ ok: false });
    expect(await w.send(shot(w, { d20: 14, trauma: [1], damage: [3, 3] }), p1)).toMatchObject({ ok: false });
    expect(await w.send(shot(w, { d20: 14, trauma: [], damage: [3] }), p1)).toMatchObject({ ok: false });
    expect(w.cards()).toEqual([]);
  });

  it("a player cannot attack with another player's fighter, nor with a weapon its fighter does not have", async () => {
    const w = cwnWorld();
    expect(await w.send(shot(w), p2)).toEqual({ ok: false, reason: "Only Vee's owner or the GM can answer for Vee." });
    expect(await w.send({ ...shot(w), itemId: "wRifle" }, p1)).toMatchObject({ ok: false, reason: "wRifle is not a weapon of Vee." });
    expect(w.cards()).toEqual([]);
  });

  it("a player-written 'card' is no card: nothing on it runs", async () => {
    const w = cwnWorld();
    await w.local(batonOnVee(w));
    const real = w.cards()[0]!;
    const { FakeMessage } = await import("../chat/fakes.js");
    const forged = new FakeMessage("forged1", p1, { cychosys: { flow: structuredClone(real.flow) as never } });
    w.messages.push(forged);
    expect(await w.send({ step: "apply", attackId: real.flow.id, messageId: "forged1" }, p1)).toMatchObject({ ok: false });
    expect(w.vee.hp).toBe(14);
  });
});

describe("replays, races and failures halfway", () => {
  it("a request message delivered twice is carried out once", async () => {
    const w = cwnWorld();
    await w.local(batonOnVee(w));
    const card = w.cards()[0]!;
    const message = w.requestMessage({ step: "apply", ...onCard(card) }, p1);
    await Promise.all([w.handle(message), w.handle(message)]);
    await w.handle(message);
    expect(w.vee.hp).toBe(11);
    expect(w.vee.writes.filter((x) => JSON.stringify(x.data).includes("hp.value"))).toHaveLength(1);
  });

  it("a declaration replayed posts one card and spends one round of the magazine", async () => {
    const w = cwnWorld();
    const message = w.requestMessage(shot(w), p1);
    await w.handle(message);
    await w.handle(message);
    expect(w.cards()).toHaveLength(1);
    expect((w.vee.item("wPistol").system.magazine as { value: number }).value).toBe(11);
  });

  it("two applies at once (the GM and Vee's player): the damage lands once, the other is refused", async () => {
    const w = cwnWorld();
    await w.local(batonOnVee(w));
    const card = w.cards()[0]!;
    const [a, b] = await Promise.all([w.local({ step: "apply", ...onCard(card) }), w.send({ step: "apply", ...onCard(card) }, p1)]);
    expect([a?.ok, b?.ok].filter(Boolean)).toHaveLength(1);
    expect(w.vee.hp).toBe(11);
  });

  it("two attacks at once on one guard both land (the GM's one queue), each on the hit points the other left", async () => {
    const w = cwnWorld({ autoApply: true });
    await Promise.all([w.send(shot(w), p1), w.send(shot(w), p1)]);
    // Each hit: 6 + 1 = 7; the first takes the soak 3 and 4 HP, the second 7 HP of the 5 left.
    expect(w.g1.hp).toBe(0);
    expect(w.g1.downed).toBe("dead");
  });

  it("the hit points' write fails after it was recorded: the GM's client finishes it once — never twice", async () => {
    const w = cwnWorld();
    await w.local(batonOnVee(w));
    const card = w.cards()[0]!;
    w.vee.failNext(0);
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: false });
    expect(w.vee.hp).toBe(14);
    expect(card.flow.pending).toBeDefined();
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    expect(card.flow.pending).toBeUndefined();
    expect(w.vee.hp).toBe(11);
    expect((w.vee.item("aClothes").system.soak as { value: number }).value).toBe(0);
    expect(w.vee.writes.filter((x) => JSON.stringify(x.data).includes("hp.value"))).toHaveLength(1);
  });

  it("in a fight, the fight's write fails halfway through an apply: finished once, the guard's loss counted once (W6)", async () => {
    const w = cwnWorld({ fight: true });
    await w.play({ kind: "beginTurn", fighterId: w.id(w.vee) });
    await w.send(shot(w, { d20: 14, trauma: [7], damage: [6] }), p1);
    const card = w.cards()[0]!;
    w.combat!.failNext(0);
    expect(await w.send({ step: "apply", ...onCard(card) }, gm)).toMatchObject({ ok: false, reason: expect.stringContaining("could not finish this step") });
    expect(w.g1.downed).toBe("dead");
    expect(w.fight().fighters[w.id(w.g1)]!.downed).toBe("none");
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    expect(w.fight().fighters[w.id(w.g1)]!.downed).toBe("dead");
    expect(w.fight().sides.hostile!.lostThisRound).toEqual([w.id(w.g1)]);
    expect(w.g1.downed).toBe("dead");
  });
});
