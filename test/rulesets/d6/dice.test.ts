/**
 * D1 die codes, D2 the Wild Die, D3 nothing left to roll, D9 Character Point
 * dice, D26 modifier dice, D41 the order of a roll's modifiers.
 */
import { describe, expect, it } from "vitest";
import {
  addCodes, addDice, applyModifier, codePips, D6_STANDARD_RULES, dieCode, formatDieCode, formatModifier,
  formatWeaponDamage, makeD6Rules, parseDieCode, parseDieModifier, parseWeaponDamage, planRoll, readCharacterPointDie, readModifierDice,
  readRoll, requireRollable, rollSkill, standardNumber,
} from "../../../src/rulesets/d6/rules/index.js";
import { d6Error } from "./helpers.js";

const c = parseDieCode;
const removing = makeD6Rules({ complicationMode: "remove" });

describe("D1 die codes", () => {
  it.each([
    ["3D", 3, 0],
    ["3D+2", 3, 2],
    ["0D+1", 0, 1],
    ["12d+1", 12, 1],
    [" 4D + 1 ", 4, 1],
  ])("D1: %s reads as %iD+%i", (text, dice, pips) => {
    expect(parseDieCode(text)).toEqual({ dice, pips });
  });

  it("D1: format writes nD or nD+p and parses back", () => {
    for (const text of ["0D", "1D+1", "7D+2"]) expect(formatDieCode(c(text))).toBe(text);
    expect(formatModifier(parseDieModifier("−2D"))).toBe("-2D");
    expect(formatWeaponDamage(parseWeaponDamage("+1D+1"))).toBe("+1D+1");
    expect(formatWeaponDamage(parseWeaponDamage("4D"))).toBe("4D");
  });

  it("D1: three pips carry into one more die (3D+1 + 1D+2 = 5D, as in D34)", () => {
    expect(addCodes(c("3D+1"), c("1D+2"))).toEqual(c("5D"));
    expect(dieCode(2, 4)).toEqual(c("3D+1"));
    expect(codePips(c("3D+2"))).toBe(11);
  });

  it("D1: pips of 3 or more are refused, saying what they carry to", () => {
    d6Error(() => parseDieCode("3D+3"), "dieCodePips", "4D");
    d6Error(() => parseDieCode("2D+5"), "dieCodePips", "3D+2");
  });

  it("D1: not a die code, an empty one, too many dice or a sign where none belongs are refused", () => {
    d6Error(() => parseDieCode("3"), "dieCodeInvalid", '"3"');
    d6Error(() => parseDieCode("3D-1"), "dieCodeInvalid");
    d6Error(() => parseDieCode("   "), "dieCodeEmpty");
    d6Error(() => parseDieCode("100D"), "dieCodeTooLarge", "99");
    d6Error(() => parseDieCode("+1D"), "dieCodeSign");
    d6Error(() => parseWeaponDamage("-1D"), "dieCodeSign");
    d6Error(() => parseDieCode("x".repeat(10_000)), "dieCodeInvalid", "…");
  });

  it("D1: a modifier is + or − a code; no sign means +", () => {
    expect(parseDieModifier("+1D")).toEqual({ sign: 1, code: c("1D") });
    expect(parseDieModifier("-2D")).toEqual({ sign: -1, code: c("2D") });
    expect(parseDieModifier("−2D+1")).toEqual({ sign: -1, code: c("2D+1") });
    expect(parseDieModifier("1D")).toEqual({ sign: 1, code: c("1D") });
  });

  it("D31: a weapon's leading + adds it to Strength Damage", () => {
    expect(parseWeaponDamage("+1D")).toEqual({ code: c("1D"), addsStrength: true });
    expect(parseWeaponDamage("5D")).toEqual({ code: c("5D"), addsStrength: false });
  });

  it("D41: dice penalties remove whole dice and never pips (3D+2 − 1D = 2D+2), stopping at 0D", () => {
    expect(addDice(c("3D+2"), -1)).toEqual(c("2D+2"));
    expect(addDice(c("1D+2"), -3)).toEqual(c("0D+2"));
    expect(applyModifier(c("3D+2"), parseDieModifier("-1D"))).toEqual(c("2D+2"));
    expect(applyModifier(c("3D"), parseDieModifier("-1D+1"))).toEqual(c("1D+2"));
    expect(applyModifier(c("3D+2"), parseDieModifier("+1D+1"))).toEqual(c("5D"));
  });
});

