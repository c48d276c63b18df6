/**
 * Issue 21.1, linear table costs (Cychosys): the tracker's sort keys are
 * computed once per sort from one read of the combat's stored order figures;
 * a round's end and start, a turn's redraw and the sheet's derive and view
 * grow linearly (the sort N log N) — guarded here by the shared growth guard
 * (test/helpers/growth.ts: a regression to quadratic grows ~100× from N to
 * 10N and fails; a busy machine slows both sizes alike and passes) and by
 * ceilings far above the bench's targets (src/core/bench.ts TABLE_TARGETS,
 * timed by `npm run bench`).
 */
import { describe, expect, it } from "vitest";
import { bench, benchCombat, benchSheet, deriveAndView } from "../../../src/rulesets/cychosys/bench.js";
import { combatantFacts, compareCombatants, storedOrderFigures } from "../../../src/rulesets/cychosys/combat/plan.js";
import { sortTurns, turnComparator } from "../../../src/rulesets/cychosys/combat/table.js";
import type { TableCost, TableCostKind } from "../../../src/core/bench.js";
import { expectLinearGrowth } from "../../helpers/growth.js";
import { chapterCombatants, FakeActor, FakeCombatant, type FakeCombatBase } from "../../combat/fakes.js";
import { defineCombatDocuments } from "../../combat/classes.js";

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
  // The shared guard (test/helpers/growth.ts): CPU time, best of runs, up to three rounds, at the bench's two largest sizes.
  for (const kind of ["trackerSort", "newRound", "nextTurn"] as const) {
    it(`${kind}: grows far less than quadratically, and stays within its ceiling`, () => {
      expectLinearGrowth(costOf(kind));
    }, 60_000);
  }
  // The sheet from 2,000 to 20,000 items: a search per item shows only past a few thousand (44 ms at 2,000 was 5 s at 20,000),
  // so the same guard runs on the sheet's cost scaled ×10, its ceiling at 20,000 items 100× the bench's target at 2,000.
  it("sheet: 2,000 → 20,000 items grows far less than quadratically, and stays under 3 s", () => {
    const sheet = costOf("sheet");
    const scaled: TableCost = { kind: sheet.kind, prepare: (size) => sheet.prepare(size * 10) };
    expectLinearGrowth(scaled, { targetMultiple: 100 });
  }, 60_000);
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
