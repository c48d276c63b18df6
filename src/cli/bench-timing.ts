/**
 * How `npm run bench` times a ruleset's RulesetBench (src/core/bench.ts) and
 * puts each figure in words beside its target. Robust on a shared machine:
 * every figure is the median of several timed runs after untimed warm-up
 * ones, never one run; a rate's run is sized to last long enough to time
 * (CALIBRATE_MS), and a table cost is timed on fresh inputs each run. The
 * clock is a parameter, so a test can drive it.
 */
import { english } from "../core/messages.js";
import { type AttackSet, type RulesetBench, TABLE_TARGETS, type TableCost, type TableCostKind } from "../core/bench.js";

export interface BenchOptions {
  /** Timed runs per figure (odd, so the median is one of them). */
  runs: number;
  /** Untimed runs first (the JIT's warm-up); a rate's last ones at the size it is timed at. */
  warmups: number;
  /** The millisecond clock. */
  now: () => number;
}

export const DEFAULT_BENCH_OPTIONS: BenchOptions = { runs: 9, warmups: 2, now: () => performance.now() };

/** A rate's timed run lasts at least this long (calls are added until it does). */
export const CALIBRATE_MS = 100;
/** Fewest calls a rate's run makes, however slow each is. */
const MIN_CALLS = 100;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface Rate {
  /** Median calls per second over the timed runs. */
  perSecond: number;
  /** The fastest run's rate. */
  best: number;
  /** Calls per run. */
  count: number;
  runs: number;
}

/** Calls of `set.run` per second: each run `count` calls (cycling through the set), `count` grown until a run lasts CALIBRATE_MS. */
export function timeRate(set: AttackSet, options: BenchOptions = DEFAULT_BENCH_OPTIONS): Rate {
  const { now } = options;
  let sink = 0;
  const pass = (count: number) => {
    const start = now();
    for (let i = 0; i < count; i++) sink += set.run(i % set.size) ? 1 : 0;
    return now() - start;
  };
  // Grow the run until `warmups` runs in a row last CALIBRATE_MS: the first runs are the slowest (a cold JIT), so a size
  // that lasted long enough then may be far too short once warm.
  let count = MIN_CALLS;
  for (let warm = 0; warm < Math.max(1, options.warmups); ) {
    const ms = pass(count);
    if (ms >= CALIBRATE_MS) warm++;
    else {
      // Aim a little past the target from what this run took; at most ×10 at a time.
      count = Math.ceil(count * Math.min(10, ms > 0 ? (1.2 * CALIBRATE_MS) / ms : 10));
      warm = 0;
    }
  }
  const times: number[] = [];
  for (let r = 0; r < options.runs; r++) times.push(pass(count));
  if (sink < 0) console.log(sink); // keep the work observable
  const rate = (ms: number) => (ms > 0 ? count / (ms / 1000) : Number.POSITIVE_INFINITY);
  return { perSecond: rate(median(times)), best: rate(Math.min(...times)), count, runs: options.runs };
}

export interface TableTiming {
  kind: TableCostKind;
  unit: string;
  /** Per size of TABLE_TARGETS: the median time of one call (ms) and its ceiling. */
  sizes: { size: number; ms: number; target: number }[];
}

/** One table cost at each of its sizes: per run a fresh input (`prepare`, untimed) and one timed call; the median. */
export function timeTableCost(cost: TableCost, options: BenchOptions = DEFAULT_BENCH_OPTIONS): TableTiming {
  const { unit, targets } = TABLE_TARGETS[cost.kind];
  const sizes = targets.map(({ size, ms: target }) => {
    const once = () => {
      const work = cost.prepare(size);
      const start = options.now();
      work();
      return options.now() - start;
    };
    for (let w = 0; w < options.warmups; w++) once();
    const times: number[] = [];
    for (let r = 0; r < options.runs; r++) times.push(once());
    return { size, ms: median(times), target };
  });
  return { kind: cost.kind, unit, sizes };
}

const t = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Bench.${key}`, params);
const whole = (n: number) => Math.round(n).toLocaleString("en-US");
/** A time in ms with three significant figures (0.00412, 0.0412, 4.12, 41.2, 412). */
export const millis = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toPrecision(3) : ms > 0 ? ms.toPrecision(3) : "0");
export const verdict = (ok: boolean) => t(ok ? "met" : "missed");

/** The fixed set's target (resolutions per second). */
export const FIXED_TARGET = 500_000;
/** The realistic mix's target: this many per second, and at least this share of the fixed set's rate. */
export const MIX_TARGET = { perSecond: 1_000_000, shareOfFixed: 0.5 };

export function fixedLine(set: AttackSet, rate: Rate): string {
  return t("fixed", { describe: set.describe, rate: whole(rate.perSecond), best: whole(rate.best), count: whole(rate.count), runs: rate.runs, target: whole(FIXED_TARGET), verdict: verdict(rate.perSecond >= FIXED_TARGET) });
}

export function mixLine(set: AttackSet, rate: Rate, fixed: Rate): string {
  const share = rate.perSecond / fixed.perSecond;
  const ok = rate.perSecond >= MIX_TARGET.perSecond && share >= MIX_TARGET.shareOfFixed;
  return t("mix", { describe: set.describe, rate: whole(rate.perSecond), best: whole(rate.best), count: whole(rate.count), runs: rate.runs, share: share.toFixed(2), target: whole(MIX_TARGET.perSecond), verdict: verdict(ok) });
}

/** "tracker sort, 10 / 100 / 1,000 combatants: 0.004 / 0.041 / 0.52 ms (N → 10N: ×10.2, ×12.7); targets 1 / 1 / 10 ms: MET". */
export function tableLine(timing: TableTiming): string {
  const missed = timing.sizes.filter((s) => s.ms > s.target);
  const ratios = timing.sizes.slice(1).map((s, i) => {
    const before = timing.sizes[i]!;
    return `×${before.ms > 0 ? (s.ms / before.ms).toFixed(1) : "∞"} (${whole(before.size)} → ${whole(s.size)})`;
  });
  return t("table", {
    kind: t(`kind.${timing.kind}`),
    sizes: timing.sizes.map((s) => whole(s.size)).join(" / "),
    unit: t(`unit.${timing.unit}`),
    times: timing.sizes.map((s) => millis(s.ms)).join(" / "),
    ratios: ratios.join(", "),
    targets: timing.sizes.map((s) => s.target.toLocaleString("en-US")).join(" / "),
    verdict: missed.length ? t("missedAt", { missed: verdict(false), sizes: missed.map((s) => whole(s.size)).join(", ") }) : verdict(true),
  });
}

/** Every figure of one ruleset's bench, timed and put in words, line by line as each is measured. */
export function benchRuleset(bench: Partial<RulesetBench> & Pick<RulesetBench, "fixed">, print: (line: string) => void, options: BenchOptions = DEFAULT_BENCH_OPTIONS): void {
  const fixed = timeRate(bench.fixed, options);
  print(fixedLine(bench.fixed, fixed));
  if (bench.mix) print(mixLine(bench.mix, timeRate(bench.mix, options), fixed));
  for (const cost of bench.table ?? []) print(tableLine(timeTableCost(cost, options)));
}
