/**
 * examples/d6/*.json: every attack-shaped example of the chapter as a
 * scenario, run through the headless entry points and compared with its
 * checked outcome in examples/d6/outcomes/. The key figures are also written
 * out below, worked by hand from the dice, so a regenerated outcome file
 * cannot pass unchecked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { D6_SEED_SCENARIOS, d6Headless } from "../../../src/rulesets/d6/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "d6");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const text = (file: string) => readFileSync(join(DIR, file), "utf8");
const outcomeOf = (file: string) => d6Headless.outcomeJson(d6Headless.resolve(d6Headless.parseScenario(text(file))));

/** name → [difficulty, attack total, hit, damage total, resistance total, excess, wound taken, struck side's level after]. */
const HAND_CHECKED: Record<string, [number, number, boolean, number | null, number | null, number | null, string | null, string]> = {
  // Seed check 2: dodge 4D − 1D = 3D: 5+3+4 = 12; the swing 3D+1: 4+3+2+1 = 10.
  "thug-swings-at-interrupt-dodge": [12, 10, false, null, null, null, null, "none"],
  // Seed check 5: 4+3+2+3 = 12 + 10 = 22; 6+5+4+3+(6+2) = 26, +1; 4D 3+4+2+5 = 14 + 1; 4D 2+3+4+1 = 10.
  "full-defense-against-blaster": [22, 26, true, 15, 10, 5, "wounded", "wounded"],
  // Seed check 6: 6 − 5 = 1 → 3; 2+1+2 = 5, +1; 3D+1 4+4+3+1 = 12 + 1; 2D+2 3+4+2 = 9.
  "floor-of-three-shot": [3, 5, true, 13, 9, 4, "wounded", "wounded"],
  // Seed checks 10–11: 6+5+4+2 = 17, +2; 3D 3+5+(6+1) = 15 + 2; 3D 2+4+3 = 9.
  "knife-with-strength-damage": [10, 17, true, 17, 9, 8, "wounded", "wounded"],
  // Seed check 14: 15 − 9 = 6 Wounded; 11 − 9 = 2 (Stunned) on Wounded → Severely; 20 − 10 = 10 Incapacitated.
  "wounds-1-wounded": [10, 10, true, 15, 9, 6, "wounded", "wounded"],
  "wounds-2-severely-wounded": [10, 11, true, 11, 9, 2, "stunned", "severelyWounded"],
  "wounds-3-incapacitated": [10, 16, true, 20, 10, 10, "incapacitated", "incapacitated"],
  // Seed check 7: the 3 m beam at Short, no modifier; 3D+1 4+2+3+1 = 10 + 1 against 3D 3+3+5 = 11.
  "support-beam-at-short-range": [10, 13, true, 11, 11, 0, "none", "none"],
  // D21: parry 14; punch 9; the thug takes 1D (6+2) = 8 against 3D+1 2+1+1+1 = 5.
  "punch-parried-by-knife": [14, 9, false, 8, 5, 3, "stunned", "stunned"],
  // D22: block 11; thrust 8; Kira takes 1D (6+3) = 9 against 2D+2 1+2+2 = 5.
  "knife-blocked-bare-handed": [11, 8, false, 9, 5, 4, "wounded", "wounded"],
};

describe("examples/d6", () => {
  it("holds every seed scenario, verbatim, and nothing else", () => {
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(D6_SEED_SCENARIOS).sort());
    for (const file of files) expect(JSON.parse(text(file)), file).toEqual(D6_SEED_SCENARIOS[file.replace(/\.json$/, "")]);
  });

  it("includes the attacks the issue asks for", () => {
    for (const name of ["thug-swings-at-interrupt-dodge", "full-defense-against-blaster", "floor-of-three-shot", "knife-with-strength-damage", "wounds-1-wounded", "wounds-2-severely-wounded", "wounds-3-incapacitated"]) {
      expect(files).toContain(`${name}.json`);
    }
  });

  it.each(files)("%s resolves to its checked outcome", (file) => {
    const expected = JSON.parse(readFileSync(join(DIR, "outcomes", file), "utf8"));
    expect(outcomeOf(file)).toEqual(expected);
  });

  it.each(Object.entries(HAND_CHECKED))("%s: the figures worked by hand", (name, figures) => {
    const o = outcomeOf(`${name}.json`);
    const struck = o.struck === "attacker" ? o.attackerAfter : o.defenderAfter;
    expect([o.difficulty!.final, o.attack!.total, o.hit, o.damage?.total ?? null, o.resistance?.total ?? null, o.excess, o.woundTaken, struck.level]).toEqual(figures);
  });

  it("the wound sequence carries each outcome's wound state into the next scenario's input (D36)", () => {
    const after1 = outcomeOf("wounds-1-wounded.json").defenderAfter;
    const after2 = outcomeOf("wounds-2-severely-wounded.json").defenderAfter;
    const input2 = JSON.parse(text("wounds-2-severely-wounded.json")).defender.wounds;
    const input3 = JSON.parse(text("wounds-3-incapacitated.json")).defender.wounds;
    expect(input2).toEqual({ level: after1.level });
    expect(input3).toEqual({ level: after2.level });
    expect([after1.untilRound, after2.untilRound]).toEqual([null, null]);
  });

  it("the headless object is the D6 ruleset's", () => {
    expect(d6Headless.id).toBe("d6");
    const explained = d6Headless.explain(d6Headless.resolve(d6Headless.parseScenario(text("knife-with-strength-damage.json"))), { attacker: "Kira" });
    expect(explained.map((l) => l.text)).toContain("Damage code: Strength Damage 2D with the weapon's code = 3D (D31, D32).");
  });
});
