/**
 * legalDefenses (G58–G68 and the maneuver, posture, readiness and grapple
 * rules it reads) and the defender's choice: the pure function the attack
 * card calls to offer only the legal defenses.
 */
import { describe, expect, it } from "vitest";
import {
  chooseDefense, type DefenderState, hitsAfterDefense, type IncomingAttack, legalDefenses, NO_DEFENSE_USE, recordDefenseUse, sacrificialDodge, successRoll,
} from "../../../src/rulesets/gurps/rules/index.js";
import { gurpsError } from "./helpers.js";

/** Pierre: Basic Speed 5 (Dodge 8), Shortsword-11 (Parry 8), Shield-12 (Block 9), small shield DB 1. */
const pierre = (more: Partial<DefenderState> = {}): DefenderState => ({
  basicSpeed: 5, encumbrance: 0, maneuver: "attack", posture: "standing", basicLift: 20,
  parrySources: [{ id: "sword", skill: 11, parry: 0, ready: true, hand: "main", weight: 2 }], shields: [{ id: "shield", skill: 12, db: 1, ready: true, hand: "off" }],
  ...more,
});
const melee: IncomingAttack = { attackerId: "louis", kind: "melee", weight: 2 };
const ids = (d: DefenderState, a: IncomingAttack = melee) => legalDefenses(d, a).options.map((o) => o.id);
const option = (d: DefenderState, id: string, a: IncomingAttack = melee) => legalDefenses(d, a).options.find((o) => o.id === id)!;
const refusal = (d: DefenderState, id: string, a: IncomingAttack = melee) => legalDefenses(d, a).refused.find((r) => r.id === id);

describe("legalDefenses: when there is no defense at all (G58, G84)", () => {
  it("G26, G32, G34: none after All-Out Attack or All-Out Ready", () => {
    expect(legalDefenses(pierre({ maneuver: "allOutAttack" }), melee).none).toBe("allOut");
    expect(legalDefenses(pierre({ maneuver: "allOutReady" }), melee).options).toEqual([]);
  });
  it("G58: none when unaware, unconscious or immobilized; G84 against a critical hit", () => {
    expect(legalDefenses(pierre({ unaware: true }), melee).none).toBe("unaware");
    expect(legalDefenses(pierre({ unconscious: true }), melee).none).toBe("unconscious");
    expect(legalDefenses(pierre({ immobilized: true }), melee).none).toBe("immobilized");
    expect(legalDefenses(pierre(), { ...melee, criticalHit: true }).none).toBe("criticalHit");
  });
  it("G10: anyone attacked before his first turn counts as Do Nothing: every defense", () => {
    expect(ids(pierre({ maneuver: "doNothing" }))).toEqual(["dodge", "block:shield", "parry:sword"]);
  });
});

describe("legalDefenses: the maneuver (G34)", () => {
  it("G27, G34: after Move and Attack, Dodge or Block only, no retreat", () => {
    const d = pierre({ maneuver: "moveAndAttack" });
    expect(ids(d)).toEqual(["dodge", "block:shield"]);
    expect(refusal(d, "parry:sword")!.reason).toBe("maneuverDodgeOrBlock");
    expect(option(d, "dodge").retreat).toBe(null);
    expect(legalDefenses(d, melee).noRetreat).toBe("maneuver");
  });
  it("G33, G34: after Move and Ready, not with the item just readied, no retreat", () => {
    const d = pierre({ maneuver: "moveAndReady", readiedItemId: "sword" });
    expect(refusal(d, "parry:sword")!.reason).toBe("justReadied");
    expect(option(d, "block:shield").retreat).toBe(null);
  });
  it("G28: All-Out Defense +2 to the chosen defense; Double Defense allows a second", () => {
    expect(option(pierre({ maneuver: "allOutDefense", aodOption: "increasedDodge" }), "dodge").score).toBe(8 + 1 + 2);
    expect(option(pierre({ maneuver: "allOutDefense", aodOption: "increasedParry" }), "dodge").score).toBe(9);
    expect(option(pierre({ maneuver: "allOutDefense", aodOption: "increasedParry" }), "parry:sword").score).toBe(8 + 1 + 2);
    expect(legalDefenses(pierre({ maneuver: "allOutDefense", aodOption: "doubleDefense" }), melee).doubleDefense).toBe(true);
  });
  it("G22, G29, G31: what a defense costs under Aim, Concentrate and Wait", () => {
    expect(option(pierre({ maneuver: "aim" }), "dodge").cost).toBe("spoilsAim");
    expect(option(pierre({ maneuver: "concentrate" }), "dodge").cost).toBe("concentrateCheck");
    expect(option(pierre({ maneuver: "wait" }), "dodge").cost).toBe("waitBecomesAttack");
  });
});

