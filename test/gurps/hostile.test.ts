/**
 * Hostile players against the GURPS cards, and failures (docs/combat-workflow.md):
 * for each GM-side step a forged field, a replay, two requests at once and a
 * failure halfway, against the fakes' permission model. The GM reads every
 * figure from its own documents, so a request can only name what its author
 * may choose, and every refusal changes nothing.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { trustedFlow } from "../../src/core/transport/flow-store.js";
import { chooseManeuver, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { phaseOf, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { FakeMessage } from "../chat/fakes.js";
import { gm, gurpsWorld, onCard, p1, p2, swing } from "./world.js";

type World = ReturnType<typeof gurpsWorld>;
const snapshot = (w: World) => JSON.stringify([w.actors.map((a) => a.source), w.combat?.flags ?? null]);

/** Louis's swing hits, Pierre does not defend, 1d+1 rolled 4: 6 HP of injury, settled. */
async function settled(w: World) {
  await w.send(swing(w), p1);
  const card = w.cards().at(-1)!;
  await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
  await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4]] }, p1);
  expect(phaseOf(card.flow.targets[0]!)).toBe("resolved");
  return card;
}

describe("GURPS cards: forged fields", () => {
  it("declare: a skill, a total or a target's figure in the request are unknown fields; faces out of range, another's weapon, another's character, a line that does not exist — each refused, nothing posted", async () => {
    const w = gurpsWorld();
    const before = snapshot(w);
    for (const forged of [
      { ...swing(w), skill: 20 },
      { ...swing(w), effective: 20 },
      { ...swing(w, [7, 7, 7]) },
      { ...swing(w, [1, 1]) },
      { ...swing(w), itemId: "wpPierre" },
      { ...swing(w), line: 5 },
      { ...swing(w), actorUuid: w.pierre.uuid, itemId: "wpPierre", targetUuid: w.louis.uuid },
      { ...swing(w), targetUuid: w.louis.uuid },
      { ...swing(w), targetUuid: "Actor.nobody" },
      { ...swing(w), modifiers: [{ value: 5 }] },
      { ...swing(w), deceptive: 99 },
    ]) {
      const outcome = await w.send(forged, p1);
      expect(outcome, JSON.stringify(forged)).toMatchObject({ ok: false });
    }
    expect(w.cards()).toEqual([]);
    expect(snapshot(w)).toBe(before);
    expect(w.whispers.length).toBe(11);
  });

  it("defend: a defense that is not legal (a block already used, a parry with Louis's sword, a retreat after a retreat), a total instead of dice, by a player who does not own Pierre — refused", async () => {
    const w = gurpsWorld({ combat: true });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "attack" }, {}));
    await w.setRound(w.pierre, { ...w.fresh(), used: { blocked: true, retreatAgainst: "Actor_thug", dropAgainst: null, acrobaticDodge: false, sacrificialDodge: false } });
    await w.send(swing(w), p1);
    const card = w.cards()[0]!;
    const before = snapshot(w);
    for (const [forged, who] of [
      [{ option: "block:shPierre", roll: [3, 3, 3] }, p2],
      [{ option: "parry:wpShortsword", roll: [3, 3, 3] }, p2],
      [{ option: "dodge", retreat: true, roll: [3, 3, 3] }, p2],
      [{ option: "dodge", dodgeAndDrop: true, roll: [3, 3, 3] }, p2],
      [{ option: "dodge", acrobatic: true, acrobaticRoll: [3, 3, 3], roll: [3, 3, 3] }, p2],
      [{ option: "dodge", total: 3 }, p2],
      [{ option: "dodge" }, p2],
      [{ option: "dodge", roll: [3, 3, 3] }, p1],
    ] as const) {
      expect(await w.send({ step: "defend", ...onCard(card), ...forged }, who), JSON.stringify(forged)).toMatchObject({ ok: false });
    }
    expect(snapshot(w)).toBe(before);
    expect(phaseOf(card.flow.targets[0]!)).toBe("awaitingDefense");
  });

  it("rolls: a roll that is not owed, damage for the other side, a roll for another's figure, a breakage die as three — refused; a player's self-posted copy of a card is no card", async () => {
    const w = gurpsWorld();
    const card = await settled(w);
    const before = snapshot(w);
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.knockback", faces: [3, 3, 3] }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[1]] }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "roll", ...onCard(card), id: "attacker.roll", faces: [3, 3, 3] }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "undo", ...onCard(card) }, p2)).toMatchObject({ ok: false });
    // p1 copies the card into a message of his own, with the damage changed, and asks to apply it.
    const flow = structuredClone(card.flow);
    flow.targets[0]!.input = JSON.stringify({ ...JSON.parse(flow.targets[0]!.input), damage: [[99]] });
    const forged = new FakeMessage("forged1", p1, { cychosys: { flow: flow as never } });
    w.messages.push(forged);
    expect(trustedFlow(forged)).toBeUndefined();
    expect(await w.send({ step: "apply", attackId: flow.id, messageId: forged.id }, p1)).toMatchObject({ ok: false });
    // Foundry refuses p1's edit of the GM's card.
    await expect(card.as(p1).update({ "flags.cychosys.flow.targets": [] })).rejects.toThrow("may not modify");
    expect(snapshot(w)).toBe(before);
  });
});

