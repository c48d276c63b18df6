import { describe, expect, it } from "vitest";
import { dispatchStep } from "../../src/core/transport/processor.js";
import { attackDeclaration, type AttackRequest } from "../../src/rulesets/cychosys/workflow/requests.js";
import { heldParryBonusOf } from "../../src/rulesets/cychosys/workflow/attack.js";
import { trustedFlow } from "../../src/core/transport/flow-store.js";
import type { AttackFlow } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { gm2, p3 } from "./fakes.js";
import { apply, evade, gm, p1, p2, undo, world } from "./world.js";

describe("the GM's client runs requests (docs/combat-workflow.md)", () => {
  it("a player defends their own character against an NPC's attack: the flow settles, the request is deleted", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    const request = w.requestMessage(evade(card, [1, 1, 2]), p1);
    expect(await w.handle(request)).toMatchObject({ ok: true });
    expect(request.deleted).toBe(true);
    const flow = trustedFlow<AttackFlow>(card)!;
    // Parker's evade is 4 + 1 + 1 + 2 = 8 against Thorton's 9 + 36 − 2 (his piercing B, R10) = 43.
    expect(flow.attack.total).toBe(43);
    expect(flow.targets[0]).toMatchObject({ phase: "resolved", defenses: 1, defense: { form: "evade", total: 8 }, verdict: { struck: "defender" } });
    expect(w.whispers).toEqual([]);
  });

  it("a player's attack is posted by the GM: the card is the GM's message, spoken for the attacker, and the player cannot edit it", async () => {
    const w = world();
    const card = await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    expect(card.author).toEqual(gm);
    expect(card.flow.attacker).toEqual({ actorUuid: w.parkerActor.uuid, name: "Parker" });
    expect(card.flow.attack.total).toBe(11 + 25);
    expect(card.flow.origin).toMatch(/^req/);
    await expect(card.as(p1).update({ "flags.cychosys.flow.attack.total": 999 })).rejects.toThrow("may not modify");
    expect(card.flow.attack.total).toBe(36);
  });

  it("the GM answers for an NPC against a player's attack, then applies the injury to the NPC", async () => {
    const w = world();
    const card = await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    const before = structuredClone(w.thortonActor.pools());
    expect(await w.local(evade(card, [1, 1, 1, 1], "skill:skBrawl"))).toMatchObject({ ok: true });
    expect(await w.local(apply(card))).toMatchObject({ ok: true });
    const application = card.flow.targets[0]!.applications[0]!;
    expect(card.flow.targets[0]!.phase).toBe("applied");
    expect(application.before).toEqual(before);
    expect(w.thortonActor.pools()).toEqual(application.after);
    expect(w.thortonActor.pools()).not.toEqual(before);
    expect(card.flow.pending).toBeUndefined();
  });

  it("player against player: only the target's player may defend, and the struck side's player applies", async () => {
    const w = world();
    const card = await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.riddleActor], p1);
    expect(await w.send(evade(card, [1, 1, 1]), p1)).toEqual({ ok: false, reason: "Only Riddle's owner or the GM can answer for Riddle." });
    expect(await w.send(evade(card, [1, 1, 1]), p2)).toMatchObject({ ok: true });
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: false });
    expect(await w.send(apply(card), p2)).toMatchObject({ ok: true });
    expect(w.riddleActor.updates.length).toBe(1);
    expect(w.parkerActor.updates).toEqual([]);
  });

  it("a forged request (the author does not own the actor) is refused, whispered back, and changes nothing", async () => {
    const w = world();
    const card = await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    const flowBefore = structuredClone(card.flow);
    const writes = card.writes.length;
    const request = w.requestMessage(evade(card, [10, 10, 10, 10], "skill:skBrawl"), p2);
    expect(await w.handle(request)).toEqual({ ok: false, reason: "Only Thorton's owner or the GM can answer for Thorton." });
    expect(w.whispers).toEqual([{ user: "p2", text: "Only Thorton's owner or the GM can answer for Thorton." }]);
    expect(request.deleted).toBe(true);
    expect(card.writes.length).toBe(writes);
    expect(card.flow).toEqual(flowBefore);
  });

  it("a request naming dice that are not the total's is refused (no forged totals)", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    const writes = card.writes.length;
    expect(await w.send(evade(card, [10, 10, 10, 10, 10, 10, 10]), p1)).toEqual({ ok: false, reason: "The roll must be 3 Cychosys dice, faces 1 to 12." });
    expect(card.writes.length).toBe(writes);
  });

  it("a second apply is refused even when both requests arrive together; the pools change once", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 2]), p1);
    const [first, second] = await Promise.all([w.send(apply(card), p1), w.send(apply(card), p1)]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual({ ok: false, reason: "The injury to Parker is already applied; undo it first." });
    expect(w.parkerActor.updates.length).toBe(1);
    expect(trustedFlow<AttackFlow>(card)!.targets[0]!.applications.length).toBe(1);
  });

  it("undo restores the pools and removes exactly the conditions the injury created, once", async () => {
    const w = world();
    const card = await w.declare(w.parkerActor, "wpPistol", [9, 9, 9, 9, 9], [w.thortonActor], p1);
    const poolsBefore = structuredClone(w.thortonActor.pools());
    const effectsBefore = [...w.thortonActor.effectList.keys()];
    await w.local(evade(card, [1, 1, 1, 1], "skill:skBrawl"));
    expect(await w.local(apply(card))).toMatchObject({ ok: true });
    const created = card.flow.targets[0]!.applications[0]!.conditions.map((c) => c.id);
    expect(created.length).toBeGreaterThan(0);
    expect(w.thortonActor.created[0]!.options).toEqual({ keepId: true });
    expect([...w.thortonActor.effectList.keys()]).toEqual([...effectsBefore, ...created]);

    expect(await w.local(undo(card))).toMatchObject({ ok: true });
    expect(w.thortonActor.pools()).toEqual(poolsBefore);
    expect(w.thortonActor.deleted).toEqual([created]);
    expect([...w.thortonActor.effectList.keys()]).toEqual(effectsBefore);
    expect(await w.local(undo(card))).toEqual({ ok: false, reason: "There is no applied injury to undo." });
    expect(card.flow.targets[0]!.phase).toBe("resolved");
    expect(card.flow.targets[0]!.applications[0]!.undoneBy).toBe("gm");
  });

  it("R15: a second defense spends an action in the combat's round state; a third with none left is refused before anything changes", async () => {
    const w = world({ combat: true });
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 2]), p1);
    expect(w.combat!.roundOf(w.parkerActor)).toBeUndefined();
    await w.send(evade(card, [2, 2, 2]), p1);
    expect(w.combat!.roundOf(w.parkerActor)!.budget.spent).toBe(1);
    const flowBefore = structuredClone(trustedFlow<AttackFlow>(card));
    expect(await w.send(evade(card, [3, 3, 3]), p1)).toMatchObject({ ok: false });
    expect(trustedFlow<AttackFlow>(card)).toEqual(flowBefore);
  });

  it("with the NPC setting on, the GM applies the default injury as soon as an NPC is struck", async () => {
    const w = world({ autoApply: true });
    const card = await w.declare(w.parkerActor, "wpPistol", [9, 9, 9, 9, 9], [w.thortonActor], p1);
    await w.local(evade(card, [1, 1, 1, 1], "skill:skBrawl"));
    expect(card.flow.targets[0]!.phase).toBe("applied");
    expect(w.thortonActor.updates.length).toBe(1);
  });

  it("a second defense clears the earlier verdict in the stored flags (Foundry's merge would keep it)", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 1]), p1);
    expect(card.flow.targets[0]!.verdict).toMatchObject({ struck: "defender" });
    await w.send(evade(card, [10, 10, 10]), p1);
    expect(card.flow.targets[0]!.verdict).toEqual({ struck: "none", missed: "miss" });
  });

  it("only the active GM's client handles requests; other messages are left alone", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    const request = w.requestMessage(evade(card, [1, 1, 2]), p1);
    const { handleRequestMessage } = await import("../../src/core/transport/processor.js");
    expect(await handleRequestMessage(w.env, w.ruleset, w.queue, request, { ...p2, isActiveGM: false })).toBeUndefined();
    expect(await handleRequestMessage(w.env, w.ruleset, w.queue, request, { ...gm2, isActiveGM: false })).toBeUndefined();
    const writes = card.writes.length;
    expect(await w.handle(card)).toBeUndefined();
    expect(request.deleted).toBe(false);
    expect(card.writes.length).toBe(writes);
  });

  it("a bystander who owns nothing can neither defend, apply nor undo", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    expect(await w.send(evade(card, [1, 1, 2]), p3)).toMatchObject({ ok: false });
    await w.send(evade(card, [1, 1, 2]), p1);
    expect(await w.send(apply(card), p3)).toMatchObject({ ok: false });
    await w.send(apply(card), p1);
    expect(await w.send(undo(card), p3)).toMatchObject({ ok: false });
    expect(card.flow.targets[0]!.phase).toBe("applied");
  });
});

