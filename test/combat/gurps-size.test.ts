/**
 * The GURPS tracker at size (issues 20.5, 21.1): a fight of 1,000 combatants
 * keeps every fighter's order key and round and reads them back; the tracker
 * sorts from ONE read of the stored order per sort (not one per comparison),
 * is not re-sorted by a change that cannot move anyone, and passes over the
 * knocked-out in linear time; a round over its bounds is refused with a
 * message, never stored to read back as fresh.
 */
import { describe, expect, it } from "vitest";
import { FakeCombatant, world } from "./fakes.js";
import { GurpsCombat, GurpsFakeActor, type GurpsTestCombat, useGurpsCombatWorld } from "./gurps-fakes.js";
import { beginGurpsTurn, gurpsCombatRules, skipTarget } from "../../src/foundry/gurps/combat.js";
import { gurpsRoundUpdate, MAX_ITEMS, readGurpsRound } from "../../src/rulesets/gurps/combat/round-state.js";
import { type OrderFigures, readGurpsOrder, reorderUpdate, sortGurpsTurns } from "../../src/rulesets/gurps/combat/tracker-plan.js";
import { orderFiguresOf } from "../../src/foundry/gurps/combat-actions.js";
import { freshItem, GurpsError, newFighterRound } from "../../src/rulesets/gurps/rules/index.js";
import { expectLinearGrowth } from "../helpers/growth.js";

useGurpsCombatWorld();
const g = globalThis as any;

/** A started fight of `size` GURPS fighters, Basic Speed 4–8 and DX 9–15 spread over them. */
async function bigFight(size: number): Promise<GurpsTestCombat> {
  const actors = Array.from({ length: size }, (_, i) => new GurpsFakeActor({ id: `f${String(i).padStart(5, "0")}`, basicSpeed: 4 + (i % 17) / 4, dx: 9 + (i % 7) }));
  const combat = new GurpsCombat() as unknown as GurpsTestCombat;
  combat.list = actors.map((a) => new FakeCombatant(a));
  for (const c of combat.list) c.combat = combat;
  g.game.combats = { contents: [combat] };
  world.actors = actors;
  let n = 0;
  g.CONFIG.Dice.randomUniform = () => ((n++ * 7919) % 1000) / 1000;
  await combat.startCombat();
  return combat;
}

/** Count the reads of the stored order's keys (what a whole read of the order walks). */
function countKeyReads(combat: GurpsTestCombat): { reads: number } {
  const counter = { reads: 0 };
  const order = combat.flags.cychosys.gurpsOrder;
  const keys = order.keys;
  Object.defineProperty(order, "keys", { configurable: true, enumerable: true, get: () => (counter.reads++, keys) });
  return counter;
}

