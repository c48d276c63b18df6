/**
 * A timing helper the `bench` command can call: full GURPS attack
 * resolutions per second over the seed scenarios that are attacks (read
 * once, outside the timed loop).
 */
import { english } from "../../../core/messages.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { resolveGurpsAttack } from "./resolve.js";
import type { GurpsAttackInput } from "./resolve-types.js";
import { readGurpsScenario } from "./scenario.js";
import { GURPS_SEED_SCENARIOS } from "./seed-scenarios.js";

export interface GurpsBenchResult {
  iterations: number;
  ms: number;
  perSecond: number;
}

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
  let sink = 0;
  const run = () => {
    for (let i = 0; i < iterations; i++) {
      const x = inputs[i % n]!;
      sink += resolveGurpsAttack(x.input, x.rules).hitsLanding;
    }
  };
  run();
  const start = now();
  run();
  const ms = now() - start;
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keep the work observable
  return { iterations, ms, perSecond: ms > 0 ? iterations / (ms / 1000) : Number.POSITIVE_INFINITY };
}

/** One line in words, for the bench command. */
export function formatBenchGurps(result: GurpsBenchResult): string {
  return english("CYCHOSYS.Gurps.Bench.line", {
    rate: Math.round(result.perSecond).toLocaleString("en-US"),
    count: result.iterations.toLocaleString("en-US"),
    ms: result.ms.toFixed(0),
  });
}
