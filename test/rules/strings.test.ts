/**
 * Every user-facing string comes from lang/en.json: each key the rules core
 * and the commands use must exist there, and placeholders must be filled.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { englishString } from "../../src/core/messages.js";

const root = join(import.meta.dirname, "..", "..");
const sources = ["src/rulesets/cychosys/rules", "src/cli", "src/rulesets/cychosys/workflow", "src/core", "src/core/transport"].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(root, dir, f), "utf8") })),
);

/** [prefix, regex capturing the key after the prefix] for each way the code names a string. */
const patterns: [string, RegExp][] = [
  ["CYCHOSYS.Error.", /new (?:RulesError|NotationError)\(\s*"(\w+)"/g],
  ["CYCHOSYS.Error.", /notationError\(\s*"(\w+)"/g],
  ["CYCHOSYS.Explain.", /\bsay\(\s*"(\w+)"/g],
  ["CYCHOSYS.Scenario.", /\bsay\(\s*"(\w+)"/g],
  ["CYCHOSYS.Demo.", /\bt\(\s*"(\w+)"/g],
  ["CYCHOSYS.Bench.", /\bt\(\s*"(\w+)"/g],
  ["", /english\(\s*"(CYCHOSYS\.[\w.]+)"/g],
  ["", /localize\(\s*"(CYCHOSYS\.[\w.]+)"/g],
  ["CYCHOSYS.Flow.", /new FlowError\(\s*"(\w+)"/g],
];
const prefixOf: Record<string, string> = {
  "src/rulesets/cychosys/rules/explain.ts": "CYCHOSYS.Explain.",
  "src/rulesets/cychosys/rules/scenario.ts": "CYCHOSYS.Scenario.",
  "src/rulesets/cychosys/demo-log.ts": "CYCHOSYS.Demo.",
  "src/cli/bench.ts": "CYCHOSYS.Bench.",
  "src/cli/bench-timing.ts": "CYCHOSYS.Bench.",
};

describe("strings", () => {
  it("every key the rules core and the commands use exists in lang/en.json", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { file, text } of sources) {
      for (const [prefix, regex] of patterns) {
        // say() and t() are file-local helpers: check them only against their own file's prefix.
        if (prefix && !prefix.startsWith("CYCHOSYS.Error") && !prefix.startsWith("CYCHOSYS.Flow") && prefixOf[file] !== prefix) continue;
        for (const match of text.matchAll(regex)) {
          const key = prefix + match[1];
          checked++;
          if (englishString(key) === undefined) missing.push(`${file}: ${key}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it("the localizable names of locations, facets, layers and effects exist", () => {
    for (const key of ["head", "chest", "leftArm", "rightArm", "leftLeg", "rightLeg", "mind", "ego"]) {
      expect(englishString(`CYCHOSYS.Location.${key}`)).toBeTruthy();
    }
    for (const letter of "VTFCWUSXOBPDRH") expect(englishString(`CYCHOSYS.Effect.${letter}.name`)).toBeTruthy();
  });
});