describe("declaring an attack through the GM (R13, R15, R19, R25, R40)", () => {
  it("R15: in a combat the attack spends the attacker's action on the combat (a GM-only document); with none left it is refused", async () => {
    const w = world({ combat: true });
    await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    expect(w.combat!.roundOf(w.parkerActor)!.budget.spent).toBe(1);
    expect(w.combat!.writes.every((write) => write.by === "gm")).toBe(true);
    const cards = w.messages.filter((m) => m.flags.cychosys?.flow).length;
    const outcome = await w.send({ step: "declare", actorUuid: w.parkerActor.uuid, itemId: "wpPistol", roll: { totalKey: "gear:wpPistol", faces: [5, 5, 5, 5, 5], modifier: 0 }, added: [], targets: [w.thortonActor.uuid] }, p1);
    expect(outcome).toEqual({ ok: false, reason: "No action left this round. An extra action costs 6 fatigue (R15, R16)." });
    expect(w.messages.filter((m) => m.flags.cychosys?.flow).length).toBe(cards);
  });

  it("R25: the parry bonus held against the one target is added to the total as its own addend, and used up", async () => {
    const w = world({ combat: true });
    const thortonCard = await w.declare(w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], [w.parkerActor]);
    // Parker parries Thorton's weak shot and wins: he holds a bonus against Thorton (R25).
    await w.send({ step: "defend", attackId: thortonCard.flow.id, messageId: thortonCard.id, targetIndex: 0, answer: { form: "parry", roll: { totalKey: "skill:skBrawl", faces: [9, 9, 9, 9], modifier: 0 } } }, p1);
    const bonus = w.combat!.roundOf(w.parkerActor)!.parryBonuses[0]!;
    expect(bonus.againstUuid).toBe(w.thortonActor.uuid);
    // The attack dialog's odds read the same bonus before the roll: against Thorton alone, not against two targets.
    expect(heldParryBonusOf(w.env.combatantOf(w.parkerActor.uuid), [w.thortonActor.uuid])).toBe(bonus.bonus);
    expect(heldParryBonusOf(w.env.combatantOf(w.parkerActor.uuid), [w.thortonActor.uuid, "Actor.other"])).toBe(0);
    const card = await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    expect(card.flow.attack.total).toBe(11 + 25 + bonus.bonus);
    expect(card.flow.attack.roll!.terms).toContainEqual({ kind: "parryBonus", value: bonus.bonus });
    expect(w.combat!.roundOf(w.parkerActor)!.parryBonuses).toEqual([]);
  });

  it("R12, R40: a surge on the key die earns the attacking character 1 experience, written by the GM", async () => {
    const w = world();
    const before = w.parkerActor.system.experience!.unspent;
    await w.declare(w.parkerActor, "wpPistol", [11, 5, 5, 5, 5], [w.thortonActor], p1);
    expect(w.parkerActor.system.experience!.unspent).toBe(before + 1);
  });

  it("a declaration for an actor the author does not own, or an item that is not the attacker's, is refused", async () => {
    const w = world();
    const base = { step: "declare", itemId: "wpPistol", roll: { totalKey: "gear:wpPistol", faces: [5, 5, 5, 5, 5], modifier: 0 }, added: [], targets: [w.thortonActor.uuid] };
    expect(await w.send({ ...base, actorUuid: w.riddleActor.uuid }, p1)).toEqual({ ok: false, reason: "Only Riddle's owner or the GM can answer for Riddle." });
    expect(await w.send({ ...base, actorUuid: w.parkerActor.uuid, itemId: "skShoot" }, p1)).toMatchObject({ ok: false });
    expect(w.messages.filter((m) => m.flags.cychosys?.flow)).toEqual([]);
  });
});

