/**
 * The OpenD6 odds engine (docs/odds.md) against the rules core itself: the
 * Wild Die's exploding distribution (D2), a code's roll read face by face
 * with `readRoll` in both complication modes, rolled difficulty modifiers
 * (D26), and the odds of an attack with a total already rolled.
 */
import { describe, expect, it } from "vitest";
import { bestDefense } from "../../../src/core/ruleset.js";
import { chanceOf, massOf, meanOf } from "../../../src/core/distribution.js";
import {
  choiceOdds, codeDistribution, d6AttackOdds, type D6OddsQuery, d6Odds, makeD6Rules, modifierDistribution, parseDieCode, parseWeaponDamage, readRoll,
  WILD_CHAIN, wildDie,
} from "../../../src/rulesets/d6/rules/index.js";
import { createD6Ruleset } from "../../../src/rulesets/d6/ruleset.js";
import { d6BestAnswerReason } from "../../../src/rulesets/d6/views/odds.js";

const c = parseDieCode;
const EXACT = 1e-12;

/** Every roll of a code whose counted faces add to at most `cap`, read by the core, with its chance (a Wild Die chain stops below the cap). */
function readAll(code: ReturnType<typeof c>, cap: number, rules = makeD6Rules()): Map<number, number> {
  const out = new Map<number, number>();
  const chains: { faces: number[]; p: number }[] = [];
  const grow = (faces: number[], p: number, sum: number) => {
    for (let f = 1; f <= 6; f++) {
      if (sum + f > cap + 6) continue;
      if (f === 6) grow([...faces, 6], p / 6, sum + 6);
      else chains.push({ faces: [...faces, f], p: p / 6 });
    }
  };
  grow([], 1, 0);
  const plain = (n: number): number[][] => (n === 0 ? [[]] : plain(n - 1).flatMap((r) => [1, 2, 3, 4, 5, 6].map((f) => [...r, f])));
  for (const dice of plain(code.dice - 1)) {
    for (const wild of chains) {
      const total = readRoll(code, { dice, wild: wild.faces }, "skill", "roll", rules).total;
      if (total <= cap) out.set(total, (out.get(total) ?? 0) + wild.p / 6 ** dice.length);
    }
  }
  return out;
}

describe("odds of a roll (D1, D2, D26)", () => {
  it("D2: the Wild Die adds a 6 and rolls again: P(6k + r) = 6^−(k+1); it sums to 1 and its mean is 4.2", () => {
    const wild = wildDie();
    expect(Math.abs(massOf(wild) - 1)).toBeLessThan(EXACT);
    expect(meanOf(wild)).toBeCloseTo(4.2, 12);
    expect(chanceOf(wild, 3)).toBeCloseTo(1 / 6, 15);
    expect(chanceOf(wild, 6)).toBe(0);
    expect(chanceOf(wild, 6 + 4)).toBeCloseTo(1 / 36, 15);
    expect(chanceOf(wild, 18 + 1)).toBeCloseTo(1 / 6 ** 4, 15);
    expect(WILD_CHAIN).toBeGreaterThanOrEqual(20);
  });

  for (const mode of ["flag", "remove"] as const) {
    it(`D1, D2 (${mode}): every total's chance is the chance of the rolls readRoll reads to it`, () => {
      const rules = makeD6Rules({ complicationMode: mode });
      for (const text of ["1D", "2D+1", "3D+2", "4D"]) {
        const code = c(text);
        const odds = codeDistribution(code, "skill", rules);
        expect(Math.abs(massOf(odds) - 1)).toBeLessThan(EXACT);
        const cap = 20;
        const counted = readAll(code, cap, rules);
        for (let total = 0; total <= cap; total++) expect(chanceOf(odds, total)).toBeCloseTo(counted.get(total) ?? 0, 14);
      }
    });
  }

  it("D2: damage and resistance never complicate, even in the removing mode; 0D is its pips", () => {
    const rules = makeD6Rules({ complicationMode: "remove" });
    expect(codeDistribution(c("3D"), "damage", rules)).toEqual(codeDistribution(c("3D"), "damage", makeD6Rules()));
    expect(codeDistribution(c("0D+2"), "skill")).toEqual({ min: 2, p: Float64Array.of(1) });
  });

  it("D26: a rolled modifier is plain dice, a negative one taken away; else its standard number", () => {
    const rolled = makeD6Rules({ rollDifficultyModifiers: true });
    const plus = modifierDistribution({ sign: 1, code: c("2D") }, rolled);
    expect(chanceOf(plus, 2)).toBeCloseTo(1 / 36, 15);
    expect(chanceOf(plus, 7)).toBeCloseTo(6 / 36, 15);
    expect(chanceOf(modifierDistribution({ sign: -1, code: c("1D+1") }, rolled), -7)).toBeCloseTo(1 / 6, 15);
    expect(modifierDistribution({ sign: 1, code: c("4D") })).toEqual({ min: 14, p: Float64Array.of(1) });
  });
});

const query = (more: Partial<D6OddsQuery> = {}): D6OddsQuery => ({
  input: {
    attacker: { skill: c("4D"), strength: c("3D"), weapon: { mode: "unarmed", damage: parseWeaponDamage("+1D"), edged: false } },
    defender: { strength: c("3D"), armor: c("0D") },
  },
  ...more,
});

