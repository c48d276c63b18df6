/**
 * The tracker's GM-side handlers against a hostile table ("The GM holds the
 * truth"): forged fields, replayed requests, two requests at once, failures
 * halfway, a second GM, and names that are HTML. Requests go the whole way:
 * a chat message written by its author, `onRequestMessage` on the active
 * GM's client, the schema, the queue, the handler, the documents — every
 * update checked by the fakes' permission model.
 */
import {
  asUser,
  createdMessages,
  type FakeCombatBase,
  gm,
  latency,
  mallory,
  notifications,
  PermissionError,
  player,
  replies,
  requestFrom,
  resetCombatWorld,
  deliver,
  setUsers,
} from "./fakes.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeCombatRound, registerCombatHandlers } from "../../src/foundry/cychosys/combat/documents.js";
import { chapterFight } from "./classes.js";
import { onRequestMessage, submitRequest } from "../../src/foundry/requests.js";
import { readRoundState } from "../../src/rulesets/cychosys/combat/round-state.js";
import { newRoundState, useAction } from "../../src/rulesets/cychosys/workflow/round.js";

registerCombatHandlers();

type Combat = FakeCombatBase & { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown> };
const g = globalThis as any;
const fight = chapterFight;


beforeEach(resetCombatWorld);
afterEach(() => {
  vi.restoreAllMocks();
  g.game.combats = { contents: [] };
});

describe("the permission model the GM's side relies on", () => {
  it("a player may rewrite their own actor and combatant, never another's, the combat or a world setting", async () => {
    const { combat, c } = await fight();
    await asUser(player, async () => {
      await expect(c.parker.update({ "flags.cychosys.round": newRoundState(9) })).resolves.toBeDefined();
      await expect(c.parker.actor!.update({ "system.pools.fatigue.mental.value": 6 })).resolves.toBeDefined();
      await expect(c.riddle.update({ defeated: true })).rejects.toThrow(PermissionError);
      await expect(combat.update({ "flags.cychosys.rounds.parker.budget.spent": 0 })).rejects.toThrow(PermissionError);
      await expect(g.game.settings.set("cychosys", "chase", {})).rejects.toThrow(PermissionError);
    });
  });
});

describe("R15–R17: the budget a player cannot forge", () => {
  it("R15: what a player writes on their own combatant (a legacy round, a forged rounds record) is not the budget the GM reads", async () => {
    const { combat, c } = await fight();
    combat.flags.cychosys.rounds.parker = useAction(newRoundState()).state; // Parker has acted
    await asUser(player, () => c.parker.update({ "flags.cychosys.round": newRoundState(5), "flags.cychosys.rounds.parker": newRoundState(5) }));
    expect(readRoundState(combat, c.parker).budget).toMatchObject({ perRound: 1, spent: 1 });
    await deliver(requestFrom(player, { kind: "wait", combatId: combat.id, combatantId: "parker" }));
    expect(replies("alice").at(-1)).toContain("No action left this round.");
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(false);
  });

  it("R17: Wait is a request — a player cannot write the budget; the active GM holds the action for them, once", async () => {
    const { combat, c } = await fight();
    setUsers(player, { id: "gm", isSelf: false });
    await expect(combat.update({ "flags.cychosys.rounds.parker.budget.waiting": true })).rejects.toThrow(PermissionError);
    expect(await submitRequest({ kind: "wait", combatId: combat.id, combatantId: "parker" })).toBe(true);
    const sent = createdMessages.at(-1)!;
    expect(sent).toMatchObject({ whisper: ["gm"], flags: { cychosys: { combatRequest: { kind: "wait", combatantId: "parker" } } } });
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(false); // nothing ran on the player's client
    setUsers(gm, gm);
    const message = requestFrom(player, (sent.flags as any).cychosys.combatRequest);
    await deliver(message);
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(true);
    expect(message.deleted).toBe(true);
    // The same message delivered again: handled once only, no second refusal either.
    const repliesBefore = createdMessages.length;
    await deliver(message);
    expect(createdMessages.length).toBe(repliesBefore);
  });

  it("R17: a wait for someone else's combatant, or with forged fields, is refused and changes nothing", async () => {
    const { combat } = await fight();
    const before = structuredClone(combat.flags);
    for (const payload of [
      { kind: "wait", combatId: combat.id, combatantId: "riddle" },
      { kind: "wait", combatId: combat.id, combatantId: "parker", spent: 0 },
      { kind: "wait", combatId: combat.id, combatantId: { $ne: "" } },
      { kind: "wait", combatId: "x".repeat(65), combatantId: "parker" },
      { kind: "wait", combatId: combat.id, combatantId: "par.ker" },
      "wait",
    ]) {
      const message = requestFrom(player, payload);
      await deliver(message);
      expect(message.deleted).toBe(true);
    }
    expect(combat.flags).toEqual(before);
    expect(replies("alice")).toHaveLength(6);
    expect(replies("alice")[0]).toContain("Only the combatant&#39;s owners or the GM can do that.");
    expect(replies("alice")[1]).toContain("spent is not a field of this request");
    expect(replies("alice")[2]).toContain("combatantId must be text");
    expect(replies("alice")[3]).toContain("combatId must be 1 to 64 characters long");
    expect(replies("alice")[4]).toContain("combatantId has characters an id cannot have");
    expect(replies("alice")[5]).toContain("request is not a request");
  });

  it("R17: a recovery pool that is not a facet (the owner's own flag, so anything) restores to the default, the most depleted pool", async () => {
    const { combat, c, actors } = await fight();
    actors.parker.system.pools.fatigue.physical.value = 3;
    actors.parker.system.pools.fatigue.mental.value = 5;
    await asUser(player, () => c.parker.update({ "flags.cychosys.recoverTo": { toString: "mental" } }));
    await closeCombatRound(combat as never, 1);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(4);
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(5);
  });
});