describe("legalDefenses: the attack's kind (G60)", () => {
  it("G60: a firearm allows Dodge (and dodge and drop), a parry only within reach, no block, no retreat", () => {
    const gun: IncomingAttack = { attackerId: "a", kind: "firearm" };
    expect(ids(pierre(), gun)).toEqual(["dodge"]);
    expect(refusal(pierre(), "block:shield", gun)!.reason).toBe("attackKind");
    expect(refusal(pierre(), "parry:sword", gun)!.reason).toBe("notInReach");
    expect(ids(pierre(), { ...gun, inReach: true })).toEqual(["dodge", "parry:sword"]);
    expect(option(pierre(), "dodge", gun)).toMatchObject({ retreat: null, dodgeAndDrop: 3 });
  });
  it("G59: the shield's DB counts against melee, thrown and muscle-powered attacks from the front only", () => {
    expect(option(pierre(), "dodge").score).toBe(9);
    expect(option(pierre(), "dodge", { attackerId: "a", kind: "firearm" }).score).toBe(8);
    expect(option(pierre(), "dodge", { ...melee, fromFront: false }).score).toBe(8);
    expect(option(pierre({ shields: [{ id: "shield", skill: 12, db: 1, ready: false }] }), "dodge").score).toBe(8);
  });
  it("G60: parrying a thrown weapon −1, −2 if it weighs 1 lb or less", () => {
    expect(option(pierre(), "parry:sword", { attackerId: "a", kind: "thrown", weight: 2 }).modifiers.find((m) => m.rule === "G60")!.value).toBe(-1);
    expect(option(pierre(), "parry:sword", { attackerId: "a", kind: "thrown", weight: 1 }).modifiers.find((m) => m.rule === "G60")!.value).toBe(-2);
  });
});

describe("legalDefenses: parries (G39–G41, G43, G50, G63–G66)", () => {
  it("G63: each further parry with the same weapon −4; −2 fencing or Trained By A Master; −1 both", () => {
    const after = (parries: number, fencing = false, trained = false) =>
      option(pierre({ trainedByAMaster: trained, parrySources: [{ id: "sword", skill: 11, parry: 0, ready: true, hand: "main", parries, fencing }] }), "parry:sword").score;
    expect([after(0), after(1), after(2)]).toEqual([9, 5, 1]);
    expect([after(1, true), after(1, false, true), after(2, true, true)]).toEqual([7, 7, 7]);
  });
  it("G63: the off hand −2 Parry unless Ambidexterity", () => {
    const offhand = { id: "dagger", skill: 11, parry: -1, ready: true, hand: "off" as const };
    expect(option(pierre({ parrySources: [offhand], shields: [] }), "parry:dagger").score).toBe(3 + 5 - 1 - 2);
    expect(option(pierre({ parrySources: [offhand], shields: [], ambidexterity: true }), "parry:dagger").score).toBe(3 + 5 - 1);
  });
  it("G39–G41: an unready weapon, a weapon that cannot parry, a U weapon that attacked this turn cannot parry", () => {
    const src = (more: object) => pierre({ parrySources: [{ id: "axe", skill: 12, parry: 0, ready: true, hand: "main", ...more }] });
    expect(refusal(src({ ready: false }), "parry:axe")!.reason).toBe("notReady");
    expect(refusal(src({ parry: null }), "parry:axe")!.reason).toBe("cannotParry");
    expect(refusal(src({ unbalanced: true, attackedThisTurn: true }), "parry:axe")).toMatchObject({ reason: "unbalancedAttacked", rule: "G41" });
    expect(ids(src({ unbalanced: true, attackedThisTurn: false }))).toContain("parry:axe");
  });
  it("G66: a bare hand parries at 3 + skill/2, −3 against a weapon unless a thrust or Judo/Karate; not with a busy, held or full hand", () => {
    const hands = (unarmed: "brawling" | "judo", more: Partial<DefenderState> = {}) =>
      pierre({ parrySources: [{ id: "hands", skill: 12, parry: 0, ready: true, hand: "off", unarmed }], shields: [], ...more });
    expect(option(hands("brawling"), "parry:hands", { ...melee, unarmed: true }).score).toBe(9);
    expect(option(hands("brawling"), "parry:hands").score).toBe(6);
    expect(option(hands("brawling"), "parry:hands", { ...melee, thrust: true }).score).toBe(9);
    expect(option(hands("judo"), "parry:hands").score).toBe(9);
    expect(refusal(hands("brawling", { busyHands: ["off"] }), "parry:hands")!.reason).toBe("handBusy");
    expect(refusal(hands("brawling", { heldHands: ["off"] }), "parry:hands")!.reason).toBe("handHeld");
    expect(refusal(pierre({ parrySources: [{ id: "hands", skill: 12, parry: 0, ready: true, hand: "off", unarmed: "brawling" }] }), "parry:hands")!.reason).toBe("handFull");
  });
  it("G65: a blow heavier than Basic Lift cannot be parried one-handed (2 × BL two-handed); breakage odds from the weight ratio", () => {
    expect(option(pierre(), "parry:sword", { ...melee, weight: 21 }).tooHeavy).toBe(true);
    expect(option(pierre(), "parry:sword", { ...melee, weight: 20 }).tooHeavy).toBe(false);
    expect(option(pierre({ parrySources: [{ id: "staff", skill: 11, parry: 2, ready: true, hand: "both", weight: 4 }] }), "parry:staff", { ...melee, weight: 30 }).tooHeavy).toBe(false);
    expect(option(pierre(), "parry:sword", { ...melee, weight: 8 }).breakageOdds).toBe(3);
  });
});

