/**
 * The Cychosys odds against every roll or seeded rolls through the rules
 * core (docs/odds.md). A six-die total is counted over all 12^6 rolls, so
 * its chances must match exactly; the counter exchange, whose rolls nest
 * too deep to count (6.3 million exchanges for the one below), is played
 * 250,000 times with seeded dice and each exact chance and expectation must
 * lie within 3 standard errors of what the rolls show. The randomness is
 * the tests' own (src/cli/prng.ts); the engine never samples.
 */
import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/cli/prng.js";
import {
  actionTotal, beats, formOdds, resolveAttack, STANDARD_EXCHANGE_POLICY, totalOdds, type TotalSpec,
} from "../../../src/rulesets/cychosys/rules/index.js";
import { b, countedTotals, OUTFIT, query } from "./odds-helpers.js";

/** Exchanges played (a standard error of at most 0.001 on a chance). */
const ROLLS = 250_000;

/** |observed − exact| within 3 standard errors of a chance seen `hits` times in ROLLS. */
function expectChance(exact: number, hits: number): void {
  const p = hits / ROLLS;
  const se = Math.sqrt(Math.max(exact * (1 - exact), 1e-9) / ROLLS);
  expect(Math.abs(p - exact)).toBeLessThanOrEqual(3 * se);
}

/** |mean − exact| within 3 standard errors of the sample's mean. */
function expectMean(exact: number, sum: number, sumSquares: number): void {
  const mean = sum / ROLLS;
  const variance = Math.max(sumSquares / ROLLS - mean * mean, 1e-9);
  expect(Math.abs(mean - exact)).toBeLessThanOrEqual(3 * Math.sqrt(variance / ROLLS));
}

describe("every roll of six dice (tests only)", () => {
  it("R11–R13: a six-die total: P(total ≥ k) for several k, P(surge), P(0) and every total's chance are the counts of all 12^6 rolls", () => {
    const spec = { dice: 6, static: 12 };
    const odds = totalOdds(spec);
    const all = 12 ** spec.dice;
    // Every roll once, through the core's own reading (an odometer over the six faces, key die first).
    const counts = { plain: new Array<number>(odds.plain.length).fill(0), surge: new Array<number>(odds.surge.length).fill(0) };
    const faces = new Array<number>(spec.dice).fill(1);
    let rolls = 0;
    for (;;) {
      const t = actionTotal({ base: spec.static, roll: faces });
      (t.surge ? counts.surge : counts.plain)[t.total]!++;
      rolls++;
      let i = spec.dice - 1;
      while (i >= 0 && faces[i] === 12) faces[i--] = 1;
      if (i < 0) break;
      faces[i]!++;
    }
    expect(rolls).toBe(all);
    const chanceAtLeast = (k: number, of: ArrayLike<number>) => Array.from(of).slice(k).reduce((s, x) => s + x, 0);
    for (const k of [0, 20, 35, 45, 60]) expect(chanceAtLeast(k, odds.plain) + chanceAtLeast(k, odds.surge)).toBeCloseTo((chanceAtLeast(k, counts.plain) + chanceAtLeast(k, counts.surge)) / all, 12);
    expect(odds.surge.reduce((s, x) => s + x, 0)).toBeCloseTo(chanceAtLeast(0, counts.surge) / all, 12);
    expect(odds.plain[0]! + odds.surge[0]!).toBeCloseTo((counts.plain[0]! + counts.surge[0]!) / all, 12);
    for (let t = 0; t < odds.plain.length; t++) {
      expect(odds.plain[t], `plain ${t}`).toBeCloseTo(counts.plain[t]! / all, 12);
      expect(odds.surge[t], `surge ${t}`).toBeCloseTo(counts.surge[t]! / all, 12);
    }
  });
});

