/**
 * A timing helper the `bench` command can call: full GURPS attack
 * resolutions per second over the seed scenarios that are attacks (read
 * once, outside the timed loop).
 */
import { english } from "../../../core/messages.js";
import { type LoopTiming, timeLoop } from "../../../core/timing.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { resolveGurpsAttack } from "./resolve.js";
import type { GurpsAttackInput } from "./resolve-types.js";
import { readGurpsScenario } from "./scenario.js";
import { GURPS_SEED_SCENARIOS } from "./seed-scenarios.js";

export type GurpsBenchResult = LoopTiming;

/** The seed attacks as resolved inputs, each under its own rules. */
export function gurpsBenchInputs(rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { input: GurpsAttackInput; rules: GurpsRules }[] {
  const out: { input: GurpsAttackInput; rules: GurpsRules }[] = [];
  for (const s of Object.values(GURPS_SEED_SCENARIOS)) {
    const read = readGurpsScenario(s, rules);
    if (read.kind === "attack") out.push({ input: read.input, rules: read.rules });
  }
  return out;
}

/** Time `iterations` full resolutions (after a warm-up of the same size); `now` is a millisecond clock. */
export function benchGurps(iterations = 200_000, now: () => number = () => performance.now(), rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsBenchResult {
  const inputs = gurpsBenchInputs(rules);
  const n = inputs.length;
  return timeLoop(iterations, (i) => {
    const x = inputs[i % n]!;
    return resolveGurpsAttack(x.input, x.rules).hitsLanding;
  }, now);
}

/** One line in words, for the bench command. */
export function formatBenchGurps(result: GurpsBenchResult): string {
  return english("CYCHOSYS.Gurps.Bench.line", {
    rate: Math.round(result.perSecond).toLocaleString("en-US"),
    count: result.iterations.toLocaleString("en-US"),
    ms: result.ms.toFixed(0),
  });
}
