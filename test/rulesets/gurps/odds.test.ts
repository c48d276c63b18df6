/**
 * GURPS odds (rules/odds.ts): the 3d6 chances through the core's own
 * success roll (G4–G6), a critical hit past every defense (G6), the damage
 * dice convolved through basic damage, DR and wounding (G69–G75), and the
 * ruleset's `odds` seam. Hand-counted figures; a property against brute force.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bestDefense } from "../../../src/core/ruleset.js";
import { createGurpsRuleset } from "../../../src/rulesets/gurps/ruleset.js";
import { diceDistribution, expectedInjury, gurpsAttackOdds, successOdds, successRoll } from "../../../src/rulesets/gurps/rules/index.js";

const d = (dice: number, adds = 0) => ({ base: "dice" as const, dice, adds, multiplier: 1 });

describe("GURPS odds", () => {
  it("3d6 against 10: 108/216 succeed, 3 and 4 are critical (G5), 17 and 18 critical failures (G6); a total already rolled is certain", () => {
    const o = successOdds(10, "meleeAttack");
    expect(o.success).toBeCloseTo(108 / 216, 12);
    expect(o.criticalSuccess).toBeCloseTo(4 / 216, 12);
    expect(o.criticalFailure).toBeCloseTo(4 / 216, 12);
    expect(successOdds(10, "meleeAttack", 11).success).toBe(0);
    expect(diceDistribution(3).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("1d cut against DR 1 on a living man: injury 0,1,3,4,6,7 — 3.5 a hit (G69, G75)", () => {
    expect(expectedInjury({ spec: d(1), type: "cut", divisor: 1 }, { dr: 1, woundingClass: "living" })).toBeCloseTo(3.5, 12);
  });

  it("skill 10 against Dodge 8: struck = criticals + the rest × Dodge's failures; no defense is worse; the best defense is the Dodge", () => {
    const odds = gurpsAttackOdds({ attack: { effective: 10, purpose: "meleeAttack" }, defenses: [{ id: "dodge", effective: 8 }], damage: { spec: d(1), type: "cut", divisor: 1 }, defender: { dr: 1, woundingClass: "living" } });
    const [none, dodge] = odds.defenses;
    expect(none!.struck).toBeCloseTo(108 / 216, 12);
    expect(dodge!.struck).toBeCloseTo(4 / 216 + (104 / 216) * (160 / 216), 12);
    expect(dodge!.injury).toBeCloseTo(dodge!.struck * 3.5, 12);
    expect(bestDefense(odds).defense).toBe("dodge");
    expect(createGurpsRuleset().odds!.attack({ attack: { effective: 10, purpose: "meleeAttack" }, defenses: [], damage: { spec: d(1), type: "cut", divisor: 1 }, defender: { dr: 1, woundingClass: "living" } }).defenses).toHaveLength(1);
  });

  it("property: the chances equal a brute-force count over every 3d6 roll", () => {
    fc.assert(fc.property(fc.integer({ min: -5, max: 25 }), fc.integer({ min: -5, max: 25 }), (skill, defense) => {
      let struck = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) {
        const hit = successRoll(skill, a + b + c, "meleeAttack");
        if (!hit.success) continue;
        if (hit.critical === "success") {
          struck += 216;
          continue;
        }
        for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) for (let z = 1; z <= 6; z++) if (!successRoll(defense, x + y + z, "defense").success) struck += 1;
      }
      const odds = gurpsAttackOdds({ attack: { effective: skill, purpose: "meleeAttack" }, defenses: [{ id: "parry", effective: defense }], damage: { spec: d(2), type: "cr", divisor: 1 }, defender: { dr: 0, woundingClass: "living" } });
      expect(odds.defenses[1]!.struck).toBeCloseTo(struck / 216 / 216, 10);
    }), { numRuns: 40 });
  });

  it("G65: a parry that cannot hold the blow stops nothing (struck as with no defense); G70: at 1/2D each hit's basic damage is halved, rounded down", () => {
    const q = { attack: { effective: 12, purpose: "meleeAttack" as const }, damage: { spec: d(2), type: "cr" as const, divisor: 1 }, defender: { dr: 0, woundingClass: "living" as const } };
    const odds = gurpsAttackOdds({ ...q, defenses: [{ id: "parry:axe", effective: 14, kind: "parry", holds: false }, { id: "parry:sword", effective: 14, kind: "parry" }] });
    expect(odds.defenses[1]!.struck).toBe(odds.defenses[0]!.struck);
    expect(odds.defenses[2]!.struck).toBeLessThan(odds.defenses[0]!.struck);
    // 2d crushing halved: ⌊total / 2⌋ over the 36 rolls.
    let halved = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) halved += Math.floor((a + b) / 2) / 36;
    expect(expectedInjury({ ...q.damage, halved: true }, q.defender)).toBeCloseTo(halved, 12);
  });

  it("G57, G61, G92: three shots at Rcl 2 — a Dodge avoids 1 + its margin of the hits, a Block one; the hits expected counted by hand from every pair of totals", () => {
    const q = { attack: { effective: 14, purpose: "rangedAttack" as const, rapid: { shots: 3, rcl: 2 } }, damage: { spec: d(1), type: "pi" as const, divisor: 1 }, defender: { dr: 0, woundingClass: "living" as const } };
    const odds = gurpsAttackOdds({ ...q, defenses: [{ id: "dodge", effective: 9, kind: "dodge" }, { id: "block:s", effective: 9, kind: "block" }] });
    const three = diceDistribution(3);
    let none = 0;
    let dodge = 0;
    let block = 0;
    for (let a = 3; a <= 18; a++) {
      const hit = successRoll(14, a, "rangedAttack");
      if (!hit.success) continue;
      const hits = Math.min(3, 1 + Math.floor(hit.margin / 2));
      none += three[a]! * hits;
      for (let x = 3; x <= 18; x++) {
        const saved = hit.critical === "success" ? null : successRoll(9, x, "defense");
        const p = three[a]! * three[x]!;
        dodge += p * (saved?.success ? (saved.critical === "success" ? 0 : Math.max(0, hits - 1 - saved.margin)) : hits);
        block += p * (saved?.success ? hits - 1 : hits);
      }
    }
    expect(odds.defenses.map((o) => o.outcomes.hits)).toEqual([none, dodge, block].map((x) => expect.closeTo(x, 12)));
    expect(odds.defenses[1]!.injury).toBeCloseTo(dodge * 3.5, 12);
  });
});
