/**
 * Cities Without Number on the cards (docs/rulesets/cwn.md, "On the
 * table"): the attack → screen → resolution → apply ⇄ undo flow run by the
 * GM's transport. The GM reads every figure from its own documents (the
 * derived figures, the fight on the combat); a request names dice only; only
 * the side concerned (or the GM) may answer; undo takes back the hit
 * points, soak and downed state the apply wrote (test/cwn/undo.test.ts:
 * only its own change).
 */
import { describe, expect, it } from "vitest";
import { phaseOf, resolutionOf } from "../../src/rulesets/cwn/workflow/flow.js";
import { cwnWorld, onCard, p1, p2 } from "./world.js";

type World = ReturnType<typeof cwnWorld>;
const shot = (w: World, roll: { d20: number; trauma: number[]; damage: number[] }, extra: Record<string, unknown> = {}) => ({
  step: "declare", actorUuid: w.vee.uuid, itemId: "wPistol", targetUuid: w.g1.uuid, action: "attack", lethal: true, roll, ...extra,
});
const baton = (w: World, target: string, roll: { d20: number; trauma: number[]; damage: number[] }, from = w.g1) => ({
  step: "declare", actorUuid: from.uuid, itemId: "wBaton", targetUuid: target, action: "attack", lethal: true, roll,
});

