/** The attack's figures and their order (W13–W19, W22–W27, W36, W39, W40), one rule at a time. */
import { describe, expect, it } from "vitest";
import {
  applyHarm, attackRefusal, CWN_STANDARD_RULES, defaultDowned, formatDice, hitDamage, makeCwnRules, maxOfDice, parseDice, readDice, resolveCwnAttack,
  resolveScreen, shockFigure, skillHitModifier, spreadSoak, weaponAttribute,
} from "../../../src/rulesets/cwn/rules/index.js";
import { attack, cwnError, pistol, weapon } from "./helpers.js";

describe("dice (W15, W16)", () => {
  it("reads 1d8, 2d6+2, 1d10-1 and writes them back", () => {
    for (const text of ["1d8", "2d6+2", "1d10-1", "3d4"]) expect(formatDice(parseDice(text))).toBe(text);
    expect(parseDice("2D6+2")).toEqual({ count: 2, faces: 6, flat: 2 });
    expect(maxOfDice(parseDice("2d6+2"))).toBe(14);
    expect(readDice(parseDice("2d6+2"), [3, 4], "damage roll")).toBe(9);
  });

  it("refuses what is not dice, naming it", () => {
    cwnError(() => parseDice(""), "diceEmpty");
    cwnError(() => parseDice("1x8"), "diceInvalid", '"1x8"');
    cwnError(() => parseDice("d8"), "diceInvalid");
    cwnError(() => parseDice("0d8"), "diceCount");
    cwnError(() => parseDice("21d6"), "diceCount", 20);
    cwnError(() => parseDice("1d1"), "diceFaces");
    cwnError(() => parseDice("1d6+100"), "diceFlat");
    cwnError(() => parseDice("1d6 + 1"), "diceInvalid");
    cwnError(() => readDice(parseDice("2d6"), [3], "damage roll"), "facesCount", "2d6", "damage roll");
    cwnError(() => readDice(parseDice("1d6"), [7], "Trauma Die"), "dieFace", "Trauma Die", 6);
  });
});

describe("the hit roll (W13, W14, W39)", () => {
  it("W13: the better of two attributes, for hit, damage and Shock alike", () => {
    expect(weaponAttribute({ attributes: ["str", "dex"] }, { str: -1, dex: 2 })).toEqual({ attribute: "dex", modifier: 2 });
    expect(weaponAttribute({ attributes: ["str"] }, {})).toEqual({ attribute: "str", modifier: 0 });
    const w = weapon({ attributes: ["str", "dex"], shock: { damage: 1, ac: 20 } });
    const res = resolveCwnAttack(attack({ roll: 2 }, { attributes: { str: -1, dex: 2 }, weapon: w }));
    expect(res.hitRoll!.parts[1]).toMatchObject({ source: "attribute", value: 2, detail: "dex" });
    expect(res.shock!.attribute).toBe(2);
    const hit = resolveCwnAttack(attack({}, { attributes: { str: -1, dex: 2 }, weapon: w }));
    expect(hit.damage!.attribute).toBe(2);
  });

  it("W13 (review note 1): an untrained combat skill is −2 to hit, though its level is −1", () => {
    expect(skillHitModifier(undefined)).toEqual({ level: -1, value: -2, untrained: true });
    expect(skillHitModifier(-1)).toEqual({ level: -1, value: -2, untrained: true });
    expect(skillHitModifier(0)).toEqual({ level: 0, value: 0, untrained: false });
    const res = resolveCwnAttack(attack({ roll: 10 }, { skills: {} }));
    expect(res.hitRoll!.parts[2]).toMatchObject({ source: "skill", value: -2, level: -1, untrained: true });
    expect(res.hitRoll!.total).toBe(10 + 1 + 1 - 2);
    expect(skillHitModifier(undefined, makeCwnRules({ untrainedHitModifier: -1 })).value).toBe(-1);
  });

  it("W13: ranged and thrown attacks meet ranged AC, melee attacks melee AC; gear modifiers add up", () => {
    expect(resolveCwnAttack(attack()).ac).toMatchObject({ kind: "melee", total: 13 });
    expect(resolveCwnAttack(attack({}, { weapon: pistol({ kind: "thrown" }) })).ac).toMatchObject({ kind: "ranged", total: 15 });
    const res = resolveCwnAttack(attack({}, { hitModifiers: [{ label: "smartlink", value: 1 }, { label: "smoke", value: -3 }] }, { acModifiers: [{ label: "cover", value: 2 }] }));
    expect(res.hitRoll!.total).toBe(15 + 1 + 1 + 1 + 1 - 3);
    expect(res.ac!.total).toBe(15);
  });

  it("W14: a natural 20 hits even a total far short of the AC; a natural 1 misses and still deals Shock", () => {
    const shocking = weapon({ shock: { damage: 3, ac: 13 } });
    const one = resolveCwnAttack(attack({ roll: 1 }, { baseHitBonus: 30, weapon: shocking }));
    expect([one.hit, one.hitBy, one.dealt]).toEqual([false, "natural1", 4]);
    const twenty = resolveCwnAttack(attack({ roll: 20 }, { baseHitBonus: -10 }, { ac: { melee: 40, ranged: 40 } }));
    expect([twenty.hit, twenty.hitBy]).toEqual([true, "natural20"]);
    expect(twenty.damage).not.toBeNull();
  });

  it("W14 (fill): no hit can happen against an illegal target, not even a natural 20", () => {
    expect(resolveCwnAttack(attack({ roll: 20 }, {}, { immune: true })).refused).toBe("immune");
    expect(resolveCwnAttack(attack({ roll: 20, inRange: false })).refused).toBe("outOfRange");
    expect(resolveCwnAttack(attack({ roll: 20, distance: "distant" })).refused).toBe("outOfReach");
  });
});

