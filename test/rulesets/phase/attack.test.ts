/**
 * One attack (P13–P30, P32, P35, P36, P39, P41): the TN and its modifiers, the
 * checks, where each hit lands, damage, armor, trauma, the wounds after.
 */
import { describe, expect, it } from "vitest";
import {
  attackTN, burstHits, calledModifier, chartArea, checkChart, condition, damageHit, endFight, formatDamageFormula, makePhaseRules, parseDamageFormula,
  placeCalledHit, placeRandomHit, resolveAttack, rollDamage, takeHits, woundPenalty,
} from "../../../src/rulesets/phase/rules/index.js";
import { attackInput, perArea, phaseError } from "./helpers.js";

describe("P17, P26, P35: the TN", () => {
  it("the plain TN adds range, cover, other and Defend; a call raises it by the area's modifier (P18)", () => {
    expect(attackTN({ range: 2, cover: 1, other: -1, defending: true, called: "head" })).toEqual({ attack: 10, range: 2, cover: 1, other: -1, defend: 2, plain: 14, calledModifier: 4, raised: 18 });
    expect(["head", "chest", "abdomen", "rightArm", "leftLeg"].map((a) => calledModifier(a as never))).toEqual([4, 1, 2, 3, 2]);
  });
  it("every figure is data: the attack TN, Defend and the modifiers follow the rules object", () => {
    const rules = makePhaseRules({ attackTN: 8, defendBonus: 3, calledShotModifiers: { head: 5, arm: 3, leg: 2, abdomen: 2, chest: 1 } });
    expect(attackTN({ range: 0, cover: 0, other: 0, defending: true, called: "head" }, rules)).toMatchObject({ plain: 11, raised: 16 });
  });
});

describe("P4, P34, P36: the check", () => {
  it("no natural results: a 10 that falls short misses, a 1 that reaches hits", () => {
    expect(resolveAttack(attackInput({ attacker: { attribute: 0, skill: 0, traumaticWounds: 0 }, range: 1, dice: { checks: [10], locations: [], damage: [] } })).checks[0]!.result).toBe("miss");
    expect(resolveAttack(attackInput({ attacker: { attribute: 5, skill: 4, traumaticWounds: 0 }, dice: { checks: [1], locations: [2], damage: [[1, 1]] } })).checks[0]!.result).toBe("hit");
  });
  it("each traumatic wound of the attacker takes 1 off (P30, P36)", () => {
    const r = resolveAttack(attackInput({ attacker: { attribute: 3, skill: 2, traumaticWounds: 2 }, dice: { checks: [6], locations: [], damage: [] } }));
    expect([r.checks[0]!.check.woundPenalty, r.checks[0]!.check.total, r.checks[0]!.result]).toEqual([-2, 9, "miss"]);
    expect(woundPenalty(3)).toBe(-3);
    expect(woundPenalty(0)).toBe(0);
  });
  it("a face outside the d10 is refused", () => {
    phaseError(() => resolveAttack(attackInput({ dice: { checks: [11], locations: [], damage: [] } })), "dieFace", "d10");
  });
});

describe("P16, P39: Aim", () => {
  it("goes to the first check of a multi-check action only", () => {
    const r = resolveAttack(attackInput({ action: "targetAndFire", aim: 3, dice: { checks: [4, 4], locations: [2], damage: [[1, 1]] } }));
    expect(r.checks.map((c) => [c.aim, c.check.total, c.result])).toEqual([[3, 12, "hit"], [0, 9, "miss"]]);
  });
  it("is capped at aimMax", () => {
    expect(resolveAttack(attackInput({ aim: 9, dice: { checks: [1], locations: [], damage: [] } })).checks[0]!.aim).toBe(3);
  });
  it("melee takes no Aim (P25)", () => {
    const r = resolveAttack(attackInput({ action: "melee", aim: 2, weapon: { kind: "melee", damage: { dice: 1, faces: 6, flat: 0 }, stun: false, alwaysTraumatic: false }, targeting: false, dice: { checks: [5], locations: [2], damage: [[3]] } }));
    expect([r.wild, r.checks[0]!.aim]).toEqual([false, 0]);
  });
});

