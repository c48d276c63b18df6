/**
 * The OpenD6 tracker's GM-side handlers against a hostile table: forged
 * fields, a replay, two requests at once, a failure halfway, a player acting
 * for another's combatant, a player rewriting what they own. Requests go the
 * whole way: a message written by its author, the active GM's client, the
 * schema, the queue, the handler, the documents (fakes' permission model).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asUser, createdMessages, gm, latency, mallory, notifications, PermissionError, player, resetCombatWorld } from "./fakes.js";
import { D6FakeActor, deliver, replies, requestFrom, send, thugFight } from "./d6-fakes.js";
import { FakeCombatant } from "./fakes.js";
import { readD6Round } from "../../src/rulesets/d6/combat/round-state.js";
import { readD6Order } from "../../src/rulesets/d6/combat/tracker-plan.js";
import { beginTurn } from "../../src/foundry/d6/combat.js";
import { capturingErrors } from "../fixtures/console.js";

const g = globalThis as any;
beforeEach(resetCombatWorld);
afterEach(() => {
  g.game.combats = { contents: [] };
});

/** A roll as the client sends it: `group` only when the GM rolls once for a group (D6), a GM-only field. */
const roll = (combatantId: string, dice: number[], wild: number[], group = false) => ({ kind: "d6Initiative", combatId: "combat1", combatantId, dice, wild, ...(group && { group: true }) });
/** N as the client sends it: `movedUp` only for a moved-up action the GM grants (D15), a GM-only field. */
const declareN = (combatantId: string, actions: number, movedUp = false) => ({ kind: "d6Declare", combatId: "combat1", combatantId, actions, ...(movedUp && { movedUp: true }) });
/** The shared check's refusal, as whispered back (escaped, in the refusal's frame). */
const gmOnly = (field: string) => `<p class="cychosys cy-refusal">The GM&#39;s client refused the request: Only a GM may set &quot;${field}&quot;; the request was refused and nothing changed.</p>`;
const refOf = (combat: unknown, c: unknown) => ({ combat: combat as never, combatant: c as never });

describe("forged GM field (the tracker's GM-only fields, declared once for the shared check)", () => {
  it("a player's group roll (D6), place (D5) or moved-up action (D15) is refused naming the field, whatever its value; nothing is written", async () => {
    const { combat } = await thugFight();
    const before = structuredClone(combat.flags);
    await send(player, roll("mara", [2, 3], [4], true));
    await send(player, { ...roll("mara", [2, 3], [4]), group: false });
    await send(player, { kind: "d6Place", combatId: "combat1", combatantId: "mara", position: 0 });
    await send(player, declareN("mara", 1, true));
    await send(player, { ...declareN("mara", 1), movedUp: false });
    expect(replies("alice")).toEqual([gmOnly("group"), gmOnly("group"), gmOnly("position"), gmOnly("movedUp"), gmOnly("movedUp")]);
    expect(combat.flags).toEqual(before);
  });

  it("the same requests without the GM's fields are the player's own: her roll is read, and on her turn her N", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [2, 3], [4]));
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(9);
    await send(gm, roll("thug", [1], [2], true));
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    expect(combat.turns[0]!.id).toBe("mara");
    await send(player, declareN("mara", 2));
    expect(replies("alice")).toEqual([]);
    expect(readD6Round(refOf(combat, c.mara)).round).toMatchObject({ declared: 2, movedUp: false });
  });

  it("the GM may send every one of them", async () => {
    const { combat, c } = await thugFight();
    await send(gm, roll("thug", [1], [2], true));
    expect(readD6Round(refOf(combat, c.thug2)).initiative?.group).toBe("thug");
    await send(gm, roll("mara", [2, 3], [4]));
    await send(gm, { kind: "d6Place", combatId: "combat1", combatantId: "thug", position: 0 });
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await send(gm, declareN("thug2", 1, true));
    expect(replies("gm")).toEqual([]);
    expect(readD6Round(refOf(combat, c.thug2)).round).toMatchObject({ declared: 1, movedUp: true });
  });
});