describe("Trauma and damage (W15–W17, W21, W24)", () => {
  it("W15: the Trauma bonus (Killing Blow) adds to the roll; the Trauma Target is the target's (default 6)", () => {
    const res = resolveCwnAttack(attack({ traumaDice: [4] }, { traumaBonus: 2 }));
    expect(res.trauma).toMatchObject({ roll: 6, target: 6, traumatic: true, rating: 2 });
    expect(resolveCwnAttack(attack({ traumaDice: [4] }, { traumaBonus: 2 }, { traumaTarget: 7 })).trauma!.traumatic).toBe(false);
    expect(resolveCwnAttack(attack({}, { weapon: weapon({ traumaDie: null }) })).trauma).toBeNull();
  });

  it("W21: an unarmed hit adds Punch to damage, never to Shock; a body weapon rolls with Punch but adds nothing", () => {
    const fists = weapon({ damage: parseDice("1d2"), unarmed: true, skill: "punch", shock: { damage: 1, ac: 20 } });
    const hit = resolveCwnAttack(attack({ damageDice: [2] }, { skills: { punch: 2 }, weapon: fists }));
    expect(hit.hitRoll!.parts[2]).toMatchObject({ detail: "punch", value: 2 });
    expect(hit.damage).toMatchObject({ punch: 2, beforeTrauma: 2 + 1 + 2 });
    const miss = resolveCwnAttack(attack({ roll: 2 }, { skills: { punch: 2 }, weapon: fists }));
    expect(miss.shock!.amount).toBe(1 + 1);
    const blades = weapon({ bodyWeapon: true, skill: "punch" });
    const cut = resolveCwnAttack(attack({ damageDice: [5] }, { skills: { punch: 2 }, weapon: blades }));
    expect(cut.hitRoll!.parts[2]).toMatchObject({ detail: "punch", value: 2 });
    expect(cut.damage!.punch).toBe(0);
  });

  it("W16 (fill): a total below 0 counts 0 before the multiplier; W17 may raise it", () => {
    const d = hitDamage({ weapon: { damage: parseDice("1d4"), unarmed: false, traumaRating: 3 }, faces: 1, attribute: -2, punch: 0, bonus: -1, swarm: 0, traumatic: true, floor: 0 });
    expect(d).toMatchObject({ beforeTrauma: 0, afterTrauma: 0, total: 0 });
    const raised = hitDamage({ weapon: { damage: parseDice("1d4"), unarmed: false, traumaRating: 3 }, faces: 1, attribute: -2, punch: 0, bonus: 0, swarm: 0, traumatic: false, floor: 2 });
    expect(raised).toMatchObject({ beforeTrauma: 0, total: 2, floorApplied: true });
  });

  it("W17: the floor is compared after the Trauma multiplication", () => {
    const d = hitDamage({ weapon: { damage: parseDice("1d4"), unarmed: false, traumaRating: 3 }, faces: 1, attribute: 0, punch: 0, bonus: 0, swarm: 0, traumatic: true, floor: 2 });
    expect(d).toMatchObject({ afterTrauma: 3, total: 3, floorApplied: false });
  });

  it("W24: the swarm's damage bonus cannot pass the blow's usual maximum (before Trauma); standing is counted at the blow", () => {
    const machete = weapon({ shock: { damage: 2, ac: 13 } });
    const blow = (damage: number, participants: number, standing: number, trauma = 1) =>
      resolveCwnAttack(attack({ action: "swarm", swarm: { participants, standing }, damageDice: [damage], traumaDice: [trauma] }, { weapon: machete }));
    expect(blow(8, 4, 4).damage).toMatchObject({ swarmBonus: 3, swarm: 0, swarmCap: 9, beforeTrauma: 9 });
    expect(blow(6, 4, 4).damage).toMatchObject({ swarm: 2, beforeTrauma: 9 });
    expect(blow(5, 4, 4).damage).toMatchObject({ swarm: 3, beforeTrauma: 9 });
    expect(blow(6, 4, 2).damage).toMatchObject({ swarmBonus: 1, swarm: 1 });
    expect(blow(6, 4, 2).hitRoll!.parts.find((p) => p.source === "swarm")!.value).toBe(2);
    expect(blow(8, 4, 4, 6).damage).toMatchObject({ beforeTrauma: 9, multiplier: 2, total: 18 });
    expect(resolveCwnAttack(attack({ action: "swarm", swarm: { participants: 1, standing: 1 } })).refused).toBe("swarmTooSmall");
    cwnError(() => resolveCwnAttack(attack({ action: "swarm", swarm: { participants: 2, standing: 3 } })), "standingMoreThanJoined");
  });
});

