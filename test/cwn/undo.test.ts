/**
 * Out-of-order undo (issue 22): an undone CWN attack takes back exactly what
 * its apply did — hit points and each armor piece's soak by that attack's
 * own amounts (clamped to the track), the downed state it set (W19) on the
 * actor and in the fight, the side's loss it counted (W6), the hold it cut
 * short (W37) — and nothing a later attack, the GM or the passing rounds
 * did since. Two attacks on one fighter: undo the older and the newer
 * stays; undo both, in either order, and the fighter is as it was, its
 * token statuses (which mirror the actor and the fight) included.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { wantedStatuses } from "../../src/rulesets/cwn/data/status.js";
import { cwnWorld, onCard, p1 } from "./world.js";

type World = ReturnType<typeof cwnWorld>;
const baton = (w: World, from: World["g1"], damage: number) => ({
  step: "declare", actorUuid: from.uuid, itemId: "wBaton", targetUuid: w.vee.uuid, action: "attack", lethal: true, roll: { d20: 15, trauma: [1], damage: [damage] },
});
const soak = (w: World) => (w.vee.item("aClothes").system.soak as { value: number }).value;
/** What the table shows of Vee: her track, her armor, her downed state, her fighter in the fight, her token's statuses. */
const veeNow = (w: World) => ({
  hp: w.vee.hp,
  soak: soak(w),
  downed: w.vee.downed,
  fighter: w.fight().fighters[w.id(w.vee)],
  lost: w.fight().sides.pcs!.lostThisRound,
  statuses: wantedStatuses(w.vee.downed as never, w.fight(), w.id(w.vee)),
});

/**
 * Round 1: Vee (8 HP, 3 soak) holds her action (W37); Mack passes; Guard 1
 * hits her for 6 (3 soak, 3 HP, attack A), Guard 2 for 9 (5 HP: she is
 * mortally wounded, her hold cut short, her side's loss counted; attack
 * B); both applied by her player. `endRound`: the guards' turn ends and
 * round 2 begins (the hold lapses, W37). `attacks` false: the same fight
 * with no blow struck, to compare with.
 */
async function twoBlows(options: { attacks?: boolean; endRound?: boolean } = {}) {
  const w = cwnWorld({ fight: true });
  await w.vee.update({ "system.hp.value": 8 });
  const [vee, mack, g1, g2] = [w.id(w.vee), w.id(w.mack), w.id(w.g1), w.id(w.g2)];
  await w.play({ kind: "beginTurn", fighterId: vee }, { kind: "act", fighterId: vee, action: "holdAction" }, { kind: "pass", fighterId: mack }, { kind: "beginTurn", fighterId: g1 });
  if (options.attacks !== false) {
    expect(await w.local(baton(w, w.g1, 5))).toMatchObject({ ok: true });
    expect(await w.send({ step: "apply", ...onCard(w.cards()[0]!) }, p1)).toMatchObject({ ok: true });
  } else await w.play({ kind: "act", fighterId: g1, action: "meleeAttack", context: { readiedWeapon: true } });
  await w.play({ kind: "beginTurn", fighterId: g2 });
  if (options.attacks !== false) {
    expect(await w.local(baton(w, w.g2, 8))).toMatchObject({ ok: true });
    expect(await w.send({ step: "apply", ...onCard(w.cards()[1]!) }, p1)).toMatchObject({ ok: true });
  } else await w.play({ kind: "act", fighterId: g2, action: "meleeAttack", context: { readiedWeapon: true } });
  if (options.endRound) await w.play({ kind: "endSideTurn" });
  const [older, newer] = w.cards();
  return { w, older, newer, undo: (card: typeof older) => w.send({ step: "undo", ...onCard(card!) }, p1) };
}