describe("odds of an attack (D17–D37)", () => {
  it("D17, D30: a known total against the passive 10 hits or misses for certain", () => {
    expect(choiceOdds(query({ attackTotal: 10 }), undefined).hit).toBe(1);
    expect(choiceOdds(query({ attackTotal: 9 }), undefined).hit).toBe(0);
  });

  it("D14, D18: an interrupting dodge of 3D against a known 14 sets the difficulty; the hit chance is P(dodge ≤ 14)", () => {
    const odds = choiceOdds(query({ attackTotal: 14 }), { skill: "dodge", code: c("3D") });
    const dodge = codeDistribution(c("3D"), "skill");
    let atMost = 0;
    // The floor of 3 (D26) lifts a dodge below it, which 14 still beats.
    for (let v = dodge.min; v <= 14; v++) atMost += chanceOf(dodge, v);
    expect(odds.hit).toBeCloseTo(atMost, 14);
    expect(Math.abs(odds.mass - 1)).toBeLessThan(EXACT);
  });

  it("D18: a block does not cover a ranged attack, so interrupting with it changes nothing", () => {
    const q = query({ attackTotal: 12 });
    q.input.attacker.weapon = { mode: "ranged", damage: parseWeaponDamage("4D"), ranges: { short: 10, medium: 30, long: 60 } };
    q.input.range = { band: "short" };
    expect(choiceOdds(q, { skill: "block", code: c("6D") })).toEqual({ ...choiceOdds(q, undefined), defense: "block" });
  });

  it("D27, D28: an attack out of reach or at a wholly hidden target is refused, nobody struck", () => {
    const q = query();
    q.input.range = { band: "medium" };
    expect(choiceOdds(q, undefined)).toMatchObject({ refused: "outOfReach", hit: 0, defenderStruck: 0, mass: 1 });
  });

  it("D35–D36: wound steps count the move up the ladder from the current wound; every level's chance ≤ the hit chance", () => {
    const q = query();
    q.input.defender.wounds = { level: "wounded", untilRound: null };
    const odds = choiceOdds(q, undefined);
    const levels = Object.values(odds.levels).reduce((s, x) => s + x!, 0);
    expect(levels).toBeLessThanOrEqual(odds.hit + EXACT);
    // From Wounded, any wound moves at least one step: the expected steps are at least the chance of a wound.
    expect(odds.defenderSteps).toBeGreaterThanOrEqual(levels - EXACT);
  });

  it("the engine's shape: none first, then each interrupt; injury in wound steps; the best choice has the least net injury", () => {
    const q = query({ interrupts: [{ skill: "dodge", code: c("4D") }, { skill: "parry", code: c("3D"), weapon: { damage: parseWeaponDamage("3D"), edged: true } }] });
    const odds = d6AttackOdds(q);
    expect(odds.unit).toBe("woundSteps");
    expect(odds.defenses.map((d) => d.defense)).toEqual(["none", "dodge", "parry"]);
    expect(odds.defenses[2]!.attackerStruck).toBeGreaterThan(0); // D21: the blade parries a bare hand
    const best = bestDefense(odds);
    for (const d of odds.defenses) expect(best.injury - best.attackerInjury).toBeLessThanOrEqual(d.injury - d.attackerInjury + 1e-12);
    expect(createD6Ruleset().odds!.attack(q)).toEqual(odds);
    expect(d6Odds(q)).toHaveLength(3);
  });
});

describe("why the best answer is best (issue 23: \"no interrupt\" marked best at 100 % struck)", () => {
  const row = (defense: string, struck: number, injury: number) => ({ defense, struck, injury, attackerStruck: 0, attackerInjury: 0, outcomes: {} });
  it("letting it land is best though a dodge is struck less often: the panel says why (D18, D33, D14)", () => {
    const reason = d6BestAnswerReason({ unit: "woundSteps", defenses: [row("none", 1, 0.9), row("dodge", 0.95, 1.0), row("block", 0.98, 1.1)] });
    expect(reason).toBe("Letting it land is best here: a dodge lowers the chance of being struck, but its total replaces the passive 10 even when lower (D18), and a wider hit does more damage (D33); an interrupt also spends one of the actions held (D14).");
  });
  it("nothing to explain when the best answer is also the one least often struck, or an interrupt is best", () => {
    expect(d6BestAnswerReason({ unit: "woundSteps", defenses: [row("none", 0.9, 0.9), row("dodge", 0.95, 1.0)] })).toBeNull();
    expect(d6BestAnswerReason({ unit: "woundSteps", defenses: [row("none", 1, 1.4), row("dodge", 0.5, 0.6)] })).toBeNull();
  });
  it("the real window of the preview: Kira's low dodge against Dax's 14 (docs/odds.md)", () => {
    const odds = d6AttackOdds({ input: { round: 1, attacker: { skill: parseDieCode("4D"), weapon: { mode: "melee", damage: parseWeaponDamage("+1D") }, strength: parseDieCode("3D") }, defender: { strength: parseDieCode("3D") } }, attackTotal: 14, interrupts: [{ skill: "dodge", code: parseDieCode("2D") }] });
    expect(bestDefense(odds).defense).toBe("none");
    expect(odds.defenses[1]!.struck).toBeLessThan(odds.defenses[0]!.struck);
    expect(d6BestAnswerReason(odds)).toContain("a dodge lowers the chance of being struck");
  });
});
