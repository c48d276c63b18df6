/** D17–D20 defenses and coverage, D26 modifiers and the floor, D27 range and reach, D28 cover. */
import { describe, expect, it } from "vitest";
import {
  activeDefense, applyFloor, baseDifficulty, checkRanges, combatDifficulty, coverModifier, coversAttack, D6_STANDARD_RULES, makeD6Rules,
  modifierValue, parseDieCode, parseDieModifier, rangeBandAt, rangeModifier, reachBands, rollActiveDefense,
} from "../../../src/rulesets/d6/rules/index.js";
import { d6Error } from "./helpers.js";

const c = parseDieCode;
const ranges = { short: 10, medium: 25, long: 50 };
const rolling = makeD6Rules({ rollDifficultyModifiers: true });

describe("D17–D20 which defense stands", () => {
  it("D17: with nothing in force the difficulty is the passive 10", () => {
    expect(baseDifficulty([], "ranged")).toEqual({ value: 10, defenseIndex: -1 });
    expect(baseDifficulty([], "ranged", makeD6Rules({ passiveDefense: 8 })).value).toBe(8);
  });

  it("D18/D19 [fixed]: a dodge covers every attack; a block or parry only unarmed and melee attacks", () => {
    for (const mode of ["unarmed", "melee", "ranged"] as const) expect(coversAttack(activeDefense("dodge", "partial", 5), mode)).toBe(true);
    for (const skill of ["block", "parry"] as const) {
      expect(coversAttack(activeDefense(skill, "partial", 5), "unarmed")).toBe(true);
      expect(coversAttack(activeDefense(skill, "partial", 5), "melee")).toBe(true);
      expect(coversAttack(activeDefense(skill, "partial", 5), "ranged")).toBe(false);
    }
    // A parry in force does not help against a shot: passive 10 stands.
    expect(baseDifficulty([activeDefense("parry", "partial", 18)], "ranged").value).toBe(10);
  });

  it("D18: a total below 10 still replaces the passive value", () => {
    expect(baseDifficulty([activeDefense("block", "partial", 4)], "unarmed").value).toBe(4);
  });

  it("D18 [fixed]: of two covering totals the higher is used; on equal totals the first listed", () => {
    const defenses = [activeDefense("dodge", "partial", 11), activeDefense("parry", "partial", 14), activeDefense("block", "partial", 14)];
    expect(baseDifficulty(defenses, "melee")).toEqual({ value: 14, defenseIndex: 1 });
    expect(baseDifficulty(defenses, "ranged")).toEqual({ value: 11, defenseIndex: 0 });
  });

  it("D23: a full defense adds 10 to its roll; partial and GM-called do not", () => {
    expect(activeDefense("parry", "full", 9).total).toBe(19);
    expect(activeDefense("parry", "gmCalled", 9).total).toBe(9);
    expect(activeDefense("parry", "full", 9, undefined, makeD6Rules({ fullDefenseBonus: 5 })).total).toBe(14);
  });

  it("D18/D41: a defense roll takes the multi-action and wound dice, and D3 refuses it at 0D", () => {
    const { roll, defense } = rollActiveDefense({ skill: "dodge", mode: "partial", code: c("4D+1"), declared: 3, woundDice: 1, faces: { dice: [], wild: [5] }, flat: 1 });
    expect(roll.plan.code).toEqual(c("1D+1"));
    expect(defense.total).toBe(7);
    d6Error(
      () => rollActiveDefense({ skill: "dodge", mode: "partial", code: c("2D"), declared: 3, faces: { dice: [], wild: [] } }),
      "nothingToRoll", "dodge roll",
    );
  });
});

