/**
 * OpenD6 on the cards (docs/rulesets/d6.md, "On the table"): the attack →
 * interrupt → damage → resistance → wound flow run by the GM's transport,
 * with the same checks as Cychosys's: the GM reads every figure from its own
 * documents (derived codes, the round state on the combat), a request names
 * dice only, only the side concerned (or the GM) may answer, and undo
 * restores the wound state exactly.
 */
import { describe, expect, it } from "vitest";
import { newCombatantRound, resolveD6Attack } from "../../src/rulesets/d6/rules/index.js";
import { phaseOf, resolutionOf } from "../../src/rulesets/d6/workflow/flow.js";
import { d6World, gm, onCard, p1, p2 } from "./world.js";

const thugSwings = (w: ReturnType<typeof d6World>, faces = { dice: [4, 3], wild: [2] }) => ({
  step: "declare",
  actorUuid: w.thug.uuid,
  itemId: "wpFists",
  roll: faces,
  targets: [w.kira.uuid],
});

describe("the OpenD6 attack on a card (D30–D37)", () => {
  it("D30–D35: the thug's swing (10) meets Kira's passive 10 and hits; damage 2D (D32) and her resistance 2D+2 (D34) give excess 6 → Wounded, applied and undone exactly", async () => {
    const w = d6World();
    expect(await w.local(thugSwings(w))).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    const target = card.flow.targets[0]!;
    expect(resolutionOf(target).hit).toBe(true);
    expect(resolutionOf(target).difficulty!.final).toBe(10);
    expect(phaseOf(target)).toBe("awaitingDamage");
    expect(await w.local({ step: "damage", ...onCard(card), roll: { dice: [6], wild: [5] } })).toMatchObject({ ok: true });
    expect(phaseOf(card.flow.targets[0]!)).toBe("awaitingResistance");
    // Only Kira's owner (or the GM) rolls her resistance.
    expect(await w.send({ step: "resist", ...onCard(card), roll: { dice: [1], wild: [2] } }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "resist", ...onCard(card), roll: { dice: [1], wild: [2] } }, p1)).toMatchObject({ ok: true });
    const resolution = resolutionOf(card.flow.targets[0]!);
    expect(resolution.damage!.total).toBe(11);
    expect(resolution.resistance!.total).toBe(5);
    expect(resolution.woundTaken).toBe("wounded");
    expect(w.kira.wounds.level).toBe("none");
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: true });
    expect(w.kira.wounds).toEqual({ level: "wounded", untilRound: 0 });
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toEqual({ ok: false, reason: "The wound to Kira is already applied; undo it first." });
    expect(await w.send({ step: "undo", ...onCard(card) }, p1)).toMatchObject({ ok: true });
    expect(w.kira.wounds).toEqual({ level: "none", untilRound: 0 });
  });

  it("seed check 2 (D5, D11–D14, D18): Kira waited; the thug swings; she interrupts with a dodge at −1D (her second action), which becomes the swing's difficulty: 10 against 12 misses", async () => {
    const w = d6World({ combat: true });
    // Kira declared 2 actions and spent one on a wait; the thug declared 1.
    await w.setRound(w.kira, { round: { ...newCombatantRound(1), declared: 2, used: 1, waits: 1 } });
    await w.setRound(w.thug, { round: { ...newCombatantRound(1), declared: 1 } });
    expect(await w.local(thugSwings(w))).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    expect(phaseOf(card.flow.targets[0]!)).toBe("interruptible");
    expect(await w.send({ step: "interrupt", ...onCard(card), skill: "dodge", roll: { dice: [5, 3], wild: [4] } }, p1)).toMatchObject({ ok: true });
    const resolution = resolutionOf(card.flow.targets[0]!);
    expect(resolution.defenses[0]).toMatchObject({ skill: "dodge", roll: 12, total: 12, covers: true });
    expect(resolution.difficulty!.final).toBe(12);
    expect(resolution.hit).toBe(false);
    expect(resolution.margin).toBe(-2);
    expect(phaseOf(card.flow.targets[0]!)).toBe("done");
    // The GM's round state: her last action and her wait are spent, the dodge is in force (D18), the thug's action is spent.
    expect(w.roundOf(w.kira).round).toMatchObject({ declared: 2, used: 2, waits: 0 });
    expect(w.roundOf(w.kira).round.defenses).toHaveLength(1);
    expect(w.roundOf(w.thug).round).toMatchObject({ used: 1 });
    // The card agrees with the rules command on the chapter's example.
    const example = resolveD6Attack(card.flow.targets[0]!.input);
    expect(example.attack!.total).toBe(10);
  });

  it("D11: in a combat an attack by someone who has not declared N is refused before any card is posted", async () => {
    const w = d6World({ combat: true });
    const outcome = await w.local(thugSwings(w));
    expect(outcome).toMatchObject({ ok: false });
    expect(w.cards()).toEqual([]);
  });

  it("D14: without a held wait there is no interrupt: the result is announced at once; a forged interrupt is refused", async () => {
    const w = d6World({ combat: true });
    await w.setRound(w.kira, { round: { ...newCombatantRound(1), declared: 1 } });
    await w.setRound(w.thug, { round: { ...newCombatantRound(1), declared: 1 } });
    await w.local(thugSwings(w));
    const card = w.cards()[0]!;
    expect(phaseOf(card.flow.targets[0]!)).toBe("awaitingDamage");
    expect(await w.send({ step: "interrupt", ...onCard(card), skill: "dodge", roll: { dice: [6, 6, 6], wild: [6, 6, 1] } }, p1)).toMatchObject({ ok: false });
    expect(resolutionOf(card.flow.targets[0]!).hit).toBe(true);
  });

  it("a request's faces must fit the code rolled; the wrong player cannot roll the thug's damage; a bystander is never written", async () => {
    const w = d6World();
    expect(await w.local(thugSwings(w, { dice: [4, 3, 6], wild: [2] }))).toMatchObject({ ok: false });
    await w.local(thugSwings(w));
    const card = w.cards()[0]!;
    expect(await w.send({ step: "damage", ...onCard(card), roll: { dice: [6], wild: [6, 6, 3] } }, p1)).toMatchObject({ ok: false, reason: "Only the thug's owner or the GM can answer for the thug." });
    expect(await w.local({ step: "damage", ...onCard(card), roll: { dice: [6, 6, 6, 6], wild: [3] } })).toMatchObject({ ok: false });
    expect(w.bystander.writes).toEqual([]);
  });

  it("malformed requests are refused with a clear reply and deleted", async () => {
    const w = d6World();
    for (const [request, problem] of [
      [{ ...thugSwings(w), roll: { dice: [7], wild: [2] } }, '"roll.dice.0" is out of range.'],
      [{ ...thugSwings(w), cover: "smoke" }, '"cover" is not one of the allowed values.'],
      [{ ...thugSwings(w), targets: [] }, '"targets" is too long or too short.'],
      [{ step: "resist", attackId: "a", messageId: "m", targetIndex: 0 }, '"roll" is missing.'],
    ] as const) {
      const message = w.requestMessage(request, p1);
      const outcome = await w.handle(message);
      expect((outcome as { reason: string }).reason).toContain(problem);
      expect(message.deleted).toBe(true);
    }
  });

  it("the NPC setting: the wound to a struck creature is written by the GM as soon as its resistance is rolled", async () => {
    const w = d6World({ autoApply: true });
    const knifeAttack = { step: "declare", actorUuid: w.kira.uuid, itemId: "wpKnife", roll: { dice: [6, 6, 6], wild: [5] }, targets: [w.thug.uuid] };
    expect(await w.send(knifeAttack, p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    await w.send({ step: "damage", ...onCard(card), roll: { dice: [6], wild: [6, 4] } }, p1);
    await w.local({ step: "resist", ...onCard(card), roll: { dice: [1, 1], wild: [1] } });
    expect(w.thug.wounds.level).not.toBe("none");
    expect(phaseOf(card.flow.targets[0]!)).toBe("applied");
  });

  it("D7: while the thug's tie is still acting the wound waits (apply refused, the NPC setting holds off); after the tie's last turn it applies", async () => {
    let acting: string | null = "Kira";
    const w = d6World({ autoApply: true, tieOf: (uuid) => (uuid === w.thug.uuid ? acting : null) });
    expect(await w.local(thugSwings(w))).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    await w.local({ step: "damage", ...onCard(card), roll: { dice: [6], wild: [5] } });
    await w.send({ step: "resist", ...onCard(card), roll: { dice: [1], wild: [2] } }, p1);
    expect(resolutionOf(card.flow.targets[0]!).woundTaken).toBe("wounded");
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toEqual({ ok: false, reason: "Tied turns act at once (D7): this wound applies after the tie's last turn, Kira's." });
    expect(w.kira.wounds.level).toBe("none");
    acting = null;
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: true });
    expect(w.kira.wounds.level).toBe("wounded");
  });

  it("D7: the NPC setting waits for the tie too: Kira's knife on the tied thug is not written at once", async () => {
    let acting: string | null = "the thug";
    const w = d6World({ autoApply: true, tieOf: (uuid) => (uuid === w.kira.uuid ? acting : null) });
    await w.send({ step: "declare", actorUuid: w.kira.uuid, itemId: "wpKnife", roll: { dice: [6, 6, 6], wild: [5] }, targets: [w.thug.uuid] }, p1);
    const card = w.cards()[0]!;
    await w.send({ step: "damage", ...onCard(card), roll: { dice: [6], wild: [6, 4] } }, p1);
    await w.local({ step: "resist", ...onCard(card), roll: { dice: [1, 1], wild: [1] } });
    expect(w.thug.wounds.level).toBe("none");
    expect(phaseOf(card.flow.targets[0]!)).not.toBe("applied");
    acting = null;
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.thug.wounds.level).not.toBe("none");
  });

  it("a player-written D6 'card' is no card: nothing on it runs", async () => {
    const w = d6World();
    await w.local(thugSwings(w));
    const real = w.cards()[0]!;
    const { FakeMessage } = await import("../chat/fakes.js");
    const forged = new FakeMessage("forged1", p1, { cychosys: { flow: structuredClone(real.flow) as never } });
    w.messages.push(forged);
    expect(await w.send({ step: "damage", attackId: real.flow.id, messageId: "forged1", targetIndex: 0, roll: { dice: [6], wild: [6, 6, 6, 1] } }, p1)).toMatchObject({ ok: false });
    expect(gm.isGM).toBe(true);
  });
});
