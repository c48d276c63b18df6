/** The OpenD6 dialogs' view and form reading, the dice a client rolls (D41) and how its faces are read (D1, D2). */
import { describe, expect, it } from "vitest";
import { codeFormula, facesOf } from "../../src/foundry/d6/code-roll.js";
import { english } from "../../src/core/messages.js";
import { newCombatantRound, parseDieCode, planRoll } from "../../src/rulesets/d6/rules/index.js";
import { parseD6Request } from "../../src/rulesets/d6/workflow/request-schema.js";
import { d6AttackDialogView, declaredChoice, readD6AttackForm } from "../../src/rulesets/d6/views/dialogs.js";
import { attackPlan, defensePlan } from "../../src/rulesets/d6/workflow/dice-plans.js";
import type { D6Derived } from "../../src/rulesets/d6/data/derived.js";

const code = parseDieCode;
const derived = (penalty = 0): D6Derived => ({
  attributes: { agility: code("3D"), strength: code("3D"), mechanical: code("2D"), knowledge: code("2D"), perception: code("3D"), technical: code("2D") },
  skills: [{ id: "s1", name: "dodge", attribute: "agility", code: code("4D"), text: "4D" }],
  weapons: [{ id: "w1", name: "blaster", skill: { id: "s2", name: "firearms", attribute: "agility", code: code("5D+1"), text: "5D+1" }, mode: "ranged", damage: "5D", edged: false, lengthCm: 0, ranges: { short: 10, medium: 30, long: 100 }, usesPerRound: 3, aimable: true }],
  strengthDamageDice: 2,
  initiativeBonus: 0,
  armor: code("0D"),
  resistance: code("3D"),
  wound: { level: penalty ? "wounded" : "none", untilRound: null, penaltyDice: penalty, unableToAct: false },
});

describe("what a client rolls", () => {
  it("D41, D12, D37, D29: the attack plan — 5D+1 − 1D (second action) − 1D (wounded) + 2D (two rounds aimed) = 5D+1", () => {
    const round = { ...newCombatantRound(3), declared: 2, aim: { targetId: "Actor.t", rounds: 2, lastRound: 2 } };
    const plan = attackPlan(derived(1), derived().weapons[0]!, round, "Actor.t");
    expect(plan).toMatchObject({ actionDice: 1, woundDice: 1, bonusDice: 2, code: { dice: 5, pips: 1 } });
    expect(attackPlan(derived(), derived().weapons[0]!, undefined, "Actor.t").code).toEqual({ dice: 5, pips: 1 });
  });

  it("D3: a plan cut to 0D is refused with the reason; D14 the interrupting dodge takes the round's penalty", () => {
    const round = { ...newCombatantRound(1), declared: 7 };
    expect(() => attackPlan(derived(), derived().weapons[0]!, round, "Actor.t")).toThrow();
    expect(defensePlan(derived(), "dodge", { ...newCombatantRound(1), declared: 2 }).code).toEqual({ dice: 3, pips: 0 });
  });

  it("D1, D2: a code's formula has its plain dice and one Wild Die; the faces read back split the two", () => {
    expect(codeFormula(code("3D+2"))).toBe("2d6 + 1dw");
    expect(codeFormula(code("1D"))).toBe("1dw");
    expect(facesOf([{ faces: 6, denomination: "6", results: [{ result: 4 }, { result: 2 }] }, {}, { faces: 6, denomination: "w", results: [{ result: 6 }, { result: 3 }] }])).toEqual({ dice: [4, 2], wild: [6, 3] });
  });
});

