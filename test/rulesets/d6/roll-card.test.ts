import { describe, expect, it } from "vitest";
import { d6RollCardContext, d6SkillFormula } from "../../../src/rulesets/d6/views/roll-card.js";
import { makeD6Rules, parseDieCode, rollSkill } from "../../../src/rulesets/d6/rules/index.js";
import type { D6Rollable } from "../../../src/rulesets/d6/data/derived.js";

const code = (t: string) => parseDieCode(t);
const dodge: D6Rollable = { key: "skill:kd", kind: "skill", name: "dodge", attribute: "agility", code: code("4D"), untrained: false };

describe("d6SkillFormula (D1, D2)", () => {
  it("plain dice, one Wild Die, the pips, then the flat modifier", () => {
    expect(d6SkillFormula(code("3D+2"), 0)).toBe("2d6 + 1dw + 2");
    expect(d6SkillFormula(code("1D"), 0)).toBe("1dw");
    expect(d6SkillFormula(code("2D+1"), 3)).toBe("1d6 + 1dw + 1 + 3");
    expect(d6SkillFormula(code("2D"), -2)).toBe("1d6 + 1dw - 2");
    expect(d6SkillFormula(code("0D+2"), 1)).toBe("2 + 1");
    expect(d6SkillFormula(code("0D"), 0)).toBe("0");
  });
});

describe("d6RollCardContext", () => {
  it("seed check 2: Kira's dodge as her second action, 4D − 1D (D12) = 3D; every die, the Wild Die's exploded 6s", () => {
    const roll = rollSkill(code("4D"), { actionDice: 1 }, { dice: [3, 5], wild: [6, 6, 2] });
    const c = d6RollCardContext({ actorName: "Kira", rollable: dodge, roll });
    expect(c.title).toBe("Kira rolls dodge");
    expect(c.roll).toMatchObject({ label: "3D", total: "22" });
    expect(c.roll!.dice.map((d) => [d.face, d.marks])).toEqual([["3", []], ["5", []], ["6", ["wild", "exploded"]], ["6", ["wild", "exploded"]], ["2", ["wild"]], ["D12", ["dropped"]]]);
    expect(c.subtitle).toBe("Dodge · 4D");
    expect(c.adjustments).toEqual(["4D", "− 1D for actions (D12)"]);
    expect(c.code).toBe("3D");
    expect(c.penaltyDice).toEqual([{ rule: "D12", title: expect.stringContaining("(D12)") }]);
    expect(c.dice.map((d) => [d.face, d.wild, d.exploded])).toEqual([[3, false, false], [5, false, false], [6, true, true], [6, true, true], [2, true, false]]);
    expect(c.total).toBe(22);
    expect(c.complication).toBeNull();
    expect(c.untrained).toBeNull();
  });

  it("wound dice (D37) shown apart from action dice; pips and the flat modifier shown; total includes them", () => {
    const roll = rollSkill(code("5D+1"), { actionDice: 1, woundDice: 2 }, { dice: [4], wild: [3] }, -2);
    const c = d6RollCardContext({ actorName: "Kira", rollable: dodge, roll });
    expect(c.penaltyDice.map((p) => p.rule)).toEqual(["D12", "D37", "D37"]);
    expect(c.code).toBe("2D+1");
    expect(c.pips).toBe(1);
    expect(c.labels.pips).toBe("+1 pip");
    expect(c.flat).toBe("−2");
    expect(c.extras).toBe("+1 pip · modifier −2");
    expect(c.total).toBe(4 + 3 + 1 - 2);
  });

  it("flag mode: the complication is flagged and counts", () => {
    const roll = rollSkill(code("3D"), {}, { dice: [6, 2], wild: [1] });
    const c = d6RollCardContext({ actorName: "the thug", rollable: dodge, roll });
    expect(c.dice.find((d) => d.wild)).toMatchObject({ complication: true, removed: false });
    expect(c.complication).toContain("GM decides");
    expect(c.total).toBe(9);
  });

  it("remove mode: the 1 and the highest other die are struck", () => {
    const rules = makeD6Rules({ complicationMode: "remove" });
    const roll = rollSkill(code("3D"), {}, { dice: [6, 2], wild: [1] }, 0, "roll", rules);
    const c = d6RollCardContext({ actorName: "the thug", rollable: dodge, roll, rules });
    expect(c.dice.map((d) => [d.face, d.removed])).toEqual([[6, true], [2, false], [1, true]]);
    expect(c.complication).toContain("removed");
    expect(c.total).toBe(2);
  });

  it("an attribute by its label; an untrained skill says on which attribute", () => {
    const roll = rollSkill(code("3D"), {}, { dice: [1, 1], wild: [4] });
    const attr = d6RollCardContext({ actorName: "Kira", rollable: { key: "attribute:perception", kind: "attribute", name: "perception", attribute: "perception", code: code("3D"), untrained: false }, roll });
    expect(attr.title).toBe("Kira rolls Perception");
    const untrained = d6RollCardContext({ actorName: "Kira", rollable: { ...dodge, key: "untrained:firearms", name: "firearms", untrained: true }, roll });
    expect(untrained.untrained).toBe("Untrained: rolled on Agility");
  });
});

describe("d6RollCardContext wording", () => {
  it("no plan line when nothing changed the code; one pip, two pips", () => {
    const one = d6RollCardContext({ actorName: "K", rollable: dodge, roll: rollSkill(code("2D+1"), {}, { dice: [2], wild: [3] }) });
    expect(one.adjustments).toEqual([]);
    expect(one.labels.pips).toBe("+1 pip");
    const two = d6RollCardContext({ actorName: "K", rollable: dodge, roll: rollSkill(code("2D+2"), {}, { dice: [2], wild: [3] }) });
    expect(two.labels.pips).toBe("+2 pips");
  });
});

describe("the roll dialog (D11, D12)", () => {
  it("pre-fills the declared actions, else one; says what each extra action costs", async () => {
    const { d6RollDialogView } = await import("../../../src/rulesets/d6/views/roll-dialog.js");
    expect(d6RollDialogView({ declared: 3, freeActions: 1 })).toMatchObject({ actions: 3, flat: 0, hint: "Each action beyond 1 costs 1D on every roll this round (D12)." });
    expect(d6RollDialogView({ declared: null, freeActions: 2 }).actions).toBe(1);
  });
  it("reads the form: actions into D12 dice by the free actions (seed check 3), flat signed; anything else refused clearly", async () => {
    const { readD6RollForm } = await import("../../../src/rulesets/d6/views/roll-dialog.js");
    expect(readD6RollForm({ actions: "4", flat: "" }, 1)).toEqual({ actions: 4, actionDice: 3, flat: 0 });
    expect(readD6RollForm({ actions: "3", flat: "+2" }, 2)).toEqual({ actions: 3, actionDice: 1, flat: 2 });
    expect(readD6RollForm({ actions: 1, flat: "-5" }, 1)).toEqual({ actions: 1, actionDice: 0, flat: -5 });
    expect(() => readD6RollForm({ actions: "two", flat: "0" }, 1)).toThrow("The number of actions must be a whole number from 1 to 20 (got two).");
    expect(() => readD6RollForm({ actions: "21" }, 1)).toThrow(/from 1 to 20/);
    expect(() => readD6RollForm({ actions: "1", flat: "100" }, 1)).toThrow("The flat modifier must be a whole number from −99 to 99 (got 100).");
    expect(() => readD6RollForm({ actions: "1", flat: "1e2" }, 1)).toThrow(/flat modifier/);
  });
});
