/**
 * GURPS cards in a started combat: the maneuver the round holds decides
 * whether the fighter may attack now (G9, G31, G35, G38), the attack and the
 * defense write what they use to the round on the combat (G22–G25, G40,
 * G61–G68), and the injury writes shock, stun, posture and death to it
 * (G77–G81) — undone exactly.
 */
import { describe, expect, it } from "vitest";
import { chooseManeuver, NO_DEFENSE_USE, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { cardOwed, phaseOf, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { gurpsWorld, onCard, p1, p2, swing } from "./world.js";

type World = ReturnType<typeof gurpsWorld>;
const figures = { hp: 11, currentHp: 11, ht: 11 };

async function louisAttacks(w: World, choice: Parameters<typeof chooseManeuver>[1] = { id: "attack" }) {
  await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), figures).state, choice, {}));
}

describe("GURPS cards in a combat: the maneuver permits the attack (G9, G10, G31, G35)", () => {
  it("G10, G35: before his first turn he counts as doing nothing: no attack; under Attack one attack, a second is refused; the aim, evaluate and feint it collects are spent", async () => {
    const w = gurpsWorld({ combat: true });
    const refused = await w.send(swing(w), p1);
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { reason: string }).reason).toContain("makes no attack");
    await w.setRound(w.louis, { ...chooseManeuver(startTurn(w.fresh(), figures).state, { id: "attack" }, {}), evaluate: { targetId: "Actor_pierre", bonus: 2, turn: 0 } });
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
    const r = resolutionOf(w.cards()[0]!.flow.targets[0]!);
    expect(r.skill!.modifiers.map((m) => [m.key, m.value, m.rule])).toEqual([["evaluate", 2, "G23"]]);
    expect(w.roundOf(w.louis)).toMatchObject({ actions: 1, evaluate: null });
    const again = await w.send(swing(w), p1);
    expect((again as { reason: string }).reason).toContain("attacks this turn are made");
  });

  it("G9, G31: outside his turn only a triggered Wait attacks; it converts (Attack after a defense while waiting) and attacks once", async () => {
    const w = gurpsWorld({ combat: true });
    w.turn.of = w.pierre.uuid;
    await louisAttacks(w);
    expect(((await w.send(swing(w), p1)) as { reason: string }).reason).toContain("not his turn");
    const waiting = chooseManeuver(startTurn(w.fresh(), figures).state, { id: "wait", wait: { trigger: "Pierre steps in", response: "allOutAttack", aoaOption: "determined" } }, {});
    await w.setRound(w.louis, waiting);
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
    const r = resolutionOf(w.cards()[0]!.flow.targets[0]!);
    expect([r.maneuver, r.aoaOption, r.skill!.effective]).toEqual(["allOutAttack", "determined", 19]);
    expect(w.roundOf(w.louis)).toMatchObject({ maneuver: { id: "allOutAttack", aoaOption: "determined" }, waitTriggered: true, actions: 1 });
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: false });
    // After a defense while waiting, the Wait may become only an Attack (G31).
    await w.setRound(w.louis, { ...waiting, waitDefended: true });
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[1]!.flow.targets[0]!).maneuver).toBe("attack");
  });

  it("G38: Rapid Strike makes two attacks at −6 under Attack; a third is refused", async () => {
    const w = gurpsWorld({ combat: true });
    await louisAttacks(w);
    for (let i = 0; i < 2; i++) expect(await w.send(swing(w, [2, 2, 3], { rapidStrike: true }), p1)).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[1]!.flow.targets[0]!).skill!.effective).toBe(9);
    expect(await w.send(swing(w, [2, 2, 3], { rapidStrike: true }), p1)).toMatchObject({ ok: false });
  });

  it("G26, G58: against a foe under All-Out Attack there is no defense: the card goes straight to damage", async () => {
    const w = gurpsWorld({ combat: true });
    await louisAttacks(w);
    await w.setRound(w.pierre, chooseManeuver(startTurn(w.fresh(), { hp: 12, currentHp: 12, ht: 11 }).state, { id: "allOutAttack", aoaOption: "strong" }, {}));
    await w.send(swing(w), p1);
    const target = w.cards()[0]!.flow.targets[0]!;
    expect(resolutionOf(target).legal!.none).toBe("allOut");
    expect(phaseOf(target)).toBe("awaitingDamage");
  });
});

