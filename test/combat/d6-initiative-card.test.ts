/**
 * The OpenD6 initiative roll's chat card (issue 24: the roll was shown only
 * as the row's total): the GM posts it once the roll (D6, D8, D37) or a
 * Character Point (D9) is recorded, with the dice the core read again from
 * the faces stored; a group's one roll posts one card naming the group (D6);
 * a hidden combatant's card goes to the GMs only. Against a forging player:
 * a forged field, a replay, two requests at once, a failure halfway and a
 * combatant outside the combat post no card and change nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createdMessages, gm, latency, mallory, player, resetCombatWorld } from "./fakes.js";
import { deliver, replies, requestFrom, send, thugFight } from "./d6-fakes.js";
import { renderedTemplates } from "../foundry/fakes.js";
import { readD6Round } from "../../src/rulesets/d6/combat/round-state.js";
import { D6_INITIATIVE_CARD_TEMPLATE, type D6InitiativeCardView } from "../../src/rulesets/d6/views/initiative-card.js";
import { capturingErrors } from "../fixtures/console.js";

const g = globalThis as any;
beforeEach(() => {
  resetCombatWorld();
  renderedTemplates.length = 0;
});
afterEach(() => {
  g.game.combats = { contents: [] };
});

const roll = (combatantId: string, dice: number[], wild: number[], group = false) => ({ kind: "d6Initiative", combatId: "combat1", combatantId, dice, wild, ...(group && { group: true }) });
const point = (combatantId: string, chain: number[]) => ({ kind: "d6CharacterPoint", combatId: "combat1", combatantId, chain });
/** The initiative cards posted, each with the view it was drawn from. */
const cards = () => {
  const views = renderedTemplates.filter((r) => r.path === D6_INITIATIVE_CARD_TEMPLATE).map((r) => r.context as D6InitiativeCardView);
  const messages = createdMessages.filter((m) => (m.flags as { cychosys?: { d6Initiative?: unknown } } | undefined)?.cychosys?.d6Initiative);
  expect(messages).toHaveLength(views.length);
  return messages.map((message, i) => ({ message, view: views[i]! }));
};
const refOf = (combat: unknown, c: unknown) => ({ combat: combat as never, combatant: c as never });

describe("D6: the initiative roll is posted as a chat card", () => {
  it("Mara's roll: Perception 3D as 2 + 3 + Wild Die (6, exploded) + 4 = 15, her card with every die and the total the row shows", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [2, 3], [6, 4]));
    const [card] = cards();
    expect(card!.view).toMatchObject({ title: "Mara rolls initiative", subtitle: "Round 1 · Perception 3D · bonus +0", roll: { label: "Initiative", total: "15" }, sum: "Perception 15 + bonus +0 = 15 (D6, D8, D9)." });
    expect(card!.view.roll!.dice.map((d) => [d.face, d.marks])).toEqual([["2", []], ["3", []], ["6", ["wild", "exploded"]], ["4", ["wild"]]]);
    expect(card!.message).toMatchObject({ speaker: { alias: "Mara" }, flags: { cychosys: { d6Initiative: { combatId: "combat1", combatantId: "mara", round: 1, total: 15, characterPoint: false } } } });
    expect(card!.message.whisper).toBeUndefined();
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(15);
  });

  it("D6: the GM's one roll for the thugs posts one card naming the group; D2: a complication is said", async () => {
    await thugFight();
    await send(gm, roll("thug", [3], [1], true));
    const [card, ...more] = cards();
    expect(more).toEqual([]);
    expect(card!.view.title).toBe("Thug rolls initiative for Thug and Thug 2");
    expect(card!.view.complication).toContain("a 1 on the Wild Die");
    expect(card!.view.roll!.dice.at(-1)).toMatchObject({ face: "1", marks: ["wild", "min"] });
  });

  it("D9: a Character Point posts its own card: the point's die beside the roll, the new total", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [2, 3], [4]));
    await send(player, point("mara", [6, 2]));
    const [, spent] = cards();
    expect(spent!.view).toMatchObject({ title: "Mara spends a Character Point on initiative", roll: { total: "17" }, sum: "Perception 9 + bonus +0 + Character Point dice 8 = 17 (D6, D8, D9)." });
    expect(spent!.view.roll!.dice.slice(-2).map((d) => [d.face, d.marks])).toEqual([["6", ["key", "exploded"]], ["2", ["key"]]]);
    expect(spent!.message).toMatchObject({ flags: { cychosys: { d6Initiative: { total: 17, characterPoint: true } } } });
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(17);
  });

  it("a hidden combatant's card is whispered to the GMs only", async () => {
    const { c } = await thugFight();
    (c.thug as { hidden?: boolean }).hidden = true;
    (c.thug2 as { hidden?: boolean }).hidden = true;
    await send(gm, roll("thug", [3], [2], true));
    expect(cards()[0]!.message.whisper).toEqual(["gm"]);
  });
});

