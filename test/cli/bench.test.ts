/**
 * `npm run bench`: what it prints for a ruleset's RulesetBench — each
 * figure with its target, MET or NOT MET, and the table costs with how they
 * grow from N to 10N — shown on a made-up bench whose work moves a clock of
 * its own, so every figure is known (test/fixtures/bench/example-bench.ts).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { benchCommand, parseBenchArgs } from "../../src/cli/bench.js";
import { duels } from "../../src/cli/bench-odds.js";
import { rulesetOfActorType } from "../../src/cli/duel.js";
import { BENCH_DUELLISTS, DUEL_RULESETS } from "../../src/cli/duel-rulesets.js";
import { LEGACY_FIXED, parseSet } from "../../src/cli/bench-legacy.js";
import { benchRuleset, timeRate, timeTableCost } from "../../src/cli/bench-timing.js";
import { RULESET_IDS } from "../../src/core/ruleset.js";
import { bench, exampleClock } from "../fixtures/bench/example-bench.js";
import { runCommandAsync } from "./run.js";

const options = { runs: 5, warmups: 1, now: exampleClock };

describe("bench: a ruleset's figures in words", () => {
  it("the fixed set, the mix against it, and each table cost with its targets and growth", () => {
    const lines: string[] = [];
    benchRuleset(bench, (line) => lines.push(line), options);
    expect(lines).toEqual([
      "  fixed set (four made-up attacks): 1,000,000/s (runs of 100,000 calls; best run 1,000,000/s); target ≥ 500,000/s: MET",
      "  realistic mix (three made-up attacks): 250,000/s (runs of 30,000 calls; best run 250,000/s), 0.25× the fixed set; target ≥ 1,000,000/s and at least half the fixed set: NOT MET",
      "  tracker sort, 10 / 100 / 1,000 combatants: 0.0100 / 0.100 / 1.00 ms (N → 10N: ×10.0 (10 → 100), ×10.0 (100 → 1,000)); targets 1 / 1 / 10 ms: MET",
      "  sheet derive + view, 20 / 200 / 2,000 items: 0.00400 / 0.400 / 40.0 ms (N → 10N: ×100.0 (20 → 200), ×100.0 (200 → 2,000)); targets 5 / 5 / 30 ms: NOT MET at 2,000",
    ]);
  });

  it("a rate is the median of its runs, each run long enough to time (at least 100 ms)", () => {
    const rate = timeRate(bench.fixed, options);
    expect(rate.runs).toBe(5);
    expect(rate.count * 0.001).toBeGreaterThanOrEqual(100);
    expect(Math.round(rate.perSecond)).toBe(1_000_000);
  });

  it("a table cost is timed on a fresh input each run: prepare is called once per run and warm-up", () => {
    const sizes: number[] = [];
    timeTableCost({ kind: "newRound", prepare: (size) => (sizes.push(size), () => size) }, options);
    expect(sizes).toEqual([...Array(6).fill(10), ...Array(6).fill(100), ...Array(6).fill(1000)]);
  });
});

describe("bench command", () => {
  it("--help prints its usage, exit code 0, and times nothing", async () => {
    const result = await runCommandAsync(benchCommand, ["--help"]);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout.startsWith("Usage: npm run bench [-- --ruleset ID] [--before [REF]]")).toBe(true);
  });

  it("reads --ruleset (repeatable) and --before; refuses what it does not know, exit code 2", async () => {
    expect(parseBenchArgs([])).toEqual({ rulesets: [...RULESET_IDS] });
    expect(parseBenchArgs(["--ruleset", "gurps", "--ruleset=d6", "--before"])).toEqual({ rulesets: ["gurps", "d6"], before: "4b42957" });
    expect(parseBenchArgs(["--before", "main"])).toEqual({ rulesets: [...RULESET_IDS], before: "main" });
    const unknown = await runCommandAsync(benchCommand, ["--ruleset", "chess"]);
    expect(unknown).toEqual({ status: 2, stdout: "", stderr: 'error: there is no ruleset "chess" (known: cychosys, d6, cwn, phase, gurps).\n' });
    const option = await runCommandAsync(benchCommand, ["--fast"]);
    expect(option).toEqual({ status: 2, stdout: "", stderr: "error: unknown option --fast (npm run bench -- --help lists them).\n" });
  });

  it("a ruleset with no bench.ts of its own still has its fixed set, and each of its inputs resolves", () => {
    for (const id of RULESET_IDS) {
      const set = LEGACY_FIXED[id]();
      expect(set.size, id).toBeGreaterThan(0);
      for (let i = 0; i < set.size; i++) expect(set.run(i), `${id} ${i}`).not.toBeUndefined();
    }
    expect(parseSet().run(0)).toBe("VD6");
  });

  it("every ruleset with a duel has its bench pair: two actors of that ruleset that play a duel (the files it reads exist)", () => {
    for (const [id, make] of Object.entries(DUEL_RULESETS)) {
      const pair = BENCH_DUELLISTS[id];
      expect(pair, id).toBeDefined();
      const actors = pair!.map((path) => JSON.parse(readFileSync(join("packs/_source", path), "utf8")) as { type: string }) as [unknown, unknown];
      for (const actor of actors) expect(rulesetOfActorType((actor as { type: string }).type), `${id}: ${pair}`).toBe(id);
      const duel = duels(make(), actors);
      expect(duel.play(), id).toBeGreaterThan(0);
    }
  });
});
