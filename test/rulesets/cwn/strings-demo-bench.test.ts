/**
 * Every string the CWN rules core uses lives in lang/en.json under
 * CYCHOSYS.Cwn, citing rule ids W1–W40 only; the demo narrates the seed
 * checks from the engine's figures; the bench helper times resolutions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../lang/en.json" with { type: "json" };
import { englishString } from "../../../src/core/messages.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";
import {
  ACTION_TYPES, ATTRIBUTES, benchCwn, COMBAT_SKILLS, CWN_ACTION_IDS, cwnDemoScript, DOWNED_STATES, formatBenchCwn,
} from "../../../src/rulesets/cwn/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "src", "rulesets", "cwn", "rules");
const sources = readdirSync(DIR).filter((f) => f.endsWith(".ts")).map((f) => ({ file: f, text: readFileSync(join(DIR, f), "utf8") }));
const source = (file: string) => sources.find((s) => s.file === file)!.text;
const block = (en as unknown as { CYCHOSYS: { Cwn: Record<string, Record<string, unknown>> } }).CYCHOSYS.Cwn;

describe("CWN strings", () => {
  it("every key the CWN core names exists in lang/en.json", () => {
    const wanted: string[] = [];
    const collect = (prefix: string, regex: RegExp, texts: string[]) => {
      for (const text of texts) for (const m of text.matchAll(regex)) wanted.push(prefix + m[1]);
    };
    const all = sources.map((s) => s.text);
    collect("CYCHOSYS.Cwn.Error.", /new CwnError\(\s*"(\w+)"/g, all);
    collect("CYCHOSYS.Cwn.Error.", /\| "(\w+)"/g, [source("errors.ts")]);
    collect("", /english\(\s*"(CYCHOSYS\.Cwn\.[\w.]+)"/g, all);
    collect("CYCHOSYS.Cwn.Explain.", /\bsay\(\s*"(\w+)"/g, [source("explain.ts")]);
    for (const call of source("explain.ts").matchAll(/\bsay\(([^{)]*)/g)) collect("CYCHOSYS.Cwn.Explain.", /"(\w+)"/g, [call[1]!]);
    collect("CYCHOSYS.Cwn.Scenario.", /\bsay\(\s*"(\w+)"/g, [source("scenario.ts"), source("scenario-common.ts"), source("combat-scenario.ts"), source("headless.ts")]);
    collect("CYCHOSYS.Cwn.Demo.", /\bt\(\s*"(\w+)"/g, [source("demo.ts")]);
    for (const [group, values] of [
      ["Action", CWN_ACTION_IDS], ["ActionType", ACTION_TYPES], ["Downed", DOWNED_STATES], ["Attribute", ATTRIBUTES], ["Skill", COMBAT_SKILLS],
      ["Refusal", ["outOfReach", "outOfRange", "immune", "twoHandedMeleeFoe", "cannotSnap", "snapMainSpent", "chargeWeapon", "chargeTooShort", "chargeTooFar", "swarmTooSmall", "swarmFull"]],
      ["ScreenBar", ["skill", "noUses", "gunfire"]], ["State", ["totalDefense", "charging", "screening"]], ["AcKind", ["melee", "ranged"]],
      ["Part", ["baseHitBonus", "attribute", "skill", "skillUntrained", "snap", "meleeFoeAdjacent", "charge", "swarm", "proneDistant", "proneAdjacent", "modifier", "totalDefense", "charging"]],
      ["Explain.shockBlocked", ["noRating", "acTooHigh", "totalDefense", "immune"]],
      ["Event", ["roundStarted", "sideUp", "turnStarted", "turnEnded", "acted", "freeAttacks", "swarmReady", "swarmDone", "sideDone", "moraleDue", "moraleChecked", "downed", "roundEnded", "turnEndedForfeit", "actedOutOfTurn", "roundEndedHeld", "freeAttackHit", "freeAttackShock", "freeAttackMiss", "freeAttackDown", "moveCancelled"]],
      // Wordings that follow a count: real plurals, each with its one and other form (docs/style.md, "Typography").
      ...(["Event.swarmJoined", "Event.screenSpent", "Event.turnStartedLapsed", "Explain.hp", "Explain.screenHeld", "Explain.screenPassed", "Demo.screenUses"].map((k) => [k, ["one", "other"]]) as [string, string[]][]),
    ] as const) {
      for (const v of values) wanted.push(`CYCHOSYS.Cwn.${group}.${v}`);
    }
    for (const key of Object.keys(block.Demo!).filter((k) => k.startsWith("title_"))) wanted.push(`CYCHOSYS.Cwn.Demo.${key}`);
    expect(wanted.length).toBeGreaterThan(200);
    expect(wanted.filter((k) => englishString(k) === undefined)).toEqual([]);
  });

  it("every explain string is used by explain.ts (no dead text)", () => {
    const text = source("explain.ts");
    const unused = Object.keys(block.Explain!).filter((k) => !text.includes(`"${k}"`) && !text.includes(`\${K}${k}`) && k !== "shockBlocked");
    expect(unused).toEqual([]);
  });

  it("every text cites rule ids in the W1–W40 range only", () => {
    const text = JSON.stringify(block);
    const ids = [...text.matchAll(/\bW(\d+)\b/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(100);
    for (const n of ids) expect(n >= 1 && n <= 40, `W${n}`).toBe(true);
  });
});

describe("cwnDemoScript", () => {
  const lines = cwnDemoScript();

  it("narrates the seed checks with the engine's figures", () => {
    for (const expected of [
      "  Order: the crew, the gangers (W3).",
      "  Mack's attack: d20 14 + 1 base hit bonus + 1 Dex + 1 Shoot-1 = 17 (W13, W39).",
      "  A natural 1: always a miss, whatever the total 23 against AC 15 (W14).",
      "  Traumatic Hit: 7 × 3 = 21 (W16).",
      "  Shock on a miss: 2 + 1 attribute = 3 (W18).",
      "  2 is less than the Shock this weapon deals this target on a miss: raised to 3 (W17).",
      "  Armor soak takes 5: 5 → 0 (W19).",
      "  Vee, out of its turn: Make a Snap Attack (Main) (W11, W23, W27, W37).",
      "  Mack cannot make this attack: a two-handed ranged weapon cannot be used with a melee-armed foe adjacent (W22).",
      "4 assailants: +6 to hit, +3 damage; a fifth cannot join (W24).",
      "  The swarm's +3 cannot take the blow past its usual maximum of 9: +1 of it counts (W24).",
      "  Mack starts its turn; charging lapses (W25–W27).",
      "  The ganger loses 6 hit points: 20 → 14 (W19).",
      "Highest combat skill 1: screens 1 attacker a round (W26).",
      "Example 2a: an attack against ranged AC",
      "  Ganger 1's free attack hits Mack: 4 damage, HP now 8 (W12).",
      "  Mack falls before leaving: the Run is not made (W12, W19).",
      "  The attack goes against Mack, the lowest-rolling screener that held (W26, W40).",
      "  Mack is in Total Defense: immune to Shock, a swarm's included (W27).",
      "One Move: 10 m standing, 5 m prone (W9, W36).",
      "A bow, quiver Readied yes, Shoot-1: reloads as On Turn (W32).",
      "  Mack: Run (Main).",
    ]) {
      expect(lines).toContain(expected);
    }
  });

  it("reads like a GM wrote it: real plurals, true minus, labels not ids, sentence case (docs/style.md; the shared narration sweep)", () => {
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
    // Headings are titles, not file paths (issue 23).
    expect(lines.filter((l) => /examples\/cwn\/[\w-]+\.json/.test(l) && !l.includes("npm run"))).toEqual([]);
  });

  it("leaves no placeholder or raw key behind", () => {
    for (const line of lines) {
      expect(line).not.toMatch(/\{\w+\}/);
      expect(line).not.toContain("CYCHOSYS.");
    }
  });
});

describe("benchCwn", () => {
  it("times the given number of full resolutions with the given clock", () => {
    let t = 0;
    const clock = () => (t += 5);
    const result = benchCwn(1000, clock);
    expect(result).toEqual({ iterations: 1000, ms: 5, perSecond: 200_000 });
    expect(formatBenchCwn(result)).toBe("full CWN attack resolutions: 200,000 per second (1,000 in 5 ms)");
  });
});
