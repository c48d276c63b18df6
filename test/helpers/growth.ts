/**
 * The growth guard every ruleset's table-cost tests share (issue 21): a cost
 * timed at N and 10N must grow far below quadratic, and stay within a
 * generous multiple of its target at the largest size.
 *
 * Robust on a busy machine: it times this process's CPU (a busy machine
 * slows the clock, not the work), takes the best of several runs, floors
 * the small size's time (a tiny time would magnify noise), and measures
 * again — up to five rounds — before it fails, keeping the best ratio. A
 * quadratic cost (100× from N to 10N) fails every round; a pause for garbage
 * collection or another process does not fail three.
 */
import { expect } from "vitest";
import { TABLE_TARGETS, type TableCost } from "../../src/core/bench.js";

/** The best CPU time of `work` over `runs` runs, in ms. */
export function bestCpuMs(work: () => unknown, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

export interface GrowthOptions {
  /** The largest ratio N → 10N that passes (linear 10, N log N ~13, quadratic 100). */
  maxRatio?: number;
  /** The ceiling at the largest size, as a multiple of the target. */
  targetMultiple?: number;
  /** The smallest time the ratio divides by, in ms. */
  floorMs?: number;
}

/** Time `cost` at its kind's two largest sizes and check its growth (see above). */
export function expectLinearGrowth(cost: TableCost, options: GrowthOptions = {}): { ratio: number; largestMs: number } {
  const { maxRatio = 40, targetMultiple = 50, floorMs = 0.5 } = options;
  const targets = TABLE_TARGETS[cost.kind].targets;
  const [middle, largest] = [targets[1]!, targets[2]!];
  const small = cost.prepare(middle.size);
  const large = cost.prepare(largest.size);
  small();
  large();
  let ratio = Number.POSITIVE_INFINITY;
  let largestMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5 && (ratio >= maxRatio || largestMs >= largest.ms * targetMultiple); round++) {
    const t10 = bestCpuMs(large, 5);
    const t1 = bestCpuMs(small, 11);
    ratio = Math.min(ratio, t10 / Math.max(t1, floorMs));
    largestMs = Math.min(largestMs, t10);
  }
  expect(largestMs, `${cost.kind} at ${largest.size} ${TABLE_TARGETS[cost.kind].unit}`).toBeLessThan(largest.ms * targetMultiple);
  expect(ratio, `${cost.kind}: ${middle.size} → ${largest.size}`).toBeLessThan(maxRatio);
  return { ratio, largestMs };
}
