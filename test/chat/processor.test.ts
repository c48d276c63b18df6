import { describe, expect, it } from "vitest";
import { parker, thorton } from "../fixtures/cast.js";
import { AttackQueue, dispatchStep, handleRequestMessage, runRequest } from "../../src/chat/processor.js";
import { attackDeclaration, type AttackRequest } from "../../src/chat/requests.js";
import { readFlow } from "../../src/chat/flow-store.js";
import { declareAttack, type AttackFlow } from "../../src/workflow/attack-flow.js";
import { FakeActor, FakeCombatant, FakeMessage, gm, makeEnv, p1, p2 } from "./fakes.js";

const PARKER = "Actor.parker";
const THORTON = "Actor.thorton";
const RIDDLE = "Actor.riddle";

function world(options: { autoApply?: boolean; combat?: boolean } = {}) {
  const parkerActor = new FakeActor(PARKER, "Parker", "character", parker, [p1.id]);
  const thortonActor = new FakeActor(THORTON, "Thorton", "npc", thorton, []);
  const riddleActor = new FakeActor(RIDDLE, "Riddle", "character", { ...parker, conditions: [] }, [p2.id]);
  const combatants = new Map<string, FakeCombatant>();
  if (options.combat) for (const a of [parkerActor, thortonActor, riddleActor]) combatants.set(a.uuid, new FakeCombatant(a));
  const messages: FakeMessage[] = [];
  const { env, whispers } = makeEnv([parkerActor, thortonActor, riddleActor], messages, { combatants, autoApply: options.autoApply ?? false });
  return { parkerActor, thortonActor, riddleActor, messages, env, whispers, combatants };
}

/** An attack card posted by `author` for `attacker` against `target`, rolled with `faces`. */
function postAttack(w: ReturnType<typeof world>, attacker: FakeActor, gearId: string, faces: number[], target: FakeActor, author = gm): FakeMessage {
  const gear = attacker.items.get(gearId)!;
  const declaration = attackDeclaration(attacker.system.derived!, { name: gear.name, edge: gear.system.edge! }, { totalKey: `gear:${gearId}`, faces, modifier: 0 }, []);
  const flow = declareAttack(`atk${w.messages.length + 1}`, { actorUuid: attacker.uuid, name: attacker.name }, declaration, [{ actorUuid: target.uuid, name: target.name }]);
  const message = new FakeMessage(`msg${w.messages.length + 1}`, author, { cychosys: { flow } });
  w.messages.push(message);
  return message;
}

const evade = (message: FakeMessage, faces: number[], totalKey = "skill:skEvade"): AttackRequest => ({
  attackId: message.flow.id,
  messageId: message.id,
  targetIndex: 0,
  step: "defend",
  answer: { form: "evade", roll: { totalKey, faces, modifier: 0 } },
});
const apply = (message: FakeMessage): AttackRequest => ({ attackId: message.flow.id, messageId: message.id, targetIndex: 0, step: "apply", choices: {} });
const undo = (message: FakeMessage): AttackRequest => ({ attackId: message.flow.id, messageId: message.id, targetIndex: 0, step: "undo" });

/** A request message as the player's client writes it; Foundry sets the author. */
function requestMessage(w: ReturnType<typeof world>, request: AttackRequest, author: typeof p1 | null): FakeMessage {
  const message = new FakeMessage(`req${w.messages.length + 1}`, author, { cychosys: { request } });
  w.messages.push(message);
  return message;
}
const activeGM = { ...gm, isActiveGM: true };