describe("sending a step from a client", () => {
  const request = { attackId: "a", messageId: "m", targetIndex: 0, step: "undo" } as AttackRequest;
  const deps = (user: typeof gm, activeGM: typeof gm | null) => {
    const calls: string[] = [];
    return {
      calls,
      deps: {
        user,
        activeGM,
        runLocal: async () => (calls.push("local"), { ok: true as const, flow: {} as AttackFlow }),
        sendRequest: async () => calls.push("sent"),
        notify: (level: string, text: string) => calls.push(`${level}: ${text}`),
        format: (key: string) => (key === "CYCHOSYS.Flow.noGM" ? "A GM must be connected" : key),
      },
    };
  };

  it("no GM online: a clear message, nothing sent, nothing run", async () => {
    const { calls, deps: d } = deps(p1, null);
    expect(await dispatchStep(d, request)).toBe("noGM");
    expect(calls).toEqual(["error: A GM must be connected"]);
  });

  it("a player with a GM online sends a request; the active GM runs the step locally; a second GM sends it to the active GM", async () => {
    const player = deps(p1, gm);
    expect(await dispatchStep(player.deps, request)).toBe("sent");
    expect(player.calls).toEqual(["sent"]);
    const master = deps(gm, gm);
    expect(await dispatchStep(master.deps, request)).toBe("local");
    expect(master.calls).toEqual(["local"]);
    const assistant = deps(gm2, gm);
    expect(await dispatchStep(assistant.deps, request)).toBe("sent");
    expect(assistant.calls).toEqual(["sent"]);
  });
});