describe("out-of-order undo: two attacks on one fighter (W19, W6, W37)", () => {
  it("the blows as applied: A took 3 soak and 3 HP; B took her to 0 — mortally wounded, her hold gone, her side's loss", async () => {
    const { w } = await twoBlows();
    expect(veeNow(w)).toMatchObject({ hp: 0, soak: 0, downed: "mortallyWounded", fighter: { downed: "mortallyWounded", holding: false }, lost: [w.id(w.vee)], statuses: ["cwn-mortallyWounded"] });
  });

  it.each([
    ["in the same round", false],
    ["after the round ended (the hold had lapsed anyway)", true],
  ])("undo the older, the newer stays; then the newer: she is as the same fight without the blows — %s", async (_when, endRound) => {
    const control = veeNow((await twoBlows({ attacks: false, endRound })).w);
    const { w, older, newer, undo } = await twoBlows({ endRound });
    expect(await undo(older)).toMatchObject({ ok: true });
    expect(veeNow(w)).toMatchObject({ hp: 3, soak: 3, downed: "mortallyWounded", fighter: { downed: "mortallyWounded" }, statuses: ["cwn-mortallyWounded"] });
    expect(await undo(newer)).toMatchObject({ ok: true });
    expect(veeNow(w)).toEqual(control);
  });

  it.each([
    ["in the same round", false],
    ["after the round ended (the hold had lapsed anyway)", true],
  ])("undo the newer first, then the older: the same end — %s", async (_when, endRound) => {
    const control = veeNow((await twoBlows({ attacks: false, endRound })).w);
    const { w, older, newer, undo } = await twoBlows({ endRound });
    expect(await undo(newer)).toMatchObject({ ok: true });
    expect(veeNow(w)).toMatchObject({ hp: 5, soak: 0, downed: "none", fighter: { downed: "none" }, lost: [] });
    expect(await undo(older)).toMatchObject({ ok: true });
    expect(veeNow(w)).toEqual(control);
  });

  it("an undo gives back only its own: hit points healed since stay healed, up to the track's maximum (clamped)", async () => {
    const { w, newer, undo } = await twoBlows();
    await w.vee.update({ "system.hp.value": 15, "system.downed": "none" });
    expect(await undo(newer)).toMatchObject({ ok: true });
    // 15 + B's 5, held to her maximum of 17; the GM's revival stands.
    expect([w.vee.hp, w.vee.downed]).toEqual([17, "none"]);
  });

  it("a downed state set since by someone else (the GM from the token, W19) is not the undo's to take back", async () => {
    const { w, newer, undo } = await twoBlows();
    await w.vee.update({ "system.downed": "stunned" });
    expect(await undo(newer)).toMatchObject({ ok: true });
    expect(veeNow(w)).toMatchObject({ hp: 5, downed: "stunned", statuses: ["cwn-stunned", "cwn-holding"] });
  });

  it("a downed state the GM chose on the card is the card's: undo takes it back (W19)", async () => {
    const { w, newer, undo } = await twoBlows();
    expect(await w.local({ step: "downed", ...onCard(newer!), state: "unconscious" })).toMatchObject({ ok: true });
    expect(veeNow(w)).toMatchObject({ downed: "unconscious", fighter: { downed: "unconscious" }, statuses: ["cwn-unconscious"] });
    expect(await undo(newer)).toMatchObject({ ok: true });
    // Still in the round: the hold the blow cut short is hers again (W37).
    expect(veeNow(w)).toMatchObject({ downed: "none", fighter: { downed: "none", holding: true }, statuses: ["cwn-holding"] });
  });
});

describe("out-of-order undo: replays, races and a failure halfway", () => {
  it("an undo delivered twice, or sent by the GM and the player at once, gives back once", async () => {
    const { w, newer } = await twoBlows();
    const message = w.requestMessage({ step: "undo", ...onCard(newer!) }, p1);
    await Promise.all([w.handle(message), w.handle(message), w.local({ step: "undo", ...onCard(newer!) })]);
    expect(veeNow(w)).toMatchObject({ hp: 5, downed: "none", fighter: { downed: "none" }, lost: [] });
    // The GM's 8 HP, the two blows, one undo.
    expect(w.vee.writes.filter((x) => JSON.stringify(x.data).includes("hp.value"))).toHaveLength(4);
  });

  it("the fight's write fails halfway through an undo: the GM's client finishes it once — the hit points are not given twice", async () => {
    const { w, newer, undo } = await twoBlows();
    w.combat!.failNext(0);
    expect(await undo(newer)).toMatchObject({ ok: false, reason: expect.stringContaining("could not finish this step") });
    expect(w.vee.hp).toBe(5);
    expect(w.fight().fighters[w.id(w.vee)]!.downed).toBe("mortallyWounded");
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset as never, w.queue, w.messages);
    expect(veeNow(w)).toMatchObject({ hp: 5, downed: "none", fighter: { downed: "none" }, lost: [] });
  });
});