describe("D27 range and reach", () => {
  it("D27 (fill): band limits are inclusive — 3 m is Point Blank, 10 m Short, 50 m Long, beyond Long no attack", () => {
    expect([0, 3, 3.1, 10, 10.5, 25, 50, 50.01].map((m) => rangeBandAt(m, ranges))).toEqual([
      "pointBlank", "pointBlank", "short", "short", "medium", "medium", "long", "beyond",
    ]);
  });

  it("D27: past Point Blank the weapon's limits are needed; limits must rise", () => {
    expect(rangeBandAt(2, null)).toBe("pointBlank");
    d6Error(() => rangeBandAt(4, null), "rangeRequired", "4 m", "3 m");
    expect(checkRanges(ranges)).toBe(ranges);
    d6Error(() => checkRanges({ short: 30, medium: 20, long: 50 }), "rangeLimits", "30", "20");
    d6Error(() => checkRanges({ short: 2, medium: 20, long: 50 }), "rangeLimits");
  });

  it("D27 [fixed]: Point Blank −5, Short +0, Medium +5, Long +10 for ranged attacks", () => {
    expect((["pointBlank", "short", "medium", "long"] as const).map((b) => rangeModifier(b, "ranged"))).toEqual([-5, 0, 5, 10]);
  });

  it("D27 (fill): melee and unarmed attacks take no range modifier unless the world sets rangeModifierOnMelee", () => {
    expect(rangeModifier("pointBlank", "unarmed")).toBe(0);
    expect(rangeModifier("short", "melee")).toBe(0);
    const literal = makeD6Rules({ rangeModifierOnMelee: true });
    expect(rangeModifier("pointBlank", "unarmed", literal)).toBe(-5);
    expect(rangeModifier("short", "melee", literal)).toBe(0);
  });

  it("D27: a melee weapon of exactly 2 m is not longer than 2 m", () => {
    expect(reachBands("melee", 2)).toEqual(["pointBlank"]);
    expect(reachBands("melee", 2.01)).toEqual(["pointBlank", "short"]);
    expect(reachBands("unarmed", 5)).toEqual(["pointBlank"]);
    expect(reachBands("ranged")).toEqual(["pointBlank", "short", "medium", "long"]);
  });
});

describe("D26, D28 modifiers, cover and the floor", () => {
  it("D28 [fixed]: cover light +1D (3), medium +2D (7), heavy +4D (14) as standard numbers; none 0", () => {
    expect((["none", "light", "medium", "heavy"] as const).map((l) => coverModifier(l, undefined).value)).toEqual([0, 3, 7, 14]);
  });

  it("D26 [fixed]: a world that rolls modifiers rolls the cover dice (plain dice) and needs their faces", () => {
    expect(coverModifier("medium", [6, 2], rolling)).toEqual({ value: 8, rolled: true });
    d6Error(() => coverModifier("medium", undefined, rolling), "modifierDice", "2D");
    d6Error(() => coverModifier("medium", [6], rolling), "modifierDice", "2D", "1");
  });

  it("D26: faces given while the world uses standard numbers are refused (they would be ignored)", () => {
    d6Error(() => coverModifier("light", [4]), "modifierDiceNotRolled", "rollDifficultyModifiers");
    d6Error(() => coverModifier("none", [4], rolling), "modifierDiceNotRolled");
  });

  it("D26 (fill): a modifier that has only a number is never rolled", () => {
    expect(modifierValue({ value: -4 }, "m", rolling)).toEqual({ value: -4, rolled: false });
    expect(modifierValue({ code: parseDieModifier("-1D") })).toEqual({ value: -3, rolled: false });
    expect(modifierValue({ code: parseDieModifier("-1D"), faces: [5] }, "m", rolling)).toEqual({ value: -5, rolled: true });
  });

  it("D26: however many modifiers apply, the final difficulty is never below 3; the floor comes last", () => {
    expect(combatDifficulty(10, [-5, -4, -3])).toEqual({ beforeFloor: -2, final: 3 });
    expect(combatDifficulty(2, [-1, +2])).toEqual({ beforeFloor: 3, final: 3 });
    // Last, not step by step: 10 − 9 (→ 1, not floored yet) + 4 = 5.
    expect(combatDifficulty(10, [-9, 4]).final).toBe(5);
    expect(applyFloor(4)).toBe(4);
    expect(applyFloor(1, { ...D6_STANDARD_RULES, difficultyFloor: 2 })).toBe(2);
  });

  it("D28: the wholly hidden target has no cover modifier (it cannot be targeted at all)", () => {
    expect(coverModifier("full", undefined).value).toBe(0);
  });
});