describe("the GM's client runs requests (docs/combat-workflow.md)", () => {
  it("a player defends their own character against an NPC's attack: the flow settles, the request is deleted", async () => {
    const w = world();
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    const queue = new AttackQueue();
    const request = requestMessage(w, evade(attack, [1, 1, 2]), p1);
    const outcome = await handleRequestMessage(w.env, queue, request, activeGM);
    expect(outcome).toMatchObject({ ok: true });
    expect(request.deleted).toBe(true);
    const flow = readFlow(attack.flags)!;
    // Parker's evade is 4 + 1 + 1 + 2 = 8 against Thorton's 9 + 36 − 2 (his piercing B, R10) = 43.
    expect(flow.attack.total).toBe(43);
    expect(flow.targets[0]).toMatchObject({ phase: "resolved", defenses: 1, defense: { form: "evade", total: 8 }, verdict: { struck: "defender" } });
    expect(w.whispers).toEqual([]);
  });

  it("the GM answers for an NPC against a player's attack, then applies the injury to the NPC", async () => {
    const w = world();
    const attack = postAttack(w, w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], w.thortonActor, p1);
    const before = structuredClone(w.thortonActor.pools());
    const defended = await runRequest(w.env, { ...evade(attack, [1, 1, 1, 1], "skill:skBrawl") }, gm);
    expect(defended).toMatchObject({ ok: true });
    const applied = await runRequest(w.env, apply(attack), gm);
    expect(applied).toMatchObject({ ok: true });
    const flow = readFlow(attack.flags)!;
    expect(flow.targets[0]!.phase).toBe("applied");
    const application = flow.targets[0]!.applications[0]!;
    expect(application.before).toEqual(before);
    expect(w.thortonActor.pools()).toEqual(application.after);
    expect(w.thortonActor.pools()).not.toEqual(before);
  });

  it("player against player: only the target's player may defend, and the struck side's player applies", async () => {
    const w = world();
    const attack = postAttack(w, w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], w.riddleActor, p1);
    const refused = await runRequest(w.env, evade(attack, [1, 1, 1]), p1);
    expect(refused).toEqual({ ok: false, reason: "Only Riddle's owner or the GM can answer for Riddle." });
    expect(await runRequest(w.env, evade(attack, [1, 1, 1]), p2)).toMatchObject({ ok: true });
    expect(await runRequest(w.env, apply(attack), p1)).toMatchObject({ ok: false });
    expect(await runRequest(w.env, apply(attack), p2)).toMatchObject({ ok: true });
    expect(w.riddleActor.updates.length).toBe(1);
    expect(w.parkerActor.updates).toEqual([]);
  });

  it("a forged request (the author does not own the actor) is refused, whispered back, and changes nothing", async () => {
    const w = world();
    const attack = postAttack(w, w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], w.thortonActor, p1);
    const flowBefore = structuredClone(attack.flow);
    const request = requestMessage(w, evade(attack, [10, 10, 10, 10], "skill:skBrawl"), p2);
    const outcome = await handleRequestMessage(w.env, new AttackQueue(), request, activeGM);
    expect(outcome).toEqual({ ok: false, reason: "Only Thorton's owner or the GM can answer for Thorton." });
    expect(w.whispers).toEqual([{ user: "p2", text: "Only Thorton's owner or the GM can answer for Thorton." }]);
    expect(request.deleted).toBe(true);
    expect(attack.updates).toEqual([]);
    expect(attack.flow).toEqual(flowBefore);
  });

  it("a request naming dice that are not the total's is refused (no forged totals)", async () => {
    const w = world();
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    const outcome = await runRequest(w.env, evade(attack, [10, 10, 10, 10, 10, 10, 10]), p1);
    expect(outcome).toEqual({ ok: false, reason: "The roll must be 3 Cychosys dice, faces 1 to 12." });
    expect(attack.updates).toEqual([]);
  });

  it("a second apply is refused even when both requests arrive together; the pools change once", async () => {
    const w = world();
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    await runRequest(w.env, evade(attack, [1, 1, 2]), p1);
    const queue = new AttackQueue();
    const [first, second] = await Promise.all([
      handleRequestMessage(w.env, queue, requestMessage(w, apply(attack), p1), activeGM),
      handleRequestMessage(w.env, queue, requestMessage(w, apply(attack), p1), activeGM),
    ]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual({ ok: false, reason: "The injury to Parker is already applied; undo it first." });
    expect(w.parkerActor.updates.length).toBe(1);
    expect(readFlow(attack.flags)!.targets[0]!.applications.length).toBe(1);
  });

  it("undo restores the pools and removes exactly the conditions the injury created, once", async () => {
    const w = world();
    const attack = postAttack(w, w.parkerActor, "wpPistol", [9, 9, 9, 9, 9], w.thortonActor, p1);
    const poolsBefore = structuredClone(w.thortonActor.pools());
    const effectsBefore = [...w.thortonActor.effectList.keys()];
    await runRequest(w.env, evade(attack, [1, 1, 1, 1], "skill:skBrawl"), gm);
    expect(await runRequest(w.env, apply(attack), gm)).toMatchObject({ ok: true });
    const created = readFlow(attack.flags)!.targets[0]!.applications[0]!.conditions.map((c) => c.id);
    expect(created.length).toBeGreaterThan(0);
    expect(w.thortonActor.created[0]!.options).toEqual({ keepId: true });
    expect([...w.thortonActor.effectList.keys()]).toEqual([...effectsBefore, ...created]);

    expect(await runRequest(w.env, undo(attack), gm)).toMatchObject({ ok: true });
    expect(w.thortonActor.pools()).toEqual(poolsBefore);
    expect(w.thortonActor.deleted).toEqual([created]);
    expect([...w.thortonActor.effectList.keys()]).toEqual(effectsBefore);
    expect(await runRequest(w.env, undo(attack), gm)).toEqual({ ok: false, reason: "There is no applied injury to undo." });
    const flow = readFlow(attack.flags)!;
    expect(flow.targets[0]!.phase).toBe("resolved");
    expect(flow.targets[0]!.applications[0]!.undoneBy).toBe("gm");
  });

  it("a second defense spends an action in the combatant's round state (R15)", async () => {
    const w = world({ combat: true });
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    await runRequest(w.env, evade(attack, [1, 1, 2]), p1);
    expect(w.combatants.get(PARKER)!.updates).toEqual([]);
    await runRequest(w.env, evade(attack, [2, 2, 2]), p1);
    const round = w.combatants.get(PARKER)!.combat.flags.cychosys.rounds.parker as { budget: { spent: number } };
    expect(round.budget.spent).toBe(1);
    // A third defense with no action left is refused before anything changes (R15).
    const flowBefore = structuredClone(readFlow(attack.flags));
    expect(await runRequest(w.env, evade(attack, [3, 3, 3]), p1)).toMatchObject({ ok: false });
    expect(readFlow(attack.flags)).toEqual(flowBefore);
  });

  it("with the NPC setting on, the GM applies the default injury as soon as an NPC is struck", async () => {
    const w = world({ autoApply: true });
    const attack = postAttack(w, w.parkerActor, "wpPistol", [9, 9, 9, 9, 9], w.thortonActor, p1);
    await runRequest(w.env, evade(attack, [1, 1, 1, 1], "skill:skBrawl"), gm);
    expect(readFlow(attack.flags)!.targets[0]!.phase).toBe("applied");
    expect(w.thortonActor.updates.length).toBe(1);
  });

  it("a second defense clears the earlier verdict in the stored flags (Foundry's merge would keep it)", async () => {
    const w = world();
    const attack = postAttack(w, w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], w.parkerActor);
    await runRequest(w.env, evade(attack, [1, 1, 1]), p1);
    expect(attack.flow.targets[0]!.verdict).toMatchObject({ struck: "defender" });
    await runRequest(w.env, evade(attack, [10, 10, 10]), p1);
    expect(attack.flow.targets[0]!.verdict).toEqual({ struck: "none", missed: "miss" });
  });

  it("only the active GM's client handles requests; other messages are left alone", async () => {
    const w = world();
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    const request = requestMessage(w, evade(attack, [1, 1, 2]), p1);
    expect(await handleRequestMessage(w.env, new AttackQueue(), request, { ...p2, isActiveGM: false })).toBeUndefined();
    expect(await handleRequestMessage(w.env, new AttackQueue(), attack, activeGM)).toBeUndefined();
    expect(request.deleted).toBe(false);
    expect(attack.updates).toEqual([]);
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

  it("a player with a GM online sends a request; a GM runs the step locally", async () => {
    const player = deps(p1, gm);
    expect(await dispatchStep(player.deps, request)).toBe("sent");
    expect(player.calls).toEqual(["sent"]);
    const master = deps(gm, null);
    expect(await dispatchStep(master.deps, request)).toBe("local");
    expect(master.calls).toEqual(["local"]);
  });
});

describe("the arithmetic on the card (R13, R25)", () => {
  it("R13: each total keeps its addends, which sum to it: the derived total's own terms, the dice, the modifier, the effect costs", () => {
    const w = world();
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    const roll = attack.flow.attack.roll!;
    expect(roll.faces).toEqual([6, 6, 6, 6, 6, 6]);
    expect(roll.terms.find((t) => t.kind === "dice")).toEqual({ kind: "dice", value: 36 });
    expect(roll.terms.reduce((sum, t) => sum + t.value, 0)).toBe(attack.flow.attack.total);
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
    const attack = postAttack(w, w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], w.parkerActor);
    expect(await runRequest(w.env, evade(attack, [1, 1, 2]), p1)).toMatchObject({ ok: true });
    const defense = readFlow(attack.flags)!.targets[0]!.defense!;
    expect(defense.roll).toMatchObject({ faces: [1, 1, 2] });
    expect(defense.roll!.terms.reduce((sum, t) => sum + t.value, 0)).toBe(defense.total);
  });
});
