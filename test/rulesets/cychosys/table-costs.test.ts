/**
 * Issue 21.1, linear table costs (Cychosys): the tracker's sort keys are
 * computed once per sort from one read of the combat's stored order figures;
 * a round's end and start, a turn's redraw and the sheet's derive and view
 * grow linearly (the sort N log N) — guarded here by how each grows from N to
 * 10N (a regression to quadratic grows ~100×, fails; a busy machine slows
 * both sizes alike, passes) and by ceilings far above the bench's targets
 * (src/core/bench.ts TABLE_TARGETS, timed by `npm run bench`).
 */
import { describe, expect, it } from "vitest";
import { bench, benchCombat, benchSheet, deriveAndView } from "../../../src/rulesets/cychosys/bench.js";
import { combatantFacts, compareCombatants, storedOrderFigures } from "../../../src/rulesets/cychosys/combat/plan.js";
import { sortTurns, turnComparator } from "../../../src/rulesets/cychosys/combat/table.js";
import type { TableCostKind } from "../../../src/core/bench.js";
import { chapterCombatants, FakeActor, FakeCombatant, type FakeCombatBase } from "../../combat/fakes.js";
import { defineCombatDocuments } from "../../combat/classes.js";

/** The fastest run of `work` (ms), over at least 5 runs and 60 ms of them: the machine's load only ever adds. */
function fastest(work: () => unknown): number {
  work();
  let best = Number.POSITIVE_INFINITY;
  let spent = 0;
  for (let r = 0; r < 40 && (r < 5 || spent < 60); r++) {
    const start = performance.now();
    work();
    const ms = performance.now() - start;
    spent += ms;
    best = Math.min(best, ms);
  }
  return best;
}

const costOf = (kind: TableCostKind) => bench.table.find((c) => c.kind === kind)!;

describe("the tracker's order (R14), keys once per sort", () => {
  it("sortTurns and the per-sort comparator give the order of compareCombatants, 1,000 combatants with many ties", () => {
    const world = benchCombat(1000);
    const facts = world.docs.map((d) => combatantFacts(d, storedOrderFigures(world.combat.flags)));
    const expected = facts.slice().sort(compareCombatants).map((c) => c.id);
    expect(sortTurns(facts).map((c) => c.id)).toEqual(expected);
    expect(facts.slice().reverse().sort(turnComparator((c: (typeof facts)[number]) => c)).map((c) => c.id)).toEqual(expected);
  });

  it("the Foundry glue's setupTurns reads the combat's stored order once per sort (not once per comparison), in the same order", () => {
    const { CychosysCombat } = defineCombatDocuments();
    const combat = new CychosysCombat() as unknown as FakeCombatBase & { setupTurns(): FakeCombatant[] };
    const { parker, riddle, sentry } = chapterCombatants();
    const many = Array.from({ length: 200 }, (_, i) => new FakeActor({ id: `npc${i}`, quickness: i % 7, hits: [(i * 3) % 10, 5, 5] }));
    combat.list = [parker, riddle, sentry, ...many].map((a) => new FakeCombatant(a, { initiative: a.system.derived.quickness.quickness }));
    for (const c of combat.list) c.combat = combat;
    combat.flags = { cychosys: { order: Object.fromEntries(combat.list.map((c, i) => [c.id, { quickness: c.initiative, physicalHits: c.actor!.system.pools.hit.physical.value, tiebreak: (i * 37) % 101 }])) } };
    const flags = combat.flags;
    let reads = 0;
    Object.defineProperty(combat, "flags", { get: () => (reads++, flags), configurable: true });
    const turns = combat.setupTurns().map((c) => c.id);
    expect(reads).toBe(1);
    reads = 0;
    // Foundry's own sort without a prepared comparator (the per-comparison path) gives the same order.
    expect(combat.list.slice().sort((combat as unknown as { _sortCombatants(a: unknown, b: unknown): number })._sortCombatants).map((c) => c.id)).toEqual(turns);
    expect(reads).toBeGreaterThan(combat.list.length);
  });
});

describe("table costs grow linearly (N → 10N)", () => {
  // [kind, N, ceiling at 10N in ms — 20× or more the bench's target there]
  const cases: [TableCostKind, number, number][] = [
    ["trackerSort", 100, 200],
    ["newRound", 100, 1000],
    ["nextTurn", 100, 1000],
    // The sheet from 2,000 to 20,000 items: a search per item shows only past a few thousand (44 ms at 2,000 was 5 s at 20,000).
    ["sheet", 2000, 3000],
  ];
  for (const [kind, n, ceiling] of cases) {
    it(`${kind}: ${n} → ${n * 10} grows far less than quadratically, and stays under ${ceiling} ms`, () => {
      const small = fastest(costOf(kind).prepare(n));
      const large = fastest(costOf(kind).prepare(n * 10));
      // Linear is 10×, N log N about 13×; quadratic is 100×. Timer resolution aside (a floor of 0.05 ms for the small size).
      expect(large / Math.max(small, 0.05), `${small.toFixed(3)} ms → ${large.toFixed(3)} ms`).toBeLessThan(40);
      expect(large).toBeLessThan(ceiling);
    }, 60_000);
  }
});

describe("the sheet at 2,000 items (R13 totals by map)", () => {
  it("every gear row finds its skill's total; the untrained ones are marked", () => {
    const view = deriveAndView(benchSheet(2000));
    expect(view.gear).toHaveLength(500);
    expect(view.gear.every((g) => g.total !== undefined)).toBe(true);
    expect(view.gear.filter((g) => g.total!.missingSkill)).toHaveLength(Math.floor(500 / 7) + (500 % 7 === 6 ? 1 : 0));
    expect(view.skills.every((s) => s.total !== undefined && s.finesses.every((f) => f.total !== undefined))).toBe(true);
  });
});
