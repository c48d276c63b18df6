/**
 * examples/gurps/*.json: every seed check of the reference as a scenario,
 * run through the headless entry points and compared with its checked
 * outcome in examples/gurps/outcomes/. The key figures of the attacks are
 * also written out below, worked by hand from the dice, so a regenerated
 * outcome file cannot pass unchecked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GURPS_SEED_SCENARIOS, GURPS_TABLE_SCENARIOS, gurpsHeadless } from "../../../src/rulesets/gurps/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "gurps");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
/** The seed checks (check-NN-…); the rest are situations the table plays (GURPS_TABLE_SCENARIOS). */
const checks = files.filter((f) => f.startsWith("check-"));
const ALL_SCENARIOS: Readonly<Record<string, unknown>> = { ...GURPS_SEED_SCENARIOS, ...GURPS_TABLE_SCENARIOS };
const text = (file: string) => readFileSync(join(DIR, file), "utf8");
const outcomeOf = (file: string) => gurpsHeadless.outcomeJson(gurpsHeadless.resolve(gurpsHeadless.parseScenario(text(file)))) as Record<string, any>;

/** name → [effective skill, attack roll, hits landing, basic damage of the first hit, injury in all, defender's HP after, shock]. */
const HAND_CHECKED: Record<string, (number | null)[]> = {
  // 13 + aim 4 (Acc 2 + scope capped at 2) − 4 (10 yd) = 13; 3+4+4 = 11; 2d 3+4 = 7 pi; 10 − 7 = 3.
  "check-03-aim-scope-capped": [13, 11, 1, 7, 7, 3, 4],
  // 13 + 4 (7 capped at 2 × Acc) − 6 (17 yd) = 11; 10; 2+5 = 7.
  "check-03-aim-braced-third-second": [11, 10, 1, 7, 7, 3, 4],
  // 16 + 4 − 10 (50 + 30 → 80) = 10; 9 hits; Dodge 8 (Driving 14 / 2 + 1) rolled 9 fails; damage still owed.
  "check-06-10-motorcycle-dodge-and-speed": [10, 9, 1, null, null, null, null],
  // 16 − 4 + 2 (10 shots) = 14; 8 by 6 → 4 hits; Dodge 10 rolled 8 by 2 → 3 dodged; 4d 3+3+4+2 = 12; 11 − 12 = −1.
  "check-07-rapid-fire-dodge": [14, 8, 1, 12, 12, -1, 4],
  // 15 − 4 + 1 (8 shots) = 12; 8 by 4 → 3 hits; 3 + 4 + 4 = 11; 10 − 11 = −1.
  "check-08-recoil-hits": [12, 8, 3, 3, 11, -1, 4],
  // 14 − 6 (17 yd) = 8; 8 hits by 0; 4+2 = 6.
  "check-10-range-17-yards": [8, 8, 1, 6, 6, 4, 4],
  // Louis 15 rolls 5: critical; 1d+1: 3+1 = 4 − DR 1 = 3 × 1.5 = 4.
  "check-11-critical-hit": [15, 5, 1, 4, 4, 8, 4],
  // The chapter's example: 13 hits; Block 11 rolled 12; 1d+1: 4+1 = 5 − 1 = 4 × 1.5 = 6; 12 − 6 = 6; shock −4.
  "check-12-louis-strikes-pierre": [15, 13, 1, 5, 6, 6, 4],
  // 2d+1: 3+4+1 = 8 − 3 = 5 × 1.5 = 7.
  "check-13-sword-cut": [14, 11, 1, 8, 7, 3, 4],
  // sw+2 on 1d+1: 4+3 = 7 − 2 = 5 × 1.5 = 7; 12 − 7 = 5.
  "check-14-axe-on-filthy-pierre": [13, 12, 1, 7, 7, 5, 4],
  // 1d+2: 4+2 = 6 − 4 = 2 cr.
  "check-15-mail-stops-most": [15, 12, 1, 6, 2, 8, 2],
  // 15 + 2 (Acc) − 6 = 11; 6d 21 − (2 + 15) = 4.
  "check-15-vest-over-tough-hide": [11, 11, 1, 21, 4, 6, 4],
  // 14 + 8 (Acc 5 + brace 1 + 2) − 8 (50 yd) = 14; 21 × 3 = 63 − 10 = 53 × 1/2 = 26.
  "check-16-dice-multiplier": [14, 11, 1, 63, 26, 74, 2],
  // 14 − 2 (5 yd) = 12; 8 by 4 → 3 hits; 9, 8, 11 − 1 → 8, 7, 10 × 1/3 → 2, 2, 3; 24 → 17; shock ⌊7 / 2⌋ = 3.
  "check-17-zombie": [12, 8, 3, 9, 7, 17, 3],
  // 3d+2: 5+5+4+2 = 16 − 6 = 10 cr; 30 − 10 = 20; shock ⌊10 / 3⌋ = 3.
  "check-18-knockback": [12, 11, 1, 16, 10, 20, 3],
  // 3d+3: 5+4+2+3 = 14 × 1.5 = 21; −5 − 21 = −26.
  "check-20-death-checks": [15, 12, 1, 14, 21, -26, 4],
  // 3d+3: 2+2+3+3 = 10 × 1.5 = 15; −38 − 15 = −53.
  "check-20-dead-at-minus-50": [15, 12, 1, 10, 15, -53, 4],
  // 2d: 5+3 = 8 cr on the thug: 10 − 8 = 2.
  "check-21-slam-ten-yards": [12, 12, 1, 8, 8, 2, 4],
  // Move and Attack slam: no −4, no cap; 1d−1: 3 − 1 = 2.
  "check-21-slam-five-yards": [12, 12, 1, 2, 2, 8, 2],
  // 10 yards: the charger's 1d (HP 12 → 1.2) rolls 5, the thug's 1d (HP 10 → 1) rolls 1; 10 − 5 = 5; shock 4 (capped).
  "check-21-slam-foe-falls": [12, 12, 1, 5, 5, 5, 4],
};