describe("P22, P23: bursts", () => {
  it.each([[0, 1], [2, 1], [3, 2], [5, 2], [6, 3], [7, 3], [30, 3], [-1, 0]])("margin %i → %i hit(s)", (margin, hits) => {
    expect(burstHits(margin)).toBe(hits);
  });
  it("the margin counts from the plain TN even when called; the first hit takes the called area, the others roll", () => {
    const r = resolveAttack(attackInput({ action: "burst", called: "head", attacker: { attribute: 3, skill: 4, traumaticWounds: 0 }, dice: { checks: [10], locations: [8, 9], damage: [[1, 1], [1, 1], [1, 1]] } }));
    const c = r.checks[0]!;
    expect([c.result, c.margin, c.scored]).toEqual(["hit", 7, 3]);
    expect(c.hits.map((h) => [h.placement.area, h.placement.how])).toEqual([["head", "called"], ["leftArm", "chart"], ["rightLeg", "chart"]]);
  });
  it("a partial called burst: the first hit drifts, the margin still from the plain TN", () => {
    const r = resolveAttack(attackInput({ action: "burst", called: "head", dice: { checks: [8], locations: [], damage: [[2, 2]] } }));
    expect([r.checks[0]!.result, r.checks[0]!.margin, r.checks[0]!.shortfall, r.checks[0]!.scored, r.checks[0]!.hits[0]!.placement.area]).toEqual(["partial", 3, 1, 2, "chest"]);
    expect(r.pending).toEqual({ roll: "location", check: 0, hit: 1 });
  });
  it("full auto is two bursts, six rounds", () => {
    const r = resolveAttack(attackInput({ action: "fullAuto", dice: { checks: [1, 1], locations: [], damage: [] } }));
    expect([r.checks.length, r.ammoSpent, r.hits]).toEqual([2, 6, 0]);
  });
});

describe("P21, P41: areas that cannot be hit", () => {
  it("P41's example: chest called, raised 11, total 10 → abdomen behind a wall → the right arm", () => {
    const p = placeCalledHit("chest", 1, { cover: ["abdomen"], missing: [] });
    expect(p).toEqual({ area: "rightArm", how: "drift", shortfall: 1, landed: "abdomen", walked: ["abdomen"], stoppedBy: null });
  });
  it("a full success on a called area behind cover walks the called path", () => {
    expect(placeCalledHit("head", 0, { cover: ["head"], missing: [] })).toMatchObject({ area: "chest", how: "called", walked: ["head"] });
  });
  it("a random roll on an impossible area walks that area's own path (P21)", () => {
    expect(placeRandomHit("human", 7, { cover: [], missing: ["rightArm"] })).toMatchObject({ area: "chest", landed: "rightArm", walked: ["rightArm"] });
  });
  it("past the end of the path: the cover is struck, or the shot misses when nothing was cover", () => {
    const all = ["head", "chest", "abdomen", "rightArm", "leftArm", "rightLeg", "leftLeg"] as const;
    expect(placeCalledHit("head", 4, { cover: [...all], missing: [] })).toMatchObject({ area: null, stoppedBy: "cover" });
    expect(placeRandomHit("human", 1, { cover: [], missing: [...all] })).toMatchObject({ area: null, stoppedBy: "missing" });
    const r = resolveAttack(attackInput({ target: { ...attackInput().target, obstacles: { cover: [...all], missing: [] } }, dice: { checks: [9], locations: [2], damage: [] } }));
    expect([r.hits, r.landed, r.after.flesh]).toEqual([1, 0, 0]);
  });
  it("the world's first side turns \"one arm\" to the left", () => {
    expect(placeCalledHit("head", 2, undefined, makePhaseRules({ firstSide: "left" })).area).toBe("leftArm");
  });
});

describe("P20: charts as data", () => {
  it("a body type's chart is checked: every face hits exactly one area", () => {
    expect(() => checkChart("snake", { die: 6, rows: [{ from: 1, to: 2, area: "head" }, { from: 3, to: 6, area: "chest" }] })).not.toThrow();
    phaseError(() => checkChart("bad", { die: 6, rows: [{ from: 1, to: 4, area: "head" }, { from: 4, to: 6, area: "chest" }] }), "chartGap", "face 4");
    phaseError(() => checkChart("bad", { die: 6, rows: [{ from: 1, to: 4, area: "head" }] }), "chartGap", "face 5");
    phaseError(() => chartArea("wyrm", 1), "unknownChart", "human");
  });
});