describe("the CWN attack on a card (W13–W19, W39)", () => {
  it("seed checks 2 and 3 at the table: Vee's pistol, 14 + 4 = 18 against ranged AC 14 hits; the Trauma Die's 7 meets Trauma Target 7 — a Traumatic Hit: (6 + 1) × 3 = 21; soak 3 then 9 HP, the guard dead (W19); undone exactly", async () => {
    const w = cwnWorld();
    expect(await w.send(shot(w, { d20: 14, trauma: [7], damage: [6] }), p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    const r = resolutionOf(card.flow);
    expect(r.hitRoll!.total).toBe(18);
    expect(r.ac!.total).toBe(14);
    expect(r.trauma).toMatchObject({ roll: 7, target: 7, traumatic: true, rating: 3 });
    expect(r.damage).toMatchObject({ beforeTrauma: 7, multiplier: 3, total: 21 });
    expect(phaseOf(card.flow)).toBe("resolved");
    // The guard is the GM's: Vee's player cannot apply it.
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toEqual({ ok: false, reason: "Only Guard 1's owner or the GM can answer for Guard 1." });
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.g1.hp).toBe(0);
    expect((w.g1.source.soak as { value: number }).value).toBe(0);
    expect(w.g1.downed).toBe("dead");
    expect(card.flow.applications[0]).toMatchObject({ hpLost: 9, soak: [{ uuid: w.g1.uuid, taken: 3 }], downedBefore: "none", downedAfter: "dead", traumatic: true });
    expect(await w.local({ step: "undo", ...onCard(card) })).toMatchObject({ ok: true });
    expect([w.g1.hp, (w.g1.source.soak as { value: number }).value, w.g1.downed]).toEqual([9, 3, "none"]);
    expect(w.bystander.writes).toEqual([]);
  });

  it("W32: a shot spends a round of the magazine; an empty magazine is refused before any card", async () => {
    const w = cwnWorld();
    await w.send(shot(w, { d20: 2, trauma: [1], damage: [1] }), p1);
    expect((w.vee.item("wPistol").system.magazine as { value: number }).value).toBe(11);
    await w.vee.item("wPistol").update({ "system.magazine.value": 0 });
    expect(await w.send(shot(w, { d20: 2, trauma: [1], damage: [1] }), p1)).toEqual({ ok: false, reason: "Heavy pistol is empty: reload it first (W32)." });
    expect(w.cards()).toHaveLength(1);
  });

  it("seed check 4 at the table: a knife's miss deals Shock 1 + 1 = 2 against melee AC 14 (≤ 15), taken by the guard's soak (W18, W19)", async () => {
    const w = cwnWorld();
    await w.send({ ...shot(w, { d20: 3, trauma: [6], damage: [4] }), itemId: "wKnife" }, p1);
    const card = w.cards()[0]!;
    expect(resolutionOf(card.flow)).toMatchObject({ hit: false, dealt: 2, shock: { amount: 2, blockedBy: null } });
    await w.local({ step: "apply", ...onCard(card) });
    expect([w.g1.hp, (w.g1.source.soak as { value: number }).value]).toEqual([9, 1]);
  });

  it("seed check 5 at the table (W19): the baton's 6 comes off Vee's worn clothing (3) first, then 3 HP; her own player applies it; undo gives the soak back to the piece", async () => {
    const w = cwnWorld();
    await w.local(baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }));
    const card = w.cards()[0]!;
    expect(await w.send({ step: "apply", ...onCard(card) }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: true });
    expect(w.vee.hp).toBe(11);
    expect((w.vee.item("aClothes").system.soak as { value: number }).value).toBe(0);
    expect((w.vee.item("aVest").system.soak as { value: number }).value).toBe(5);
    expect(await w.send({ step: "undo", ...onCard(card) }, p1)).toMatchObject({ ok: true });
    expect(w.vee.hp).toBe(14);
    expect((w.vee.item("aClothes").system.soak as { value: number }).value).toBe(3);
  });

  it("apply reads the struck fighter as it is now: healed since, the damage lands on the new figures; a natural 1 misses whatever the total (W14)", async () => {
    const w = cwnWorld();
    await w.local(baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }));
    await w.vee.as(p1).update({ "system.hp.value": 4 });
    await w.send({ step: "apply", ...onCard(w.cards()[0]!) }, p1);
    expect(w.vee.hp).toBe(1);
    await w.local(baton(w, w.vee.uuid, { d20: 1, trauma: [6], damage: [8] }));
    expect(resolutionOf(w.cards()[1]!.flow)).toMatchObject({ hit: false, hitBy: "natural1" });
  });

  it("W19: the GM picks another state for a fighter taken to 0; undo puts back the state before", async () => {
    const w = cwnWorld();
    await w.send(shot(w, { d20: 14, trauma: [7], damage: [6] }), p1);
    const card = w.cards()[0]!;
    await w.local({ step: "apply", ...onCard(card) });
    expect(await w.send({ step: "downed", ...onCard(card), state: "unconscious" }, p1)).toMatchObject({ ok: false, reason: 'Only a GM may set "state"; the request was refused and nothing changed.' });
    expect(await w.local({ step: "downed", ...onCard(card), state: "unconscious" })).toMatchObject({ ok: true });
    expect(w.g1.downed).toBe("unconscious");
    await w.local({ step: "undo", ...onCard(card) });
    expect(w.g1.downed).toBe("none");
  });

  it("the NPC setting: the damage to a struck NPC is written by the GM at once; a character's waits for its owner", async () => {
    const w = cwnWorld({ autoApply: true });
    await w.send(shot(w, { d20: 14, trauma: [1], damage: [6] }), p1);
    expect(phaseOf(w.cards()[0]!.flow)).toBe("applied");
    expect(w.g1.hp).toBe(5);
    await w.local(baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }));
    expect(phaseOf(w.cards()[1]!.flow)).toBe("resolved");
  });

  it("W12, W22, W39: the GM's own measure of the tokens wins over what the attacker declared — a rifle with a melee-armed foe adjacent is refused (W22)", async () => {
    const w = cwnWorld({ measure: () => ({ metres: 20, adjacentFoe: "armed" }) });
    const rifle = { step: "declare", actorUuid: w.g1.uuid, itemId: "wRifle", targetUuid: w.vee.uuid, action: "attack", lethal: true, adjacentFoe: "none", roll: { d20: 19, trauma: [1], damage: [5] } };
    expect(await w.local(rifle)).toEqual({ ok: false, reason: "This attack cannot be made: a two-handed ranged weapon cannot be used with a melee-armed foe adjacent (W22)." });
    const far = cwnWorld({ measure: () => ({ metres: 20, adjacentFoe: "none" }) });
    expect(await far.send({ ...shot(far, { d20: 19, trauma: [1], damage: [1] }), itemId: "wKnife", distance: "adjacent" }, p1)).toMatchObject({ ok: false, reason: expect.stringContaining("melee range") });
    expect(await far.send(shot(far, { d20: 19, trauma: [1], damage: [1] }), p1)).toMatchObject({ ok: true });
    expect(far.cards()[0]!.flow.attack.measured).toBe(true);
  });
});

