/**
 * The Cychosys odds engine (docs/odds.md) against the rules core itself:
 * every distribution sums to 1, and every chance equals the count of every
 * roll through `actionTotal` and `resolveAttack` (R11–R13, R21–R35).
 */
import { describe, expect, it } from "vitest";
import { bestDefense } from "../../../src/core/ruleset.js";
import {
  cychosysAttackOdds, cychosysOdds, formOdds, handicapped, knownTotal, meanTotal, totalMass, totalOdds,
} from "../../../src/rulesets/cychosys/rules/index.js";
import { createCychosysRuleset } from "../../../src/rulesets/cychosys/ruleset.js";
import { allFaces, b, countedTotals, enumerateForm, OUTFIT, query } from "./odds-helpers.js";

const EXACT = 1e-12;

describe("odds of an action total (R11–R13)", () => {
  it("R12: one die: a crash and a surge each read 0 (1/12 apiece), the other faces their value", () => {
    const odds = totalOdds({ dice: 1, static: 0 });
    expect(odds.plain[0]).toBeCloseTo(1 / 12, 15);
    expect(odds.surge[0]).toBeCloseTo(1 / 12, 15);
    for (let v = 1; v <= 10; v++) expect(odds.plain[v]).toBeCloseTo(1 / 12, 15);
    expect(odds.plain.length).toBe(11);
  });

  it("R11–R13: every total's chance is the count of the rolls giving it over 12^N (1–4 dice, statics −30…25)", () => {
    for (let dice = 1; dice <= 4; dice++) {
      for (const stat of [-30, -7, 0, 3, 12, 25]) {
        const odds = totalOdds({ dice, static: stat });
        const all = 12 ** dice;
        for (const { total, surge, count } of countedTotals({ dice, static: stat })) {
          expect(Math.abs((surge ? odds.surge : odds.plain)[total]! - count / all)).toBeLessThan(1e-14);
        }
        expect(Math.abs(totalMass(odds) - 1)).toBeLessThan(EXACT);
      }
    }
  });

  it("R13: sums to 1 for six to twenty dice, and the mean is static + E[key die] + (N−1)·E[other die]", () => {
    for (const dice of [6, 9, 14, 20]) {
      const odds = totalOdds({ dice, static: 15 });
      expect(Math.abs(totalMass(odds) - 1)).toBeLessThan(EXACT);
      // No total is below 0 here, so the crash alone cuts the mean: it loses the static part and the other dice (1/12 of the time).
      const others = ((dice - 1) * 55) / 12;
      const expected = (11 / 12) * (15 + others) + 55 / 12;
      expect(meanTotal(odds)).toBeCloseTo(expected, 9);
    }
  });

  it("R23: a handicap moves every total down and stops at 0, keeping each surge", () => {
    const odds = handicapped(totalOdds({ dice: 2, static: 5 }), 8);
    const counted = countedTotals({ dice: 2, static: 5 });
    for (const { total, surge, count } of counted) {
      const at = Math.max(0, total - 8);
      expect((surge ? odds.surge : odds.plain)[at]).toBeGreaterThanOrEqual(count / 144 - 1e-15);
    }
    expect(Math.abs(totalMass(odds) - 1)).toBeLessThan(EXACT);
  });

  it("a total already rolled is that total alone", () => {
    expect(knownTotal(17, true).surge[17]).toBe(1);
    expect(totalMass(knownTotal(17))).toBe(1);
  });
});