describe("the arithmetic on the card (R13, R25)", () => {
  it("R13: each total keeps its addends, which sum to it: the derived total's own terms, the dice, the modifier, the effect costs", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    const roll = card.flow.attack.roll!;
    expect(roll.faces).toEqual([6, 6, 6, 6, 6, 6]);
    expect(roll.terms.find((t) => t.kind === "dice")).toEqual({ kind: "dice", value: 36 });
    expect(roll.terms.reduce((sum, t) => sum + t.value, 0)).toBe(card.flow.attack.total);
  });

  it("R25: a parry bonus is its own addend of the attack", () => {
    const w = world();
    const gear = w.parkerActor.items.get("wpPistol")!;
    const roll = { totalKey: "gear:wpPistol", faces: [5, 5, 5, 5, 5], modifier: 2 };
    const plain = attackDeclaration(w.parkerActor.system.derived!, { name: gear.name, edge: gear.system.edge! }, roll, []);
    const boosted = attackDeclaration(w.parkerActor.system.derived!, { name: gear.name, edge: gear.system.edge! }, roll, [], { parryBonus: 4 });
    expect(boosted.total).toBe(plain.total + 4);
    expect(boosted.roll!.terms).toContainEqual({ kind: "parryBonus", value: 4 });
    expect(boosted.roll!.terms).toContainEqual({ kind: "modifier", value: 2 });
  });

  it("the defender's answer carries its dice to the card, and a counter's step keeps them in the exchange", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    expect(await w.send(evade(card, [1, 1, 2]), p1)).toMatchObject({ ok: true });
    const defense = trustedFlow<AttackFlow>(card)!.targets[0]!.defense!;
    expect(defense.roll).toMatchObject({ faces: [1, 1, 2] });
    expect(defense.roll!.terms.reduce((sum, t) => sum + t.value, 0)).toBe(defense.total);
  });
});