describe("forged fields", () => {
  it("a total, a wrong number of dice, a face out of range or an extra field is refused; nothing is written", async () => {
    const { combat, c } = await thugFight();
    await send(player, { ...roll("mara", [2, 3], [4]), total: 30 });
    await send(player, roll("mara", [2, 3, 6, 6], [4])); // four faces for 3D
    await send(player, roll("mara", [2, 9], [4]));
    await send(player, roll("mara", [2, 3], [6])); // a Wild Die chain that ends on a 6 is not a roll
    expect(replies("alice")).toHaveLength(4);
    expect(replies("alice")[1]).toContain("dice");
    expect(readD6Round(refOf(combat, c.mara)).initiative).toBeUndefined();
  });

  it("a player's set-order is the GM's alone (D6, D9)", async () => {
    const { combat } = await thugFight();
    await send(player, { kind: "d6SetOrder", combatId: "combat1" });
    expect(replies("alice")).toHaveLength(1);
    expect(replies("alice")[0]).toContain("Only the GM may do that.");
    expect(readD6Order(combat.flags, 1).set).toBe(false);
  });

  it("what a player writes on their own combatant (initiative, flags) does not move them", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [1, 1], [2])); // 4
    await send(gm, roll("thug", [3], [3], true)); // 6
    await asUser(player, async () => {
      await c.mara.update({ initiative: 99, "flags.cychosys.rounds.mara": { round: { round: 1 }, initiative: { round: 1, total: 99 } } });
      await expect(combat.update({ "flags.cychosys.rounds.mara.initiative.total": 99 })).rejects.toThrow(PermissionError);
    });
    expect(combat.turns.map((t) => t.id)).toEqual(["thug", "thug2", "mara"]);
  });
});

describe("a player acting for someone else's combatant", () => {
  it("rolling, a Character Point, declaring or waiting for another's combatant is refused", async () => {
    const { combat, c } = await thugFight();
    await send(mallory, roll("mara", [2, 3], [4]));
    await send(mallory, roll("thug", [2], [4]));
    await send(player, roll("mara", [2, 3], [4]));
    await send(mallory, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "mara", chain: [5] });
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await send(mallory, declareN("mara", 3));
    expect(replies("mallory")).toHaveLength(4);
    expect(replies("mallory").every((r) => r.includes("You do not control that combatant."))).toBe(true);
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(9);
    expect(c.mara.actor!.system.characterPoints).toBe(2);
    expect(readD6Round(refOf(combat, c.mara)).round.declared).toBeNull();
  });

  it("D11: a player declares only on their own turn; D15: moving up is the GM's to grant", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [1, 1], [2]));
    await send(gm, roll("thug", [3], [3], true));
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await send(player, declareN("mara", 2));
    await send(player, declareN("mara", 2, true));
    expect(replies("alice")[0]).toContain("It is not Mara");
    expect(replies("alice")[1]).toBe(gmOnly("movedUp"));
    await send(gm, declareN("mara", 2, true));
    expect(readD6Round(refOf(combat, c.mara)).round).toMatchObject({ declared: 2, movedUp: true });
    await send(player, { kind: "d6Wait", combatId: "combat1", combatantId: "mara" }); // her moved-up action
    expect(readD6Round(refOf(combat, c.mara)).round.waits).toBe(1);
  });
});

describe("replays and two requests at once", () => {
  it("the same request message delivered twice is carried out once; a second roll this round is refused", async () => {
    const { combat, c } = await thugFight();
    const message = requestFrom(player, roll("mara", [2, 3], [4]));
    await Promise.all([deliver(message), deliver(message)]);
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(9);
    await send(player, roll("mara", [6, 6], [5]));
    expect(replies("alice").at(-1)).toContain("already rolled");
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(9);
  });

  it("D9: two Character Points sent at once for the last one — one is spent, the other refused", async () => {
    const { combat, c, actors } = await thugFight();
    actors.mara.system.characterPoints = 1;
    await send(player, roll("mara", [2, 3], [4]));
    latency.ticks = 3;
    await Promise.all([
      send(player, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "mara", chain: [5] }),
      send(player, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "mara", chain: [6, 4] }),
    ]);
    expect(actors.mara.system.characterPoints).toBe(0);
    expect(readD6Round(refOf(combat, c.mara)).initiative).toMatchObject({ total: 14, characterPointDice: [[5]] });
    expect(replies("alice")).toHaveLength(1);
    expect(replies("alice")[0]).toContain("no Character Points left");
  });

  it("D9: no Character Point once the order is set; two declarations of N — the second refused (D11)", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [6, 6], [5]));
    await send(gm, roll("thug", [1], [2], true));
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await send(player, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "mara", chain: [5] });
    expect(replies("alice").at(-1)).toContain("already set");
    await Promise.all([
      send(player, declareN("mara", 1)),
      send(player, declareN("mara", 4)),
    ]);
    expect(readD6Round(refOf(combat, c.mara)).round.declared).toBe(1);
    expect(replies("alice")).toHaveLength(2);
  });
});

