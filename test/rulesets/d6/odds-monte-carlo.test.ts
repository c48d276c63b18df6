/**
 * The OpenD6 odds against 250,000 seeded attacks through
 * `resolveD6Attack` (docs/odds.md): each exact chance and expectation lies
 * within 3 standard errors of what the rolls show (a standard error of at
 * most 0.001 on a chance). The randomness is the tests' own
 * (src/cli/prng.ts); the exact reading of every roll is odds.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/cli/prng.js";
import {
  attackRollAdjustments, choiceOdds, type D6AttackInput, type D6InterruptOption, type D6OddsQuery, type D6Rules, type DieCode, makeD6Rules,
  parseDieCode, parseWeaponDamage, planRoll, readRoll, resistanceCode, resolveD6Attack, type RollFaces, stackWound, UNHURT, woundRank,
} from "../../../src/rulesets/d6/rules/index.js";

const ROLLS = 250_000;
const c = parseDieCode;

function within(exact: number, sum: number, sumSquares: number): void {
  const mean = sum / ROLLS;
  const variance = Math.max(sumSquares / ROLLS - mean * mean, exact * (1 - Math.min(1, exact)), 1e-9);
  expect(Math.abs(mean - exact)).toBeLessThanOrEqual(3 * Math.sqrt(variance / ROLLS));
}

/** Play `option` (or the defenses in force) ROLLS times through the core and compare every figure. */
function check(query: D6OddsQuery, option: D6InterruptOption | undefined, rules: Readonly<D6Rules>, seed: number): void {
  const odds = choiceOdds(query, option, rules);
  const roll = seededDice(seed);
  const faces = (code: DieCode): RollFaces => {
    if (code.dice === 0) return { dice: [], wild: [] };
    const wild = [roll(6)];
    while (wild[wild.length - 1] === 6) wild.push(roll(6));
    return { dice: Array.from({ length: code.dice - 1 }, () => roll(6)), wild };
  };
  const { input } = query;
  const plan = planRoll(input.attacker.skill, attackRollAdjustments(input.attacker, 0, rules));
  const seen = { hit: [0, 0], defender: [0, 0], attacker: [0, 0], blade: [0, 0], bare: [0, 0], steps: [0, 0], attackerSteps: [0, 0], wounded: [0, 0] };
  const count = (key: keyof typeof seen, x: number) => {
    seen[key][0]! += x;
    seen[key][1]! += x * x;
  };
  for (let i = 0; i < ROLLS; i++) {
    const defenses = [...(input.defender.defenses ?? [])];
    if (option) {
      const total = readRoll(option.code, faces(option.code), "skill", "defense", rules).total + (option.flat ?? 0);
      defenses.push({ skill: option.skill, mode: "partial", total, ...(option.weapon && { weapon: option.weapon }) });
    }
    const modifiers = (input.modifiers ?? []).map((m) => ("code" in m ? { ...m, faces: Array.from({ length: m.code.code.dice }, () => roll(6)) } : m));
    const cover = input.cover && input.cover !== "none" ? { coverFaces: Array.from({ length: rules.coverDice[input.cover as "light"] }, () => roll(6)) } : {};
    const base = { ...input, ...cover, modifiers, attacker: { ...input.attacker, roll: faces(plan.code) }, defender: { ...input.defender, defenses } } as D6AttackInput;
    let res = resolveD6Attack(base, rules);
    if (res.pending === "damage") {
      // Both rolls at once: the struck side's resistance code is the core's own (D34).
      const resistance = resistanceCode(res.struck === "attacker" ? input.attacker : input.defender, rules);
      res = resolveD6Attack({ ...base, damageRoll: faces(res.damage!.code), resistanceRoll: faces(resistance) }, rules);
    }
    count("hit", res.hit ? 1 : 0);
    count("defender", res.struck === "defender" ? 1 : 0);
    count("attacker", res.struck === "attacker" ? 1 : 0);
    count("blade", res.bladeRule === "bladeParry" ? 1 : 0);
    count("bare", res.bladeRule === "bareHandBlock" && !res.spared ? 1 : 0);
    count("wounded", res.struck === "defender" && res.woundTaken === "wounded" ? 1 : 0);
    const before = input.defender.wounds ?? UNHURT;
    count("steps", res.struck === "defender" ? woundRank(res.woundsAfter.defender.level) - woundRank(before.level) : 0);
    count("attackerSteps", res.struck === "attacker" ? woundRank(res.woundsAfter.attacker.level) - woundRank((input.attacker.wounds ?? UNHURT).level) : 0);
  }
  within(odds.hit, seen.hit[0]!, seen.hit[1]!);
  within(odds.defenderStruck, seen.defender[0]!, seen.defender[1]!);
  within(odds.attackerStruck, seen.attacker[0]!, seen.attacker[1]!);
  within(odds.bladeParry, seen.blade[0]!, seen.blade[1]!);
  within(odds.bareHandBlock, seen.bare[0]!, seen.bare[1]!);
  within(odds.levels.wounded ?? 0, seen.wounded[0]!, seen.wounded[1]!);
  within(odds.defenderSteps, seen.steps[0]!, seen.steps[1]!);
  within(odds.attackerSteps, seen.attackerSteps[0]!, seen.attackerSteps[1]!);
}

describe("Monte-Carlo of 250,000 attacks (tests only)", () => {
  it("D14, D21, D30–D37: a bare-handed attacker against an interrupting parry with a blade, over a dodge in force, a Wounded defender", () => {
    const query: D6OddsQuery = {
      input: {
        attacker: { skill: c("5D+1"), strength: c("3D+2"), armor: c("1D"), weapon: { mode: "unarmed", damage: parseWeaponDamage("+1D"), edged: false } },
        defender: { strength: c("3D"), armor: c("1D+1"), wounds: { level: "wounded", untilRound: null }, defenses: [{ skill: "dodge", mode: "partial", total: 12 }] },
        modifiers: [{ value: 2 }],
      },
    };
    const parry = { skill: "parry" as const, code: c("4D+2"), flat: 1, weapon: { damage: parseWeaponDamage("3D+1"), edged: true } };
    check(query, parry, makeD6Rules(), 11);
  }, 120_000);

  it("D2 remove mode, D22, D26 rolled cover and modifier: an interrupting block against a knife, the blocker unarmored", () => {
    const rules = makeD6Rules({ complicationMode: "remove", rollDifficultyModifiers: true });
    const query: D6OddsQuery = {
      input: {
        attacker: { skill: c("4D"), strength: c("3D"), weapon: { mode: "melee", damage: parseWeaponDamage("+1D+1"), edged: true } },
        defender: { strength: c("2D+2") },
        cover: "light",
        modifiers: [{ code: { sign: -1, code: c("1D") } }],
      },
    };
    check(query, { skill: "block", code: c("3D+1") }, rules, 12);
  }, 120_000);

  it("the stacked level (D36) the steps count is the core's own", () => {
    expect(woundRank(stackWound(UNHURT, "stunned", 1).level) - woundRank("none")).toBe(1);
  });
});
