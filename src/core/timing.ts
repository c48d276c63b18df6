/**
 * Timing a loop for the `bench` command's helpers: the same work run once to
 * warm up, then timed with the clock given (pure: the clock is an input).
 */
export interface LoopTiming {
  iterations: number;
  ms: number;
  perSecond: number;
}

/** Run `step(i)` for i < iterations twice (warm-up, then timed); `now` is a millisecond clock. */
export function timeLoop(iterations: number, step: (i: number) => number, now: () => number): LoopTiming {
  let sink = 0;
  const run = () => {
    for (let i = 0; i < iterations; i++) sink += step(i);
  };
  run();
  const start = now();
  run();
  const ms = now() - start;
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keep the work observable
  return { iterations, ms, perSecond: ms > 0 ? iterations / (ms / 1000) : Number.POSITIVE_INFINITY };
}
