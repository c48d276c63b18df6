/**
 * W7, W27: Total Defense after the roll — the card's `defense` step, its GM
 * handler and its hostile table: the window opens only for a fighter of the
 * fight whose Main is still to come or unspent, and only when the answer
 * changes what lands; the target's owner or the GM answers; Total Defense
 * spends the Main in the fight (refused there if gone since) and turns the
 * card; a forged field, another player's answer, a replay, two answers at
 * once, a write failing halfway, a target outside the combat.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { parseCwnRequest } from "../../src/rulesets/cwn/workflow/request-schema.js";
import { phaseOf, resolutionOf } from "../../src/rulesets/cwn/workflow/flow.js";
import { cwnWorld, gm, onCard, p1, p2 } from "./world.js";

type World = ReturnType<typeof cwnWorld>;
/** The guards win initiative: the crew's Mains are still to come when a guard strikes (W3, W7). */
const guardsFirst = (options: { autoApply?: boolean } = {}) => cwnWorld({ fight: true, ...options, sides: (sides) => sides.map((s) => ({ ...s, roll: s.id === "hostile" ? 8 : 1 })) });
/** Guard 1's baton at Vee: 11 + 3 = 14 against her melee AC 14 hits; with Total Defense her AC is 16, a miss with no Shock (W27). */
const batonOnVee = (w: World, d20 = 11) => ({ step: "declare", actorUuid: w.g1.uuid, itemId: "wBaton", targetUuid: w.vee.uuid, action: "attack", lethal: true, roll: { d20, trauma: [2], damage: [5] } });

async function struck(w: World, d20 = 11) {
  await w.play({ kind: "beginTurn", fighterId: w.id(w.g1) });
  await w.local(batonOnVee(w, d20));
  return w.cards()[0]!;
}

describe("W27: the Total Defense window after the roll", () => {
  it("opens for Vee, whose Main is still to come, when her answer would turn the hit into a miss; nothing is applied meanwhile", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    expect(card.flow.defense).toEqual({ open: true });
    expect(phaseOf(card.flow)).toBe("defense");
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: false });
    expect(w.vee.hp).toBe(14);
  });

  it("her player answers with Total Defense: the blow misses (AC 16), nothing lands, and the fight spends her Main before her turn (W23, W27)", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1)).toMatchObject({ ok: true });
    const res = resolutionOf(card.flow);
    expect([res.hit, res.ac!.total, res.dealt]).toEqual([false, 16, 0]);
    expect(phaseOf(card.flow)).toBe("done");
    const vee = w.fight().fighters[w.id(w.vee)]!;
    expect(vee).toMatchObject({ main: "spent", mainBeforeTurn: true });
    expect(vee.effects.map((e) => e.kind)).toEqual(["totalDefense"]);
    expect(w.vee.hp).toBe(14);
  });

  it("she takes it: the card resolves as rolled and may be applied; her Main stays hers", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    expect(await w.send({ step: "defense", ...onCard(card), answer: "none" }, p1)).toMatchObject({ ok: true });
    expect(phaseOf(card.flow)).toBe("resolved");
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: true });
    expect(w.vee.hp).toBeLessThan(14);
    expect(w.fight().fighters[w.id(w.vee)]!.main).toBe("unspent");
  });

  it("does not open when the answer changes nothing (a hit by 2 or more still hits AC 16 and the baton has no Shock there), nor when her Main is gone", async () => {
    const w = guardsFirst();
    expect(phaseOf((await struck(w, 15)).flow)).toBe("resolved");
    const late = cwnWorld({ fight: true });
    // The crew acts first: by the guards' turn Vee's turn is over and her Main lost (W7).
    await late.play({ kind: "beginTurn", fighterId: late.id(late.vee) }, { kind: "endTurn", fighterId: late.id(late.vee) }, { kind: "pass", fighterId: late.id(late.mack) });
    await late.play({ kind: "beginTurn", fighterId: late.id(late.g1) });
    await late.local(batonOnVee(late));
    expect(late.cards()[0]!.flow.defense).toBeUndefined();
  });

  it("an NPC target is not offered the window while the GM applies NPCs' damage at once; it takes the blow", async () => {
    const w = cwnWorld({ fight: true, autoApply: true });
    await w.play({ kind: "beginTurn", fighterId: w.id(w.vee) });
    await w.send({ step: "declare", actorUuid: w.vee.uuid, itemId: "wPistol", targetUuid: w.g1.uuid, action: "attack", lethal: true, roll: { d20: 10, trauma: [1], damage: [6] } }, p1);
    const card = w.cards()[0]!;
    expect(card.flow.defense).toBeUndefined();
    expect(phaseOf(card.flow)).toBe("applied");
  });
});