describe("R16: extra-action requests", () => {
  const extra = (combat: Combat, pool: unknown = "mental", combatantId = "parker") => ({ kind: "extraAction", combatId: combat.id, combatantId, pool });

  it("R16: forged fields — someone else's combatant, an unknown combat, a pool that is not a facet, a number — are refused; nothing changes", async () => {
    const { combat, actors } = await fight();
    const fatigue = structuredClone(actors.parker.system.pools.fatigue);
    const flags = structuredClone(combat.flags);
    for (const payload of [extra(combat, "mental", "riddle"), { ...extra(combat), combatId: "nope" }, extra(combat, "Mental"), extra(combat, 6), { ...extra(combat), kind: "extraActions" }]) {
      await deliver(requestFrom(player, payload));
    }
    await deliver(requestFrom(mallory, extra(combat)));
    expect(actors.parker.system.pools.fatigue).toEqual(fatigue);
    expect(actors.riddle.updates).toEqual([]);
    expect(combat.flags).toEqual(flags);
    expect(replies("alice").map((r) => r.replace(/^.*request: /, ""))).toEqual([
      "Only the combatant&#39;s owners or the GM can do that.</p>",
      "That combat no longer exists.</p>",
      "malformed request, nothing was changed: pool must be one of physical, mental, emotional.</p>",
      "malformed request, nothing was changed: pool must be text.</p>",
      "malformed request, nothing was changed: kind must be one of extraAction, endInterrupt, wait, chaseMove.</p>",
    ]);
    expect(replies("mallory")).toHaveLength(1);
  });

  it("R16: a replay — the same request message handled twice — pays and interrupts once", async () => {
    const { combat, c, actors } = await fight();
    actors.parker.system.pools.fatigue.mental = { value: 12, max: 12 }; // enough for two
    combat.turn = 1; // Riddle's turn
    const message = requestFrom(player, extra(combat));
    await deliver(message);
    await deliver(message);
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(6);
    expect(actors.parker.updates).toHaveLength(1);
    expect(readRoundState(combat, c.parker).budget.extraTaken).toBe(1);
    expect(combat.flags.cychosys.interrupt).toEqual({ combatantId: "parker", returnTo: "riddle" });
  });

  it("R16: two extra actions at once, racing for the last 6 fatigue — one is taken, the other refused (one queue)", async () => {
    const { combat, c, actors } = await fight();
    actors.parker.system.pools.fatigue.physical.value = 2;
    actors.parker.system.pools.fatigue.emotional.value = 2;
    latency.ticks = 3;
    await Promise.all([deliver(requestFrom(player, extra(combat))), deliver(requestFrom(player, extra(combat)))]);
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(0);
    expect(readRoundState(combat, c.parker).budget.extraTaken).toBe(1);
    expect(replies("alice")).toHaveLength(1);
    expect(replies("alice")[0]).toContain("fatigue");
  });

  it("R16: the GM's own click and a player's request race in the same queue: one extra action, not two", async () => {
    const { combat, c, actors } = await fight();
    actors.parker.system.pools.fatigue.physical.value = 0;
    actors.parker.system.pools.fatigue.emotional.value = 0;
    latency.ticks = 3;
    const [own] = await Promise.all([submitRequest({ kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "mental" }), deliver(requestFrom(player, extra(combat)))]);
    expect(own).toBe(true);
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(0);
    expect(readRoundState(combat, c.parker).budget.extraTaken).toBe(1);
    expect(replies("alice")).toHaveLength(1);
  });

  it("R16: a failure halfway — the combat's update throws after the fatigue was paid — pays it back; nothing is recorded; the author is told", async () => {
    const { combat, c, actors } = await fight();
    vi.spyOn(console, "error").mockImplementation(() => {});
    combat.failNext = 1;
    await deliver(requestFrom(player, extra(combat)));
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(6);
    expect(readRoundState(combat, c.parker).budget.extraTaken).toBe(0);
    expect(combat.flags.cychosys.interrupt).toBeUndefined();
    expect(replies("alice").at(-1)).toContain("parker&#39;s extra action could not be recorded; the fatigue was paid back and nothing changed.");
  });

  it("R16: when paying back fails too, the GM (a notification) and the author are told what to restore — never silent", async () => {
    const { combat, actors } = await fight();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    combat.failNext = 1;
    actors.parker.failWhen = (data) => data["system.pools.fatigue.mental.value"] === 6;
    await deliver(requestFrom(player, extra(combat)));
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(0);
    const text = "parker paid 6 Mental fatigue but the extra action could not be recorded, and paying it back failed too";
    expect(notifications.error.at(-1)).toContain(text);
    expect(replies("alice").at(-1)).toContain(text);
    expect(errors).toHaveBeenCalled();
  });

  it("no exception escapes the createChatMessage handler: an unexpected error is logged and the author still gets a reply", async () => {
    await fight();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    g.game.combats = {
      get contents(): never {
        throw new TypeError("the combats collection broke");
      },
    };
    const message = requestFrom(player, { kind: "wait", combatId: "combat1", combatantId: "parker" });
    await expect(deliver(message)).resolves.toBeUndefined();
    expect(replies("alice").at(-1)).toContain("could not carry it out (the combats collection broke)");
    expect(message.deleted).toBe(true);
    // A message whose flags cannot even be read, and one that cannot be deleted: still nothing thrown.
    const broken = { id: "broken1", author: player, get flags(): never { throw new Error("no flags"); }, delete: async () => undefined };
    await expect(onRequestMessage(broken as never)).resolves.toBeUndefined();
    const undeletable = requestFrom(player, { kind: "wait", combatId: "combat1", combatantId: "parker" });
    undeletable.delete = async () => {
      throw new Error("cannot delete");
    };
    await expect(deliver(undeletable)).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalled();
  });
});