describe("examples/gurps", () => {
  it("holds every seed and table scenario, verbatim, and nothing else", () => {
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(ALL_SCENARIOS).sort());
    for (const file of files) expect(JSON.parse(text(file)), file).toEqual(ALL_SCENARIOS[file.replace(/\.json$/, "")]);
  });

  it("has an example for each of the 22 seed checks", () => {
    const numbers = new Set(checks.flatMap((f) => [...f.matchAll(/(?<=-)(\d{2})(?=-)/g)].map((m) => Number(m[1]))));
    for (const f of checks) expect(f).toMatch(/^check-\d{2}-/);
    for (const f of Object.keys(GURPS_SEED_SCENARIOS)) expect(f).toMatch(/^check-\d{2}-/);
    for (let n = 1; n <= 22; n++) expect(numbers.has(n) || checks.some((f) => f.startsWith(`check-${String(n).padStart(2, "0")}-`)), `check ${n}`).toBe(true);
  });

  it.each(files)("%s resolves to its checked outcome", (file) => {
    const expected = JSON.parse(readFileSync(join(DIR, "outcomes", file), "utf8"));
    expect(outcomeOf(file)).toEqual(expected);
  });

  it.each(Object.entries(HAND_CHECKED))("%s: the figures worked by hand", (name, figures) => {
    const o = outcomeOf(`${name}.json`);
    const v = o.victim;
    expect([o.effectiveSkill.effective, o.attackRoll.roll, o.hitsLanding, v?.hits[0]?.basic ?? null, v?.injury ?? null, v?.after.hp ?? null, v?.after.shock ?? null]).toEqual(figures);
  });

  it("only the motorcycle example leaves a roll owed now (its damage), and names who rolls it", () => {
    for (const file of checks) {
      const o = outcomeOf(file);
      const now = (o.owed ?? []).filter((r: { when: string }) => r.when === "now");
      if (file.startsWith("check-06-10")) expect(now).toEqual([{ id: "damage", roll: "damage", who: "attacker", target: null, dice: 2, hits: 1, rule: "G69", when: "now" }]);
      else expect(now, file).toEqual([]);
    }
  });

  it("the headless object is the GURPS ruleset's, and explains with rule ids", () => {
    expect(gurpsHeadless.id).toBe("gurps");
    const s = gurpsHeadless.parseScenario(text("check-12-louis-strikes-pierre.json"));
    const lines = gurpsHeadless.explain(gurpsHeadless.resolve(s), s.names).map((l) => l.text);
    expect(lines).toContain("Attack: Louis LeBlanc rolls 13 against 15: success by 2 (G4, G5).");
    expect(lines).toContain("Filthy Pierre: HP 12 − 6 = 6; shock −4 on the next turn (6 injury since the last turn) (G77, G94).");
    for (const l of lines) expect(l, l).toMatch(/\(G\d+/);
  });
});