describe("the GURPS tracker at 1,000 combatants", () => {
  it("keeps every fighter's order key (G9) and round, and reads each back as stored", async () => {
    const combat = await bigFight(1000);
    const order = readGurpsOrder(combat.flags);
    expect(Object.keys(order.keys)).toHaveLength(1000);
    for (const c of combat.list) expect(order.keys[c.id]).toEqual({ basicSpeed: c.actor!.system.derived.basicSpeed, dx: c.actor!.system.derived.attributes.dx, draw: expect.any(Number) });
    // A round for every fighter, stored through the one write path, read back whole.
    const rounds = new Map(combat.list.map((c, i) => [c.id, { ...newFighterRound({ sword: freshItem({ ready: i % 2 === 0 }) }), turn: 1 + (i % 5), injurySinceLastTurn: i % 9, posture: i % 3 ? "standing" : "prone" } as const]));
    for (const c of combat.list) await combat.update(gurpsRoundUpdate({ combat, combatant: c } as never, rounds.get(c.id)!));
    for (const c of combat.list) expect(readGurpsRound({ combat, combatant: c } as never)).toEqual(rounds.get(c.id));
    // The tracker's order is the G9 order of what was kept.
    const expected = sortGurpsTurns(combat.flags, combat.list.map((c) => ({ id: c.id, basicSpeed: 0, dx: 0 }))).map((e) => e.id);
    expect(combat.turns.map((t) => t.id)).toEqual(expected);
  });

  it("sorts from one read of the stored order per sort, not one per comparison; the next turn past the knocked-out reads each round as stored, in order", async () => {
    const combat = await bigFight(1000);
    const counter = countKeyReads(combat);
    const turns = combat.turns;
    expect(turns).toHaveLength(1000);
    // One read of the order (readGurpsOrder looks at its keys twice), for ~10,000 comparisons.
    const oneRead = counter.reads;
    expect(oneRead).toBeGreaterThan(0);
    expect(oneRead).toBeLessThanOrEqual(2);
    // A later sort (a later task) reads the order again — once.
    await Promise.resolve();
    void combat.turns;
    expect(counter.reads).toBe(2 * oneRead);
    // Foundry's setupTurns sorts with the prepared comparator (CombatRules.prepareSort): one read, the same order.
    const prepared = combat.list.slice().sort(gurpsCombatRules.prepareSort!(combat) as never);
    expect(counter.reads).toBe(3 * oneRead);
    expect(prepared.map((t) => t.id)).toEqual(turns.map((t) => t.id));
    // G8: 900 fighters after the current one knocked out: the next turn is the first who can act.
    combat.turn = 0;
    const ids = turns.map((t) => t.id);
    for (const id of ids.slice(1, 901)) await combat.update(gurpsRoundUpdate({ combat, combatant: { id } } as never, { ...newFighterRound(), unconscious: true }));
    expect(skipTarget(combat as never)).toEqual({ turn: 901, round: combat.round });
    await beginGurpsTurn(combat as never);
    expect(readGurpsOrder(combat.flags).acting).toBe(ids[0]);
  });

  it("a round over its bounds (G39: 64 weapons and shields) is refused with a message and nothing stored changes", async () => {
    const combat = await bigFight(3);
    const c = combat.list[0]!;
    const full = newFighterRound(Object.fromEntries(Array.from({ length: MAX_ITEMS }, (_, i) => [`item${i}`, freshItem()])));
    await combat.update(gurpsRoundUpdate({ combat, combatant: c } as never, full));
    const before = JSON.stringify(combat.flags);
    let error: unknown;
    try {
      gurpsRoundUpdate({ combat, combatant: c } as never, { ...full, items: { ...full.items, oneMore: freshItem() } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GurpsError);
    expect((error as Error).message).toBe("A fighter's round in the combat keeps the state of at most 64 weapons and shields; this change would make 65. Nothing was changed: what is stored stays as it was.");
    expect(JSON.stringify(combat.flags)).toBe(before);
    expect(readGurpsRound({ combat, combatant: c } as never)).toEqual(full);
  });

  it("the tracker's sort as Foundry's setupTurns runs it (prepareSort) grows linearly: 100 → 1,000 combatants", async () => {
    const fights = new Map([[100, await bigFight(100)], [1000, await bigFight(1000)]]);
    expectLinearGrowth({
      kind: "trackerSort",
      prepare: (size) => {
        const combat = fights.get(size)!;
        return () => combat.list.slice().sort(gurpsCombatRules.prepareSort!(combat) as never);
      },
    });
  });

  it("G9: with the GM's places kept (every fighter ranked), the sort and one hand move of the order still grow linearly: 100 → 1,000 combatants", async () => {
    const fights = new Map<number, { combat: GurpsTestCombat; figures: OrderFigures[] }>();
    for (const size of [100, 1000]) {
      const combat = await bigFight(size);
      const figures = combat.turns.map(orderFiguresOf as never) as OrderFigures[];
      // The GM moves the last fighter to the top: every fighter is given his place (one write).
      await combat.update(reorderUpdate(readGurpsOrder(combat.flags), figures, { round: combat.round, turn: combat.turn }, figures.at(-1)!.id, 0)!);
      expect(combat.turns[0]!.id).toBe(figures.at(-1)!.id);
      fights.set(size, { combat, figures });
    }
    expectLinearGrowth({
      kind: "trackerSort",
      prepare: (size) => {
        const { combat } = fights.get(size)!;
        return () => combat.list.slice().sort(gurpsCombatRules.prepareSort!(combat) as never);
      },
    });
    expectLinearGrowth({
      kind: "trackerSort",
      prepare: (size) => {
        const { combat, figures } = fights.get(size)!;
        const order = readGurpsOrder(combat.flags);
        return () => reorderUpdate(order, figures, { round: combat.round, turn: combat.turn }, figures[1]!.id, size - 1);
      },
    });
  });
});