describe("D2 the Wild Die", () => {
  it("D2: a 6 on the Wild Die is added and rolled again while it shows 6", () => {
    expect(readRoll(c("3D"), { dice: [2, 3], wild: [6, 6, 4] }, "skill").total).toBe(2 + 3 + 16);
    expect(readRoll(c("1D+2"), { dice: [], wild: [6, 1] }, "skill").total).toBe(9);
  });

  it("D2: only the first face complicates — a 1 after a chain of 6s is added like any face", () => {
    const r = readRoll(c("2D"), { dice: [5], wild: [6, 1] }, "skill", "roll", removing);
    expect(r.complication).toBe(false);
    expect(r.removed).toEqual([]);
    expect(r.total).toBe(12);
  });

  it("D2: by default a 1 on the Wild Die's first face flags a complication and counts normally", () => {
    const r = readRoll(c("3D+1"), { dice: [5, 2], wild: [1] }, "skill");
    expect(r.complication).toBe(true);
    expect(r.removed).toEqual([]);
    expect(r.total).toBe(9);
  });

  it("D2 (fill): in the removing mode the 1 and the single highest other die go", () => {
    const r = readRoll(c("4D+2"), { dice: [5, 6, 6], wild: [1] }, "skill", "roll", removing);
    expect(r.complication).toBe(true);
    expect(r.removed).toEqual([1, 6]);
    expect(r.total).toBe(5 + 6 + 2);
  });

  it("D2 (fill): in the removing mode a roll whose only die is the Wild Die keeps just its pips", () => {
    const r = readRoll(c("1D+2"), { dice: [], wild: [1] }, "skill", "roll", removing);
    expect(r.removed).toEqual([1]);
    expect(r.total).toBe(2);
  });

  it("D2: initiative (a Perception roll) complicates like a skill roll", () => {
    expect(readRoll(c("2D"), { dice: [4], wild: [1] }, "initiative", "roll", removing).total).toBe(0);
  });

  it("D2 (fill): damage and resistance rolls neither flag nor remove: their Wild Die 1 counts 1", () => {
    for (const kind of ["damage", "resistance"] as const) {
      const r = readRoll(c("3D"), { dice: [6, 4], wild: [1] }, kind, "roll", removing);
      expect(r.complication).toBe(false);
      expect(r.removed).toEqual([]);
      expect(r.total).toBe(11);
    }
  });

  it("D1/D2: a 0D code rolls nothing and counts its pips", () => {
    expect(readRoll(c("0D+2"), { dice: [], wild: [] }, "resistance").total).toBe(2);
    d6Error(() => readRoll(c("0D"), { dice: [], wild: [3] }, "resistance"), "wildNotAllowed");
    d6Error(() => readRoll(c("0D"), { dice: [3], wild: [] }, "resistance"), "diceCount", "0D");
  });

  it("D2: the faces must match the code: n − 1 plain dice and a Wild Die chain", () => {
    d6Error(() => readRoll(c("3D"), { dice: [1], wild: [2] }, "skill", "attack roll"), "diceCount", "attack roll", "3D", "2", "1");
    d6Error(() => readRoll(c("3D"), { dice: [1, 2], wild: [] }, "skill"), "wildMissing");
    d6Error(() => readRoll(c("2D"), { dice: [7], wild: [2] }, "skill"), "dieFace", "7");
    d6Error(() => readRoll(c("2D"), { dice: [2], wild: [2.5] }, "skill"), "dieFace", "2.5");
  });

  it("D2: a chain that ends on 6 is open; a chain that goes on after another face is broken", () => {
    d6Error(() => readRoll(c("1D"), { dice: [], wild: [6] }, "skill"), "wildChainOpen");
    d6Error(() => readRoll(c("1D"), { dice: [], wild: [6, 3, 2] }, "skill"), "wildChainBroken", "face 2", "3");
    d6Error(() => readRoll(c("1D"), { dice: [], wild: [...Array(60).fill(6), 1] }, "skill"), "chainTooLong", "50");
  });
});

describe("D3 and D41 building a roll", () => {
  it("D41: code − multi-action dice − wound dice + aim dice, pips kept", () => {
    const plan = planRoll(c("5D+1"), { actionDice: 2, woundDice: 1, bonusDice: 2 });
    expect(plan.code).toEqual(c("4D+1"));
    expect(plan.rollable).toBe(true);
  });

  it("D41: the dice are summed, then floored at 0D (1D − 2D + 1D = 0D, not 1D)", () => {
    expect(planRoll(c("1D+1"), { actionDice: 2, bonusDice: 1 }).code).toEqual(c("0D+1"));
  });

  it("D3: a code cut to 0D+2 is not rolled: pips do not count, and the refusal says why", () => {
    const plan = planRoll(c("2D+2"), { actionDice: 1, woundDice: 1 });
    expect(plan.rollable).toBe(false);
    d6Error(() => requireRollable(plan, "dodge roll"), "nothingToRoll", "dodge roll", "2D+2", "0D+2", "D3");
    d6Error(() => rollSkill(c("1D"), { woundDice: 1 }, { dice: [], wild: [] }), "nothingToRoll");
  });

  it("D41: flat modifiers are added after the dice", () => {
    const roll = rollSkill(c("3D"), { actionDice: 1 }, { dice: [4], wild: [5] }, 2);
    expect(roll.reading.total).toBe(9);
    expect(roll.total).toBe(11);
  });
});

describe("D9 Character Point dice and D26 modifier dice", () => {
  it("D9: a Character Point die rolls again on a 6; a 1 counts 1", () => {
    expect(readCharacterPointDie([6, 6, 2])).toBe(14);
    expect(readCharacterPointDie([1])).toBe(1);
    d6Error(() => readCharacterPointDie([6]), "wildChainOpen");
  });

  it("D26 (fill): rolled modifiers are plain dice (no Wild Die: a 6 is not rolled again); a taken-away code subtracts", () => {
    expect(readModifierDice(parseDieModifier("+2D"), [6, 1])).toBe(7);
    expect(readModifierDice(parseDieModifier("-1D+1"), [4])).toBe(-5);
    d6Error(() => readModifierDice(parseDieModifier("+2D"), [3]), "modifierDice", "2D", "1");
  });

  it("D26/D28: the standard number is dice × 3.5 rounded down, plus pips, with the sign", () => {
    expect(["+1D", "+2D", "+4D", "-1D", "+1D+2"].map((m) => standardNumber(parseDieModifier(m)))).toEqual([3, 7, 14, -3, 5]);
    expect(standardNumber(parseDieModifier("+3D"), { ...D6_STANDARD_RULES, standardNumberPerDie: 3 })).toBe(9);
  });
});
