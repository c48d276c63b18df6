/**
 * Every string the phase rules core uses lives in lang/en.json under
 * CYCHOSYS.Phase; the demo narrates the seed checks from the engine's
 * figures; the bench helpers time what the issue asks.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json" with { type: "json" };
import { englishString } from "../../../src/core/messages.js";
import {
  ACTION_LENGTHS, AREAS, benchPhaseAttacks, formatPhaseBench, OUT_STATES, PHASE_STANDARD_ACTIONS, phaseBenchSetup, phaseDemoScript, runBenchPhase,
} from "../../../src/rulesets/phase/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "src", "rulesets", "phase", "rules");
const sources = readdirSync(DIR).filter((f) => f.endsWith(".ts")).map((f) => ({ file: f, text: readFileSync(join(DIR, f), "utf8") }));
const source = (file: string) => sources.find((s) => s.file === file)!.text;

describe("phase strings", () => {
  it("every key the phase core names exists in lang/en.json", () => {
    const wanted: string[] = [];
    const collect = (prefix: string, regex: RegExp, texts: string[]) => {
      for (const text of texts) for (const m of text.matchAll(regex)) wanted.push(prefix + m[1]);
    };
    const all = sources.map((s) => s.text);
    collect("CYCHOSYS.Phase.Error.", /new PhaseError\(\s*"(\w+)"/g, all);
    collect("CYCHOSYS.Phase.Error.", /\| "(\w+)"/g, [source("errors.ts")]);
    collect("", /english\(\s*"(CYCHOSYS\.Phase\.[\w.]+)"/g, all);
    for (const file of ["explain.ts", "sequence-explain.ts"]) {
      const prefix = file === "explain.ts" ? "CYCHOSYS.Phase.Explain." : "CYCHOSYS.Phase.Sequence.";
      for (const call of source(file).matchAll(/\bsay\(([^{)]*)/g)) collect(prefix, /(?<!=== )"([\w.]+)"/g, [call[1]!]);
      collect(prefix, /\$\{K\}(\w+)/g, [source(file)]);
    }
    collect("CYCHOSYS.Phase.Scenario.", /\bsay\(\s*"([\w.]+)"/g, ["reader.ts", "scenario.ts", "scenario-parts.ts", "sequence-scenario.ts", "sequence.ts", "stored-state.ts"].map(source));
    collect("CYCHOSYS.Phase.Demo.", /\bt\(\s*"(\w+)"/g, [source("demo.ts")]);
    for (const [group, values] of [["Area", AREAS], ["Length", ACTION_LENGTHS], ["State", OUT_STATES], ["Action", Object.keys(PHASE_STANDARD_ACTIONS)]] as const) {
      for (const v of values) wanted.push(`CYCHOSYS.Phase.${group}.${v}`);
    }
    for (const roll of ["check", "location", "damage"]) wanted.push(`CYCHOSYS.Phase.Explain.pending.${roll}`, `CYCHOSYS.Phase.Sequence.owed.${roll}`);
    for (const s of OUT_STATES) wanted.push(`CYCHOSYS.Phase.Explain.state.${s}`);
    for (const k of ["text", "shape", "dice", "faces", "flat"]) wanted.push(`CYCHOSYS.Phase.Formula.${k}`);
    expect(wanted.length).toBeGreaterThan(200);
    // A key with plural forms (read with countKey) counts by its `other` form.
    expect(wanted.filter((k) => englishString(k) === undefined && englishString(`${k}.other`) === undefined)).toEqual([]);
  });

  it("every explain string is used (no dead text)", () => {
    const explain = source("explain.ts");
    // theArea is read by words.ts (theAreas), for the explain lines.
    const unused = Object.keys(en.CYCHOSYS.Phase.Explain).filter((k) => !["pending", "state", "theArea"].includes(k) && !explain.includes(`"${k}"`) && !explain.includes(`\${K}${k}`));
    expect(unused).toEqual([]);
    const seq = source("sequence-explain.ts");
    expect(Object.keys(en.CYCHOSYS.Phase.Sequence).filter((k) => !seq.includes(`"${k}"`) && !seq.includes(`\${K}${k}`) && !["draw", "holster", "owed"].includes(k))).toEqual([]); // owed.<roll> is said with the roll in its key
  });

  it("every text cites rule ids in the P1–P41 range only", () => {
    const text = JSON.stringify(en.CYCHOSYS.Phase);
    const ids = [...text.matchAll(/\bP(\d+)\b/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((n) => n < 1 || n > 41)).toEqual([]);
  });
});

describe("phaseDemoScript", () => {
  const lines = phaseDemoScript();
  it("narrates the seed checks with the engine's figures", () => {
    for (const expected of [
      "  Leroy's initiative: 5 + 7 + Reflexes 4 = 16 (P5).",
      "  Earl tries Draw as a free action: d10 6 → 13 against TN 10: success, it takes effect at once and the phase action is still open (P7, P33).",
      "  End of phase 1: the phase actions resolve, all at the same moment (P9).",
      "  Leroy's free action: Speak \"I surrender\", at once (P7).",
      "  Earl (initiative 21): a declaration, hidden until it resolves",
      "  Earl (initiative 21): Targeting → Leroy (head)",
      "  Earl's Target and fire: its Targeting on Leroy takes effect; the action goes on (P12).",
      "  Di's Full auto is lost: out of action before it resolved (P9, P37).",
      "  No valid Targeting on the target: a wild shot, −2 to hit (P14).",
      "  Bo's surprise roll: d10 4 + Reflexes, bonus +1 = 8 against TN 8: success, Bo declares from this phase (P3).",
      "Total 12 → the right arm.",
      "Total 9 → a miss.",
      "Right arm: chest → abdomen → right leg → left arm → head",
      "Abdomen: chest → right leg → left leg → right arm → left arm",
      "  The burst scores 3 hits: one, and one more for each full 3 points of its margin 7, at most 3 (P22).",
      "  The right leg and the left arm cannot be hit: on along the path to the head (P21, P41).",
      "  Flo's first aid \"Gus's leg\" is done (P8).",
      "  Damage 2d6+2: 6 + 5 = 13, less armor 0: 13 stun points, no flesh wound (P27, P28).",
      "  Leroy is incapacitated and dying (P30).",
      "Phase 21 is in round 11, turn 3, minute 1.",
    ]) {
      expect(lines).toContain(expected);
    }
  });
  it("leaves no placeholder or raw key behind", () => {
    for (const line of lines) {
      expect(line).not.toMatch(/\{\w+\}/);
      expect(line).not.toContain("CYCHOSYS.");
    }
  });
});

describe("bench helpers", () => {
  it("time attack resolutions with the given clock", () => {
    let t = 0;
    const result = benchPhaseAttacks(1000, () => (t += 4));
    expect(result).toEqual({ iterations: 1000, ms: 4, perSecond: 250_000 });
    expect(formatPhaseBench(result)).toBe("phase-based attack resolutions: 250,000 per second (1,000 in 4 ms)");
  });
  it("the 100-action phase resolves every length it holds, deterministically", () => {
    const setup = phaseBenchSetup(100);
    expect(setup.declarations.size).toBe(100);
    expect(runBenchPhase(setup)).toBe(1);
    expect(runBenchPhase(setup)).toBe(1);
  });
});
