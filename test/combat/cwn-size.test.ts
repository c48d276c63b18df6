/**
 * The CWN tracker at 1,000 combatants on the Foundry side (issues 20, 21):
 * the GM's client starts a fight of 1,000 and it reads back from the combat
 * (the tracker does not act as if it never started); Foundry's sort of the
 * turns reads the stored fight once per sort, not once per comparison; a
 * change of the fight that cannot change the order (an action, a turn)
 * does not sort again, a change of sides or members does; a sort of 1,000
 * grows linearly from 100 (a generous ceiling: a busy machine passes, a
 * return to a read per comparison does not).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gm, notifications, replies, resetCombatWorld } from "./fakes.js";
import { bestCpuMs } from "../helpers/growth.js";

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/foundry/cwn/dice.js", () => ({
  rollAndShow: async (groups: { count: number; faces: number }[]) => groups.map((g) => Array.from({ length: g.count }, () => 1)),
  rollGroups: async () => ({ roll: null, faces: [] }),
  showDice: async () => undefined,
}));
vi.mock("../../src/rulesets/cwn/ruleset.js", async (original) => {
  const real = await original<typeof import("../../src/rulesets/cwn/ruleset.js")>();
  return { ...real, fightOf: (combat: Parameters<typeof real.fightOf>[0]) => (reads.count++, real.fightOf(combat)) };
});

const { CwnCombat, CwnFakeActor, send } = await import("./cwn-fakes.js");
const { FakeCombatant } = await import("./fakes.js");
const { onCombatUpdate } = await import("../../src/foundry/cwn/combat.js");
const { guards, vee } = await import("../fixtures/cwn-sheets.js");
const { fightOf } = await import("../../src/rulesets/cwn/ruleset.js");

const g = globalThis as any; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeEach(() => {
  resetCombatWorld();
  reads.count = 0;
});
afterEach(() => {
  g.game.combats = { contents: [] };
});

const itemsOf = (list: typeof vee.items) => list.map((i) => ({ id: i.id, name: i.name, type: i.type, system: i.system }));

/** `n` combatants: four of the crew (Alice's), the rest one horde of foes; the combat not started. */
function crowd(n: number) {
  const combat = new CwnCombat() as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const template = new CwnFakeActor({ id: "foe", name: "Foe", type: "cwnNpc", system: guards.system, items: itemsOf(guards.items) });
  const list = Array.from({ length: n }, (_, i) => {
    const crew = i < 4;
    const actor = crew ? new CwnFakeActor({ id: `pc${i}`, name: `PC ${i}`, type: "cwnCharacter", owners: ["alice"], system: vee.system, items: itemsOf(vee.items) }) : template;
    const c = Object.assign(new FakeCombatant(actor, { id: `c${String(i).padStart(4, "0")}`, name: `${crew ? "PC" : "Foe"} ${i}` }), { token: { disposition: crew ? 1 : -1 } });
    c.combat = combat;
    return c;
  });
  // Added in an order unlike the turns' (the foes first).
  combat.list = [...list.slice(4), ...list.slice(0, 4)];
  g.game.combats = { contents: [combat], get: (id: string) => (id === combat.id ? combat : undefined) };
  return combat;
}

describe("a CWN fight of 1,000 combatants on the tracker", () => {
  it("starts, reads back whole from the combat, and Foundry's turns are side by side: the crew first", async () => {
    const combat = crowd(1000);
    await combat.startCombat();
    const fight = fightOf(combat);
    expect(fight).not.toBeNull();
    expect(Object.keys(fight!.fighters)).toHaveLength(1000);
    expect(fight!.order).toEqual(["pcs", "hostile"]);
    const turns = combat.turns.map((t: { id: string }) => t.id);
    expect(turns.slice(0, 4)).toEqual(["c0000", "c0001", "c0002", "c0003"]);
    expect(new Set(turns).size).toBe(1000);
  });

  it("one sort of the 1,000 turns reads the stored fight once, not once per comparison", async () => {
    const combat = crowd(1000);
    await combat.startCombat();
    await Promise.resolve();
    reads.count = 0;
    combat.turns;
    expect(reads.count).toBe(1);
    // The next sort (another task) reads it again: what it keeps lasts one sort only.
    await Promise.resolve();
    combat.turns;
    expect(reads.count).toBe(2);
  });

  it("before the fight too: the plan is read once per sort (its sides as they first appear — the horde was added first — then by name)", () => {
    const combat = crowd(1000);
    reads.count = 0;
    const turns = combat.turns.map((t: { id: string }) => t.id);
    expect(turns.slice(-4)).toEqual(["c0000", "c0001", "c0002", "c0003"]);
    expect(turns.slice(0, 3)).toEqual(["c0010", "c0100", "c0101"]);
    expect(reads.count).toBe(1);
  });

  it("a change of the fight that cannot change the order does not sort the turns again; a change of sides or members does", async () => {
    const combat = crowd(10);
    await combat.startCombat();
    const setupTurns = vi.fn();
    combat.setupTurns = setupTurns;
    onCombatUpdate(combat, { flags: { cychosys: { cwnCombat: {} } } });
    expect(setupTurns).toHaveBeenCalledTimes(1);
    // An action, a turn, the round: the same sides with the same members.
    await combat.update({ "flags.cychosys.cwnCombat.fighters.c0000.main": "spent", "flags.cychosys.cwnCombat.round": 2 });
    onCombatUpdate(combat, { flags: { cychosys: { cwnCombat: { round: 2 } } } });
    expect(setupTurns).toHaveBeenCalledTimes(1);
    // A member moved: the order changed.
    const hostile = fightOf(combat)!.sides.hostile!.members;
    await combat.update({ "flags.cychosys.cwnCombat.sides.hostile.members": [...hostile].reverse() });
    onCombatUpdate(combat, { flags: { cychosys: { cwnCombat: { sides: {} } } } });
    expect(setupTurns).toHaveBeenCalledTimes(2);
  });

  it("a sort grows linearly: 1,000 turns cost well under 40× what 100 do, and stay under a generous ceiling", async () => {
    const small = crowd(100);
    await small.startCombat();
    const large = crowd(1000);
    await large.startCombat();
    // The best CPU time of 15 sorts (test/helpers/growth.ts): a busy machine slows the clock, not the work.
    const best = (combat: { turns: unknown[] }) => bestCpuMs(() => combat.turns, 15);
    const [t100, t1000] = [best(small), best(large)];
    // Target 10 ms at 1,000 on a quiet machine (npm run bench); 50× that is the ceiling here. Linear (N log N) is ~13× from 100 to
    // 1,000, a read per comparison ~1,000×; the floor keeps a tiny time at 100 from magnifying noise.
    expect(t1000).toBeLessThan(500);
    expect(t1000 / Math.max(t100, 0.1)).toBeLessThan(40);
  });

  it("at a limit of the stored fight the GM is told on its own client and the asker hears why; nothing is written (issue 20)", async () => {
    const combat = crowd(10);
    await combat.startCombat();
    await combat.update({ "flags.cychosys.cwnCombat.round": 99_999 });
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    const before = JSON.stringify(combat.flags);
    // The guards' side acting, the last: ending its turn would begin round 100,000.
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    expect(JSON.stringify(combat.flags)).toBe(before);
    expect(notifications.error).toEqual(["A fight counts at most 99999 rounds. Nothing was changed: end this combat and begin a new one to go on."]);
    expect(replies("gm").at(-1)).toContain("A fight counts at most 99999 rounds.");
    expect(fightOf(combat)!.round).toBe(99_999);
  });
});