describe("R16: ending an interrupt", () => {
  it("only the interrupter's owners (or the GM) end it; a replay of the owner's request changes nothing more", async () => {
    const { combat, actors } = await fight();
    combat.turn = 1;
    await deliver(requestFrom(player, { kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "mental" }));
    expect(combat.turns[combat.turn!]!.id).toBe("parker");
    await deliver(requestFrom(mallory, { kind: "endInterrupt", combatId: combat.id }));
    expect(combat.turns[combat.turn!]!.id).toBe("parker");
    expect(replies("mallory").at(-1)).toContain("Only the combatant&#39;s owners or the GM can do that.");
    const end = requestFrom(player, { kind: "endInterrupt", combatId: combat.id });
    await deliver(end);
    expect(combat.turns[combat.turn!]!.id).toBe("riddle");
    expect(combat.flags.cychosys.interrupt).toBeUndefined();
    combat.turn = 2; // the round went on
    await deliver(end);
    expect(combat.turn).toBe(2);
    await deliver(requestFrom(player, { kind: "endInterrupt", combatId: combat.id, turn: 0 }));
    expect(combat.turn).toBe(2);
    expect(actors.parker.updates).toHaveLength(1);
  });
});

describe("one queue, on the one active GM", () => {
  it("a GM who is not the active GM sends a request like a player; nothing runs on their client, and it ignores requests", async () => {
    const { combat, c } = await fight();
    const second = { id: "gm2", name: "Second GM", isGM: true, isSelf: true };
    setUsers(second, { id: "gm", isSelf: false });
    expect(await submitRequest({ kind: "wait", combatId: combat.id, combatantId: "parker" })).toBe(true);
    expect(createdMessages.at(-1)).toMatchObject({ flags: { cychosys: { combatRequest: { kind: "wait" } } } });
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(false);
    await deliver(requestFrom(player, { kind: "wait", combatId: combat.id, combatantId: "parker" }));
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(false);
    // The active GM carries the second GM's request out as a GM's.
    setUsers(gm, gm);
    await deliver(requestFrom(second, { kind: "wait", combatId: combat.id, combatantId: "riddle" }));
    expect(readRoundState(combat, c.riddle).budget.waiting).toBe(true);
  });

  it("R17: two round ends at once (a replayed event) close the round once", async () => {
    const { combat, actors } = await fight();
    actors.riddle.system.pools.fatigue.mental.value = 1;
    const end = (combat as unknown as { _onEndRound(c: { round: number }): Promise<void> })._onEndRound.bind(combat);
    latency.ticks = 3;
    await Promise.all([end({ round: 1 }), end({ round: 1 })]);
    expect(actors.riddle.system.pools.fatigue.mental.value).toBe(2);
    expect(createdMessages.filter((m) => String(m.content).includes("End of round 1"))).toHaveLength(1);
  });
});

