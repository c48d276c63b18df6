/**
 * Issue "The GM holds the truth", reliability: the GM's client failing
 * halfway, a retry, a replay, two injuries to one actor at once, undo after
 * healing, and the NPC setting meeting a target that cannot be struck (R35).
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { markUpdate } from "../../src/core/transport/executor.js";
import { MAX_MARKS } from "../../src/core/writes.js";
import { thorton } from "../fixtures/cast.js";
import { FakeActor } from "./fakes.js";
import { apply, evade, p1, parry, undo, world } from "./world.js";

/** Thorton's shot at Parker, evaded badly: Parker is struck (R21). */
async function parkerStruck(w: ReturnType<typeof world>, faces = [6, 6, 6, 6, 6, 6]) {
  const card = await w.declare(w.thortonActor, "wpPistol", faces, [w.parkerActor]);
  await w.send(evade(card, [1, 1, 2]), p1);
  return card;
}

describe("a GM client that fails halfway never applies twice", () => {
  it("pools changed, then the card update fails: the next click finishes the record and the injury is applied once", async () => {
    const control = world();
    await control.send(apply(await parkerStruck(control)), p1);

    const w = world();
    const card = await parkerStruck(w);
    card.failNext(1); // the intent is recorded; clearing it fails
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("could not finish") });
    expect(w.reported.length).toBe(1);
    expect(card.flow.pending).toBeDefined();
    expect(w.parkerActor.pools()).toEqual(control.parkerActor.pools());

    // The player clicks Apply again: the recorded writes are finished (each skips itself), the second apply is refused.
    expect(await w.send(apply(card), p1)).toEqual({ ok: false, reason: "The injury to Parker is already applied; undo it first." });
    expect(card.flow.pending).toBeUndefined();
    expect(w.parkerActor.pools()).toEqual(control.parkerActor.pools());
    expect(w.parkerActor.updates.length).toBe(1);
  });

  it("pools written, then creating the conditions fails: a restart finishes exactly what was missing", async () => {
    const control = world();
    await control.send(apply(await parkerStruck(control)), p1);
    expect(control.parkerActor.created.length).toBe(1);

    const w = world();
    const card = await parkerStruck(w);
    w.parkerActor.failNext(1); // the pools update passes, the conditions' creation fails
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: false });
    expect(w.parkerActor.created).toEqual([]);
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    expect(card.flow.pending).toBeUndefined();
    expect(w.parkerActor.pools()).toEqual(control.parkerActor.pools());
    expect([...w.parkerActor.effectList.values()].map((e) => e.letter)).toEqual([...control.parkerActor.effectList.values()].map((e) => e.letter));
    expect(w.parkerActor.updates.length).toBe(1);
  });

  it("a card left pending while many later writes reach the same actor: its markers are held, so the late finish still lands once", async () => {
    const control = world();
    await control.send(apply(await parkerStruck(control)), p1);

    const w = world();
    const card = await parkerStruck(w);
    card.failNext(1); // the intent is recorded and the pools written; clearing it fails: the card stays pending
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: false });
    expect(card.flow.pending).toBeDefined();
    const markerKey = `${card.flow.pending!.requestId}-0`;
    // More writes to Parker than a document keeps markers for (MAX_MARKS), from other requests.
    for (let i = 0; i < MAX_MARKS + 4; i++) await w.parkerActor.update({ ...markUpdate(w.parkerActor.flags, `other${i}-0`, i, w.env.pendingMarks) });
    expect(Object.keys((w.parkerActor.flags as { cychosys: { intents: object } }).cychosys.intents)).toContain(markerKey);
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    expect(card.flow.pending).toBeUndefined();
    expect(w.parkerActor.pools()).toEqual(control.parkerActor.pools());
  });

  it("a failure before anything was recorded changes nothing and the step can simply be asked again", async () => {
    const w = world();
    const card = await parkerStruck(w);
    const before = structuredClone(w.parkerActor.pools());
    card.failNext(0); // recording the intent fails
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: false });
    expect(w.parkerActor.pools()).toEqual(before);
    expect(card.flow.targets[0]!.phase).toBe("resolved");
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: true });
    expect(w.parkerActor.updates.length).toBe(1);
  });

  it("a request handled twice (a replay of the same message) changes nothing the second time", async () => {
    const w = world();
    const card = await parkerStruck(w);
    const request = w.requestMessage(apply(card), p1);
    expect(await w.handle(request)).toMatchObject({ ok: true });
    const pools = structuredClone(w.parkerActor.pools());
    expect(await w.handle(request)).toMatchObject({ ok: true });
    expect(w.parkerActor.pools()).toEqual(pools);
    expect(w.parkerActor.updates.length).toBe(1);
  });

  it("a declaration handled twice posts one card and spends one action (R15)", async () => {
    const w = world({ combat: true });
    const request = w.requestMessage(
      { step: "declare", actorUuid: w.parkerActor.uuid, itemId: "wpPistol", roll: { totalKey: "gear:wpPistol", faces: [5, 5, 5, 5, 5], modifier: 0 }, added: [], targets: [w.thortonActor.uuid] },
      p1,
    );
    await w.handle(request);
    await w.handle(request);
    expect(w.messages.filter((m) => m.flags.cychosys?.flow).length).toBe(1);
    expect(w.combat!.roundOf(w.parkerActor)!.budget.spent).toBe(1);
  });
});

