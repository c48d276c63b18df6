/**
 * Slams from the attack card (G48, G49): the request names the form and the
 * yards moved, the GM picks the skill (and a shield rush's shield) from his
 * own documents, checks the yards against the maneuver's movement, and the
 * existing slam stage resolves it; the attacker's own fall (a flying tackle,
 * a shield rush knocked back) is written from the outcome. Hostile: forged
 * fields, a replay, two at once, a failure halfway, an attacker outside the
 * combat.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { chooseManeuver, type ManeuverChoice, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { phaseOf, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { FakeGurpsActor, gurpsWorld, onCard, p1, p2, swing } from "./world.js";
import { louisData } from "../fixtures/gurps-actors.js";

type World = ReturnType<typeof gurpsWorld>;
const snapshot = (w: World) => JSON.stringify([w.actors.map((a) => a.source), w.combat?.flags ?? null]);

/** Louis slams Pierre: the form and the yards, instead of the line. */
const louisSlams = (w: World, form: string, velocity: unknown, roll = [4, 4, 5], more: Record<string, unknown> = {}) => swing(w, roll, { slam: { form, velocity }, ...more });
/** Pierre (small shield, Shield-12) slams Louis. */
const pierreSlams = (w: World, form: string, velocity: number, roll = [4, 4, 4]) => ({
  step: "declare", actorUuid: w.pierre.uuid, itemId: "wpPierre", line: 0, targetUuid: w.louis.uuid, roll, slam: { form, velocity },
});

async function acts(w: World, who: FakeGurpsActor, choice: ManeuverChoice, hp: number) {
  await w.setRound(who, chooseManeuver(startTurn(w.fresh(), { hp, currentHp: hp, ht: 11 }).state, choice, {}));
}

describe("G48, G49: a slam declared from the card", () => {
  it("the GM rolls it with the best of DX, Brawling and Sumo (Louis: DX 13), free of Move and Attack's −4 and cap; the card names the form and the yards; the slam stage resolves it to the end", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "moveAndAttack" }, 11);
    expect(await w.send(louisSlams(w, "slam", 8), p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    const r = resolutionOf(card.flow.targets[0]!);
    expect([card.flow.attack.weapon, card.flow.attack.line, card.flow.attack.maneuver, card.flow.attack.skill]).toEqual(["Slam", "8 yd moved", "moveAndAttack", "DX"]);
    expect(r.skill!.effective).toBe(13);
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
    // G48: Louis HP 11 × 8 yd / 100 = 0.88 → 1d−1 (5 → 4); Pierre 12 × 8 / 100 = 0.96 → 1d−1 (1 → 0): 4 is at least twice 0, Pierre falls.
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[5]] }, p1);
    await w.send({ step: "damage", ...onCard(card), id: "slam.foeDamage", faces: [[1]] }, p2);
    const done = resolutionOf(card.flow.targets[0]!);
    expect(phaseOf(card.flow.targets[0]!)).toBe("resolved");
    expect([done.slam!.velocity, done.slam!.slammerRoll, done.slam!.foeRoll, done.slam!.knockdown]).toEqual([8, 4, 0, { foe: "falls", slammer: "stays" }]);
    // The attack is spent on his round (G35), no item changed.
    expect(w.roundOf(w.louis).actions).toBe(1);
    expect(w.roundOf(w.louis).items).toEqual({});
  });

  it("G49: a shield rush is rolled with Shield and the best ready shield, its DB added to the damage roll; Louis, with no shield, is refused", async () => {
    const w = gurpsWorld();
    expect(await w.send(pierreSlams(w, "shieldRush", 1), p2)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    expect(card.flow.attack.skill).toBe("small shield");
    expect(resolutionOf(card.flow.targets[0]!).skill!.effective).toBe(12);
    const before = snapshot(w);
    expect(await w.send(louisSlams(w, "shieldRush", 1), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("a shield rush needs a ready shield (G49)") });
    expect(snapshot(w)).toBe(before);
  });
});

describe("G48, G49: the attacker's own fall, written from the outcome", () => {
  it("a flying tackle ends lying down, hit or miss: a miss leaves Louis prone on his round at once", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "moveAndAttack" }, 11);
    expect(await w.send(louisSlams(w, "flyingTackle", 4, [6, 6, 5]), p1)).toMatchObject({ ok: true });
    const r = resolutionOf(w.cards()[0]!.flow.targets[0]!);
    expect([r.attack!.success, r.attackerPosture, w.roundOf(w.louis).posture]).toEqual([false, "prone", "prone"]);
  });

  it("a shield rush knocked back (the foe's roll at least twice his): Pierre falls on his own round, with no injury of his to apply (his shield takes it)", async () => {
    const w = gurpsWorld({ combat: true });
    w.turn.of = w.pierre.uuid;
    await acts(w, w.pierre, { id: "moveAndAttack" }, 12);
    expect(await w.send(pierreSlams(w, "shieldRush", 2), p2)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p1);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[1]] }, p2);
    await w.send({ step: "damage", ...onCard(card), id: "slam.foeDamage", faces: [[6]] }, p1);
    const r = resolutionOf(card.flow.targets[0]!);
    expect([r.self, r.attackerPosture, w.roundOf(w.pierre).posture]).toEqual([null, "prone", "prone"]);
  });

  it("a slam that leaves the slammer standing writes no posture of his", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "attack" }, 11);
    await w.send(louisSlams(w, "slam", 1, [6, 6, 5]), p1);
    expect(w.roundOf(w.louis).posture).toBe("standing");
  });
});

