/**
 * G31 on the attack card: while a Wait's trigger fired from the tracker acts
 * (the combat's `gurpsOrder.interrupt = { by, of }`), the fighter whose turn
 * it interrupted cannot attack — the waiter acts now, and the turn resumes
 * once he presses Done — and the waiter attacks out of turn. Hostile: a
 * forged field, a replay, two at once, a failure halfway, an actor outside
 * the combat; and the pure decision (interruptRefusal) on its own.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { attackRefusal, chooseManeuver, fireWait, freshItem, interruptRefusal, newFighterRound, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { pierreData } from "../fixtures/gurps-actors.js";
import { FakeGurpsActor, gm, gurpsWorld, p1, p2, swing } from "./world.js";

type World = ReturnType<typeof gurpsWorld>;
const louisFigures = { hp: 11, currentHp: 11, ht: 11 };
const pierreFigures = { hp: 12, currentHp: 12, ht: 11 };
const snapshot = (w: World) => JSON.stringify([w.actors.map((a) => a.source), w.combat?.flags ?? null, w.cards().length]);

/** Pierre swings back at Louis. */
const pierreSwings = (w: World, roll = [4, 4, 5], more: Record<string, unknown> = {}) => ({
  step: "declare", actorUuid: w.pierre.uuid, itemId: "wpPierre", line: 0, targetUuid: w.louis.uuid, roll, ...more,
});

/**
 * Pierre's turn under Attack; Louis's Wait ("Pierre steps in" → Attack)
 * triggered from the tracker, as the GM writes it: the Wait converted and
 * the interrupt noted on the order.
 */
async function louisInterruptsPierre(w: World) {
  w.turn.of = w.pierre.uuid;
  await w.setRound(w.pierre, chooseManeuver(startTurn(w.fresh(), pierreFigures).state, { id: "attack" }, {}));
  const waiting = chooseManeuver(startTurn(w.fresh(), louisFigures).state, { id: "wait", wait: { trigger: "Pierre steps in", response: "attack" } }, {});
  await w.setRound(w.louis, fireWait(waiting, { myTurn: false }));
  await w.combat!.update({ "flags.cychosys.gurpsOrder": { keys: {}, acting: "cbtPierre", ended: false, at: null, interrupt: { by: "cbtLouis", of: "cbtPierre" } } });
}

describe("G31: the interrupted fighter waits while the Wait acts (pure decision)", () => {
  const round = chooseManeuver(startTurn(newFighterRound(), pierreFigures).state, { id: "attack" }, {});
  const open = { by: "cbtLouis", of: "cbtPierre" };
  it("no interrupt, or the waiter himself: nothing refused", () => {
    expect(interruptRefusal(null, "cbtPierre", round, true)).toBeNull();
    expect(interruptRefusal(open, "cbtLouis", round, false)).toBeNull();
  });
  it("the interrupted fighter is refused on his own turn (G31); a third fighter only with a Wait already triggered", () => {
    expect(interruptRefusal(open, "cbtPierre", round, true)).toEqual({ reason: "interrupted", rule: "G31" });
    expect(interruptRefusal(open, "cbtSentry", round, false)).toEqual({ reason: "interruptOpen", rule: "G31" });
    expect(interruptRefusal(open, "cbtSentry", { ...round, waitTriggered: true }, false)).toBeNull();
  });
  it("attackRefusal asks it first when given the combat's interrupt; without one it is unchanged", () => {
    const o = { myTurn: true, rapidStrike: false, item: freshItem({ ready: true }), unbalanced: false };
    expect(attackRefusal(round, { ...o, interrupt: { open, id: "cbtPierre" } })).toEqual({ reason: "interrupted", rule: "G31" });
    expect(attackRefusal(round, { ...o, interrupt: { open: null, id: "cbtPierre" } })).toBeNull();
    expect(attackRefusal(round, o)).toBeNull();
  });
});

describe("G31 on the attack card: the interrupted fighter cannot attack while the Wait acts", () => {
  it("Pierre, interrupted on his turn, is refused with why (Louis acts now; his turn resumes after Done); Louis attacks out of turn under his triggered Wait", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    const before = snapshot(w);
    const refused = await w.send(pierreSwings(w), p2);
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { reason: string }).reason).toBe("Not now: Louis acts now on his triggered Wait; Pierre's turn resumes once Louis presses Done (G31).");
    expect(snapshot(w)).toBe(before);
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[0]!.flow.targets[0]!).maneuver).toBe("attack");
    expect(w.roundOf(w.louis)).toMatchObject({ actions: 1, waitTriggered: true });
    expect(w.roundOf(w.pierre).actions).toBe(0);
  });

  it("the GM attacking for Pierre is refused too (the rule, not the author); once the interrupt is cleared (Done), Pierre attacks", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    expect(await w.send(pierreSwings(w), gm)).toMatchObject({ ok: false, reason: expect.stringContaining("Pierre's turn resumes once Louis presses Done") });
    await w.combat!.update({ "flags.cychosys.gurpsOrder.interrupt": null });
    expect(await w.send(pierreSwings(w), p2)).toMatchObject({ ok: true });
    expect(w.roundOf(w.pierre).actions).toBe(1);
  });

  it("another fighter's untriggered Wait is not triggered by the card while an interrupt is open (one at a time, as the tracker)", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    // Someone else's Wait acts on Pierre's turn; Louis's own Wait is still untriggered.
    await w.combat!.update({ "flags.cychosys.gurpsOrder.interrupt": { by: "cbtSentry", of: "cbtPierre" } });
    await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), louisFigures).state, { id: "wait", wait: { trigger: "Pierre steps in", response: "attack" } }, {}));
    const before = snapshot(w);
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("another Wait may be triggered once") });
    expect(snapshot(w)).toBe(before);
  });
});