describe("P28–P30: damage and wounds", () => {
  const pistol = { damage: parseDamageFormula("2d6"), stun: false, alwaysTraumatic: false };
  it("armor takes off, never below 0; damage at the threshold is traumatic", () => {
    expect(damageHit(pistol, [2, 1], 5, 7)).toMatchObject({ rolled: 3, afterArmor: 0, flesh: 0, traumatic: false });
    expect(damageHit(pistol, [4, 4], 1, 7)).toMatchObject({ afterArmor: 7, flesh: 7, traumatic: true, reason: "threshold" });
    expect(damageHit(pistol, [4, 3], 1, 7)).toMatchObject({ afterArmor: 6, traumatic: false, reason: null });
  });
  it("alwaysTraumatic wounds on every hit; stun never does", () => {
    expect(damageHit({ ...pistol, alwaysTraumatic: true }, [1, 1], 0, 7)).toMatchObject({ traumatic: true, reason: "always" });
    expect(damageHit({ ...pistol, stun: true, alwaysTraumatic: true }, [6, 6], 0, 7)).toMatchObject({ stun: 12, flesh: 0, traumatic: false });
  });
  it("collapse at fleshMax, unconscious at stun fleshMax, incapacitated at traumaLimit; stun clears when the fight ends", () => {
    const w = { flesh: 19, stun: 19, fleshMax: 20, traumas: [{ area: "head" as const, phase: 1 }, { area: "chest" as const, phase: 2 }], traumaLimit: 3 };
    expect(condition(w)).toMatchObject({ out: false, penalty: -2 });
    const after = takeHits(w, [{ area: "abdomen", damage: damageHit(pistol, [4, 3], 0, 7) }], 5);
    expect(condition(after)).toMatchObject({ collapsed: true, unconscious: false, incapacitated: true, out: true, states: ["collapsed", "incapacitated"] });
    expect(after.traumas.at(-1)).toEqual({ area: "abdomen", phase: 5 });
    expect(condition({ ...w, stun: 20 }).states).toEqual(["unconscious"]);
    expect(endFight({ ...w, stun: 20 }).stun).toBe(0);
  });
  it("the armor and threshold at the area the hit lands on", () => {
    const r = resolveAttack(attackInput({ called: "head", target: { ...attackInput().target, armor: { ...perArea(0), head: 3 } }, dice: { checks: [10], locations: [], damage: [[6, 4]] } }));
    expect(r.checks[0]!.hits[0]!.damage).toMatchObject({ armor: 3, afterArmor: 7, threshold: 5, traumatic: true });
    expect(r.newTraumas).toEqual([{ area: "head", phase: 1 }]);
  });
});

describe("damage formulas (P28)", () => {
  it.each([["2d6", "2d6"], ["1d10+2", "1d10+2"], ["3D6-1", "3d6-1"], ["4", "4"], [" 2d6 + 1 ", "2d6+1"]])("%s reads as %s", (text, formatted) => {
    expect(formatDamageFormula(parseDamageFormula(text))).toBe(formatted);
  });
  it.each(["", "d6", "0d6", "2d1", "21d6", "2d6+100", "2e6", "2d6+1+1", "x".repeat(30)])("%j is refused", (text) => {
    phaseError(() => parseDamageFormula(text), "damageFormula");
  });
  it("a roll needs exactly its dice, each a face", () => {
    expect(rollDamage(parseDamageFormula("2d6+1"), [3, 4])).toBe(8);
    phaseError(() => rollDamage(parseDamageFormula("2d6"), [3]), "diceCount", "2 dice");
    phaseError(() => rollDamage(parseDamageFormula("2d6"), [3, 7]), "dieFace");
  });
});

describe("dice given and needed", () => {
  it("a missing roll stops the resolution and says which (for the cards' step by step)", () => {
    expect(resolveAttack(attackInput()).pending).toEqual({ roll: "check", check: 0, hit: 0 });
    expect(resolveAttack(attackInput({ dice: { checks: [9], locations: [], damage: [] } })).pending).toEqual({ roll: "location", check: 0, hit: 0 });
    expect(resolveAttack(attackInput({ dice: { checks: [9], locations: [3], damage: [] } })).pending).toEqual({ roll: "damage", check: 0, hit: 0 });
  });
  it("dice left over are an error naming the list", () => {
    phaseError(() => resolveAttack(attackInput({ dice: { checks: [1, 2], locations: [], damage: [] } })), "diceUnused", "checks");
    phaseError(() => resolveAttack(attackInput({ dice: { checks: [9], locations: [3], damage: [[1, 1], [2, 2]] } })), "diceUnused", "damage");
  });
  it("a non-attack action is refused", () => {
    phaseError(() => resolveAttack(attackInput({ action: "aim" })), "notAnAttack");
    phaseError(() => resolveAttack(attackInput({ action: "dance" })), "unknownAction", "fire");
  });
});
