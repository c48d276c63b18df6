/**
 * Every string the D6 rules core uses lives in lang/en.json under
 * CYCHOSYS.D6; the demo narrates the seed's
 * examples from the engine's figures; the bench helper times resolutions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json" with { type: "json" };
import { englishString } from "../../../src/core/messages.js";
import {
  ATTACK_MODES, benchD6, COVER_LEVELS, DEFENSE_MODES, DEFENSE_SKILLS, d6DemoScript, formatBenchD6, RANGE_BANDS, WOUND_LEVELS,
} from "../../../src/rulesets/d6/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "src", "rulesets", "d6", "rules");
const sources = readdirSync(DIR).filter((f) => f.endsWith(".ts")).map((f) => ({ file: f, text: readFileSync(join(DIR, f), "utf8") }));
const source = (file: string) => sources.find((s) => s.file === file)!.text;

describe("D6 strings", () => {

  it("every key the D6 core names exists in lang/en.json", () => {
    const wanted: string[] = [];
    const collect = (prefix: string, regex: RegExp, texts: string[]) => {
      for (const text of texts) for (const m of text.matchAll(regex)) wanted.push(prefix + m[1]);
    };
    const all = sources.map((s) => s.text);
    collect("CYCHOSYS.D6.Error.", /new D6Error\(\s*"(\w+)"/g, all);
    collect("", /english\(\s*"(CYCHOSYS\.D6\.[\w.]+)"/g, all);
    // say(key, …) in explain.ts, the key written out or chosen by a conditional between literals.
    for (const call of source("explain.ts").matchAll(/\bsay\(([^{)]*)/g)) collect("CYCHOSYS.D6.Explain.", /"(\w+)"/g, [call[1]!]);
    collect("CYCHOSYS.D6.Explain.", /\$\{K\}(\w+)/g, [source("explain.ts")]);
    collect("CYCHOSYS.D6.Scenario.", /\bsay\(\s*"(\w+)"/g, [source("scenario.ts"), source("scenario-reader.ts")]);
    collect("CYCHOSYS.D6.Demo.", /\b(?:t|counted)\(\s*"(\w+)"/g, [source("demo.ts")]);
    // Every error code of the union, used or not.
    collect("CYCHOSYS.D6.Error.", /\| "(\w+)"/g, [source("errors.ts")]);
    for (const [group, values] of [["Defense", DEFENSE_SKILLS], ["DefenseMode", DEFENSE_MODES], ["Mode", ATTACK_MODES], ["Range", RANGE_BANDS], ["Cover", COVER_LEVELS], ["Wound", WOUND_LEVELS]] as const) {
      for (const v of values) wanted.push(`CYCHOSYS.D6.${group}.${v}`);
    }
    expect(wanted.length).toBeGreaterThan(150);
    // A counted phrase is a plural subtree (`<key>.one`, `<key>.other`), read with pluralKey.
    expect(wanted.filter((k) => englishString(k) === undefined && englishString(`${k}.other`) === undefined)).toEqual([]);
  });

  it("every explain string is used by explain.ts (no dead text)", () => {
    const text = source("explain.ts");
    const unused = Object.keys(en.CYCHOSYS.D6.Explain).filter((k) => !text.includes(`"${k}"`) && !text.includes(`\${K}${k}`));
    expect(unused).toEqual([]);
  });

  it("every explain line and error text cites rule ids in the D1–D41 range only", () => {
    const d6 = JSON.stringify(en.CYCHOSYS.D6);
    for (const m of d6.matchAll(/\bD(\d+)\b/g)) {
      const n = Number(m[1]);
      if (m.index! > 0 && /\d/.test(d6[m.index! - 1]!)) continue; // "3D", "1D" are die codes, not rule ids
      expect(n >= 1 && n <= 41, m[0]).toBe(true);
    }
  });
});

describe("d6DemoScript", () => {
  const lines = d6DemoScript();

  it("narrates the seed's examples with the engine's figures", () => {
    for (const expected of [
      "Kira's initiative: Perception 6 + bonus 1 + Character Point dice 8 = 15 (D6, D9).",
      "She got the jump on him: the GM moves Kira first this round (D5). Order: Kira (15), the thug (18).",
      "Kira dodges at 3D (−1D: her second action): 12, in force against the swing; 0 actions left (D14, D18).",
      "  10 against 12: a miss, short by 2 (D30).",
      "4 actions with 1 free: −3D on every skill and attribute roll; damage, resistance and initiative unchanged.",
      "1 action with 1 free: no penalty.",
      "The thug's initiative: Perception 18 + bonus 0 + Character Point dice 0 = 18 (D6, D9).",
      "  The thug resists with 2D+2: 3 + Wild Die 4 + 2 pips = 9 (D34).",
      "  Full defense: 12 + 10 = 22, the round's only action (D23).",
      "  The difficulty 1 is below the floor: raised to 3 (D26).",
      "Support beam (3 m): reaches Point Blank, Short.",
      "Round 4 of aiming at the same target: +3D.",
      "A +1D knife with Strength 3D+2 → 3D (D31).",
      "  Already Wounded; the new result, Stunned, makes it Severely Wounded (D36).",
      "  Kira's parry with an edged weapon stops the unarmed attack: the thug takes the weapon's listed 1D, without Strength Damage or damage bonus (D21).",
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

describe("benchD6", () => {
  it("times the given number of full resolutions with the given clock", () => {
    let t = 0;
    const clock = () => (t += 5);
    const result = benchD6(1000, clock);
    expect(result).toEqual({ iterations: 1000, ms: 5, perSecond: 200_000 });
    expect(formatBenchD6(result)).toBe("full D6 attack resolutions: 200,000 per second (1,000 in 5 ms)");
  });
});
