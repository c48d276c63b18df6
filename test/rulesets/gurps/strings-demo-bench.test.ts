/**
 * Every string the GURPS rules core uses lives in lang/en.json under
 * CYCHOSYS.Gurps (one block); explanations cite rule ids in G1–G94 only;
 * the demo narrates the seed's examples from the engine's figures; the bench
 * helper times resolutions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json" with { type: "json" };
import { englishString } from "../../../src/core/messages.js";
import {
  AOA_OPTIONS, AOD_OPTIONS, ATTACK_FORMS, ATTACK_KINDS, benchGurps, DAMAGE_TYPES, DEFENSE_KINDS, formatBenchGurps, GURPS_SEED_SCENARIOS, gurpsDemoScript,
  gurpsHeadless, HIT_LOCATIONS, MANEUVERS, POSTURES, QUALITIES, UNARMED_SKILLS,
} from "../../../src/rulesets/gurps/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "src", "rulesets", "gurps", "rules");
const sources = readdirSync(DIR).filter((f) => f.endsWith(".ts")).map((f) => ({ file: f, text: readFileSync(join(DIR, f), "utf8") }));
const source = (file: string) => sources.find((s) => s.file === file)!.text;

describe("GURPS strings", () => {
  it("every key the GURPS core names exists in lang/en.json", () => {
    const wanted: string[] = [];
    const collect = (prefix: string, regex: RegExp, texts: string[]) => {
      for (const text of texts) for (const m of text.matchAll(regex)) wanted.push(prefix + m[1]);
    };
    const all = sources.map((s) => s.text);
    collect("CYCHOSYS.Gurps.Error.", /new GurpsError\(\s*"(\w+)"/g, all);
    collect("CYCHOSYS.Gurps.Error.", /\| "(\w+)"/g, [source("errors.ts")]);
    collect("", /english\(\s*"(CYCHOSYS\.Gurps\.[\w.]+)"/g, all);
    collect("CYCHOSYS.Gurps.Scenario.", /\bsay\(\s*"(\w+)"/g, [source("scenario.ts"), source("scenario-reader.ts"), source("scenario-fighters.ts")]);
    collect("CYCHOSYS.Gurps.Demo.", /\bt\(\s*"(\w+)"/g, [source("demo.ts")]);
    collect("CYCHOSYS.Gurps.Explain.", /\bsay\(\s*"(\w+)"/g, [source("explain.ts")]);
    collect("CYCHOSYS.Gurps.Modifier.", /key: "(\w+)", value/g, all);
    collect("CYCHOSYS.Gurps.Modifier.", /add\((?:own|common|modifiers), "(\w+)"/g, all);
    collect("CYCHOSYS.Gurps.Modifier.", /\badd\("(\w+)"/g, [source("attack.ts")]);
    collect("CYCHOSYS.Gurps.Effect.", /key: "(\w+)", rule/g, all);
    // The refusal reasons the explanation names (the unions in defense.ts, attack.ts, maneuvers.ts, resolve-types.ts).
    const union = (file: string, name: string) => [...(source(file).split(`type ${name} =`)[1]!.split(";")[0]!.matchAll(/(?<!\[)"(\w+)"/g))].map((m) => m[1]!);
    for (const k of union("defense.ts", "DefenseRefusal")) wanted.push(`CYCHOSYS.Gurps.DefenseRefusal.${k}`);
    for (const k of [...union("attack.ts", "AttackRefusal"), ...union("maneuvers.ts", "ManeuverRefusal"), ...union("resolve-types.ts", "GurpsRefusal")]) wanted.push(`CYCHOSYS.Gurps.Refusal.${k}`);
    for (const [group, values] of [["Maneuver", MANEUVERS], ["AoaOption", AOA_OPTIONS], ["AodOption", AOD_OPTIONS], ["Posture", POSTURES], ["AttackKind", ATTACK_KINDS], ["AttackForm", ATTACK_FORMS], ["DamageType", DAMAGE_TYPES], ["Location", HIT_LOCATIONS], ["Defense", DEFENSE_KINDS], ["Quality", QUALITIES], ["UnarmedSkill", UNARMED_SKILLS]] as const) {
      for (const v of values) wanted.push(`CYCHOSYS.Gurps.${group}.${v}`);
    }
    expect(wanted.length).toBeGreaterThan(250);
    expect(wanted.filter((k) => englishString(k) === undefined)).toEqual([]);
  });

  it("explains every seed scenario with no missing string, and every line cites a rule id", () => {
    for (const s of Object.values(GURPS_SEED_SCENARIOS)) {
      const sc = gurpsHeadless.parseScenario(JSON.stringify(s));
      for (const l of gurpsHeadless.explain(gurpsHeadless.resolve(sc), sc.names)) {
        expect(l.text, l.key).not.toMatch(/CYCHOSYS\./);
        expect(l.text, l.key).not.toMatch(/\{\w+\}/);
        expect(l.text, l.key).toMatch(/\(G\d+/);
      }
    }
  });

  it("cites rule ids in the G1–G94 range only", () => {
    const text = JSON.stringify(en.CYCHOSYS.Gurps);
    for (const m of text.matchAll(/\bG(\d+)\b/g)) {
      const n = Number(m[1]);
      expect(n >= 1 && n <= 94, m[0]).toBe(true);
    }
  });

  it("keeps its strings in one block, CYCHOSYS.Gurps", () => {
    const keys = Object.keys(en.CYCHOSYS);
    expect(keys.filter((k) => k.toLowerCase().includes("gurps"))).toEqual(["Gurps"]);
  });
});

describe("gurpsDemoScript", () => {
  const lines = gurpsDemoScript();
  it("narrates the chapter's example, the seed checks and the turn order with rule ids", () => {
    const text = lines.join("\n");
    expect(text).toContain("Filthy Pierre defends with Block (small shield)");
    expect(text).toContain("Louis LeBlanc (6, DX 12), the thug (5, DX 10), Filthy Pierre (5, DX 10)");
    expect(text).toContain("Move 10 → 1, Move 11 → 2");
    expect(text).toContain("HP 12 × 5 yd → 1d-1, HP 15 × 10 yd → 2d, HP 10 × 2 yd → 1d-3");
    expect(text).toMatch(/\(G81\)/);
  });
});

describe("benchGurps", () => {
  it("times full resolutions with the given clock and words the figure", () => {
    let t = 0;
    const result = benchGurps(100, () => (t += 5));
    expect(result).toEqual({ iterations: 100, ms: 5, perSecond: 20_000 });
    expect(formatBenchGurps(result)).toBe("full GURPS attack resolutions: 20,000 per second (100 in 5 ms)");
  });
});