describe("G31 on the attack card: hostile requests", () => {
  it("a forged field: a request claiming the turn, the interrupt or the waiter's place is refused by its shape; another's waiter is not his to send", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    const before = snapshot(w);
    for (const forged of [
      pierreSwings(w, [4, 4, 5], { myTurn: false }),
      pierreSwings(w, [4, 4, 5], { interrupt: null }),
      pierreSwings(w, [4, 4, 5], { waitTriggered: true }),
      pierreSwings(w, [4, 4, 5], { maneuver: "wait" }),
    ]) {
      expect(await w.send(forged, p2), JSON.stringify(forged)).toMatchObject({ ok: false });
    }
    // Pierre's player sends Louis's (the waiter's) attack: not his character.
    expect(await w.send(swing(w), p2)).toMatchObject({ ok: false, reason: expect.stringContaining("not yours") });
    expect(snapshot(w)).toBe(before);
  });

  it("a malformed interrupt on the combat (not the GM's shape) is no interrupt: read as none, Pierre's turn plays", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    await w.combat!.update({ "flags.cychosys.gurpsOrder.interrupt": { by: "cbt Louis!", of: "cbtPierre" } });
    expect(await w.send(pierreSwings(w), p2)).toMatchObject({ ok: true });
  });

  it("a replay: the interrupted fighter's refused request delivered twice changes nothing; the waiter's delivered twice is one card, one attack", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    const before = snapshot(w);
    const refused = w.requestMessage(pierreSwings(w), p2);
    await Promise.all([w.handle(refused), w.handle(refused)]);
    await w.handle(refused);
    expect(snapshot(w)).toBe(before);
    const declaration = w.requestMessage(swing(w), p1);
    await Promise.all([w.handle(declaration), w.handle(declaration)]);
    await w.handle(declaration);
    expect(w.cards()).toHaveLength(1);
    expect(w.roundOf(w.louis).actions).toBe(1);
  });

  it("two at once: the waiter and the interrupted fighter declare together — the waiter's card, the other refused; two from the waiter — one card (his Wait gives one attack)", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    const [louisOut, pierreOut] = await Promise.all([w.send(swing(w), p1), w.send(pierreSwings(w), p2)]);
    expect([louisOut?.ok, pierreOut?.ok]).toEqual([true, false]);
    expect(w.cards()).toHaveLength(1);
    expect(w.roundOf(w.pierre).actions).toBe(0);
    const again = await Promise.all([w.send(swing(w), p1), w.send(swing(w, [3, 4, 5]), p1)]);
    expect(again.filter((o) => o?.ok)).toHaveLength(0);
    expect(w.roundOf(w.louis).actions).toBe(1);
    const v = gurpsWorld({ combat: true });
    await louisInterruptsPierre(v);
    const both = await Promise.all([v.send(swing(v), p1), v.send(swing(v, [3, 4, 5]), p1)]);
    expect(both.filter((o) => o?.ok)).toHaveLength(1);
    expect(v.cards()).toHaveLength(1);
    expect(v.roundOf(v.louis).actions).toBe(1);
  });

  it("a failure halfway: the waiter's round write fails — the GM's client finishes it once: one card, one attack spent, the interrupt still Pierre's to wait out", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    w.combat!.failNext(0);
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: false });
    expect(w.cards()[0]!.flow.pending).toBeDefined();
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    expect(w.cards()).toHaveLength(1);
    expect(w.cards()[0]!.flow.pending).toBeUndefined();
    expect(w.roundOf(w.louis).actions).toBe(1);
    expect(await w.send(pierreSwings(w), p2)).toMatchObject({ ok: false, reason: expect.stringContaining("resumes once Louis presses Done") });
  });

  it("an actor outside the combat: Pierre's player's second fighter, not in the fight, cannot attack in Pierre's stead while Pierre waits", async () => {
    const w = gurpsWorld({ combat: true });
    await louisInterruptsPierre(w);
    const d = pierreData();
    const twin = new FakeGurpsActor("Actor.twin", "Twin", d.source, d.items, [p2.id]);
    w.actors.push(twin);
    const before = snapshot(w);
    expect(await w.send({ ...pierreSwings(w), actorUuid: twin.uuid }, p2)).toMatchObject({ ok: false, reason: expect.stringContaining("not fighting in the combat") });
    expect(snapshot(w)).toBe(before);
  });
});