describe("the defense step against a hostile or unlucky table", () => {
  it("a forged field is refused by shape: an answer of the wrong kind, a total, an extra field", () => {
    for (const bad of [{ answer: "dodge" }, { answer: "totalDefense", total: 16 }, { answer: "totalDefense", ac: 40 }, {}]) {
      expect(parseCwnRequest({ step: "defense", attackId: "a1", messageId: "m1", ...bad }).ok).toBe(false);
    }
  });

  it("another player cannot answer for Vee; the GM can", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p2)).toEqual({ ok: false, reason: "Only Vee's owner or the GM can answer for Vee." });
    expect(phaseOf(card.flow)).toBe("defense");
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, gm)).toMatchObject({ ok: true });
  });

  it("a replayed answer is carried out once: one Main spent, one Total Defense", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    const message = w.requestMessage({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1);
    await w.handle(message);
    await w.handle(message);
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1)).toEqual({ ok: false, reason: "That is not what this card is waiting for." });
    expect(w.fight().fighters[w.id(w.vee)]!.effects.filter((e) => e.kind === "totalDefense")).toHaveLength(1);
  });

  it("two answers at once (the GM takes it, Vee's player defends): the first in the queue wins, the other is refused", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    const [a, b] = await Promise.all([w.local({ step: "defense", ...onCard(card), answer: "none" }), w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1)]);
    expect([a?.ok, b?.ok].filter(Boolean)).toHaveLength(1);
    const spent = w.fight().fighters[w.id(w.vee)]!.main === "spent";
    expect(spent).toBe(card.flow.defense!.answer === "totalDefense");
  });

  it("the fight refuses Total Defense when Vee's Main is gone since the card was posted: the card still waits, nothing written", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    // Vee snaps at the guard before answering (W23): her Main is spent.
    await w.play({ kind: "act", fighterId: w.id(w.vee), action: "snapAttack", context: { readiedWeapon: true } });
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1)).toMatchObject({ ok: false, reason: expect.stringContaining("Main") });
    expect(phaseOf(card.flow)).toBe("defense");
    expect(w.fight().fighters[w.id(w.vee)]!.effects).toEqual([]);
  });

  it("the fight's write fails halfway through Total Defense: finished once by the GM's client, the Main spent once", async () => {
    const w = guardsFirst();
    const card = await struck(w);
    w.combat!.failNext(0);
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1)).toMatchObject({ ok: false });
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    expect(card.flow.pending).toBeUndefined();
    expect(card.flow.defense!.answer).toBe("totalDefense");
    const vee = w.fight().fighters[w.id(w.vee)]!;
    expect([vee.main, vee.effects.filter((e) => e.kind === "totalDefense").length]).toEqual(["spent", 1]);
  });

  it("a target outside the combat has no window: the card resolves at once, and a defense request is refused", async () => {
    const w = cwnWorld();
    await w.local(batonOnVee(w));
    const card = w.cards()[0]!;
    expect(card.flow.defense).toBeUndefined();
    expect(phaseOf(card.flow)).toBe("resolved");
    expect(await w.send({ step: "defense", ...onCard(card), answer: "totalDefense" }, p1)).toEqual({ ok: false, reason: "That is not what this card is waiting for." });
  });
});