describe("G48, G49: hostile slams", () => {
  it("forged: no yards, too many, a pounce or a shove, a number as text, a skill slipped in, with Rapid Strike, farther than the maneuver and the foe's move allow, not against the foe — each refused, nothing posted or spent", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "attack" }, 11);
    const before = snapshot(w);
    for (const forged of [
      louisSlams(w, "slam", 0),
      louisSlams(w, "slam", 1001),
      louisSlams(w, "pounce", 1),
      louisSlams(w, "shove", 1),
      louisSlams(w, "slam", "3"),
      swing(w, [4, 4, 5], { slam: { form: "slam", velocity: 1, skill: 20 } }),
      louisSlams(w, "slam", 1, [4, 4, 5], { rapidStrike: true }),
      // Attack allows a step (1 yd) and Pierre's Move 5 toward him: 6 at most (G34, G48).
      louisSlams(w, "slam", 7),
    ]) {
      expect(await w.send(forged, p1), JSON.stringify(forged)).toMatchObject({ ok: false });
    }
    const far = gurpsWorld({ distance: 4 });
    expect(await far.send(louisSlams(far, "slam", 4), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("within 1 yard (G48)") });
    expect(await w.send(louisSlams(w, "slam", 7), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("7 yards is more than this maneuver and the foe's move allow (6 at most, G34, G48)") });
    expect(await w.send(louisSlams(w, "slam", 1, [4, 4, 5], { rapidStrike: true }), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("no Rapid Strike") });
    expect(snapshot(w)).toBe(before);
    expect(w.cards()).toEqual([]);
    expect(await w.send(louisSlams(w, "slam", 6), p1)).toMatchObject({ ok: true });
  });

  it("a maneuver that allows no slam (All-Out Attack is one; a Feint is not an attack) is refused by the round, as any attack", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "feint", targetId: "x" } as ManeuverChoice, 11);
    expect(await w.send(louisSlams(w, "slam", 1), p1)).toMatchObject({ ok: false });
    await acts(w, w.louis, { id: "allOutAttack", aoaOption: "strong" }, 11);
    // All-Out Attack moves half Move forward: 3 + Pierre's 5.
    expect(await w.send(louisSlams(w, "slam", 9), p1)).toMatchObject({ ok: false });
    expect(await w.send(louisSlams(w, "slam", 8), p1)).toMatchObject({ ok: true });
  });

  it("a replay: the same slam request delivered twice is one card and one attack spent", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "moveAndAttack" }, 11);
    const declaration = w.requestMessage(louisSlams(w, "slam", 3), p1);
    await Promise.all([w.handle(declaration), w.handle(declaration)]);
    await w.handle(declaration);
    expect(w.cards()).toHaveLength(1);
    expect(w.roundOf(w.louis).actions).toBe(1);
  });

  it("two at once: two slams on one Attack — one card, the other refused (his attack is made)", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "attack" }, 11);
    const outcomes = await Promise.all([w.send(louisSlams(w, "slam", 1), p1), w.send(louisSlams(w, "flyingTackle", 1), p1)]);
    expect(outcomes.filter((o) => o?.ok)).toHaveLength(1);
    expect(w.cards()).toHaveLength(1);
    expect(w.roundOf(w.louis).actions).toBe(1);
  });

  it("a failure halfway: a flying tackle's round write fails — the GM's client finishes it once: one attack spent, Louis prone once", async () => {
    const w = gurpsWorld({ combat: true });
    await acts(w, w.louis, { id: "moveAndAttack" }, 11);
    w.combat!.failNext(0);
    expect(await w.send(louisSlams(w, "flyingTackle", 4, [6, 6, 5]), p1)).toMatchObject({ ok: false });
    expect(w.cards()[0]!.flow.pending).toBeDefined();
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    expect(w.cards()).toHaveLength(1);
    expect(w.cards()[0]!.flow.pending).toBeUndefined();
    expect([w.roundOf(w.louis).actions, w.roundOf(w.louis).posture]).toEqual([1, "prone"]);
  });

  it("outside the combat: a second actor of Louis's player, not in the fight, cannot slam Pierre, who is in it", async () => {
    const w = gurpsWorld({ combat: true });
    const d = louisData();
    const companion = new FakeGurpsActor("Actor.companion", "Companion", d.source, d.items, [p1.id]);
    w.actors.push(companion);
    const before = snapshot(w);
    expect(await w.send({ ...louisSlams(w, "slam", 1), actorUuid: companion.uuid }, p1)).toMatchObject({ ok: false, reason: expect.stringContaining("not fighting in the combat") });
    expect(snapshot(w)).toBe(before);
  });
});