describe("Shock (W18, W24, W27)", () => {
  const rating = { damage: 2, ac: 13 };
  const target = { ac: 13, totalDefense: false, shockImmune: false };
  it("W18: base + attribute + explicit Shock bonus, at least 0, never against a higher AC or an immunity", () => {
    expect(shockFigure(rating, 1, 1, target, false).amount).toBe(4);
    expect(shockFigure(rating, -3, 0, target, false).amount).toBe(0);
    expect(shockFigure(rating, 1, 0, { ...target, ac: 14 }, false).blockedBy).toBe("acTooHigh");
    expect(shockFigure(rating, 1, 0, { ...target, shockImmune: true }, false).blockedBy).toBe("immune");
    expect(shockFigure(null, 1, 0, target, false).blockedBy).toBe("noRating");
  });

  it("W24/W27: a swarm's Shock ignores the AC and a shield or Focus, not Total Defense nor a missing rating", () => {
    expect(shockFigure(rating, 1, 0, { ...target, ac: 18, shockImmune: true }, true)).toMatchObject({ amount: 3, swarmPierced: true, blockedBy: null });
    expect(shockFigure(rating, 1, 0, target, true).swarmPierced).toBe(false);
    expect(shockFigure(rating, 1, 0, { ...target, totalDefense: true }, true).blockedBy).toBe("totalDefense");
    expect(shockFigure(null, 1, 0, target, true).blockedBy).toBe("noRating");
  });

  it("W18 (fixed): the AC compared is the one the attack targeted, with its modifiers", () => {
    const w = pistol({ shock: { damage: 1, ac: 14 } });
    expect(resolveCwnAttack(attack({ roll: 2 }, { weapon: w })).shock!.blockedBy).toBe("acTooHigh"); // ranged AC 15
    expect(resolveCwnAttack(attack({ roll: 2 }, { weapon: w }, { charging: true })).dealt).toBe(2); // 15 − 2 = 13
    expect(resolveCwnAttack(attack({ roll: 2 }, { weapon: weapon({ shock: { damage: 1, ac: 14 } }) }, { totalDefense: true })).shock!.blockedBy).toBe("totalDefense");
  });

  it("W17 (review note 4): a swarm hit's floor is the swarm's Shock, even through a too-high AC; 0 against Total Defense", () => {
    const w = weapon({ damage: parseDice("1d4"), shock: { damage: 4, ac: 10 } });
    const swarm = (totalDefense: boolean) =>
      resolveCwnAttack(attack({ action: "swarm", swarm: { participants: 2, standing: 2 }, roll: 20, damageDice: [1] }, { attributes: { str: 0 }, weapon: w }, { ac: { melee: 18, ranged: 18 }, totalDefense }));
    expect(swarm(false).damage).toMatchObject({ floor: 4, total: 4, floorApplied: true });
    expect(swarm(true).damage).toMatchObject({ floor: 0, total: 2 });
    const plain = resolveCwnAttack(attack({ roll: 20, damageDice: [1] }, { attributes: { str: 0 }, weapon: w }, { ac: { melee: 18, ranged: 18 } }));
    expect(plain.damage).toMatchObject({ floor: 0, total: 1 });
  });
});