describe("GURPS cards in a combat: the defense and the injury on the round (G61–G68, G77–G81)", () => {
  it("G62, G63, G67: the block, the retreat and the parry are remembered until his next turn: a second attack finds no block, no second retreat, and the first retreat's +1 still in force (All-Out Attack (Double): two attacks, no third)", async () => {
    const w = gurpsWorld({ combat: true });
    await louisAttacks(w, { id: "allOutAttack", aoaOption: "double" });
    await w.send(swing(w), p1);
    const first = w.cards()[0]!;
    expect(await w.send({ step: "defend", ...onCard(first), option: "block:shPierre", retreat: true, roll: [3, 3, 3] }, p2)).toMatchObject({ ok: true });
    expect(phaseOf(first.flow.targets[0]!)).toBe("done");
    expect(w.roundOf(w.pierre).used).toEqual({ ...NO_DEFENSE_USE, blocked: true, retreatAgainst: "Actor_louis" });
    await w.send(swing(w), p1);
    const second = w.cards()[1]!;
    expect(await w.send({ step: "defend", ...onCard(second), option: "block:shPierre", roll: [3, 3, 3] }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "defend", ...onCard(second), option: "parry:wpPierre", retreat: true, roll: [3, 3, 3] }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "defend", ...onCard(second), option: "parry:wpPierre", roll: [3, 3, 3] }, p2)).toMatchObject({ ok: true });
    const parry = resolutionOf(second.flow.targets[0]!).defenses[0]!.chosen;
    // Parry 8 + DB 1 + the retreat already made against Louis (+1, G67).
    expect(parry.modifiers.map((m) => [m.key, m.value])).toEqual([["shieldDb", 1], ["retreatInForce", 1]]);
    expect(w.roundOf(w.pierre).items.wpPierre).toMatchObject({ parries: 1 });
    const third = await w.send(swing(w), p1);
    expect(third).toMatchObject({ ok: false });
  });

  it("G68, G85: a dodge and drop leaves him prone on the round at once, even when it succeeds", async () => {
    const w = gurpsWorld({ combat: true });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), figures).state, { id: "attack" }, {}));
    // Guns defaulted to DX−4 = 9, −4 at 10 yards (G53): 5, rolled 5.
    await w.send({ ...swing(w, [1, 2, 2]), itemId: "wpPistol", range: 10 }, p1);
    const card = w.cards()[0]!;
    const r = resolutionOf(card.flow.targets[0]!);
    expect(r.legal!.options.find((o) => o.id === "dodge")!.dodgeAndDrop).toBe(3);
    expect(await w.send({ step: "defend", ...onCard(card), option: "dodge", dodgeAndDrop: true, roll: [3, 3, 4] }, p2)).toMatchObject({ ok: true });
    expect(w.roundOf(w.pierre).posture).toBe("prone");
    expect(w.roundOf(w.pierre).used.dropAgainst).toBe("Actor_louis");
  });

  it("G77–G79: a major wound: Pierre's owner rolls HT and fails — stunned and knocked down; the round holds shock, stun and posture; undo restores every field", async () => {
    const w = gurpsWorld({ combat: true });
    await louisAttacks(w);
    await w.send(swing(w), p1);
    const card = w.cards()[0]!;
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[6]] }, p1);
    let r = resolutionOf(card.flow.targets[0]!);
    expect([r.victim!.injury, r.victim!.hits[0]!.majorWound]).toEqual([9, true]);
    expect(cardOwed(r).map((o) => [o.id, o.who, o.target])).toEqual([["rolls.majorWound[0]", "defender", 11]]);
    expect(phaseOf(card.flow.targets[0]!)).toBe("awaitingRolls");
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: false });
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.majorWound[0]", faces: [5, 5, 4] }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.majorWound[0]", faces: [5, 5, 4] }, p2)).toMatchObject({ ok: true });
    r = resolutionOf(card.flow.targets[0]!);
    expect(r.victim!.majorWounds[0]).toMatchObject({ result: "stunned" });
    const before = w.roundOf(w.pierre);
    expect(await w.send({ step: "apply", ...onCard(card) }, p2)).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(3);
    expect(w.roundOf(w.pierre)).toMatchObject({ injurySinceLastTurn: 9, stun: "physical", stunDefense: true, posture: "prone" });
    expect(await w.local({ step: "undo", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(12);
    expect(w.roundOf(w.pierre)).toEqual(before);
  });
});