describe("in a fight: the action economy on the card (W7, W21–W25)", () => {
  it("W21/W7: Vee's attack in her side's turn spends her Main; a second is refused before any card (W8)", async () => {
    const w = cwnWorld({ fight: true });
    await w.play({ kind: "beginTurn", fighterId: w.id(w.vee) });
    expect(await w.send(shot(w, { d20: 5, trauma: [1], damage: [1] }), p1)).toMatchObject({ ok: true });
    expect(w.fight().fighters[w.id(w.vee)]).toMatchObject({ main: "spent" });
    expect(await w.send(shot(w, { d20: 5, trauma: [1], damage: [1] }), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("Main") });
    expect(w.cards()).toHaveLength(1);
  });

  it("W4: a guard cannot attack outside its side's turn; W23: a nameless foe cannot Snap Attack", async () => {
    const w = cwnWorld({ fight: true });
    expect(await w.local(baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }))).toMatchObject({ ok: false });
    expect(await w.local({ ...baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }), action: "snap" })).toMatchObject({ ok: false, reason: expect.stringContaining("Snap") });
    expect(w.cards()).toEqual([]);
  });

  it("W23: Vee's Snap Attack before her turn: −4 to hit, and her round's Main is gone", async () => {
    const w = cwnWorld({ fight: true, sides: (s) => s.map((x) => (x.id === "hostile" ? { ...x, roll: 8 } : x)) });
    expect(await w.send({ ...shot(w, { d20: 14, trauma: [1], damage: [1] }), action: "snap" }, p1)).toMatchObject({ ok: true });
    const r = resolutionOf(w.cards()[0]!.flow);
    expect(r.hitRoll!.parts.find((p) => p.source === "snap")!.value).toBe(-4);
    expect(w.fight().fighters[w.id(w.vee)]).toMatchObject({ main: "spent", mainBeforeTurn: true, turn: "pending" });
  });

  it("W19, W6: a guard taken to 0 goes down in the fight (its side's loss counted); undo puts the fight back exactly", async () => {
    const w = cwnWorld({ fight: true });
    await w.play({ kind: "beginTurn", fighterId: w.id(w.vee) });
    await w.send(shot(w, { d20: 14, trauma: [7], damage: [6] }), p1);
    const card = w.cards()[0]!;
    await w.local({ step: "apply", ...onCard(card) });
    expect(w.fight().fighters[w.id(w.g1)]!.downed).toBe("dead");
    expect(w.fight().sides.hostile!.lostThisRound).toEqual([w.id(w.g1)]);
    await w.local({ step: "undo", ...onCard(card) });
    expect(w.fight().fighters[w.id(w.g1)]).toMatchObject({ downed: "none", prone: false });
    expect(w.fight().sides.hostile!.lostThisRound).toEqual([]);
  });

  it("W24, seed check 8: two guards swarm Vee — the blow gets +2 to hit and +1 damage; the swarm is done after it", async () => {
    const w = cwnWorld({ fight: true });
    const [g1, g2, vee] = [w.id(w.g1), w.id(w.g2), w.id(w.vee)];
    await w.play(
      { kind: "endSideTurn" },
      { kind: "beginTurn", fighterId: g1 },
      { kind: "act", fighterId: g1, action: "swarmAttack", context: { targetId: vee } },
      { kind: "beginTurn", fighterId: g2 },
      { kind: "act", fighterId: g2, action: "swarmAttack", context: { targetId: vee } },
      { kind: "readySwarm", swarmId: 1 },
    );
    expect(await w.local({ ...baton(w, w.vee.uuid, { d20: 10, trauma: [2], damage: [3] }, w.g2), action: "swarm" })).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    const r = resolutionOf(card.flow);
    expect(r.hitRoll!.parts.find((p) => p.source === "swarm")!.value).toBe(2);
    expect(r.damage).toMatchObject({ swarm: 1, total: 5 });
    expect(card.flow.attack.swarm).toEqual({ id: 1, participants: 2, standing: 2 });
    expect(w.fight().swarms).toEqual([]);
    // No swarm is ready any more: another blow is refused.
    expect(await w.local({ ...baton(w, w.vee.uuid, { d20: 10, trauma: [2], damage: [3] }, w.g1), action: "swarm" })).toMatchObject({ ok: false });
  });
});