describe("concurrent injuries and undo", () => {
  it("two attacks applied to one actor at once both land", async () => {
    const w = world();
    const first = await parkerStruck(w, [6, 6, 6, 6, 6, 6]);
    const second = await parkerStruck(w, [5, 5, 5, 5, 5, 5]);
    const before = w.parkerActor.pools().hit;
    await Promise.all([w.send(apply(first), p1), w.send(apply(second), p1)]);
    const lost = (card: typeof first) => {
      const a = card.flow.targets[0]!.applications[0]!;
      return a.before.hit.physical - a.after.hit.physical + a.before.hit.mental - a.after.hit.mental + a.before.hit.emotional - a.after.hit.emotional;
    };
    const after = w.parkerActor.pools().hit;
    expect(before.physical + before.mental + before.emotional - (after.physical + after.mental + after.emotional)).toBe(lost(first) + lost(second));
  });

  it("undo after the victim healed to the maximum is clamped to the pool's range and succeeds", async () => {
    const w = world();
    const card = await parkerStruck(w);
    await w.send(apply(card), p1);
    // Parker's player heals him fully on his own sheet (their own actor).
    await w.parkerActor.as(p1).update({ "system.pools.hit.physical.value": 10, "system.pools.hit.mental.value": 5, "system.pools.hit.emotional.value": 4 });
    expect(await w.send(undo(card), p1)).toMatchObject({ ok: true });
    expect(w.parkerActor.pools().hit).toEqual({ physical: 10, mental: 5, emotional: 4 });
    expect(w.reported).toEqual([]);
  });
});

describe("R35 with the NPC setting on", () => {
  /** Thorton shrunk: his skin carries T, so an attack without T or V cannot strike him (R35). */
  function smallThorton(w: ReturnType<typeof world>) {
    const small = new FakeActor("Actor.imp", "Imp", "npc", { ...thorton, system: { ...thorton.system, natural: { skin: "T1", will: "0" } } }, []);
    w.actors.push(small);
    return small;
  }

  it("a small NPC that fails its parry is not struck: nothing is applied, nothing is half-written, the card stays answerable", async () => {
    const w = world({ autoApply: true, combat: true });
    const imp = smallThorton(w);
    w.combat!.add(imp);
    const card = await w.declare(w.parkerActor, "wpPistol", [9, 9, 9, 9, 9], [imp], p1);
    expect(await w.local(parry(card, [1, 1, 1, 1], "skill:skBrawl"))).toMatchObject({ ok: true });
    expect(card.flow.targets[0]!.phase).toBe("resolved");
    expect(card.flow.pending).toBeUndefined();
    expect(imp.writes).toEqual([]);
    expect(w.combat!.roundOf(imp)).toBeUndefined();
  });

  it("a small NPC whose parry wins holds its R25 bonus once, and the card is settled", async () => {
    const w = world({ autoApply: true, combat: true });
    const imp = smallThorton(w);
    w.combat!.add(imp);
    const card = await w.declare(w.parkerActor, "wpPistol", [1, 1, 1, 1, 1], [imp], p1);
    expect(await w.local(parry(card, [9, 9, 9, 9], "skill:skBrawl"))).toMatchObject({ ok: true });
    expect(card.flow.targets[0]!.phase).toBe("resolved");
    expect(w.combat!.roundOf(imp)!.parryBonuses).toHaveLength(1);
    expect(card.flow.pending).toBeUndefined();
  });
});