describe("against a forging player: no card but the GM's", () => {
  it("a forged total, a forged group, faces that do not fit: refused, no card, nothing written", async () => {
    const { combat, c } = await thugFight();
    await send(player, { ...roll("mara", [2, 3], [4]), total: 30 });
    await send(player, roll("mara", [2, 3], [4], true));
    await send(player, roll("mara", [2, 3, 3], [4]));
    expect(replies("alice")).toHaveLength(3);
    expect(cards()).toEqual([]);
    expect(readD6Round(refOf(combat, c.mara)).initiative).toBeUndefined();
  });

  it("a replay (the same request delivered twice) and a second roll post one card", async () => {
    await thugFight();
    const message = requestFrom(player, roll("mara", [2, 3], [4]));
    await Promise.all([deliver(message), deliver(message)]);
    await send(player, roll("mara", [6, 6], [5]));
    expect(cards().map((card) => card.view.roll!.total)).toEqual(["9"]);
  });

  it("two rolls sent at once for one combatant: one is read and posted, the other refused", async () => {
    await thugFight();
    latency.ticks = 3;
    await Promise.all([send(player, roll("mara", [1, 1], [2])), send(player, roll("mara", [6, 6], [5]))]);
    expect(cards()).toHaveLength(1);
    expect(replies("alice")).toHaveLength(1);
  });

  it("a failure halfway: the combat cannot be written — no card; the card cannot be posted — the roll stands, the error is logged", async () => {
    const { combat, c } = await thugFight();
    combat.failNext = 1;
    const logged = await capturingErrors(() => send(player, roll("mara", [2, 3], [4])));
    expect(logged.join("\n")).toContain("refused the update");
    expect(cards()).toEqual([]);
    expect(readD6Round(refOf(combat, c.mara)).initiative).toBeUndefined();
    const create = g.ChatMessage.implementation.create;
    g.ChatMessage.implementation.create = async (data: Record<string, unknown>) => {
      if ((data.flags as { cychosys?: { d6Initiative?: unknown } } | undefined)?.cychosys?.d6Initiative) throw new Error("the chat log refused the message");
      return create(data);
    };
    try {
      const failed = await capturingErrors(() => send(player, roll("mara", [2, 3], [4])));
      expect(failed).toEqual([expect.stringContaining("Cychosys | D6: could not post the initiative card Error: the chat log refused the message")]);
    } finally {
      g.ChatMessage.implementation.create = create;
    }
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(9);
    // One reply: the write that failed; the card that could not be posted refuses nothing.
    expect(replies("alice")).toHaveLength(1);
  });

  it("a combatant outside the combat, or someone else's: refused, no card", async () => {
    await thugFight();
    await send(player, roll("ghost", [2, 3], [4]));
    await send(mallory, roll("mara", [2, 3], [4]));
    await send(player, { ...roll("mara", [2, 3], [4]), combatId: "elsewhere" });
    expect(replies("alice")).toHaveLength(2);
    expect(replies("mallory")).toHaveLength(1);
    expect(cards()).toEqual([]);
  });
});
