/** Property tests of the D6 rules core (fast-check), each naming the rules it checks. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCodes, addDice, applyFloor, codePips, combatDifficulty, type D6AttackInput, D6Error, d6OutcomeJson, damageBonus, type DieCode,
  formatDieCode, initiativeBonus, initiativeOrder, makeD6Rules, maxWithoutExplosion, multiActionPenaltyDice, parseD6Scenario, parseDieCode,
  planRoll, readD6Scenario, readRoll, resolveD6Attack, type RollFaces, stackWound, type WoundLevel, WOUND_LEVELS, woundAt, woundRank,
} from "../../../src/rulesets/d6/rules/index.js";

const arbCode = (maxDice = 12): fc.Arbitrary<DieCode> => fc.record({ dice: fc.integer({ min: 0, max: maxDice }), pips: fc.integer({ min: 0, max: 2 }) });
const arbFace = fc.integer({ min: 1, max: 6 });
/** A Wild Die chain: some 6s, then a face that is not 6. */
const arbChain = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 5 })).map(([sixes, last]) => [...Array<number>(sixes).fill(6), last]);
const facesFor = (code: DieCode): fc.Arbitrary<RollFaces> =>
  code.dice === 0
    ? fc.constant({ dice: [], wild: [] })
    : fc.record({ dice: fc.array(arbFace, { minLength: code.dice - 1, maxLength: code.dice - 1 }), wild: arbChain });
const arbLevel = fc.constantFrom(...WOUND_LEVELS);

describe("die codes (D1, D41)", () => {
  it("D1: formatting and parsing round-trip every code", () => {
    fc.assert(
      fc.property(arbCode(99), (code) => {
        expect(parseDieCode(formatDieCode(code))).toEqual(code);
      }),
    );
  });

  it("D1: adding codes adds their pips and always leaves pips below 3", () => {
    fc.assert(
      fc.property(arbCode(), arbCode(), (a, b) => {
        const sum = addCodes(a, b);
        expect(codePips(sum)).toBe(codePips(a) + codePips(b));
        expect(sum.pips).toBeGreaterThanOrEqual(0);
        expect(sum.pips).toBeLessThan(3);
        expect(sum).toEqual(addCodes(b, a));
      }),
    );
  });

  it("D41: penalties never make pips negative nor touch them, and never go below 0D", () => {
    fc.assert(
      fc.property(arbCode(), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (code, action, wound) => {
        const plan = planRoll(code, { actionDice: action, woundDice: wound });
        expect(plan.code.pips).toBe(code.pips);
        expect(plan.code.dice).toBe(Math.max(0, code.dice - action - wound));
        expect(plan.rollable).toBe(plan.code.dice > 0);
        expect(addDice(code, -action).pips).toBe(code.pips);
      }),
    );
  });

  it("D41/D29: more dice never lowers a roll's maximum, and bonus dice never lower the code", () => {
    fc.assert(
      fc.property(arbCode(), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), (code, more, penalty) => {
        expect(maxWithoutExplosion(addDice(code, more))).toBeGreaterThanOrEqual(maxWithoutExplosion(code));
        const without = planRoll(code, { actionDice: penalty });
        const withBonus = planRoll(code, { actionDice: penalty, bonusDice: more });
        expect(withBonus.code.dice).toBeGreaterThanOrEqual(without.code.dice);
      }),
    );
  });
});

describe("the Wild Die (D2)", () => {
  const arbRoll = arbCode(8).filter((c) => c.dice > 0).chain((code) => facesFor(code).map((faces) => ({ code, faces })));

  it("D2: flagging counts every face; removing never gives more; damage and resistance ignore the mode", () => {
    const removing = makeD6Rules({ complicationMode: "remove" });
    fc.assert(
      fc.property(arbRoll, ({ code, faces }) => {
        const sum = [...faces.dice, ...faces.wild].reduce((a, b) => a + b, 0) + code.pips;
        const flagged = readRoll(code, faces, "skill");
        expect(flagged.total).toBe(sum);
        expect(flagged.complication).toBe(faces.wild[0] === 1);
        const removed = readRoll(code, faces, "skill", "roll", removing);
        expect(removed.total).toBeLessThanOrEqual(sum);
        expect(removed.total).toBeGreaterThanOrEqual(code.pips);
        expect(readRoll(code, faces, "damage", "roll", removing).total).toBe(sum);
        expect(readRoll(code, faces, "resistance", "roll", removing).complication).toBe(false);
      }),
    );
  });
});