describe("legalDefenses: retreat, dodge and drop, acrobatics, block once (G61, G62, G67, G68)", () => {
  it("G67: not sitting or kneeling, stunned, after a sacrificial dodge or moving fast; lying allows it", () => {
    for (const [more, reason] of [[{ posture: "kneeling" }, "posture"], [{ posture: "sitting" }, "posture"], [{ stunned: "physical" }, "stunned"], [{ movedFast: true }, "movedFast"], [{ used: { ...NO_DEFENSE_USE, sacrificialDodge: true } }, "sacrificialDodge"]] as const) {
      expect(legalDefenses(pierre(more as Partial<DefenderState>), melee).noRetreat).toBe(reason);
    }
    expect(option(pierre({ posture: "prone" }), "dodge").retreat).toBe(3);
  });
  it("G67: +3 Dodge, +1 Block or Parry, +3 Parry with Boxing, Judo, Karate or a fencing weapon", () => {
    expect(option(pierre(), "dodge").retreat).toBe(3);
    expect(option(pierre(), "block:shield").retreat).toBe(1);
    expect(option(pierre(), "parry:sword").retreat).toBe(1);
    expect(option(pierre({ parrySources: [{ id: "rapier", skill: 11, parry: 0, ready: true, hand: "main", fencing: true }] }), "parry:rapier").retreat).toBe(3);
  });
  it("G67: once between turns; its bonus covers every defense against that attacker until the next turn", () => {
    const d = pierre({ used: { ...NO_DEFENSE_USE, retreatAgainst: "louis" } });
    expect(option(d, "parry:sword").retreat).toBe(null);
    expect(option(d, "parry:sword").score).toBe(8 + 1 + 1);
    expect(legalDefenses(d, { ...melee, attackerId: "thug" }).noRetreat).toBe("alreadyRetreated");
    expect(option(d, "parry:sword", { ...melee, attackerId: "thug" }).score).toBe(9);
  });
  it("G68: dodge and drop only against ranged attacks, not when lying; in force against that foe", () => {
    expect(option(pierre(), "dodge").dodgeAndDrop).toBe(null);
    expect(option(pierre({ posture: "prone" }), "dodge", { attackerId: "a", kind: "firearm" }).dodgeAndDrop).toBe(null);
    expect(option(pierre({ used: { ...NO_DEFENSE_USE, dropAgainst: "a" }, posture: "prone" }), "dodge", { attackerId: "a", kind: "firearm" }).score).toBe(8 - 3 + 3);
  });
  it("G61: the acrobatic dodge once per turn with Acrobatics; G62: one block per turn", () => {
    expect(option(pierre({ acrobatics: 12 }), "dodge").acrobatic).toBe(true);
    expect(option(pierre(), "dodge").acrobatic).toBe(false);
    expect(option(pierre({ acrobatics: 12, used: { ...NO_DEFENSE_USE, acrobaticDodge: true } }), "dodge").acrobatic).toBe(false);
    expect(refusal(pierre({ used: { ...NO_DEFENSE_USE, blocked: true } }), "block:shield")!.reason).toBe("blockUsed");
  });
  it("G14, G25, G37, G59: posture, feint, deceptive attack and stun lower every defense; shock does not (G77)", () => {
    const o = option(pierre({ posture: "kneeling", stunned: "physical" }), "dodge", { ...melee, feint: 3, deceptive: -2 });
    expect(o.modifiers.map((m) => [m.key, m.value])).toEqual([["posture", -2], ["stunned", -4], ["feint", -3], ["deceptive", -2], ["shieldDb", 1]]);
    expect(o.score).toBe(8 - 2 - 4 - 3 - 2 + 1);
  });
  it("G61, G80: the dodge of a reeling fighter, read from his HP when not given", () => {
    expect(option({ ...pierre(), basicSpeed: 5.75, encumbrance: 1, hp: 12, currentHp: 3 }, "dodge").base).toBe(5);
    expect(option({ ...pierre(), basicSpeed: 5.75, encumbrance: 1, hp: 12, currentHp: 4 }, "dodge").base).toBe(7);
  });
});

