/** D21–D22 the blade and the bare hand, D30–D33 hit and damage, D34–D37 resistance and wounds. */
import { describe, expect, it } from "vitest";
import {
  bladeRuleFor, blockSparesBlocker, currentWounds, damageBonus, damageCode, isHit, listedDamageCode, makeD6Rules, parseDieCode,
  parseDieModifier, parseWeaponDamage, resistanceCode, stackWound, strengthDamageDice, UNHURT, woundAt, woundLevelForExcess,
  undoWoundSteps, woundPenaltyDice, woundStatus, woundStepsTaken,
} from "../../../src/rulesets/d6/rules/index.js";

const c = parseDieCode;

describe("D30–D33 hit and damage", () => {
  it("D30: equal or higher hits; lower misses", () => {
    expect([isHit(12, 12), isHit(13, 12), isHit(11, 12)]).toEqual([true, true, false]);
  });

  it("D32: Disadvantage and Special Ability modifiers apply to Strength before the pips drop", () => {
    expect(strengthDamageDice(c("3D+2"), [parseDieModifier("+1D")])).toBe(2); // 4D+2 → 4 → 2
    expect(strengthDamageDice(c("4D+2"), [parseDieModifier("+0D+1")])).toBe(3); // 5D → 5 → 3
    expect(strengthDamageDice(c("2D"), [parseDieModifier("-2D")])).toBe(0);
  });

  it("D31: a + code is added to Strength Damage; a plain code is not; die modifiers follow", () => {
    expect(damageCode(parseWeaponDamage("+1D+1"), 2)).toEqual(c("3D+1"));
    expect(damageCode(parseWeaponDamage("4D"), 3)).toEqual(c("4D"));
    expect(damageCode(parseWeaponDamage("4D"), 0, [parseDieModifier("+1D"), parseDieModifier("-2D")])).toEqual(c("3D"));
  });

  it("D33: the bonus rounds up; no bonus on a miss; the divisor is data", () => {
    expect([11, 14, 15, 16, 9].map((t) => damageBonus(t, 10))).toEqual([1, 1, 1, 2, 0]);
    expect(damageBonus(20, 10, makeD6Rules({ damageBonusDivisor: 3 }))).toBe(4);
  });
});

describe("D21–D22 the blade and the bare hand", () => {
  it("D21: an unarmed attack that fell short of a parry with an edged or energized weapon", () => {
    expect(bladeRuleFor("unarmed", false, false, "parry", true)).toBe("bladeParry");
    expect(bladeRuleFor("unarmed", false, false, "parry", false)).toBeNull(); // a stick is no blade
    expect(bladeRuleFor("melee", false, false, "parry", true)).toBeNull(); // only against a bare hand
    expect(bladeRuleFor("unarmed", false, true, "parry", true)).toBeNull(); // the parry did not work
    expect(bladeRuleFor("unarmed", false, false, "dodge", true)).toBeNull();
  });

  it("D22: an edged melee weapon that fell short of a block (the body)", () => {
    expect(bladeRuleFor("melee", true, false, "block", false)).toBe("bareHandBlock");
    expect(bladeRuleFor("melee", false, false, "block", false)).toBeNull();
    expect(bladeRuleFor("melee", true, false, "parry", false)).toBeNull(); // a held item turned it
    expect(bladeRuleFor("melee", true, false, null, false)).toBeNull(); // passive 10
  });

  it("D22 [fixed]: armor above 0D (pips count) or a blockBlades ability spares the blocker", () => {
    expect(blockSparesBlocker(undefined, false)).toBe(false);
    expect(blockSparesBlocker(c("0D"), false)).toBe(false);
    expect(blockSparesBlocker(c("0D+1"), false)).toBe(true);
    expect(blockSparesBlocker(c("1D"), false)).toBe(true);
    expect(blockSparesBlocker(undefined, true)).toBe(true);
  });

  it("D21/D22: the damage is the weapon's listed code, without anyone's Strength Damage", () => {
    expect(listedDamageCode(parseWeaponDamage("+1D"))).toEqual(c("1D"));
    expect(listedDamageCode(parseWeaponDamage("5D"))).toEqual(c("5D"));
  });
});

describe("D34 resistance", () => {
  it("D34 (fill): Strength, armor and abilities add into one code (3D+1 + 1D+2 = 5D)", () => {
    expect(resistanceCode({ strength: c("3D+1"), armor: c("1D+2") })).toEqual(c("5D"));
    expect(resistanceCode({ strength: c("2D"), armor: c("1D"), abilities: [c("0D+2"), c("1D")] })).toEqual(c("4D+2"));
  });

  it("D34: with resistWithStrength off only armor and abilities resist — 0D when there are none", () => {
    const armorOnly = makeD6Rules({ resistWithStrength: false });
    expect(resistanceCode({ strength: c("3D"), armor: c("2D") }, armorOnly)).toEqual(c("2D"));
    expect(resistanceCode({ strength: c("3D") }, armorOnly)).toEqual(c("0D"));
  });
});