describe("odds of each defense form equal the count of every pair of rolls (R21–R35)", () => {
  const attack = { dice: 3, static: 9 };
  const defense = { dice: 2, static: 10 };
  const cases = [
    { name: "an edge with V and D against a coat and skin (R31)", edge: "VD6", outfit: OUTFIT },
    { name: "F adds 10 to a positive result (R26) and the asterisks pierce (R28)", edge: "FBPX2", outfit: OUTFIT },
    { name: "a small target needs T (R35), counted where the blow lands", edge: "TB3", outfit: [{ shield: b("TT1"), covers: ["head", "chest"] as const, layer: "skin" as const }].map((p) => ({ ...p, covers: [...p.covers] })) },
  ];
  for (const c of cases) {
    for (const form of ["evade", "brave", "parry"] as const) {
      it(`${form}: ${c.name}`, () => {
        const object = { shield: b("B2") };
        const q = query(attack, b(c.edge), defense, c.outfit, { parry: { ...defense, object } });
        const odds = formOdds(form, q);
        const counted = enumerateForm(form, attack, b(c.edge), defense, c.outfit, object);
        expect(Math.abs(odds.mass - 1)).toBeLessThan(EXACT);
        expect(odds.defenderStruck).toBeCloseTo(counted.struck / counted.all, 13);
        expect(odds.parryWon).toBeCloseTo(counted.parryWon / counted.all, 13);
        expect(odds.objectBreaks).toBeCloseTo(counted.objectBreaks / counted.all, 13);
        expect(odds.smallTarget).toBeCloseTo(counted.smallTarget / counted.all, 13);
        expect(odds.defenderHits).toBeCloseTo(counted.hits / counted.all, 12);
        for (const letter of new Set([...Object.keys(counted.taken), ...Object.keys(odds.taken)])) {
          expect(odds.taken[letter] ?? 0).toBeCloseTo((counted.taken[letter] ?? 0) / counted.all, 13);
        }
      });
    }
  }

  it("a total already rolled (the card's defense panel) against every roll of the defense", () => {
    const q = { ...query(attack, b("VD6"), defense), attack: { ...query(attack, b("VD6"), defense).attack, total: { known: 21, surge: false } } };
    const d = countedTotals(defense);
    const all = d.reduce((s, x) => s + x.count, 0);
    const struck = d.filter((x) => 21 > x.total).reduce((s, x) => s + x.count, 0);
    expect(formOdds("evade", q).defenderStruck).toBeCloseTo(struck / all, 14);
  });
});

describe("the counter exchange (R23)", () => {
  it("sums to 1, and someone is struck whenever the attack reaches (no miss in an exchange)", () => {
    const odds = formOdds("counter", query({ dice: 6, static: 14 }, b("VD6"), { dice: 6, static: 16 }));
    expect(Math.abs(odds.mass - 1)).toBeLessThan(EXACT);
    expect(odds.miss).toBe(0);
    expect(odds.defenderStruck + odds.attackerStruck + odds.smallTarget).toBeCloseTo(1, 12);
    expect(odds.counterSeizes).toBeGreaterThan(0);
  });

  it("R23 seed check: a known 28 against a first counter that must beat it after 8; no counter again when the policy says never", () => {
    const q = query({ dice: 1, static: 0 }, b("VD6"), { dice: 1, static: 30 });
    q.attack.total = { known: 28 };
    q.policy = { maxCounters: 1 };
    // Counter 30 + d12 − 8: beats 28 on a die of 7–10 (4 of 12; a surge or crash reads 0, a crash is 0 in all).
    const odds = formOdds("counter", q);
    expect(odds.counterSeizes).toBeCloseTo(4 / 12, 14);
    expect(odds.attackerStruck).toBeCloseTo(4 / 12, 14);
  });
});

describe("the engine's shape (src/core/ruleset.ts)", () => {
  it("one entry per form in the order evade, brave, parry, counter; every chance in [0, 1]; hits for a lethal attack", () => {
    const odds = cychosysAttackOdds(query({ dice: 6, static: 12 }, b("VD6"), { dice: 6, static: 12 }));
    expect(odds.unit).toBe("hits");
    expect(odds.defenses.map((d) => d.defense)).toEqual(["evade", "brave", "parry", "counter"]);
    for (const d of odds.defenses) {
      for (const chance of [d.struck, d.attackerStruck, ...Object.values(d.outcomes)]) {
        expect(chance).toBeGreaterThanOrEqual(0);
        expect(chance).toBeLessThanOrEqual(1 + EXACT);
      }
    }
    expect(odds.defenses[1]!.struck).toBeCloseTo(1, 12); // R24: the attack always arrives
    const best = bestDefense(odds);
    for (const d of odds.defenses) expect(best.injury - best.attackerInjury).toBeLessThanOrEqual(d.injury - d.attackerInjury + 1e-12);
  });

  it("R36: a non-lethal contest counts fatigue; a form left out is not offered; the ruleset answers through its seam", () => {
    const q = query({ dice: 4, static: 12 }, b("VD6"), { dice: 4, static: 12 });
    q.attack.nonLethal = "mental";
    delete q.defender.counter;
    const odds = createCychosysRuleset().odds!.attack(q);
    expect(odds.unit).toBe("fatigue");
    expect(odds.defenses.map((d: { defense: string }) => d.defense)).toEqual(["evade", "brave", "parry"]);
    expect(cychosysOdds(q)).toHaveLength(3);
  });

  it("allFaces walks every roll once", () => {
    expect([...allFaces(2)]).toHaveLength(144);
  });
});
