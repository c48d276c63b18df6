/**
 * The OpenD6 tracker on the clients: `registerD6Combat` (parser, handlers,
 * hooks), initiative rolled on the roller's client (only faces travel; the
 * GM rolls once per group, D6), the turns re-sorted when the round state
 * changes, and the declare-actions dialog at a turn's start (D11) sent as a
 * request the GM carries out. Foundry's dice are replaced by fixed faces.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createdMessages, gm, notifications, player, setUsers, world, FakeMessage } from "./fakes.js";
import { deliver, thugFight } from "./d6-fakes.js";
import { readD6Round } from "../../src/rulesets/d6/combat/round-state.js";

const rolled: { dice: number; pips: number }[] = [];
const shown: unknown[] = [];
vi.mock("../../src/foundry/d6/code-roll.js", () => ({
  rollD6Code: async (code: { dice: number; pips: number }) => {
    rolled.push(code);
    return { roll: { formula: `${code.dice}D` }, faces: { dice: Array(Math.max(0, code.dice - 1)).fill(3), wild: [4] } };
  },
  // Dice So Nice shows every roll made on this client to everyone.
  showDice: async (roll: unknown) => void shown.push(roll),
}));

const { registerD6Combat } = await import("../../src/foundry/d6/combat.js");
const g = globalThis as any;
const hooks = new Map<string, (...args: unknown[]) => unknown>();
g.Hooks = { once: () => {}, on: (name: string, fn: (...args: unknown[]) => unknown) => hooks.set(name, fn) };
const prompts: unknown[] = [];
g.foundry.applications.api.DialogV2 = { prompt: async (options: unknown) => (prompts.push(options), 2) };
registerD6Combat();

/** A request the player's client sent: the whispered message, as the GM's client receives it. */
const sentBy = (author: typeof player) =>
  createdMessages
    .filter((m) => (m.flags as any)?.cychosys?.combatRequest)
    .map((m, i) => new FakeMessage(`sent${i}-${Math.random()}`, author, m.flags as Record<string, unknown>));

beforeEach(() => {
  setUsers(gm, gm);
  createdMessages.length = 0;
  notifications.warn.length = 0;
  rolled.length = 0;
  shown.length = 0;
  prompts.length = 0;
});

describe("the tracker on the clients", () => {
  it("registers its hooks", () => {
    expect([...hooks.keys()]).toEqual(expect.arrayContaining(["renderCombatTracker", "updateCombat"]));
  });

  it("D6: the GM rolls once for the group of thugs; a player's roll sends only faces, the GM computes the total", async () => {
    const { combat, c } = await thugFight();
    await combat.rollInitiative(["thug", "thug2", "mara"]);
    expect(rolled).toEqual([{ dice: 2, pips: 1 }, { dice: 3, pips: 0 }]); // one roll for the group; Mara's too, as the GM may
    expect(shown).toHaveLength(2); // each roll shown to everyone (Dice So Nice)
    expect(readD6Round({ combat: combat as never, combatant: c.thug2 as never }).initiative).toMatchObject({ total: 8, group: "thug" });
    // A player's client: the roll becomes a request of faces only.
    const again = await thugFight();
    setUsers(player, { id: "gm", isSelf: false });
    await again.combat.rollInitiative(["mara", "thug"]);
    expect(rolled.slice(2)).toEqual([{ dice: 3, pips: 0 }]); // not the thug: not hers
    const [message] = sentBy(player);
    // No `group`: a GM-only field, never sent by a player's client (D6_TRACKER_GM_ONLY).
    expect((message!.flags as any).cychosys.combatRequest).toStrictEqual({ kind: "d6Initiative", combatId: "combat1", combatantId: "mara", dice: [3, 3], wild: [4] });
    setUsers(gm, gm);
    world.messages.push(message!);
    await deliver(message!);
    expect(readD6Round({ combat: again.combat as never, combatant: again.c.mara as never }).initiative?.total).toBe(10);
  });

  it("D11: at her turn's start Mara's player is asked for N; the answer is a request the GM carries out; a change of the order re-sorts", async () => {
    const { combat, c } = await thugFight();
    await combat.rollInitiative(["thug", "mara"]);
    const setupTurns = vi.fn();
    (combat as any).setupTurns = setupTurns;
    await deliver(Object.assign(new FakeMessage("place1", gm, { cychosys: { combatRequest: { kind: "d6Place", combatId: "combat1", combatantId: "mara", position: 0 } } })));
    await deliver(new FakeMessage("set1", gm, { cychosys: { combatRequest: { kind: "d6SetOrder", combatId: "combat1" } } }));
    // Only what the order reads re-sorts: the order state, an initiative, a new round — not an action spent.
    hooks.get("updateCombat")!(combat, { flags: { cychosys: { rounds: { mara: { round: { used: 1 } } } } } });
    hooks.get("updateCombat")!(combat, { turn: 1 });
    expect(setupTurns).not.toHaveBeenCalled();
    hooks.get("updateCombat")!(combat, { flags: { cychosys: { d6Order: { set: true } } } });
    expect(setupTurns).toHaveBeenCalledTimes(1);
    hooks.get("updateCombat")!(combat, { flags: { cychosys: { rounds: { mara: { initiative: { total: 12 } } } } } });
    expect(setupTurns).toHaveBeenCalledTimes(2);
    createdMessages.length = 0;
    setUsers(player, { id: "gm", isSelf: false });
    hooks.get("updateCombat")!(combat, { turn: 0 });
    await vi.waitFor(() => expect(sentBy(player)).toHaveLength(1), { timeout: 30_000 });
    expect(prompts).toHaveLength(1);
    hooks.get("updateCombat")!(combat, { turn: 0 }); // a redraw does not ask twice
    expect(prompts).toHaveLength(1);
    setUsers(gm, gm);
    await deliver(sentBy(player)[0]!);
    expect(readD6Round({ combat: combat as never, combatant: c.mara as never }).round.declared).toBe(2);
  });
});