describe("D35–D37 wounds", () => {
  it("D35: ≤ 0 none; 1–3 Stunned; 4–8 Wounded; 9–12 Incapacitated; 13–15 Mortally Wounded; 16+ Killed", () => {
    const at = [-3, 0, 1, 3, 4, 8, 9, 12, 13, 15, 16, 40].map((e) => woundLevelForExcess(e));
    expect(at).toEqual([
      "none", "none", "stunned", "stunned", "wounded", "wounded", "incapacitated", "incapacitated", "mortallyWounded", "mortallyWounded", "killed", "killed",
    ]);
  });

  it("D35: Severely Wounded is reached only by stacking", () => {
    for (let e = -5; e < 60; e++) expect(woundLevelForExcess(e)).not.toBe("severelyWounded");
    expect(stackWound(woundAt("wounded", 1), "wounded", 1).level).toBe("severelyWounded");
  });

  it("D36: a worse level replaces; anything else moves one step up; Killed stays Killed; no wound changes nothing", () => {
    expect(stackWound(woundAt("stunned", 1), "incapacitated", 1).level).toBe("incapacitated");
    expect(stackWound(woundAt("stunned", 1), "stunned", 1).level).toBe("wounded");
    expect(stackWound(woundAt("incapacitated", 1), "stunned", 1).level).toBe("mortallyWounded");
    expect(stackWound(woundAt("mortallyWounded", 1), "wounded", 1).level).toBe("killed");
    expect(stackWound(woundAt("killed", 1), "stunned", 1).level).toBe("killed");
    expect(stackWound(woundAt("wounded", 1), "none", 1)).toEqual(woundAt("wounded", 1));
    expect(stackWound(UNHURT, "none", 1)).toBe(UNHURT);
  });

  it("D37: Stunned lasts the rest of this round and all of the next, then clears if nothing worse was taken", () => {
    const stunned = woundAt("stunned", 4);
    expect(stunned.untilRound).toBe(5);
    expect(woundPenaltyDice(stunned, 4)).toBe(1);
    expect(woundPenaltyDice(stunned, 5)).toBe(1);
    expect(woundPenaltyDice(stunned, 6)).toBe(0);
    expect(currentWounds(stunned, 6)).toBe(UNHURT);
    // An expired Stunned is no longer there to stack on: a new Stunned result is just Stunned again.
    expect(stackWound(stunned, "stunned", 7)).toEqual(woundAt("stunned", 7));
    // Stunned and stunned again within its time: Wounded, which does not clear.
    expect(stackWound(stunned, "stunned", 5)).toEqual({ level: "wounded", untilRound: null });
  });

  it("D37: Wounded −1D and Severely Wounded −2D until healed; Incapacitated and worse cannot act", () => {
    expect(woundStatus(woundAt("wounded", 1), 99)).toMatchObject({ penaltyDice: 1, unableToAct: false });
    expect(woundStatus(woundAt("severelyWounded", 1), 99)).toMatchObject({ penaltyDice: 2, unableToAct: false });
    expect(woundStatus(woundAt("incapacitated", 1), 2)).toMatchObject({ unableToAct: true, dying: false, out: false });
    expect(woundStatus(woundAt("mortallyWounded", 1), 2)).toMatchObject({ unableToAct: true, dying: true, out: false });
    expect(woundStatus(woundAt("killed", 1), 2)).toMatchObject({ unableToAct: true, out: true });
    expect(woundStatus(UNHURT, 1)).toMatchObject({ level: "none", penaltyDice: 0, unableToAct: false });
  });

  it("D35–D37: the table and the ladder are data", () => {
    const harsh = makeD6Rules({ woundThresholds: [{ minExcess: 1, level: "wounded" }, { minExcess: 5, level: "killed" }] });
    expect([0, 1, 4, 5].map((e) => woundLevelForExcess(e, harsh))).toEqual(["none", "wounded", "wounded", "killed"]);
  });
});

describe("out-of-order undo: a wound taken back by its own steps on the D36 ladder (clamped)", () => {
  const state = (level: Parameters<typeof woundAt>[0], round = 1) => woundAt(level, round);

  it("the steps a wound took, from the level in force (an expired Stunned counts as unhurt, D37); none for Killed on Killed", () => {
    expect(woundStepsTaken(UNHURT, state("wounded"), 1)).toBe(2);
    expect(woundStepsTaken(state("wounded"), state("severelyWounded"), 2)).toBe(1);
    expect(woundStepsTaken(state("stunned", 1), state("wounded", 5), 5)).toBe(2); // the Stunned of round 1 had cleared by round 5
    expect(woundStepsTaken(state("killed"), state("killed"), 3)).toBe(0);
  });

  it("A (unhurt → Stunned, 1 step) then B (→ Incapacitated): undo A leaves Severely Wounded; undo B then leaves him unhurt, never below", () => {
    const afterB = state("incapacitated");
    const undoneA = undoWoundSteps(afterB, 1, { before: UNHURT, round: 1 });
    expect(undoneA).toEqual({ level: "severelyWounded", untilRound: null });
    expect(undoWoundSteps(undoneA, 3, { before: state("stunned"), round: 1 })).toEqual(UNHURT);
  });

  it("the level reached keeps its round (D37): its own when it is the level it had, else as if taken in the attack's round", () => {
    expect(undoWoundSteps(state("wounded", 4), 1, { before: state("stunned", 4), round: 4 })).toEqual({ level: "stunned", untilRound: 5 });
    expect(undoWoundSteps(state("severelyWounded", 2), 2, { before: UNHURT, round: 2 })).toEqual({ level: "stunned", untilRound: 3 });
    expect(undoWoundSteps(state("wounded"), 0, { before: UNHURT, round: 1 })).toEqual(state("wounded"));
  });

  it("clamped: lowered by hand below what the wound added, the undo stops at unhurt", () => {
    expect(undoWoundSteps(state("stunned"), 4, { before: UNHURT, round: 1 })).toEqual(UNHURT);
    expect(undoWoundSteps(UNHURT, 2, { before: UNHURT, round: 1 })).toEqual(UNHURT);
  });
});