describe("a failure halfway", () => {
  it("D9: the combat cannot be written after the point was paid — the point is paid back", async () => {
    const { combat, c, actors } = await thugFight();
    await send(player, roll("mara", [2, 3], [4]));
    combat.failNext = 1;
    const logged = await capturingErrors(() => send(player, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "mara", chain: [5] }));
    expect(logged).toEqual([expect.stringMatching(/^Cychosys \| D6: the Character Point could not be recorded; paying it back Error: .*refused the update/)]);
    expect(actors.mara.system.characterPoints).toBe(2);
    expect(readD6Round(refOf(combat, c.mara)).initiative?.total).toBe(9);
    expect(replies("alice").at(-1)).toContain("paid back");
  });

  it("D9: and when the payback fails too, the GM is told it is half done", async () => {
    const { combat, actors } = await thugFight();
    await send(player, roll("mara", [2, 3], [4]));
    combat.failNext = 1;
    actors.mara.failWhen = (data) => data["system.characterPoints"] === 2;
    const logged = await capturingErrors(() => send(player, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "mara", chain: [5] }));
    expect(logged).toEqual([
      expect.stringContaining("Cychosys | D6: the Character Point could not be recorded; paying it back"),
      expect.stringContaining("Cychosys | D6: paying the Character Point back failed"),
      expect.stringContaining("the d6CharacterPoint request of Alice failed PartialChange: Mara's Character Point was spent but could not be recorded, nor paid back"),
    ]);
    expect(actors.mara.system.characterPoints).toBe(1);
    expect(notifications.error.join(" ")).toContain("correct the actor by hand");
  });
});

describe("the round (D6, D18)", () => {
  it("no turn passes before the order is set; a new round clears initiative and asks again", async () => {
    const { combat, c } = await thugFight();
    await combat.nextTurn();
    expect(combat.turn).toBe(0);
    expect(notifications.warn.at(-1)).toContain("has not set");
    await send(player, roll("mara", [2, 3], [4]));
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await combat.nextRound();
    expect(combat.round).toBe(2);
    expect(readD6Round(refOf(combat, c.mara)).initiative).toBeUndefined();
    expect(c.mara.initiative).toBeNull();
    expect(readD6Order(combat.flags, 2).set).toBe(false);
  });

  it("D18: a defense in force ends at its owner's next turn, not before", async () => {
    const { combat, c } = await thugFight();
    await send(player, roll("mara", [6, 6], [5]));
    await send(gm, roll("thug", [1], [2], true));
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await send(player, declareN("mara", 1));
    combat.flags.cychosys.rounds.mara.round.defenses = [{ skill: "dodge", mode: "partial", roll: 11, total: 11 }];
    await combat.nextRound();
    await send(player, roll("mara", [1, 1], [2]));
    await send(gm, roll("thug", [6], [5], true));
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    await beginTurn(combat as never); // the thug's turn
    expect(readD6Round(refOf(combat, c.mara)).round.defenses).toHaveLength(1);
    combat.turn = 2;
    await beginTurn(combat as never); // hers
    expect(readD6Round(refOf(combat, c.mara)).round.defenses).toEqual([]);
  });

  it("a creature's name that is HTML is never sent back as markup", async () => {
    const { combat } = await thugFight();
    const evil = new D6FakeActor({ id: "evil", name: "<img src=x onerror=alert(1)>", owners: [] });
    const x = new FakeCombatant(evil);
    x.combat = combat;
    combat.list.push(x);
    await send(gm, roll("mara", [1, 1], [2]));
    await send(gm, { kind: "d6CharacterPoint", combatId: "combat1", combatantId: "evil", chain: [3] });
    await send(gm, { kind: "d6SetOrder", combatId: "combat1" });
    expect(createdMessages.some((m) => String(m.content).includes("&lt;img src=x"))).toBe(true); // the order note, escaped
    const text = createdMessages.map((m) => String(m.content)).join("") + notifications.warn.join("");
    expect(text).not.toContain("<img");
  });
});

describe("D6 group rolls", () => {
  it("a wounded member of the group rolls a different code: it is left out of the shared roll and rolls alone", async () => {
    const { combat, c } = await thugFight();
    const hurt = new D6FakeActor({ id: "thug", name: "Thug", perception: "2D+1", wound: "wounded" });
    const x = new FakeCombatant(hurt, { id: "thug3", name: "Thug 3" });
    (x as unknown as { actorId: string }).actorId = "thug";
    x.combat = combat;
    combat.list.push(x);
    await send(gm, roll("thug", [5], [4], true));
    expect(readD6Round(refOf(combat, c.thug2)).initiative?.total).toBe(10);
    expect(readD6Round(refOf(combat, x)).initiative).toBeUndefined();
    await send(gm, roll("thug3", [], [4]));
    expect(readD6Round(refOf(combat, x)).initiative?.total).toBe(5);
  });
});
