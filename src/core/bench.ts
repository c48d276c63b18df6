/**
 * Timing a rules core for the `bench` command and its tests: `iterations`
 * calls of `run`, after a warm-up of the same size, on the given millisecond
 * clock. Each ruleset's bench helper hands it its own inputs.
 */
export interface BenchResult {
  iterations: number;
  ms: number;
  perSecond: number;
}

/** Time `run(i)` for i in 0…iterations−1; its numeric results are summed so the work cannot be optimized away. */
export function timeCalls(iterations: number, run: (i: number) => number, now: () => number = () => performance.now()): BenchResult {
  let sink = 0;
  const all = () => {
    for (let i = 0; i < iterations; i++) sink += run(i);
  };
  all();
  const start = now();
  all();
  const ms = now() - start;
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keep the work observable
  return { iterations, ms, perSecond: ms > 0 ? iterations / (ms / 1000) : Number.POSITIVE_INFINITY };
}

/**
 * What `npm run bench` times of one ruleset (src/rulesets/<id>/bench.ts
 * exports one; src/cli/bench.ts prints each figure beside its target and how
 * it grows from N to 10N). Everything here is pure: the inputs are built
 * once, untimed, by `prepare`, and the returned function is the timed work.
 */
export interface RulesetBench {
  /** The ruleset's id (`cychosys`, `d6`, …). */
  id: string;
  /** The fixed set of attacks the bench has always timed: `run(i)` resolves the i-th (cycling). */
  fixed: AttackSet;
  /**
   * A realistic mix, generated from the packs' actors and items and the
   * scenario space (every defense, damage type, armour layer and location,
   * crits): `run(i)` resolves the i-th. Target: ≥ 1,000,000/s on a quiet
   * machine and within 2× of `fixed`.
   */
  mix: AttackSet;
  /** The table costs a GM waits for, at growing sizes (TABLE_TARGETS). */
  table: readonly TableCost[];
}

export interface AttackSet {
  /** How many distinct inputs it cycles through. */
  size: number;
  /** What it holds, one line for the bench's output. */
  describe: string;
  /** Resolve the i-th input (i taken modulo `size` by the caller); return anything derived from the result. */
  run(i: number): unknown;
}

/** The kinds of table cost every ruleset measures, with their targets (issue 21). */
export type TableCostKind = "trackerSort" | "newRound" | "nextTurn" | "sheet" | "phaseActions";

export interface TableCost {
  kind: TableCostKind;
  /** Build the input of this size (untimed); the returned function is the work timed. */
  prepare(size: number): () => unknown;
}

/** Sizes and ceilings (ms, on the project's 2-core machine) of each kind of table cost. */
export const TABLE_TARGETS: Readonly<Record<TableCostKind, { unit: "combatants" | "items" | "actions"; targets: readonly { size: number; ms: number }[] }>> = {
  trackerSort: { unit: "combatants", targets: [{ size: 10, ms: 1 }, { size: 100, ms: 1 }, { size: 1000, ms: 10 }] },
  newRound: { unit: "combatants", targets: [{ size: 10, ms: 5 }, { size: 100, ms: 5 }, { size: 1000, ms: 50 }] },
  nextTurn: { unit: "combatants", targets: [{ size: 10, ms: 5 }, { size: 100, ms: 5 }, { size: 1000, ms: 50 }] },
  sheet: { unit: "items", targets: [{ size: 20, ms: 5 }, { size: 200, ms: 5 }, { size: 2000, ms: 30 }] },
  phaseActions: { unit: "actions", targets: [{ size: 100, ms: 100 }, { size: 1000, ms: 100 }, { size: 10000, ms: 100 }] },
};

/**
 * The benches' seeded generator (mulberry32): floats in [0, 1), the same
 * stream for the same seed on every machine, so a realistic mix is the same
 * attacks on every run. Only the benches draw from it; a rules core receives
 * faces, never a generator.
 */
export function benchRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