describe("the attack dialog", () => {
  it("shows the dice and why, the range bands (Short for a ranged weapon), cover without 'full', the GM's modifier for the GM only", () => {
    const view = d6AttackDialogView({ plan: attackPlan(derived(1), derived().weapons[0]!, undefined, "x"), ranged: true, gm: false, localize: english });
    expect(view.roll).toEqual({ code: "4D+1", parts: ["5D+1", "− 1D for wounds (D37)"] });
    expect(view.bands.find((b) => b.selected)?.value).toBe("short");
    expect(view.covers.map((c) => c.value)).toEqual(["none", "light", "medium", "heavy"]);
    expect(view.gm).toBe(false);
  });

  it("reads its form back bounded: a distance wins over a band, numbers whole and clamped, unknown choices dropped", () => {
    expect(readD6AttackForm({ flat: "2", band: "medium", metres: "", cover: "light", modifier: "0" })).toEqual({ flat: 2, band: "medium", cover: "light" });
    expect(readD6AttackForm({ flat: "1e9", band: "orbit", metres: "25", cover: "smoke", modifier: "-500", itemId: "<x>" })).toEqual({ flat: 99, metres: 25, modifier: -99 });
  });

  it("forged GM field: D26's modifier and D41's flat bonus are declared for a GM only — a player's client never sends them, whatever its form held", () => {
    const values = readD6AttackForm({ flat: "1", band: "medium", cover: "light", modifier: "-99" });
    expect(declaredChoice(values, true)).toEqual({ flat: 1, range: { band: "medium" }, cover: "light", modifiers: [{ value: -99 }] });
    expect(declaredChoice(values, false)).toStrictEqual({ range: { band: "medium" }, cover: "light" });
    expect(declaredChoice(readD6AttackForm({ flat: "0", metres: "12" }), false)).toStrictEqual({ range: { metres: 12 } });
    expect(declaredChoice(readD6AttackForm({ flat: "0", metres: "12" }), true)).toStrictEqual({ range: { metres: 12 } });
  });

  it("D26, D41: the dialog shows the modifier and the flat bonus to the GM only", () => {
    const plan = planRoll({ dice: 4, pips: 0 });
    const player = d6AttackDialogView({ plan, ranged: true, gm: false, localize: english });
    const gmView = d6AttackDialogView({ plan, ranged: true, gm: true, localize: english });
    expect([player.gm, gmView.gm]).toEqual([false, true]);
  });

  it("D27, D28: range and cover, the attacker's to declare, are bounded to the rules' bands, distances and levels", () => {
    const declare = (extra: Record<string, unknown>) => parseD6Request({ step: "declare", actorUuid: "Actor.kira", itemId: "wpKnife", roll: { dice: [1], wild: [2] }, targets: ["Actor.thug"], ...extra });
    expect(declare({ range: { band: "long" }, cover: "heavy" }).ok).toBe(true);
    for (const bad of [{ range: { band: "adjacent" } }, { range: { metres: 100_001 } }, { range: { metres: -1 } }, { range: { metres: 2.5 } }, { range: { band: "short", metres: 3 } }, { cover: "total" }, { flat: 100 }]) {
      expect(declare(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("D37: an expired Stunned costs no die, for the roller's plan as for the GM", () => {
  // Stunned taken in round 1 lasts to the end of round 2 (D37); derived data still says stunned (it knows no round).
  const stunnedDerived = (): D6Derived => ({ ...derived(1), wound: { level: "stunned", untilRound: 2, penaltyDice: 1, unableToAct: false } });
  const stunned = { level: "stunned" as const, untilRound: 2 };

  it("the attack plan reads the stored wounds in the round: −1D in round 2, nothing in round 3", () => {
    const weapon = derived().weapons[0]!;
    expect(attackPlan(stunnedDerived(), weapon, { ...newCombatantRound(2), declared: 1 }, "Actor.t", undefined, stunned).woundDice).toBe(1);
    expect(attackPlan(stunnedDerived(), weapon, { ...newCombatantRound(3), declared: 1 }, "Actor.t", undefined, stunned).woundDice).toBe(0);
  });

  it("the interrupting defense's plan likewise", () => {
    expect(defensePlan(stunnedDerived(), "dodge", { ...newCombatantRound(3), declared: 1 }, undefined, stunned).woundDice).toBe(0);
    expect(defensePlan(stunnedDerived(), "dodge", { ...newCombatantRound(2), declared: 1 }, undefined, stunned).woundDice).toBe(1);
  });
});
