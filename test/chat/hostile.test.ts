/**
 * Issue "The GM holds the truth": each attack a hostile player could make on
 * the attack workflow with edits Foundry lets any player make, replayed
 * against the fakes' permission model. Each failed before the change.
 */
import { describe, expect, it } from "vitest";
import { assertMayAttack } from "../../src/rulesets/cychosys/workflow/attack.js";
import { planWrites } from "../../src/core/transport/executor.js";
import { trustedFlow } from "../../src/core/transport/flow-store.js";
import { applyInjury } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { FakeMessage } from "./fakes.js";
import { apply, decline, evade, gm, p1, p2, parry, undo, world } from "./world.js";

/** A card the attacker's player writes themselves, copying a real one with changes. */
function selfPosted(w: ReturnType<typeof world>, from: FakeMessage, change: (flow: FakeMessage["flow"]) => void): FakeMessage {
  const flow = structuredClone(from.flow);
  change(flow);
  const forged = new FakeMessage(`forged${w.messages.length}`, p1, { cychosys: { flow } });
  w.messages.push(forged);
  return forged;
}

describe("hostile players against the attack card", () => {
  it("rewriting the flow (total 999, a forged exchange, then declineCounter) is refused by Foundry, and a self-posted copy is no card", async () => {
    const w = world({ autoApply: true });
    const card = await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    await expect(card.as(p1).update({ "flags.cychosys.flow.attack.total": 999 })).rejects.toThrow("may not modify");
    const forged = selfPosted(w, card, (flow) => {
      flow.attack.total = 999;
      flow.targets[0]!.phase = "exchange";
      flow.targets[0]!.awaiting = "attacker";
      flow.targets[0]!.defense = { form: "counter", total: 1, surge: false, edge: "0" };
      flow.targets[0]!.counters = [{ side: "defender", total: 1, surge: false }];
    });
    const before = structuredClone(w.thortonActor.pools());
    expect(await w.send({ ...decline(forged), attackId: forged.flow.id }, p1)).toEqual({ ok: false, reason: "That attack card no longer exists or has changed." });
    expect(trustedFlow(forged)).toBeUndefined();
    expect(w.thortonActor.pools()).toEqual(before);
    expect(w.thortonActor.writes).toEqual([]);
  });

  it("a self-posted card whose parry object names another player's item writes no item's hits", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], [w.parkerActor]);
    const riddlePistol = w.riddleActor.items.get("wpPistol")!;
    const forged = selfPosted(w, card, (flow) => {
      flow.targets[0]!.defense = { form: "parry", total: 40, surge: false, object: { name: "pistol", shield: "0", hits: 5, itemUuid: riddlePistol.uuid } };
      flow.targets[0]!.phase = "resolved";
      flow.targets[0]!.defenses = 1;
    });
    expect(await w.send(apply(forged), p1)).toMatchObject({ ok: false });
    // And on the real card a parry object can only be the defender's own item: Riddle's item id on Parker's parry is not found.
    const outcome = await w.send(parry(card, [9, 9, 9, 9], "skill:skBrawl", { itemId: "wpPistolOfRiddle" }), p1);
    expect(outcome).toMatchObject({ ok: false });
    expect(riddlePistol.writes).toEqual([]);
  });

  it("a write naming a parry object that is not the defender's is refused before anything changes", async () => {
    const w = world();
    const riddlePistol = w.riddleActor.items.get("wpPistol")!;
    const scope = { participants: new Set([w.parkerActor.uuid, w.thortonActor.uuid]), objects: new Map([[riddlePistol.uuid, w.parkerActor.uuid]]) };
    await expect(planWrites([{ kind: "adjust", uuid: riddlePistol.uuid, changes: [{ path: "system.parry.hits", delta: -2, min: 0, max: 999 }] }], w.env, scope, w.ruleset.round)).rejects.toThrow();
  });

  it("clearing `applications` and resetting the phase cannot apply the same injury twice", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 2]), p1);
    await w.send(apply(card), p1);
    await expect(card.as(p1).update({ "flags.cychosys.flow.targets": [{ ...card.flow.targets[0], phase: "resolved", applications: [] }] })).rejects.toThrow();
    const forged = selfPosted(w, card, (flow) => {
      flow.targets[0]!.phase = "resolved";
      flow.targets[0]!.applications = [];
    });
    expect(await w.send(apply(forged), p1)).toMatchObject({ ok: false });
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: false });
    expect(w.parkerActor.updates.length).toBe(1);
  });

  it("an edited application record cannot poison undo: only the GM's record is read", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 2]), p1);
    const poolsBefore = structuredClone(w.parkerActor.pools());
    await w.send(apply(card), p1);
    const forged = selfPosted(w, card, (flow) => {
      const a = flow.targets[0]!.applications[0]!;
      a.before = { hit: { physical: 0, mental: 0, emotional: 0 }, fatigue: { physical: 0, mental: 0, emotional: 0 } };
      a.after = { hit: { physical: 99, mental: 99, emotional: 99 }, fatigue: { physical: 0, mental: 0, emotional: 0 } };
      a.conditions = [{ id: "old0", letter: "B", piercing: true }];
    });
    expect(await w.send(undo(forged), p1)).toMatchObject({ ok: false });
    expect(await w.send(undo(card), p1)).toMatchObject({ ok: true });
    expect(w.parkerActor.pools()).toEqual(poolsBefore);
  });

  it("swapping the target's actorUuid (same name) cannot make the GM's apply hurt another player's character", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 2]), p1);
    const forged = selfPosted(w, card, (flow) => {
      flow.targets[0]!.target.actorUuid = w.riddleActor.uuid;
    });
    expect(await w.local(apply(forged))).toMatchObject({ ok: false });
    expect(w.riddleActor.writes).toEqual([]);
    // A write to anyone but the flow's participants is refused by the executor itself.
    const scope = { participants: new Set([w.parkerActor.uuid, w.thortonActor.uuid]), objects: new Map<string, string>() };
    const change = { path: "system.pools.hit.physical.value", delta: -5, min: 0, max: { path: "system.pools.hit.physical.max" } };
    await expect(planWrites([{ kind: "adjust", uuid: w.riddleActor.uuid, changes: [change] }], w.env, scope, w.ruleset.round)).rejects.toThrow("Only the attacker and the targets");
  });

  it("a flipped verdict does not land: applying recomputes the verdict from the stored totals", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], [w.parkerActor]);
    await w.send(evade(card, [10, 10, 10]), p1);
    const flow = structuredClone(card.flow);
    expect(flow.targets[0]!.verdict).toEqual({ struck: "none", missed: "miss" });
    flow.targets[0]!.verdict = { struck: "defender", striker: "attacker", strikingTotal: 99, otherTotal: 0, edge: "B2" };
    const state = { outfit: w.parkerActor.system.derived!.outfit, extraSoakSteps: 0, pools: w.parkerActor.pools() };
    expect(() => applyInjury(flow, 0, state, {}, { id: "gm", isGM: true, owns: () => true }, ["x1", "x2", "x3"])).toThrow("Nobody is struck");
  });

  it("choices.nonLethal: \"bogus\" is refused with a clear reply; nothing is marked applied", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 2]), p1);
    const outcome = await w.send(apply(card, { nonLethal: "bogus" }), p1);
    expect(outcome).toEqual({ ok: false, reason: 'The GM could not accept this request: "choices.nonLethal" is not one of the allowed values. Nothing changed.' });
    expect(card.flow.targets[0]!.phase).toBe("resolved");
    expect(w.parkerActor.writes).toEqual([]);
  });

  it("the round budget lives on the combat, which no player can write", async () => {
    const w = world({ combat: true });
    await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    await expect(w.combat!.as(p1).update({ "flags.cychosys.rounds": {} })).rejects.toThrow("may not modify");
    expect(() => assertMayAttack(w.env.combatantOf(w.parkerActor.uuid))).toThrow("No action left");
  });
});