describe("harm (W19, W20)", () => {
  it("W19: soak first, then hit points; both floor at 0; overflow is lost; downed by default from lethality", () => {
    expect(applyHarm({ hp: 5, soak: 2, playerCharacter: true }, 12, true)).toMatchObject({ soaked: 2, hpLost: 5, hpAfter: 0, overflow: 5, downed: "mortallyWounded", injury: true });
    expect(applyHarm({ hp: 5, soak: 0, playerCharacter: false }, 5, true).downed).toBe("dead");
    expect(applyHarm({ hp: 5, soak: 0, playerCharacter: true }, 5, false)).toMatchObject({ downed: "unconscious", injury: false });
    expect(applyHarm({ hp: 0, soak: 3, playerCharacter: false }, 9, true)).toMatchObject({ alreadyDown: true, soakAfter: 3, hpAfter: 0, downed: null });
    expect(applyHarm({ hp: 5, soak: 0, playerCharacter: false }, -4, true).hpAfter).toBe(5);
    expect(defaultDowned(false, true, makeCwnRules({ downedLethalOther: "unconscious" }))).toBe("unconscious");
    expect(spreadSoak([3, 4, 0], 5)).toEqual([0, 2, 0]);
  });

  it("W19: a non-lethal attack's default is unconscious, in the resolution too", () => {
    expect(resolveCwnAttack(attack({ lethal: false, damageDice: [8] }, {}, { hp: 3 })).harm!.downed).toBe("unconscious");
  });
});

describe("legality (W22–W25, W39 step 1)", () => {
  it("W22: the ban is for two-handed ranged weapons only; with the world setting bare fists hinder too", () => {
    const rules = makeCwnRules({ fistsHinderRangedAttacks: true });
    expect(attackRefusal(attack({ adjacentFoe: "fists" }, { weapon: pistol({ twoHanded: true }) }), rules)).toBe("twoHandedMeleeFoe");
    expect(attackRefusal(attack({ adjacentFoe: "armed" }, { weapon: weapon({ twoHanded: true }) }))).toBeNull();
    expect(resolveCwnAttack(attack({ adjacentFoe: "armed" })).hitRoll!.parts.some((p) => p.source === "meleeFoeAdjacent")).toBe(false);
  });

  it("W23/W25: a snap with the Main spent, a charge with a gun, too short or too far are refused", () => {
    expect(attackRefusal(attack({ action: "snap" }, { canSnap: true, mainSpent: true }))).toBe("snapMainSpent");
    expect(attackRefusal(attack({ action: "charge", charge: { metres: 10 } }, { weapon: pistol() }))).toBe("chargeWeapon");
    expect(attackRefusal(attack({ action: "charge", charge: { metres: 10 } }, { weapon: pistol({ kind: "thrown" }) }))).toBeNull();
    expect(attackRefusal(attack({ action: "charge", charge: { metres: 2 } }))).toBe("chargeTooShort");
    expect(attackRefusal(attack({ action: "charge", charge: { metres: 24 } }, { moveMetres: 12 }))).toBeNull();
    expect(attackRefusal(attack({ action: "charge", charge: { metres: 25 } }))).toBe("chargeTooFar");
  });
});

