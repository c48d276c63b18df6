/** D3's exception, D5–D9: initiative bonus, roll, Character Points, order, ties, groups, the GM's override. */
import { describe, expect, it } from "vitest";
import { closesTieGroup, initiativeBonus, initiativeOrder, makeD6Rules, parseDieCode, rollInitiative } from "../../../src/rulesets/d6/rules/index.js";
import { d6Error } from "./helpers.js";

const c = parseDieCode;

describe("D8 initiative bonus", () => {
  it("D8 (fill): the search excess is taken in pips, then cut to whole dice (5D+1 over 3D+2 = 1D+2 → +0)", () => {
    expect(initiativeBonus({ perception: c("3D+2"), search: c("5D+1"), agility: c("1D") }).fromSearch).toBe(0);
    expect(initiativeBonus({ perception: c("3D"), search: c("7D"), agility: c("1D") }).fromSearch).toBe(2);
  });

  it("D8: a search below its attribute gives nothing; no search gives nothing", () => {
    expect(initiativeBonus({ perception: c("4D"), search: c("2D"), agility: c("1D") }).fromSearch).toBe(0);
    expect(initiativeBonus({ perception: c("4D"), agility: c("1D") }).fromSearch).toBe(0);
  });

  it("D8 (fill): Agility drops its pips (7D+2 → 7 → +1)", () => {
    expect(initiativeBonus({ perception: c("1D"), agility: c("7D+2") }).fromAgility).toBe(1);
  });

  it("D8 [fixed]: the better of the two; a world may sum them instead", () => {
    const input = { perception: c("3D"), search: c("7D"), agility: c("4D") };
    expect(initiativeBonus(input).bonus).toBe(2);
    expect(initiativeBonus(input, makeD6Rules({ initiativeBonusCombine: "sum" })).bonus).toBe(3);
  });
});

describe("D6, D9, D3 the initiative roll", () => {
  it("D6: Perception with its Wild Die plus the bonus", () => {
    const roll = rollInitiative({ perception: c("3D+1"), roll: { dice: [4, 2], wild: [6, 3] }, bonus: 1 });
    expect(roll.total).toBe(4 + 2 + 9 + 1 + 1);
  });

  it("D9: each Character Point adds one more Wild Die; a 1 on one counts 1 and never complicates", () => {
    const roll = rollInitiative(
      { perception: c("2D"), roll: { dice: [3], wild: [3] }, bonus: 0, characterPointDice: [[1], [6, 2]] },
      makeD6Rules({ complicationMode: "remove" }),
    );
    expect(roll.characterPointDice).toEqual([1, 8]);
    expect(roll.total).toBe(6 + 9);
  });

  it("D9: no per-roll limit by default; a world may set one", () => {
    const points = [[2], [3], [4], [5]];
    expect(rollInitiative({ perception: c("1D"), roll: { dice: [], wild: [2] }, bonus: 0, characterPointDice: points }).total).toBe(16);
    d6Error(
      () => rollInitiative({ perception: c("1D"), roll: { dice: [], wild: [2] }, bonus: 0, characterPointDice: points }, makeD6Rules({ maxCharacterPointsOnInitiative: 2 })),
      "tooManyCharacterPoints", "4", "2",
    );
  });

  it("D9: Fate Points are refused", () => {
    d6Error(() => rollInitiative({ perception: c("1D"), roll: { dice: [], wild: [2] }, bonus: 0, fatePoints: 2 }), "fatePointsOnInitiative", "2", "D9");
  });

  it("D37: wound dice come off initiative", () => {
    expect(rollInitiative({ perception: c("3D"), woundDice: 2, roll: { dice: [], wild: [4] }, bonus: 0 }).code).toEqual(c("1D"));
  });

  it("D3 (fill, ours): initiative is never refused — Perception cut to 0D gives its pips + bonus + Character Point dice", () => {
    const roll = rollInitiative({ perception: c("2D+2"), woundDice: 2, roll: { dice: [], wild: [] }, bonus: 1, characterPointDice: [[5]] });
    expect(roll.code).toEqual(c("0D+2"));
    expect(roll.total).toBe(2 + 1 + 5);
  });
});

describe("D5–D7 the order of a round", () => {
  it("D6: highest total first, down to the lowest", () => {
    const order = initiativeOrder([
      { id: "a", total: 8 },
      { id: "b", total: 20 },
      { id: "c", total: 12 },
    ]);
    expect(order.map((t) => t.id)).toEqual(["b", "c", "a"]);
    expect(order.every((t) => !t.simultaneous)).toBe(true);
  });

  it("D7 [fixed]: tied turns are played one after another, player characters first, then as listed; effects after the last", () => {
    const order = initiativeOrder([
      { id: "npc1", total: 10 },
      { id: "npc2", total: 10 },
      { id: "pc", total: 10, playerCharacter: true },
      { id: "fast", total: 15 },
    ]);
    expect(order.map((t) => t.id)).toEqual(["fast", "pc", "npc1", "npc2"]);
    expect(order.map((t) => closesTieGroup(order, order.indexOf(t)))).toEqual([true, false, false, true]);
  });

  it("D6: foes the GM rolled for once share their place; members of one group must share the total", () => {
    const order = initiativeOrder([
      { id: "thug1", total: 11, group: "thugs" },
      { id: "hero", total: 13, playerCharacter: true },
      { id: "thug2", total: 11, group: "thugs" },
    ]);
    expect(order.map((t) => [t.id, t.group])).toEqual([["hero", null], ["thug1", "thugs"], ["thug2", "thugs"]]);
    expect(order[1]!.tieGroup).toBe(order[2]!.tieGroup);
    d6Error(() => initiativeOrder([{ id: "a", total: 11, group: "g" }, { id: "b", total: 12, group: "g" }]), "groupTotals", "11", "12");
  });

  it("D5: the GM moves a combatant to any place for one round; it acts alone there", () => {
    const entries = [
      { id: "a", total: 20 },
      { id: "b", total: 15 },
      { id: "c", total: 15 },
      { id: "d", total: 5 },
    ];
    const order = initiativeOrder(entries, [{ id: "d", position: 0 }]);
    expect(order.map((t) => t.id)).toEqual(["d", "a", "b", "c"]);
    expect(order[0]!.overridden).toBe(true);
    expect(order[2]!.tieGroup).toBe(order[3]!.tieGroup);
    // Placed between two tied turns, it splits them.
    const between = initiativeOrder(entries, [{ id: "d", position: 2 }]);
    expect(between.map((t) => t.id)).toEqual(["a", "b", "d", "c"]);
    expect(new Set(between.map((t) => t.tieGroup)).size).toBe(4);
    // A position past the end puts it last.
    expect(initiativeOrder(entries, [{ id: "a", position: 99 }]).map((t) => t.id)).toEqual(["b", "c", "d", "a"]);
  });

  it("D5: overriding an unknown or twice-listed combatant is refused", () => {
    d6Error(() => initiativeOrder([{ id: "a", total: 1 }], [{ id: "z", position: 0 }]), "unknownCombatant", '"z"');
    d6Error(() => initiativeOrder([{ id: "a", total: 1 }, { id: "a", total: 2 }]), "duplicateCombatant", '"a"');
  });
});
