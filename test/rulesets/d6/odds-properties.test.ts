/**
 * Monotone properties of the OpenD6 odds (fast-check, docs/odds.md): more
 * attack dice never lower the chance to hit; more armor never raises the
 * expected wound steps; a higher defense total never raises the chance of
 * being struck — except where D22 says a working block still takes the
 * blade, which the last test shows.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDice, choiceOdds, type D6InterruptOption, type D6OddsQuery, type DieCode, parseDieCode, parseWeaponDamage, WOUND_LEVELS,
} from "../../../src/rulesets/d6/rules/index.js";

const TOLERANCE = 1e-12;
const c = parseDieCode;
const arbCode = (min: number, max: number): fc.Arbitrary<DieCode> => fc.record({ dice: fc.integer({ min, max }), pips: fc.integer({ min: 0, max: 2 }) });
const arbWeapon = fc.constantFrom(
  { mode: "unarmed" as const, damage: parseWeaponDamage("+1D"), edged: false },
  { mode: "melee" as const, damage: parseWeaponDamage("+2D"), edged: false },
  { mode: "melee" as const, damage: parseWeaponDamage("+1D+1"), edged: true },
);
const arbOption: fc.Arbitrary<D6InterruptOption | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({ skill: fc.constantFrom("dodge" as const, "block" as const), code: arbCode(1, 5) }),
  fc.record({ skill: fc.constant("parry" as const), code: arbCode(1, 5), weapon: fc.constant({ damage: parseWeaponDamage("3D"), edged: true }) }),
);
const arbQuery: fc.Arbitrary<D6OddsQuery> = fc
  .record({
    skill: arbCode(1, 6), strength: arbCode(1, 4), weapon: arbWeapon, toughness: arbCode(1, 4), armor: arbCode(0, 2),
    inForce: fc.option(fc.integer({ min: 3, max: 24 }), { nil: undefined }), level: fc.constantFrom(...WOUND_LEVELS.slice(0, 4)),
  })
  .map(({ skill, strength, weapon, toughness, armor, inForce, level }) => ({
    input: {
      attacker: { skill, strength, weapon },
      defender: { strength: toughness, armor, wounds: { level, untilRound: null }, ...(inForce !== undefined && { defenses: [{ skill: "dodge" as const, mode: "partial" as const, total: inForce }] }) },
    },
  }));

describe("odds properties (fast-check)", () => {
  it("each choice's chances sum to 1 and lie in [0, 1]", () => {
    fc.assert(
      fc.property(arbQuery, arbOption, (q, option) => {
        const o = choiceOdds(q, option);
        expect(Math.abs(o.mass - 1)).toBeLessThan(TOLERANCE);
        for (const x of [o.hit, o.miss, o.bladeParry, o.bareHandBlock, o.spared, o.defenderStruck, o.attackerStruck, o.defenderOut, ...Object.values(o.levels)]) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1 + TOLERANCE);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("D30, D41: one more attack die never lowers the chance to hit", () => {
    fc.assert(
      fc.property(arbQuery, arbOption, (q, option) => {
        const more = { ...q, input: { ...q.input, attacker: { ...q.input.attacker, skill: addDice(q.input.attacker.skill, 1) } } };
        expect(choiceOdds(more, option).hit).toBeGreaterThanOrEqual(choiceOdds(q, option).hit - TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });

  it("D34–D36: one more die of armor never raises the defender's expected wound steps", () => {
    fc.assert(
      fc.property(arbQuery, arbOption, (q, option) => {
        const armored = { ...q, input: { ...q.input, defender: { ...q.input.defender, armor: addDice(q.input.defender.armor ?? c("0D"), 1) } } };
        expect(choiceOdds(armored, option).defenderSteps).toBeLessThanOrEqual(choiceOdds(q, option).defenderSteps + TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });

  it("D17–D18, D30: a higher defense total in force never raises the chance of being struck (armored blockers, D22 aside)", () => {
    fc.assert(
      fc.property(arbQuery, fc.integer({ min: 1, max: 8 }), arbOption, (q, more, option) => {
        const armored = { ...q, input: { ...q.input, defender: { ...q.input.defender, armor: addDice(q.input.defender.armor ?? c("0D"), 1), defenses: [{ skill: "block" as const, mode: "partial" as const, total: 8 }] } } };
        const higher = { ...armored, input: { ...armored.input, defender: { ...armored.input.defender, defenses: [{ skill: "block" as const, mode: "partial" as const, total: 8 + more }] } } };
        expect(choiceOdds(higher, option).defenderStruck).toBeLessThanOrEqual(choiceOdds(armored, option).defenderStruck + TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });

  it("D22: against a blade, an unarmored blocker's higher block raises the chance of being struck (a working block still takes the blade)", () => {
    const q = (block: number): D6OddsQuery => ({
      input: {
        attacker: { skill: c("4D"), strength: c("3D"), weapon: { mode: "melee", damage: parseWeaponDamage("+1D"), edged: true } },
        defender: { strength: c("3D"), defenses: [{ skill: "block", mode: "partial", total: block }] },
      },
    });
    expect(choiceOdds(q(20), undefined).defenderStruck).toBeGreaterThan(choiceOdds(q(10), undefined).defenderStruck);
    expect(choiceOdds(q(20), undefined).defenderStruck).toBe(1);
  });
});