describe("R17, R25, R33: a round end that fails halfway", () => {
  it("R17: the combat's update failing changes nothing and is reported; the round can close later", async () => {
    const { combat, actors } = await fight();
    vi.spyOn(console, "error").mockImplementation(() => {});
    actors.parker.system.pools.fatigue.physical.value = 3;
    combat.flags.cychosys.rounds.riddle = useAction(newRoundState()).state;
    combat.failNext = 1;
    expect(await closeCombatRound(combat as never, 1)).toBe(false);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(3);
    expect(readRoundState(combat, combat.list[1]!).budget.spent).toBe(1);
    expect(notifications.error.at(-1)).toContain("the end of round 1 could not be recorded");
    expect(await closeCombatRound(combat as never, 1)).toBe(true);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(4);
  });

  it("R17: one actor's restore failing is reported (notification, the note); the others are restored and every budget resets", async () => {
    const { combat, actors } = await fight();
    vi.spyOn(console, "error").mockImplementation(() => {});
    actors.parker.system.pools.fatigue.physical.value = 3;
    actors.riddle.system.pools.fatigue.mental.value = 1;
    actors.parker.failAlways = true;
    expect(await closeCombatRound(combat as never, 1)).toBe(true);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(3);
    expect(actors.riddle.system.pools.fatigue.mental.value).toBe(2);
    expect(notifications.error.at(-1)).toBe("Fatigue could not be restored for parker (see the GM's console).");
    const note = String(createdMessages.at(-1)!.content);
    expect(note).toContain("Fatigue could not be restored for parker");
    expect(note).not.toContain("parker rests:");
    expect(note).toContain("riddle rests: +1 Mental fatigue for 1 unused action (R17).");
  });
});

describe("names are text in chat", () => {
  const evil = "<img src=x onerror=alert(1)>";

  it("a user named with HTML asking the GM: the request message shows the name as text", async () => {
    const { combat } = await fight();
    setUsers({ ...player, name: evil }, { id: "gm", isSelf: false });
    await submitRequest({ kind: "wait", combatId: combat.id, combatantId: "parker" });
    const content = String(createdMessages.at(-1)!.content);
    expect(content).not.toContain("<img");
    expect(content).toContain("&lt;img src=x onerror=alert(1)&gt; asks the GM to update the combat.");
  });

  it("R16: an actor named with HTML taking an extra action, and refused one: the note and the reply show the name as text", async () => {
    const { combat, c } = await fight();
    c.parker.name = evil;
    await deliver(requestFrom(player, { kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "mental" }));
    const note = String(createdMessages.at(-1)!.content);
    expect(note).toContain("&lt;img src=x onerror=alert(1)&gt; takes an extra action for 6 Mental fatigue");
    combat.failNext = 1;
    vi.spyOn(console, "error").mockImplementation(() => {});
    c.parker.actor!.system.pools.fatigue.physical.value = 6;
    await deliver(requestFrom(player, { kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "physical" }));
    for (const m of createdMessages) expect(String(m.content)).not.toContain("<img");
  });

  it("R17, R25, R33: the round-end note escapes names", async () => {
    const { combat, c, actors } = await fight();
    c.parker.name = evil;
    actors.parker.system.pools.fatigue.physical.value = 3;
    actors.parker.system.pools.hit.physical.value = 0;
    await closeCombatRound(combat as never, 1);
    const note = String(createdMessages.at(-1)!.content);
    expect(note).not.toContain("<img");
    expect(note).toContain("&lt;img src=x onerror=alert(1)&gt; rests: +1");
  });
});
