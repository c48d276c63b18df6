/**
 * A timing helper the `bench` command can call: full CWN attack resolutions
 * per second over the seed's attack scenarios (read once, outside the timed
 * loop).
 */
import { type BenchResult, timeCalls } from "../../../core/bench.js";
import { english } from "../../../core/messages.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { type CwnAttackInput, resolveCwnAttack } from "./resolve.js";
import { readCwnScenario } from "./headless.js";
import { CWN_SEED_SCENARIOS } from "./seed-scenarios.js";

export type CwnBenchResult = BenchResult;

/** The seed's attack scenarios that resolve all the way (not refused, no roll owed), as inputs under their own rules. */
export function cwnBenchInputs(rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { input: CwnAttackInput; rules: CwnRules }[] {
  return Object.values(CWN_SEED_SCENARIOS).flatMap((s) => {
    const read = readCwnScenario(s, rules);
    if (read.kind !== "attack") return [];
    const res = resolveCwnAttack(read.input, read.rules);
    return res.refused || res.owed.length ? [] : [{ input: read.input, rules: read.rules }];
  });
}

/** Time `iterations` full resolutions (after a warm-up of the same size); `now` is a millisecond clock. */
export function benchCwn(iterations = 200_000, now: () => number = () => performance.now(), rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnBenchResult {
  const inputs = cwnBenchInputs(rules);
  return timeCalls(iterations, (i) => {
    const x = inputs[i % inputs.length]!;
    return resolveCwnAttack(x.input, x.rules).dealt ?? 0;
  }, now);
}

/** One line in words, for the bench command. */
export function formatBenchCwn(result: CwnBenchResult): string {
  return english("CYCHOSYS.Cwn.Bench.line", {
    rate: Math.round(result.perSecond).toLocaleString("en-US"),
    count: result.iterations.toLocaleString("en-US"),
    ms: result.ms.toFixed(0),
  });
}