describe("GURPS cards: replays, races, failures halfway", () => {
  it("a request message delivered twice is carried out once: one card per declaration, one injury per apply", async () => {
    const w = gurpsWorld();
    const declaration = w.requestMessage(swing(w), p1);
    await Promise.all([w.handle(declaration), w.handle(declaration)]);
    expect(w.cards()).toHaveLength(1);
    const card = w.cards()[0]!;
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4]] }, p1);
    const apply = w.requestMessage({ step: "apply", ...onCard(card) }, p2);
    await Promise.all([w.handle(apply), w.handle(apply)]);
    await w.handle(apply);
    expect(w.pierre.hp).toBe(6);
    expect(w.pierre.writes.filter((x) => JSON.stringify(x.data).includes("hp"))).toHaveLength(1);
  });

  it("two requests at once: two defenses on one attack (one counts), two applies (one injury), the GM's undo racing an apply (HP ends where one of them leaves it)", async () => {
    const w = gurpsWorld({ combat: true });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "attack" }, {}));
    await w.send(swing(w), p1);
    const card = w.cards()[0]!;
    const [a, b] = await Promise.all([
      w.send({ step: "defend", ...onCard(card), option: "block:shPierre", roll: [6, 6, 1] }, p2),
      w.local({ step: "defend", ...onCard(card), option: "dodge", roll: [6, 6, 1] }),
    ]);
    expect([a?.ok, b?.ok].filter(Boolean)).toHaveLength(1);
    expect(resolutionOf(card.flow.targets[0]!).defenses).toHaveLength(1);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4]] }, p1);
    const [c, d] = await Promise.all([w.local({ step: "apply", ...onCard(card) }), w.send({ step: "apply", ...onCard(card) }, p2)]);
    expect([c?.ok, d?.ok].filter(Boolean)).toHaveLength(1);
    expect(w.pierre.hp).toBe(6);
    expect(w.roundOf(w.pierre).injurySinceLastTurn).toBe(6);
    await Promise.all([w.local({ step: "undo", ...onCard(card) }), w.send({ step: "apply", ...onCard(card) }, p2)]);
    expect([6, 12]).toContain(w.pierre.hp);
    expect(w.roundOf(w.pierre).injurySinceLastTurn).toBe(w.pierre.hp === 6 ? 6 : 0);
  });

  it("a failure halfway: the injury's HP write lands, the round's write fails — the GM's client finishes it once; nothing lands twice", async () => {
    const w = gurpsWorld({ combat: true });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "attack" }, {}));
    const card = await settled(w);
    w.combat!.failNext(0);
    expect(await w.send({ step: "apply", ...onCard(card) }, p2)).toMatchObject({ ok: false });
    expect(w.pierre.hp).toBe(6);
    expect(card.flow.pending).toBeDefined();
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    expect(card.flow.pending).toBeUndefined();
    expect(w.pierre.hp).toBe(6);
    expect(w.roundOf(w.pierre).injurySinceLastTurn).toBe(6);
    expect(w.reported).toHaveLength(1);
  });

  it("a failure halfway through an undo is finished at the next request on the card; HP is back exactly once", async () => {
    const w = gurpsWorld();
    const card = await settled(w);
    await w.send({ step: "apply", ...onCard(card) }, p2);
    w.pierre.failNext(0);
    expect(await w.send({ step: "undo", ...onCard(card) }, gm)).toMatchObject({ ok: false });
    expect(w.pierre.hp).toBe(6);
    // The next request on the card finishes the recorded undo first; a second undo is then refused.
    expect(await w.local({ step: "undo", ...onCard(card) })).toMatchObject({ ok: false });
    expect(w.pierre.hp).toBe(12);
  });
});
