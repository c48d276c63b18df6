/**
 * 21.1/21.2: the phase ruleset's bench (src/rulesets/phase/bench.ts) — its
 * table costs grow linearly (a regression to a search per comparison or a
 * copy per transition fails; a busy machine does not: the ceilings are
 * ratios N → 10N far below quadratic, and absolute figures 30× the targets),
 * and its realistic mix is the packs over the scenario space, each attack
 * fully rolled.
 */
import { describe, expect, it } from "vitest";
import { TABLE_TARGETS, type TableCostKind } from "../../../src/core/bench.js";
import { bench, PHASE_MIX_SIZE, phaseMixInputs } from "../../../src/rulesets/phase/bench.js";
import { resolveAttack } from "../../../src/rulesets/phase/rules/attack.js";
import { AREAS } from "../../../src/rulesets/phase/rules/types.js";

/**
 * The least processor time of a few runs (after a warm-up), in ms: what the
 * work costs when the machine lets it run. Processor time, not the clock, so
 * a run the busy machine interrupts does not count its wait.
 */
function best(kind: TableCostKind, size: number, runs = 5): number {
  const work = bench.table.find((c) => c.kind === kind)!.prepare(size);
  work();
  work();
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    fastest = Math.min(fastest, (used.user + used.system) / 1000);
  }
  return fastest;
}

/** N → 10N: linear is ~10 (N log N a little more); a search per item or a copy per step is ~100. */
const LINEAR_RATIO = 40;
const target = (kind: TableCostKind, size: number) => TABLE_TARGETS[kind].targets.find((t) => t.size === size)!.ms;

describe("the phase bench's table costs grow linearly (21.1)", () => {
  const cases: [TableCostKind, number][] = [
    ["trackerSort", 100],
    ["newRound", 100],
    ["nextTurn", 100],
    ["sheet", 200],
    ["phaseActions", 1000],
  ];
  for (const [kind, size] of cases) {
    it(`${kind}: ${size} → ${size * 10} well below quadratic, and within 30× of its target at ${size * 10}`, () => {
      // Processor time is counted in steps of a few microseconds: the small size is run as often as it takes to be measurable.
      const small = Math.max(best(kind, size, 9), 0.05);
      const large = best(kind, size * 10, 3);
      expect(large / small).toBeLessThan(LINEAR_RATIO);
      expect(large).toBeLessThan(30 * target(kind, size * 10));
    }, 120_000);
  }

  it("every kind of table cost a ruleset measures is here", () => {
    expect(bench.table.map((c) => c.kind).sort()).toEqual(["newRound", "nextTurn", "phaseActions", "sheet", "trackerSort"]);
    expect(bench.id).toBe("phase");
  });
});

describe("the phase bench's attack sets (21.2)", () => {
  it("the fixed set is the seed's attacks; every call resolves one", () => {
    expect(bench.fixed.size).toBeGreaterThan(10);
    for (let i = 0; i < bench.fixed.size; i++) expect(typeof bench.fixed.run(i)).toBe("number");
  });

  it("the mix covers the scenario space: every attack action, wild and lined-up shots, Aim, every called area, Defend, cover, missing areas, stun and always-traumatic weapons, armor, wounded attackers and targets", () => {
    const inputs = phaseMixInputs(PHASE_MIX_SIZE);
    expect(inputs).toHaveLength(PHASE_MIX_SIZE);
    const results = inputs.map((x) => resolveAttack(x));
    // Every input carries exactly the dice its resolution asks for: nothing pending, nothing unused (it would throw).
    expect(results.every((r) => r.pending === null)).toBe(true);
    const seen = (f: (i: (typeof inputs)[number], r: (typeof results)[number]) => boolean) => inputs.filter((x, i) => f(x, results[i]!)).length;
    expect(new Set(inputs.map((x) => x.action))).toEqual(new Set(["fire", "targetAndFire", "burst", "fullAuto", "melee"]));
    expect(seen((_, r) => r.wild)).toBeGreaterThan(100);
    expect(seen((x) => x.aim > 0 && x.targeting)).toBeGreaterThan(100);
    for (const area of AREAS) expect(seen((_, r) => r.called === area)).toBeGreaterThan(10);
    expect(seen((x) => x.defending)).toBeGreaterThan(100);
    expect(seen((x) => x.cover > 0 || x.target.obstacles.cover.length > 0)).toBeGreaterThan(100);
    expect(seen((x) => x.target.obstacles.missing.length > 0)).toBeGreaterThan(100);
    expect(seen((x, r) => x.weapon.stun && r.landed > 0)).toBeGreaterThan(50);
    expect(seen((x, r) => x.weapon.alwaysTraumatic && r.newTraumas.length > 0)).toBeGreaterThan(10);
    expect(seen((_, r) => r.checks.some((c) => c.hits.some((h) => h.damage?.reason === "threshold")))).toBeGreaterThan(50);
    expect(seen((_, r) => r.checks.some((c) => c.hits.some((h) => h.placement.stoppedBy !== null)))).toBeGreaterThan(0);
    expect(seen((_, r) => r.checks.some((c) => c.result === "partial"))).toBeGreaterThan(50);
    expect(seen((x) => Object.values(x.target.armor).some((a) => a > 0))).toBeGreaterThan(1000);
    expect(seen((x) => x.attacker.traumaticWounds > 0)).toBeGreaterThan(1000);
    expect(seen((_, r) => r.conditionAfter.out)).toBeGreaterThan(10);
  });

  it("the mix is the same every run (a seeded generator), and the bench resolves exactly those attacks", () => {
    const a = phaseMixInputs(64);
    expect(phaseMixInputs(64)).toEqual(a);
    const all = phaseMixInputs(PHASE_MIX_SIZE);
    for (let i = 0; i < 64; i++) expect(bench.mix.run(i)).toBe(resolveAttack(all[i]!).hits);
  });
});
