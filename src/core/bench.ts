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