describe("the choice (G58, G61, G67, G68, G92)", () => {
  const legal = legalDefenses(pierre({ acrobatics: 12 }), melee);
  it("refuses a defense that is not legal, a retreat or drop not allowed, an acrobatic dodge without Acrobatics", () => {
    gurpsError(() => chooseDefense(legalDefenses(pierre({ maneuver: "moveAndAttack" }), melee), { id: "parry:sword" }, null), "defenseNotLegal", "after Move and Attack only Dodge or Block", "G34");
    gurpsError(() => chooseDefense(legalDefenses(pierre({ posture: "kneeling" }), melee), { id: "dodge", retreat: true }, null), "retreatNotAllowed");
    gurpsError(() => chooseDefense(legal, { id: "dodge", dodgeAndDrop: true }, 12), "dropNotAllowed");
    gurpsError(() => chooseDefense(legalDefenses(pierre(), melee), { id: "dodge", acrobatic: true }, null), "acrobaticNotAllowed");
  });
  it("G58: a choice names an option by its whole id: a near miss of kind, colon or source is no option", () => {
    const sword = legalDefenses(pierre({ parrySources: [{ id: "sword", skill: 11, parry: 0, ready: true, hand: "main", weight: 2 }, { id: "swordsman", skill: 12, parry: 0, ready: true, hand: "off" }] }), melee);
    expect(chooseDefense(sword, { id: "parry:sword" }, null).option.sourceId).toBe("sword");
    expect(chooseDefense(sword, { id: "parry:swordsman" }, null).option.sourceId).toBe("swordsman");
    expect(chooseDefense(sword, { id: "block:shield" }, null).option.kind).toBe("block");
    for (const id of ["parry:swor", "parry:xsword", "parry::sword", "parryXsword", "parry:word", "parrysword", "parry-sword", "block:sword", "parry:shield", "arry:sword", "parry:", "dodge:", "Parry:sword", "parry:sword "]) {
      gurpsError(() => chooseDefense(sword, { id }, null), "defenseNotLegal");
    }
  });
  it("G61: the Acrobatics roll comes first: +2 on a success, −2 on a failure; owed until given", () => {
    expect(chooseDefense(legal, { id: "dodge", acrobatic: true, retreat: true }, 12).effective).toBe(null);
    const good = chooseDefense(legal, { id: "dodge", acrobatic: true, retreat: true, acrobaticRoll: { total: 10, faces: null }, roll: { total: 14, faces: null } }, 12);
    expect(good.effective).toBe(9 + 3 + 2);
    expect(good.roll!.success).toBe(true);
    const bad = chooseDefense(legal, { id: "dodge", acrobatic: true, acrobaticRoll: { total: 15, faces: null } }, 12);
    expect(bad.effective).toBe(9 - 2);
  });
  it("records what the defense used: block, retreat against whom, drop, acrobatics", () => {
    const chosen = chooseDefense(legal, { id: "block:shield", retreat: true }, 12);
    expect(recordDefenseUse(NO_DEFENSE_USE, chosen, "louis")).toEqual({ blocked: true, retreatAgainst: "louis", dropAgainst: null, acrobaticDodge: false, sacrificialDodge: false });
  });
  it("G61, G92: a dodge avoids 1 + margin hits (all on a critical); a block or parry stops one", () => {
    expect(hitsAfterDefense(4, "dodge", successRoll(10, 8, "defense"))).toBe(1);
    expect(hitsAfterDefense(4, "dodge", successRoll(10, 4, "defense"))).toBe(0);
    expect(hitsAfterDefense(4, "parry", successRoll(10, 3, "defense"))).toBe(3);
    expect(hitsAfterDefense(4, "block", successRoll(10, 11, "defense"))).toBe(4);
  });
  it("G61, G68: a sacrificial dodge puts the dodger in the way; with a drop by 3+ nobody is hit", () => {
    expect(sacrificialDodge(successRoll(9, 8, "defense"), false)).toEqual({ interposed: true, hitsSacrificer: true, bothProne: false });
    expect(sacrificialDodge(successRoll(9, 6, "defense"), true)).toEqual({ interposed: true, hitsSacrificer: false, bothProne: true });
    expect(sacrificialDodge(successRoll(9, 12, "defense"), true).interposed).toBe(false);
  });
});
