/**
 * A timing helper the `bench` command can call: full D6 attack resolutions
 * per second over the seed scenarios (read once, outside the timed loop).
 */
import { english } from "../../../core/messages.js";
import { type LoopTiming, timeLoop } from "../../../core/timing.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { type D6AttackInput, resolveD6Attack } from "./resolve.js";
import { readD6Scenario } from "./scenario.js";
import { D6_SEED_SCENARIOS } from "./seed-scenarios.js";

export type D6BenchResult = LoopTiming;

/** The seed scenarios as resolved inputs, each under its own rules. */
export function benchInputs(rules: Readonly<D6Rules> = D6_STANDARD_RULES): { input: D6AttackInput; rules: D6Rules }[] {
  return Object.values(D6_SEED_SCENARIOS).map((s) => {
    const { input, rules: scenarioRules } = readD6Scenario(s, rules);
    return { input, rules: scenarioRules };
  });
}

/** Time `iterations` full resolutions (after a warm-up of the same size); `now` is a millisecond clock. */
export function benchD6(
  iterations = 200_000,
  now: () => number = () => performance.now(),
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): D6BenchResult {
  const inputs = benchInputs(rules);
  const n = inputs.length;
  return timeLoop(iterations, (i) => {
    const x = inputs[i % n]!;
    return resolveD6Attack(x.input, x.rules).margin ?? 0;
  }, now);
}

/** One line in words, for the bench command. */
export function formatBenchD6(result: D6BenchResult): string {
  return english("CYCHOSYS.D6.Bench.line", {
    rate: Math.round(result.perSecond).toLocaleString("en-US"),
    count: result.iterations.toLocaleString("en-US"),
    ms: result.ms.toFixed(0),
  });
}