describe("a screened ally (W26, W40)", () => {
  /** Mack (Stab-2, Str +1, integral cyber-armor) screens Vee in the crew's turn; the guards' turn follows. */
  async function screened(options: Parameters<typeof cwnWorld>[0] = {}) {
    const w = cwnWorld({ fight: true, ...options });
    const [mack, vee, g1] = [w.id(w.mack), w.id(w.vee), w.id(w.g1)];
    await w.play(
      { kind: "beginTurn", fighterId: mack },
      { kind: "act", fighterId: mack, action: "screenAlly", context: { allyId: vee, highestSkill: 2, metres: 3, allyMetres: 2 } },
      { kind: "endSideTurn" },
      { kind: "beginTurn", fighterId: g1 },
    );
    return w;
  }

  it("the guard's 2d6 + 2 = 8 does not beat Mack's 2d6 + 3 = 9: the blow goes to Mack, who spends a use; only each side's owner rolls its own check", async () => {
    const w = await screened();
    await w.local(baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }));
    const card = w.cards()[0]!;
    expect(phaseOf(card.flow)).toBe("screen");
    expect(await w.send({ step: "screen", ...onCard(card), screener: 0, dice: [4, 2] }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "screen", ...onCard(card), screener: 0, dice: [4, 2] }, p2)).toMatchObject({ ok: true });
    expect(w.fight().fighters[w.id(w.mack)]!.effects[0]!.usesLeft).toBe(2);
    expect(await w.local({ step: "screen", ...onCard(card), dice: [3, 3] })).toMatchObject({ ok: true });
    const r = resolutionOf(card.flow);
    expect(r.screen).toMatchObject({ attackerTotal: 8, redirectedTo: 0 });
    expect(r.target).toBe("screener");
    expect(w.fight().fighters[w.id(w.mack)]!.effects[0]!.usesLeft).toBe(1);
    // Mack's player applies it to Mack; Vee's player cannot.
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "apply", ...onCard(card) }, p2)).toMatchObject({ ok: true });
    expect(w.mack.hp).toBeLessThan(12);
    expect(w.vee.hp).toBe(14);
  });

  it("a screen check rolled twice, or faces that are not 2d6, are refused", async () => {
    const w = await screened();
    await w.local(baton(w, w.vee.uuid, { d20: 15, trauma: [2], damage: [5] }));
    const card = w.cards()[0]!;
    expect(await w.local({ step: "screen", ...onCard(card), dice: [3] })).toMatchObject({ ok: false });
    await w.local({ step: "screen", ...onCard(card), dice: [3, 3] });
    expect(await w.local({ step: "screen", ...onCard(card), dice: [6, 6] })).toEqual({ ok: false, reason: "Guard 1's screen check is rolled already (W26)." });
  });
});
