/**
 * The OpenD6 tracker at 1,000 combatants, through the Foundry glue and the
 * GM's request queue (issues 20.5 and 21.1): the combat stores every
 * combatant's round and reads it all back, and the tracker's sort reads the
 * stored state once per sort, not once per comparison. Timing checks use
 * this process's CPU time with ceilings far above the targets (a regression
 * to quadratic fails; a busy machine does not).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeCombatant, gm, replies, resetCombatWorld, send, world } from "./fakes.js";
import { D6Combat, D6FakeActor, type D6TestCombat } from "./d6-fakes.js";
import { readD6Round } from "../../src/rulesets/d6/combat/round-state.js";
import { d6TableTurns } from "../../src/rulesets/d6/combat/table.js";
import { readD6Order } from "../../src/rulesets/d6/combat/tracker-plan.js";
import { beginTurn } from "../../src/foundry/d6/combat.js";
import { tableOf } from "../../src/foundry/d6/combat-actions.js";
import { bestCpuMs } from "../helpers/growth.js";

const g = globalThis as any;
const SIZE = 1000;

beforeEach(resetCombatWorld);
afterEach(() => {
  g.game.combats = { contents: [] };
  world.actors = [];
});

/** The CPU time of one run, in ms (the shared guard's timer: a busy machine slows the clock, not the work). */
const cpuMs = (run: () => unknown): number => bestCpuMs(run, 1);

/** A started combat of `size` combatants: every fifth a player's character, the rest creatures (Perception 2D to 4D). */
async function bigFight(size: number) {
  const combat = new D6Combat() as unknown as D6TestCombat;
  const actors: D6FakeActor[] = [];
  for (let i = 0; i < size; i++) {
    const player = i % 5 === 0;
    const actor = new D6FakeActor({ id: `a${i}`, name: `Fighter ${i}`, type: player ? "d6Character" : "d6Creature", perception: `${2 + (i % 3)}D`, owners: player ? ["alice"] : [] });
    const combatant = new FakeCombatant(actor, { id: `c${String(i).padStart(5, "0")}` });
    combatant.combat = combat;
    combat.list.push(combatant);
    actors.push(actor);
  }
  g.game.combats = { contents: [combat], get: (id: string) => (id === combat.id ? combat : undefined) };
  world.actors = actors;
  await combat.startCombat();
  return { combat, actors };
}

/** Faces for a code of `dice` dice: plain dice then a Wild Die that does not explode. */
const faces = (dice: number, i: number) => ({ dice: Array.from({ length: dice - 1 }, (_, k) => 1 + ((i + k) % 6)), wild: [1 + (i % 5)] });

describe("nothing fails silently at size: 1,000 combatants stored and read back (issue 20.5)", () => {
  it("started, every combatant rolled through the GM's queue, two placed, the order set: every state and the order read back whole", async () => {
    const { combat } = await bigFight(SIZE);
    const stored = combat.flags.cychosys.rounds as Record<string, unknown>;
    expect(Object.keys(stored)).toHaveLength(SIZE);
    for (const [i, c] of combat.list.entries()) {
      await send(gm, { kind: "d6Initiative", combatId: combat.id, combatantId: c.id, ...faces(2 + (i % 3), i) });
    }
    await send(gm, { kind: "d6Place", combatId: combat.id, combatantId: "c00999", position: 0 });
    await send(gm, { kind: "d6Place", combatId: combat.id, combatantId: "c00000", position: 998 });
    await send(gm, { kind: "d6SetOrder", combatId: combat.id });
    expect(replies("gm")).toEqual([]);
    // What the combat holds survives a round trip through the database (JSON), every combatant's roll in it.
    const reread = { ...combat, flags: JSON.parse(JSON.stringify(combat.flags)) };
    for (const [i, c] of combat.list.entries()) {
      const total = faces(2 + (i % 3), i).dice.reduce((s, f) => s + f, 0) + faces(2 + (i % 3), i).wild[0]!;
      expect(readD6Round({ combat: reread as never, combatant: c as never }).initiative?.total).toBe(total);
    }
    expect(readD6Order(reread.flags, 1)).toEqual({ round: 1, set: true, overrides: { c00999: 0, c00000: 998 } });
    const turns = combat.turns.map((t) => t.id);
    expect(turns).toHaveLength(SIZE);
    expect(new Set(turns).size).toBe(SIZE);
    expect(turns[0]).toBe("c00999");
    expect(turns[998]).toBe("c00000");
    expect(turns).toEqual(d6TableTurns(tableOf(combat as never)).map((t) => t.id));
  });
});

describe("the tracker's costs at 1,000 combatants, through the Foundry glue (issue 21.1)", () => {
  it("a sort with Foundry's comparator reads the stored state once: under 300 ms of CPU (target 10 ms quiet; once per comparison it took minutes)", async () => {
    const { combat } = await bigFight(SIZE);
    for (const [i, c] of combat.list.entries()) {
      combat.flags.cychosys.rounds[c.id].initiative = { round: 1, total: 3 + ((i * 7) % 20), playerCharacter: i % 5 === 0 };
    }
    await Promise.resolve(); // a sort of its own (the places of an earlier sort are cleared after it)
    let sorted: FakeCombatant[] = [];
    expect(cpuMs(() => (sorted = combat.turns))).toBeLessThan(300);
    expect(sorted.map((c) => c.id)).toEqual(d6TableTurns(tableOf(combat as never)).map((t) => t.id));
  });

  it("a new round and the start of a turn: each under 1 s of CPU (targets 50 ms quiet)", async () => {
    const { combat } = await bigFight(SIZE);
    combat.flags.cychosys.d6Order.set = true;
    combat.turn = SIZE - 1;
    let start = process.cpuUsage();
    await beginTurn(combat as never);
    let used = process.cpuUsage(start);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    start = process.cpuUsage();
    await combat.nextRound();
    used = process.cpuUsage(start);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(combat.round).toBe(2);
    expect(readD6Order(combat.flags, 2).set).toBe(false);
    expect(Object.keys(combat.flags.cychosys.rounds)).toHaveLength(SIZE);
  });
});