describe("penalties, bonuses and difficulty (D8, D12, D26, D33)", () => {
  it("D12: the penalty is never negative, grows with N and shrinks with free actions", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 5 }), (n, free) => {
        const p = multiActionPenaltyDice(n, free);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(multiActionPenaltyDice(n + 1, free)).toBeGreaterThanOrEqual(p);
        expect(multiActionPenaltyDice(n, free + 1)).toBeLessThanOrEqual(p);
      }),
    );
  });

  it("D26: the floor of 3 holds whatever the base and modifiers, and never lowers a difficulty", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.array(fc.integer({ min: -30, max: 30 }), { maxLength: 6 }), (base, mods) => {
        const { beforeFloor, final } = combatDifficulty(base, mods);
        expect(final).toBeGreaterThanOrEqual(3);
        expect(final).toBeGreaterThanOrEqual(beforeFloor);
        expect(final === beforeFloor || final === 3).toBe(true);
        expect(applyFloor(final)).toBe(final);
      }),
    );
  });

  it("D33: the damage bonus is never negative and never falls as the attack total rises", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 3, max: 60 }), (total, difficulty) => {
        const b = damageBonus(total, difficulty);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(damageBonus(total + 1, difficulty)).toBeGreaterThanOrEqual(b);
        if (total > difficulty) expect(b).toBe(Math.ceil((total - difficulty) / 5));
      }),
    );
  });

  it("D8: the better bonus is at least each source and at most their sum", () => {
    fc.assert(
      fc.property(arbCode(), fc.option(arbCode(), { nil: undefined }), arbCode(), (perception, search, agility) => {
        const b = initiativeBonus(search ? { perception, search, agility } : { perception, agility });
        expect(b.bonus).toBe(Math.max(b.fromSearch, b.fromAgility));
        expect(b.fromAgility).toBe(Math.floor(agility.dice / 4));
        expect(b.fromSearch).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("wounds (D35–D37)", () => {
  it("D36: stacking only goes up — never below the current level, and any wound result raises an unexpired level", () => {
    fc.assert(
      fc.property(arbLevel, arbLevel, fc.integer({ min: 1, max: 50 }), (current, taken, round) => {
        const state = woundAt(current, round);
        const after = stackWound(state, taken, round);
        expect(woundRank(after.level)).toBeGreaterThanOrEqual(woundRank(current));
        expect(woundRank(after.level)).toBeGreaterThanOrEqual(woundRank(taken));
        if (taken !== "none" && current !== "killed") expect(woundRank(after.level)).toBeGreaterThan(woundRank(current));
      }),
    );
  });

  it("D36: a sequence of results in one round never lowers the level", () => {
    fc.assert(
      fc.property(fc.array(arbLevel, { maxLength: 10 }), (results) => {
        let state = woundAt("none", 1);
        let rank = -1;
        for (const r of results as WoundLevel[]) {
          state = stackWound(state, r, 1);
          expect(woundRank(state.level)).toBeGreaterThanOrEqual(rank);
          rank = woundRank(state.level);
        }
      }),
    );
  });
});

describe("initiative order (D6, D7)", () => {
  it("D6/D7: the order is a permutation, totals never rise, and player characters lead their tie group", () => {
    const arbEntries = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), total: fc.integer({ min: 0, max: 12 }), playerCharacter: fc.boolean() }), {
      selector: (e) => e.id,
      maxLength: 12,
    });
    fc.assert(
      fc.property(arbEntries, (entries) => {
        const order = initiativeOrder(entries);
        expect(order.map((t) => t.id).sort()).toEqual(entries.map((e) => e.id).sort());
        for (let i = 1; i < order.length; i++) {
          const [a, b] = [order[i - 1]!, order[i]!];
          expect(b.total).toBeLessThanOrEqual(a.total);
          if (a.tieGroup === b.tieGroup) expect(Number(a.playerCharacter)).toBeGreaterThanOrEqual(Number(b.playerCharacter));
          expect(a.tieGroup === b.tieGroup).toBe(a.total === b.total);
        }
      }),
    );
  });
});

describe("whole attacks (D17–D37)", () => {
  const arbAttack: fc.Arbitrary<D6AttackInput> = fc
    .record({
      skill: arbCode(6).filter((c) => c.dice > 0),
      declared: fc.integer({ min: 1, max: 2 }),
      defense: fc.option(fc.record({ skill: fc.constantFrom("dodge" as const, "block" as const, "parry" as const), mode: fc.constantFrom("partial" as const, "full" as const), total: fc.integer({ min: 0, max: 30 }) }), { nil: undefined }),
      mode: fc.constantFrom("unarmed" as const, "melee" as const, "ranged" as const),
      modifier: fc.integer({ min: -20, max: 20 }),
      band: fc.constantFrom("pointBlank" as const, "short" as const),
    })
    .chain((x) => {
      const skill = addDice(x.skill, x.declared - 1); // the penalty leaves x.skill to roll
      return facesFor(x.skill).map((roll) => ({
        attacker: {
          skill, declared: x.declared, roll, strength: { dice: 3, pips: 0 },
          weapon: { mode: x.mode, damage: { code: { dice: 1, pips: 0 }, addsStrength: true }, lengthMetres: 3, ranges: { short: 10, medium: 20, long: 30 } },
        },
        defender: { strength: { dice: 2, pips: 0 }, ...(x.defense && { defenses: [x.defense] }) },
        range: { band: x.mode === "unarmed" ? ("pointBlank" as const) : x.band },
        modifiers: [{ value: x.modifier }],
      }));
    });

  it("D26/D30/D33: the floor holds, a hit is margin ≥ 0, and the damage bonus follows the margin", () => {
    fc.assert(
      fc.property(arbAttack, (input) => {
        const res = resolveD6Attack(input);
        expect(res.refused).toBeNull();
        const d = res.difficulty!;
        expect(d.final).toBeGreaterThanOrEqual(3);
        expect(res.margin).toBe(res.attack!.total - d.final);
        expect(res.hit).toBe(res.margin! >= 0);
        if (res.hit) expect(res.damage!.bonus).toBe(Math.ceil(res.margin! / 5));
        const out = d6OutcomeJson(res);
        expect(JSON.parse(JSON.stringify(out))).toEqual(out);
      }),
    );
  });
});

describe("the scenario parser never fails but with one short D6Error", () => {
  const check = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(D6Error);
      const message = (error as D6Error).message;
      expect(message.length).toBeLessThan(400);
      expect(message).not.toMatch(/[\n\r\u2028\u2029]/);
    }
  };

  it("any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => check(() => readD6Scenario(value))), { numRuns: 500 });
  });

  it("any scenario-shaped object with arbitrary values in its fields", () => {
    const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom("3D", "+1D", "dodge", "melee", "short", 0, 1, 6, -1, 1e400));
    const arb = fc.record({
      attacker: fc.record({ skill: anyValue, strength: anyValue, roll: fc.record({ dice: anyValue, wild: anyValue }), weapon: fc.record({ mode: anyValue, damage: anyValue }) }),
      defender: fc.record({ strength: anyValue, defenses: fc.array(fc.record({ skill: anyValue, mode: anyValue, total: anyValue }), { maxLength: 2 }) }),
      range: fc.record({ band: anyValue }),
    });
    fc.assert(fc.property(arb, (value) => check(() => readD6Scenario(value))), { numRuns: 500 });
  });

  it("any text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => check(() => parseD6Scenario(text))), { numRuns: 300 });
  });
});