describe("malformed requests get a clear reply, are deleted, and never throw", () => {
  const cases: [string, (card: FakeMessage) => unknown, string][] = [
    ["a defense without its answer", (c) => ({ step: "defend", attackId: c.flow.id, messageId: c.id, targetIndex: 0 }), '"answer" is missing.'],
    ["added effects as a string", (c) => ({ step: "defend", attackId: c.flow.id, messageId: c.id, targetIndex: 0, answer: { form: "counter", roll: { totalKey: "gear:wpPistol", faces: [1, 1, 1, 1, 1], modifier: 0 }, weaponId: "wpPistol", added: "VV" } }), '"answer.added" has the wrong type.'],
    ["piercing as an object", (c) => ({ step: "apply", attackId: c.flow.id, messageId: c.id, targetIndex: 0, choices: { piercing: {} } }), '"choices.piercing" has the wrong type.'],
    ["targets not a list", (c) => ({ step: "assignTargets", attackId: c.flow.id, messageId: c.id, targets: "Actor.riddle" }), '"targets" has the wrong type.'],
    ["an unknown step", (c) => ({ step: "healEveryone", attackId: c.flow.id, messageId: c.id }), '"step" is not one of the allowed values.'],
    ["a negative target index", (c) => ({ ...undo(c), targetIndex: -1 }), '"targetIndex" is out of range.'],
    ["a modifier of a million", (c) => ({ ...evade(c, [1, 1, 1]), answer: { form: "evade", roll: { totalKey: "skill:skEvade", faces: [1, 1, 1], modifier: 1e6 } } }), '"answer.roll.modifier" is out of range.'],
    ["an extra field", (c) => ({ ...undo(c), sneaky: true }), '"sneaky" is not a field this request has.'],
    ["a string", () => "undo everything", "has the wrong type."],
    ["null", () => null, "has the wrong type."],
  ];
  for (const [name, build, problem] of cases) {
    it(`${name}: refused, whispered back, deleted`, async () => {
      const w = world();
      const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
      const writes = card.writes.length;
      const request = w.requestMessage(build(card), p2);
      const outcome = await w.handle(request);
      expect(outcome).toMatchObject({ ok: false });
      expect((outcome as { reason: string }).reason).toContain(problem);
      expect(request.deleted).toBe(true);
      expect(w.whispers.map((x) => x.user)).toEqual(["p2"]);
      expect(card.writes.length).toBe(writes);
    });
  }

  it("a request with no author is deleted and nothing runs", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    const request = w.requestMessage(evade(card, [1, 1, 1]), null);
    expect(await w.handle(request)).toMatchObject({ ok: false });
    expect(request.deleted).toBe(true);
    expect(card.flow.targets[0]!.phase).toBe("awaitingDefense");
  });

  it("the player who wrote the request hears the refusal, not the GM", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(undo(card), p2);
    expect(w.whispers).toEqual([{ user: "p2", text: "There is no applied injury to undo." }]);
    expect(gm.id).not.toBe("p2");
  });
});
