/**
 * The GURPS card's Foundry side with fakes, through the GM's transport: the
 * attack dialog's form and the buttons each user finds on the card as drawn
 * for him (the real template) become requests with the faces a fake dice
 * box rolls (src/foundry/gurps/card-requests.ts); the GM's steps run them.
 * The defender's owner defends with a button only he sees; the attacker's
 * owner rolls damage; the defender's owner the major wound's HT roll; the GM
 * applies and undoes exactly. A bad form number is refused before any die is
 * rolled; a button forged by the wrong player is refused.
 */
import { describe, expect, it } from "vitest";
import type { FlowUser } from "../../src/core/ruleset.js";
import { cardRequest, type CardDice, declareRequest } from "../../src/foundry/gurps/card-requests.js";
import { d6Faces } from "../../src/foundry/gurps/dice.js";
import { GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView } from "../../src/rulesets/gurps/views/attack-card.js";
import { phaseOf, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { makeEnvironment, readLang } from "../../tools/preview/render.js";
import { gm, gurpsWorld, onCard, p1, p2 } from "./world.js";

const env = makeEnvironment(readLang());

/** A dice box that hands out fixed faces, in order, and counts what was rolled. */
function fixedDice(faces: number[]): CardDice & { rolled: number } {
  const box = {
    rolled: 0,
    take(n: number) {
      box.rolled += n;
      const out = faces.splice(0, n);
      if (out.length !== n) throw new Error("the test ran out of dice");
      return out;
    },
    success: async () => box.take(3),
    die: async () => box.take(1)[0]!,
    damage: async (dice: number, hits: number) => Array.from({ length: hits }, () => box.take(dice)),
  };
  return box;
}

/** The buttons of the card as drawn for this user: each one's data attributes. */
function buttons(flow: Parameters<typeof gurpsAttackCardView>[0], user: FlowUser): Record<string, string>[] {
  const html = env.render(GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView(flow, user));
  return [...html.matchAll(/<button([^>]*)>([^<]*)</g)].map((m) => ({
    ...Object.fromEntries([...m[1]!.matchAll(/data-([a-z]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
    label: m[2]!.trim(),
  }));
}
const asUser = (user: { id: string; isGM: boolean }, owned: string[]): FlowUser => ({ id: user.id, isGM: user.isGM, owns: (uuid) => user.isGM || owned.includes(uuid) });

describe("the GURPS card through the transport, clicked (G5, G58–G69, G77–G78)", () => {
  it("seed check 12 by clicks: the dialog declares; Pierre's owner blocks with a retreat from his own buttons; Louis's owner rolls damage; Pierre's owner rolls the major wound; the GM applies, undoes", async () => {
    const w = gurpsWorld();
    const louisPlayer = asUser(p1, [w.louis.uuid]);
    const pierrePlayer = asUser(p2, [w.pierre.uuid]);
    const declared = await declareRequest({ actorUuid: w.louis.uuid, itemId: "wpShortsword", targetUuid: w.pierre.uuid }, { line: "0", fromFront: "on", inReach: "on", modifier: "0", deceptive: "0" }, fixedDice([4, 4, 5]), { gm: false, inCombat: false });
    expect(await w.send(declared, p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    // Only Pierre's owner finds defense buttons, and only for the legal defenses.
    expect(buttons(card.flow, louisPlayer)).toEqual([]);
    const mine = buttons(card.flow, pierrePlayer);
    expect(mine.map((b) => `${b.option}${b.retreat ? "+retreat" : ""}`)).toEqual(["dodge", "dodge+retreat", "block:shPierre", "block:shPierre+retreat", "parry:wpPierre", "parry:wpPierre+retreat", "none"]);
    const block = mine.find((b) => b.option === "block:shPierre" && b.retreat)!;
    // A forged click by Louis's player on Pierre's button is refused; the card waits.
    expect(await w.send((await cardRequest(onCard(card), block, fixedDice([3, 4, 5])))!, p1)).toMatchObject({ ok: false });
    expect(await w.send((await cardRequest(onCard(card), block, fixedDice([3, 4, 5])))!, p2)).toMatchObject({ ok: true });
    expect(resolutionOf(card.flow.targets[0]!).defenses[0]!.chosen).toMatchObject({ effective: 11, roll: { roll: 12, success: false } });
    // Damage: Louis's owner's button (1d+1, one die).
    expect(buttons(card.flow, pierrePlayer)).toEqual([]);
    const damage = buttons(card.flow, louisPlayer);
    expect(damage).toMatchObject([{ action: "damage", id: "damage", dice: "1", hits: "1" }]);
    expect(await w.send((await cardRequest(onCard(card), damage[0]!, fixedDice([6])))!, p1)).toMatchObject({ ok: true });
    // 7 − DR 1 = 6 cut × 1.5 = 9 > HP/2: a major wound; its HT roll is Pierre's owner's.
    expect(buttons(card.flow, louisPlayer)).toEqual([]);
    const ht = buttons(card.flow, pierrePlayer);
    expect(ht).toMatchObject([{ action: "roll", id: "rolls.majorWound[0]", kind: "3d6" }]);
    expect(await w.send((await cardRequest(onCard(card), ht[0]!, fixedDice([5, 4, 3])))!, p2)).toMatchObject({ ok: true });
    expect(phaseOf(card.flow.targets[0]!)).toBe("resolved");
    // The GM applies (Pierre's owner may too); the HP fall from 12 to 3; undo restores them.
    const apply = buttons(card.flow, asUser(gm, []));
    expect(apply.map((b) => b.action)).toEqual(["apply"]);
    expect(await w.local((await cardRequest(onCard(card), apply[0]!, fixedDice([])))!)).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(3);
    const undo = buttons(card.flow, asUser(gm, []));
    expect(undo.map((b) => b.action)).toEqual(["undo"]);
    expect(buttons(card.flow, louisPlayer)).toEqual([]);
    expect(await w.local((await cardRequest(onCard(card), undo[0]!, fixedDice([])))!)).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(12);
  });

  it("the dialog's form: a number out of bounds is refused with its field's name before a die is rolled; a player's bonus cannot be typed in", async () => {
    const dice = fixedDice([4, 4, 5]);
    const attack = { actorUuid: "Actor.louis", itemId: "wpShortsword", targetUuid: "Actor.pierre" };
    await expect(declareRequest(attack, { deceptive: "99" }, dice, { gm: false, inCombat: false })).rejects.toThrow("Deceptive Attack levels (G37) must be a whole number from 0 to 10.");
    await expect(declareRequest(attack, { modifier: "2" }, dice, { gm: false, inCombat: false })).rejects.toThrow("from -20 to 0");
    await expect(declareRequest(attack, { range: "1.5" }, dice, { gm: true, inCombat: false })).rejects.toThrow("Range (yards, G53)");
    expect(dice.rolled).toBe(0);
    // G26: outside a combat the maneuver and All-Out Attack's option come from the form; in one, the round's (the form's ignored).
    expect(await declareRequest(attack, { maneuver: "allOutAttack", aoaOption: "strong", modifier: "3", modifierLabel: " high ground ", location: "skull" }, fixedDice([1, 2, 3]), { gm: true, inCombat: false })).toEqual({
      step: "declare", ...attack, line: 0, maneuver: "allOutAttack", aoaOption: "strong", location: "skull", fromFront: false, inReach: false, gmModifiers: [{ value: 3, label: "high ground" }], roll: [1, 2, 3],
    });
    // A player's form never sends a GM-only field: his penalty is his own modifier, his range at least the measured, no side of the blow (G3, G53, G59).
    expect(await declareRequest(attack, { modifier: "-2", range: "12", fromFront: "" }, fixedDice([1, 2, 3]), { gm: false, inCombat: false })).toEqual({
      step: "declare", ...attack, line: 0, range: 12, inReach: false, modifiers: [{ value: -2 }], roll: [1, 2, 3],
    });
    expect(await declareRequest(attack, { maneuver: "allOutAttack", aoaOption: "strong" }, fixedDice([1, 2, 3]), { gm: false, inCombat: true })).not.toHaveProperty("maneuver");
  });

  it("G4: a Foundry roll's d6 faces are read in order, inactive results left out", () => {
    expect(d6Faces([{ faces: 6, results: [{ result: 4 }, { result: 2, active: false }, { result: 6 }] }, {}, { faces: 6, results: [{ result: 1 }] }])).toEqual([4, 6, 1]);
  });

  it("an unknown button makes no request", async () => {
    expect(await cardRequest({ attackId: "a", messageId: "m" }, { action: "explode" }, fixedDice([]))).toBeNull();
  });
});

describe("All-Out Defense on the card (G28)", () => {
  const figures = { hp: 12, currentHp: 12, ht: 11 };

  it("Increased Dodge shows Dodge +2; Double Defense asks again after a failed block with a retreat — without the block, the retreat in force, only of Pierre's owner", async () => {
    const { chooseManeuver, startTurn } = await import("../../src/rulesets/gurps/rules/index.js");
    for (const [option, expected] of [["increasedDodge", 11], ["doubleDefense", 9]] as const) {
      const w = gurpsWorld({ combat: true });
      await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "attack" }, {}));
      await w.setRound(w.pierre, chooseManeuver(startTurn(w.fresh(), figures).state, { id: "allOutDefense", aodOption: option }, {}));
      const declared = await declareRequest({ actorUuid: w.louis.uuid, itemId: "wpShortsword", targetUuid: w.pierre.uuid }, { fromFront: "on" }, fixedDice([4, 4, 5]), { gm: false, inCombat: true });
      expect(await w.send(declared, p1)).toMatchObject({ ok: true });
      const card = w.cards()[0]!;
      const pierrePlayer = asUser(p2, [w.pierre.uuid]);
      const dodge = gurpsAttackCardView(card.flow, pierrePlayer).target.defense!.options.find((o) => o.id === "dodge")!;
      expect(dodge.score).toBe(expected);
      if (option !== "doubleDefense") continue;
      const block = buttons(card.flow, pierrePlayer).find((b) => b.option === "block:shPierre" && b.retreat)!;
      expect(await w.send((await cardRequest(onCard(card), block, fixedDice([6, 5, 4])))!, p2)).toMatchObject({ ok: true });
      const second = gurpsAttackCardView(card.flow, pierrePlayer).target.defense!;
      expect(second.second).toBe(true);
      // G67: the retreat made covers the second defense too (+3 Dodge, +1 Parry), and is not offered again.
      expect(second.options.map((o) => [o.id, o.score, o.variants.map((v) => v.label)])).toEqual([["dodge", 12, ["12"]], ["parry:wpPierre", 10, ["10"]]]);
      expect(buttons(card.flow, asUser(p1, [w.louis.uuid]))).toEqual([]);
      const again = buttons(card.flow, pierrePlayer).find((b) => b.option === "dodge")!;
      expect(await w.send((await cardRequest(onCard(card), again, fixedDice([2, 2, 2])))!, p2)).toMatchObject({ ok: true });
      expect(resolutionOf(card.flow.targets[0]!).hitsLanding).toBe(0);
    }
  });
});

describe("G28 hostile: the second defense forged", () => {
  it("the same block again, a second retreat, a third defense and the attacker's player answering are refused; the card still asks, then takes a legal dodge", async () => {
    const { chooseManeuver, startTurn } = await import("../../src/rulesets/gurps/rules/index.js");
    const w = gurpsWorld({ combat: true });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "attack" }, {}));
    await w.setRound(w.pierre, chooseManeuver(startTurn(w.fresh(), { hp: 12, currentHp: 12, ht: 11 }).state, { id: "allOutDefense", aodOption: "doubleDefense" }, {}));
    expect(await w.send({ step: "declare", actorUuid: w.louis.uuid, itemId: "wpShortsword", line: 0, targetUuid: w.pierre.uuid, roll: [4, 4, 5] }, p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    expect(await w.send({ step: "defend", ...onCard(card), option: "block:shPierre", retreat: true, roll: [6, 5, 4] }, p2)).toMatchObject({ ok: true });
    const before = card.flow.targets[0]!.input;
    for (const forged of [
      { option: "block:shPierre", roll: [1, 1, 1] },
      { option: "dodge", retreat: true, roll: [1, 1, 1] },
    ]) {
      const answer = await w.send({ step: "defend", ...onCard(card), ...forged }, p2);
      expect(answer, JSON.stringify(forged)).toMatchObject({ ok: false });
    }
    expect(await w.send({ step: "defend", ...onCard(card), option: "dodge", roll: [1, 1, 1] }, p1)).toMatchObject({ ok: false });
    expect(card.flow.targets[0]!.input).toBe(before);
    expect(phaseOf(card.flow.targets[0]!)).toBe("awaitingDefense");
    expect(await w.send({ step: "defend", ...onCard(card), option: "dodge", roll: [2, 2, 2] }, p2)).toMatchObject({ ok: true });
    // A third defense: nothing is owed any more.
    expect(await w.send({ step: "defend", ...onCard(card), option: "parry:wpPierre", roll: [2, 2, 2] }, p2)).toMatchObject({ ok: false });
    expect(resolutionOf(card.flow.targets[0]!).hitsLanding).toBe(0);
  });
});

describe("G78: the major wound's mark on the round, applied and undone with the card", () => {
  it("a 9-point cut on Pierre (HP 12) marks the major wound on his round; undo clears it exactly", async () => {
    const { chooseManeuver, startTurn } = await import("../../src/rulesets/gurps/rules/index.js");
    const w = gurpsWorld({ combat: true });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "attack" }, {}));
    expect(await w.send({ step: "declare", actorUuid: w.louis.uuid, itemId: "wpShortsword", line: 0, targetUuid: w.pierre.uuid, roll: [4, 4, 5] }, p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[6]] }, p1);
    await w.send({ step: "roll", ...onCard(card), id: "rolls.majorWound[0]", faces: [1, 2, 3] }, p2);
    expect(w.roundOf(w.pierre).majorWound).toBe(false);
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.roundOf(w.pierre)).toMatchObject({ majorWound: true, shock: 0, injurySinceLastTurn: 9 });
    expect(await w.local({ step: "undo", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.roundOf(w.pierre)).toMatchObject({ majorWound: false, injurySinceLastTurn: 0 });
    expect(w.pierre.hp).toBe(12);
  });
});