describe("Monte-Carlo of 250,000 exchanges (tests only)", () => {
  it("R23: the counter exchange, each side countering again by the stated policy, played through resolveAttack", () => {
    const attack: TotalSpec = { dice: 4, static: 18 };
    const counter: TotalSpec = { dice: 4, static: 34 };
    // The attacker counters again with a better total than it attacked with, so exchanges run several counters deep.
    const again: TotalSpec = { dice: 4, static: 44 };
    const q = query(attack, b("VFD6"), counter);
    q.attack.again = again;
    // A bolder policy than the standard one (data, docs/odds.md), so the defender counters a second time too.
    q.policy = { counterAgainAt: 0.05 };
    q.defender.counter = { ...counter, edge: b("BR3") };
    const odds = formOdds("counter", q);
    // The policy's chance of beating the standing total, counted over every roll (not read from the engine).
    const beatChance = (spec: TotalSpec, handicap: number) => {
      const rolls = countedTotals(spec);
      const all = 12 ** spec.dice;
      const memo = new Map<string, number>();
      return (standing: number, surge: boolean) => {
        const key = `${standing}:${surge}`;
        let found = memo.get(key);
        if (found === undefined) {
          found = rolls.filter((r) => beats({ total: Math.max(0, r.total - handicap), surge: r.surge }, { total: standing, surge }, "b")).reduce((s, r) => s + r.count, 0) / all;
          memo.set(key, found);
        }
        return found;
      };
    };
    const policy = { ...STANDARD_EXCHANGE_POLICY, ...q.policy };
    const chance = Array.from({ length: policy.maxCounters + 1 }, (_, k) => (k < 2 ? undefined : beatChance(k % 2 === 0 ? again : counter, 8 * k)));
    const roll = seededDice(7);
    const rolled = (spec: TotalSpec) => {
      const t = actionTotal({ base: spec.static, roll: Array.from({ length: spec.dice }, () => roll(12)) });
      return { total: t.total, surge: t.surge };
    };
    let defenderStruck = 0;
    let attackerStruck = 0;
    let seizes = 0;
    const deeper = new Array<number>(policy.maxCounters + 1).fill(0);
    const hits = { defender: [0, 0], attacker: [0, 0] };
    for (let i = 0; i < ROLLS; i++) {
      const a = rolled(attack);
      const totals = [rolled(counter)];
      let standing = { total: Math.max(0, totals[0]!.total - 8), surge: totals[0]!.surge };
      if (!beats(standing, a, "b")) standing = a;
      else {
        seizes++;
        for (let k = 2; k <= policy.maxCounters && chance[k]!(standing.total, standing.surge) >= policy.counterAgainAt; k++) {
          const next = rolled(k % 2 === 0 ? again : counter);
          deeper[k]!++;
          totals.push(next);
          const after = { total: Math.max(0, next.total - 8 * k), surge: next.surge };
          if (!beats(after, standing, "b")) break;
          standing = after;
        }
      }
      const res = resolveAttack({
        attacker: { ...a, edge: q.attack.edge, outfit: OUTFIT },
        defender: { outfit: OUTFIT },
        defense: { form: "counter", totals, edge: b("BR3") },
      });
      const h = res.strike?.hits ?? 0;
      if (res.struck === "defender") {
        defenderStruck++;
        hits.defender[0]! += h;
        hits.defender[1]! += h * h;
      } else if (res.struck === "attacker") {
        attackerStruck++;
        hits.attacker[0]! += h;
        hits.attacker[1]! += h * h;
      }
    }
    // The exchange went past the first counter, both ways.
    expect(deeper[2]).toBeGreaterThan(ROLLS / 100);
    expect(deeper[3]).toBeGreaterThan(ROLLS / 1000);
    expectChance(odds.defenderStruck, defenderStruck);
    expectChance(odds.attackerStruck, attackerStruck);
    expectChance(odds.counterSeizes!, seizes);
    expectMean(odds.defenderHits, hits.defender[0]!, hits.defender[1]!);
    expectMean(odds.attackerHits, hits.attacker[0]!, hits.attacker[1]!);
  }, 120_000);
});
