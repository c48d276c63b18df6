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
  const sixes = (n: number): number[] => {
    const out = new Array<number>(n);
    for (let k = 0; k < n; k++) out[k] = roll(6);
    return out;
  };
  const faces = (code: DieCode): RollFaces => {
    if (code.dice === 0) return { dice: [], wild: [] };
    const wild = [roll(6)];
    while (wild[wild.length - 1] === 6) wild.push(roll(6));
    return { dice: sixes(code.dice - 1), wild };
  };
  const { input } = query;
  const plan = planRoll(input.attacker.skill, attackRollAdjustments(input.attacker, 0, rules));
  // What every attack shares, read once: the loop below builds only what the dice change (and rolls them in
  // the order it always has: the interrupting defense, the modifiers' dice, the cover dice, the attack).
  const standing = input.defender.defenses ?? [];
  const modifiers = input.modifiers ?? [];
  const dicedModifiers = modifiers.some((m) => "code" in m);
  const coverDice = input.cover && input.cover !== "none" ? rules.coverDice[input.cover as "light"] : 0;
  const defenderBefore = woundRank((input.defender.wounds ?? UNHURT).level);
  const attackerBefore = woundRank((input.attacker.wounds ?? UNHURT).level);
  // Sums and sums of squares of each figure, in the order `within` reads them below.
  const sum = new Float64Array(8);
  const squares = new Float64Array(8);
  for (let i = 0; i < ROLLS; i++) {
    let defenses = standing;
    if (option) {
      const total = readRoll(option.code, faces(option.code), "skill", "defense", rules).total + (option.flat ?? 0);
      defenses = [...standing, { skill: option.skill, mode: "partial", total, ...(option.weapon && { weapon: option.weapon }) }];
    }
    const rolledModifiers = dicedModifiers ? modifiers.map((m) => ("code" in m ? { ...m, faces: sixes(m.code.code.dice) } : m)) : modifiers;
    const base = { ...input, modifiers: rolledModifiers, attacker: { ...input.attacker, roll: null as unknown as RollFaces }, defender: { ...input.defender, defenses } } as D6AttackInput & { coverFaces?: number[] };
    if (coverDice) base.coverFaces = sixes(coverDice);
    (base.attacker as { roll: RollFaces }).roll = faces(plan.code);
    let res = resolveD6Attack(base, rules);
    if (res.pending === "damage") {
      // Both rolls at once: the struck side's resistance code is the core's own (D34).
      const resistance = resistanceCode(res.struck === "attacker" ? input.attacker : input.defender, rules);
      base.damageRoll = faces(res.damage!.code);
      base.resistanceRoll = faces(resistance);
      res = resolveD6Attack(base, rules);
    }
    const struckDefender = res.struck === "defender";
    const struckAttacker = res.struck === "attacker";
    const figures = [
      res.hit ? 1 : 0,
      struckDefender ? 1 : 0,
      struckAttacker ? 1 : 0,
      res.bladeRule === "bladeParry" ? 1 : 0,
      res.bladeRule === "bareHandBlock" && !res.spared ? 1 : 0,
      struckDefender && res.woundTaken === "wounded" ? 1 : 0,
      struckDefender ? woundRank(res.woundsAfter.defender.level) - defenderBefore : 0,
      struckAttacker ? woundRank(res.woundsAfter.attacker.level) - attackerBefore : 0,
    ];
    for (let k = 0; k < 8; k++) {
      sum[k]! += figures[k]!;
      squares[k]! += figures[k]! * figures[k]!;
    }
  }
  const exact = [odds.hit, odds.defenderStruck, odds.attackerStruck, odds.bladeParry, odds.bareHandBlock, odds.levels.wounded ?? 0, odds.defenderSteps, odds.attackerSteps];
  for (let k = 0; k < 8; k++) within(exact[k]!, sum[k]!, squares[k]!);
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