describe("screening (W26, W40)", () => {
  const screener = (dice: number[], patch = {}) => ({ highestSkill: 1, strDex: 0, usesLeft: 1, integralCyberArmor: false, dice, ...patch });
  it("W26: the attacker must exceed a screener; a tie holds; gunfire only through integral cyber-armor", () => {
    const base = { kind: "melee" as const, attackerSkill: 1, attackerStrDex: 1, attackerDice: [3, 3] };
    expect(resolveScreen({ ...base, screeners: [screener([3, 3], { strDex: 1 })] }).redirectedTo).toBe(0);
    expect(resolveScreen({ ...base, screeners: [screener([3, 2], { strDex: 1 })] }).redirectedTo).toBeNull();
    const gun = resolveScreen({ ...base, kind: "ranged", screeners: [screener([6, 6]), screener([6, 6], { integralCyberArmor: true })] });
    expect(gun.screeners.map((s) => s.barred)).toEqual(["gunfire", null]);
    expect(gun.redirectedTo).toBe(1);
    expect(gun.screeners.map((s) => s.usesAfter)).toEqual([1, 0]);
  });

  it("W40: the lowest-rolling screener that held takes the attack; a tie asks the attacker's controller", () => {
    const base = { kind: "melee" as const, attackerSkill: 0, attackerStrDex: 0, attackerDice: [3, 3] };
    const three = [screener([6, 6]), screener([4, 2]), screener([1, 1])];
    const r = resolveScreen({ ...base, screeners: three });
    expect(r.screeners.map((s) => [s.total, s.held])).toEqual([[13, true], [7, true], [3, false]]);
    expect(r.redirectedTo).toBe(1);
    expect(r.screeners.every((s) => s.usesAfter === 0)).toBe(true); // every screener that rolled spent a use
    const tied = [screener([4, 3]), screener([5, 2])];
    expect(resolveScreen({ ...base, screeners: tied })).toMatchObject({ owed: true, tied: [0, 1], redirectedTo: null });
    expect(resolveScreen({ ...base, screeners: tied, choice: 1 }).redirectedTo).toBe(1);
    cwnError(() => resolveScreen({ ...base, screeners: [...tied, screener([6, 6])], choice: 2 }), "screenChoice", "1, 2");
    const owed = resolveCwnAttack(attack({ screen: { attackerDice: [3, 3], screeners: tied.map((s) => ({ ...s, defender: { ac: { melee: 10, ranged: 10 }, hp: 5 } })) } }, { skills: { stab: 0 }, attributes: {} }));
    expect(owed.owed).toEqual(["screenChoice"]);
    expect(owed.hitRoll).toBeNull();
  });

  it("W26: the attack then goes against the screener's own AC, Trauma Target and hit points", () => {
    const res = resolveCwnAttack(attack({ roll: 10, traumaDice: [5], screen: { attackerDice: [1, 1], screeners: [{ ...screener([6, 6]), defender: { ac: { melee: 18, ranged: 18 }, hp: 12, traumaTarget: 5 } }] } }));
    expect([res.target, res.screenerIndex, res.ac!.total, res.hit, res.trauma]).toEqual(["screener", 0, 18, false, null]);
    const hit = resolveCwnAttack(attack({ roll: 20, traumaDice: [5], screen: { attackerDice: [1, 1], screeners: [{ ...screener([6, 6]), defender: { ac: { melee: 18, ranged: 18 }, hp: 12, traumaTarget: 5 } }] } }));
    expect(hit.trauma!.traumatic).toBe(true);
    expect(hit.harm!.hpBefore).toBe(12);
  });
});

describe("owed rolls", () => {
  it("a hit without Trauma or damage faces names the rolls owed and stops", () => {
    const res = resolveCwnAttack({ ...attack(), traumaDice: undefined, damageDice: undefined } as never);
    expect(res.owed).toEqual(["trauma", "damage"]);
    expect([res.damage, res.harm, res.dealt]).toEqual([null, null, null]);
    const noTrauma = resolveCwnAttack({ ...attack({}, { weapon: weapon({ traumaDie: null }) }), damageDice: undefined } as never);
    expect(noTrauma.owed).toEqual(["damage"]);
    expect(CWN_STANDARD_RULES.defaultTraumaTarget).toBe(6);
  });
});
