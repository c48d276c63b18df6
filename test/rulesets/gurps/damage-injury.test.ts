/**
 * Damage and injury (G69–G83, G93, G94) and the unarmed rules (G42–G50),
 * function by function and through whole attacks.
 */
import { describe, expect, it } from "vitest";
import {
  basicDamage, bluntTrauma, breakFreeModifiers, choke, chokeModifier, consciousnessModifier, deathCheckResult, divideDr, feintResistSkill, grappleHolds,
  hurtingYourself, injuryFrom, isReeling, knockbackRollModifier, majorWoundResult, mustGetDownToGrapple, parseDamage, pinModifiers, quickContest,
  regularContest, shockPenalty, shoveDamage, slamKnockdown, strongBonus, successRoll, takedown, takedownSkill, WOUNDING_TABLE, wrestItem, corrosionDrLoss,
  makeGurpsRules, stopThrustBonus, resolveDamage, formatDamage,
} from "../../../src/rulesets/gurps/rules/index.js";
import { seedAttack } from "./helpers.js";

const roll = (effective: number, r: number) => successRoll(effective, r, "other");

describe("rolls and contests (G4–G7)", () => {
  it("G4: 3–4 always succeed, 17–18 always fail", () => {
    expect(roll(1, 4).success).toBe(true);
    expect(roll(25, 17).success).toBe(false);
  });
  it("G5: 18 always a critical miss; 17 unless effective 16+; melee failure by 10+; a ranged one is not", () => {
    expect(successRoll(20, 18, "meleeAttack").critical).toBe("failure");
    expect(successRoll(15, 17, "meleeAttack").critical).toBe("failure");
    expect(successRoll(16, 17, "meleeAttack").critical).toBe(null);
    expect(successRoll(5, 15, "meleeAttack").critical).toBe("failure");
    expect(successRoll(5, 15, "rangedAttack").critical).toBe(null);
    expect(successRoll(5, 15, "defense").critical).toBe("failure");
  });
  it("G7: signed margins; margin of victory = winner's − loser's (3 against −2 → 5); Regular Contest decides only one-succeeds", () => {
    expect(quickContest(roll(13, 10), roll(10, 12))).toEqual({ winner: "first", by: 5 });
    expect(quickContest(roll(10, 12), roll(10, 13))).toEqual({ winner: "first", by: 1 });
    expect(quickContest(roll(10, 10), roll(12, 12)).winner).toBe("tie");
    expect(regularContest(roll(10, 9), roll(10, 9))).toBe("none");
  });
});

describe("damage (G69–G76)", () => {
  it("G69 (review note 1): the minimum applies to the whole roll: 1d−4 cut, Strong +2, die 1 → 1, not 3", () => {
    expect(basicDamage(parseDamage("1d-4"), 1, "cut", [{ key: "aoaStrong", value: 2, rule: "G26" }]).basic).toBe(1);
    expect(basicDamage(parseDamage("1d-4"), 1, "cr").basic).toBe(0);
  });
  it("G70: halved at 1/2D after the minimum, rounding down (it can reach 0)", () => {
    expect(basicDamage(parseDamage("1d-3"), 1, "pi", [], true).basic).toBe(0);
    expect(basicDamage(parseDamage("2d"), 7, "pi", [], true).basic).toBe(3);
  });
  it("G71: divisors round DR down; fractional divisors multiply it, DR 0 counting as 1", () => {
    expect([divideDr(7, 2), divideDr(7, 3), divideDr(3, 5), divideDr(4, 0.5), divideDr(0, 0.5), divideDr(2, 0.1)]).toEqual([3, 2, 0, 8, 2, 20]);
  });
  it("G72: blunt trauma behind flexible DR when nothing penetrated: 1 per 5 crushing, 1 per 10 cut/imp/pi; not behind rigid DR", () => {
    const vest = { armor: [{ dr: { torso: 12 }, flexible: true }] };
    expect(bluntTrauma(11, vest, "torso", "cr", 1, 0)).toBe(2);
    expect(bluntTrauma(11, vest, "torso", "pi", 1, 0)).toBe(1);
    expect(bluntTrauma(11, vest, "torso", "burn", 1, 0)).toBe(0);
    expect(bluntTrauma(11, { armor: [{ dr: { torso: 12 } }] }, "torso", "cr", 1, 0)).toBe(0);
    expect(bluntTrauma(11, { armor: [{ dr: { torso: 5 } }, { dr: { torso: 12 }, flexible: true }] }, "torso", "cr", 1, 0)).toBe(1);
  });
  it("G75: injury rounds down but anything that penetrated does at least 1", () => {
    expect(injuryFrom(1, WOUNDING_TABLE["pi-"].living)).toBe(1);
    expect(injuryFrom(0, WOUNDING_TABLE.imp.living)).toBe(0);
    expect(injuryFrom(5, WOUNDING_TABLE.imp.homogenous)).toBe(2);
  });
  it("G26: Strong is +2 or +1 per die, whichever is more; G31: stop thrust +1 per 2 full yards", () => {
    expect([strongBonus(1), strongBonus(2), strongBonus(3)]).toEqual([2, 2, 3]);
    expect([stopThrustBonus(3), stopThrustBonus(4)]).toEqual([1, 2]);
  });
  it("G2: thrust and swing lines resolve with the wielder's damage", () => {
    expect(formatDamage(resolveDamage(parseDamage("sw+2"), parseDamage("1d-1"), parseDamage("1d+1")))).toBe("1d+3");
    expect(formatDamage(resolveDamage(parseDamage("thr"), parseDamage("1d-1"), parseDamage("1d+1")))).toBe("1d-1");
  });
  it("G73: corrosion removes 1 DR per 5 basic; an unarmed strike on DR 3+ hurts the striker (not on Tough Skin)", () => {
    expect(corrosionDrLoss(11, "cor")).toBe(2);
    expect(hurtingYourself(12, 5, false, 0)).toEqual({ basic: 2, injury: 2 });
    expect(hurtingYourself(12, 1, false, 0).injury).toBe(0);
    expect(hurtingYourself(12, 5, true, 0).injury).toBe(0);
    expect(hurtingYourself(30, 4, false, 1)).toEqual({ basic: 4, injury: 3 });
  });
  it("G74: the knockback roll: −1 per yard beyond the first, +4 with Perfect Balance", () => {
    expect([knockbackRollModifier(1, false), knockbackRollModifier(3, false), knockbackRollModifier(3, true)]).toEqual([0, -2, 2]);
  });
});

describe("injury (G77–G81, G94)", () => {
  it("G77 (review note 2): 20+ HP — ⌊injury ÷ ⌊HP ÷ 10⌋⌋ summed since the last turn: HP 25, 7 → −3; hits of 3 and 3 → −3", () => {
    expect(shockPenalty(7, 25)).toBe(3);
    expect(shockPenalty(3 + 3, 25)).toBe(3);
    expect(shockPenalty(50, 25)).toBe(4);
  });
  it("G80: reeling while 3 × current < full (12 HP: 3 yes, 4 no)", () => {
    expect([isReeling(3, 12), isReeling(4, 12)]).toEqual([true, false]);
  });
  it("G81: the 0-HP roll at −1 per full multiple below zero (10 HP: −22 → −2, −9 → 0); a death roll failed by 1–2 leaves him dying (setting)", () => {
    expect([consciousnessModifier(-22, 10), consciousnessModifier(-9, 10)]).toEqual([-2, 0]);
    expect(deathCheckResult(roll(10, 12))).toBe("mortallyWounded");
    expect(deathCheckResult(roll(10, 13))).toBe("dies");
    expect(deathCheckResult(roll(10, 12), makeGurpsRules({ mortallyWoundedOnNearMiss: false }))).toBe("dies");
  });
  it("G78: the major wound's HT roll: failure stunned and down; failure by 5+ unconscious", () => {
    expect([majorWoundResult(roll(11, 11)), majorWoundResult(roll(11, 13)), majorWoundResult(roll(11, 16))]).toEqual(["none", "stunned", "unconscious"]);
  });
});

describe("unarmed combat (G42–G50)", () => {
  it("G42: wresting a grabbed item — win takes it, loss lets go, no result keeps the hold", () => {
    expect([wrestItem(roll(12, 10), roll(10, 12)), wrestItem(roll(12, 14), roll(10, 9)), wrestItem(roll(12, 10), roll(10, 9))]).toEqual(["taken", "letGo", "holding"]);
  });
  it("G43: the grapple holds unless the foe has over twice the ST; getting down to grapple a foe on the ground", () => {
    expect([grappleHolds(10, 20), grappleHolds(10, 21)]).toEqual([true, false]);
    expect([mustGetDownToGrapple("prone", 0, 0), mustGetDownToGrapple("prone", 0, 2), mustGetDownToGrapple("standing", 0, 0)]).toEqual([true, false, false]);
  });
  it("G45: takedown with the best of ST, DX or grappling skill, the posture's melee modifier when down", () => {
    expect(takedownSkill(12, 11, 13, "standing")).toBe(13);
    expect(takedownSkill(12, 11, 13, "kneeling")).toBe(11);
    expect([takedown(roll(13, 10), roll(12, 12)), takedown(roll(13, 14), roll(12, 10)), takedown(roll(13, 10), roll(12, 9))]).toEqual(["foeFalls", "grapplerFalls", "nothing"]);
  });
  it("G46: the pin's +3 per SM point and +3 for more free hands", () => {
    expect(pinModifiers(1, 0, 1, 0)).toEqual({ pinner: 6, foe: 0 });
    expect(pinModifiers(0, 0, 0, 2)).toEqual({ pinner: 0, foe: 3 });
  });
  it("G47: −5 one hand, +2 per hand beyond two, −5 on the torso without Constriction Attack; damage = margin of victory", () => {
    expect([chokeModifier(1, false, false), chokeModifier(2, false, false), chokeModifier(4, false, false), chokeModifier(2, true, false), chokeModifier(0, true, true)]).toEqual([-5, 0, 4, -5, 0]);
    expect(choke(roll(13, 10), roll(11, 13)).damage).toBe(5);
    expect(choke(roll(13, 14), roll(11, 13)).damage).toBe(1); // both fail: the smaller failure wins (G7)
    expect(choke(roll(13, 12), roll(11, 8)).damage).toBe(0);
  });
  it("G50: break free — +5 two hands; pinned +10 / +5 and one try per 10 seconds; stunned grappler −4; unconscious → free", () => {
    expect(breakFreeModifiers({ hands: 2, pinned: false }).grappler).toBe(5);
    expect(breakFreeModifiers({ hands: 1, pinned: true, secondsSinceLastTry: 4 })).toMatchObject({ grappler: 5, allowed: false });
    expect(breakFreeModifiers({ hands: 2, pinned: true, grapplerStunned: true, secondsSinceLastTry: 10 })).toMatchObject({ grappler: 6, allowed: true });
    expect(breakFreeModifiers({ hands: 2, pinned: true, grapplerUnconscious: true }).automatic).toBe(true);
  });
  it("G48, G93: slam knockdown from the two rolls; both 0 → the foe rolls DX, the slammer stays up", () => {
    expect(slamKnockdown(6, 3)).toEqual({ foe: "falls", slammer: "stays" });
    expect(slamKnockdown(4, 3)).toEqual({ foe: "rollsDx", slammer: "stays" });
    expect(slamKnockdown(3, 4)).toEqual({ foe: "stays", slammer: "stays" });
    expect(slamKnockdown(2, 4)).toEqual({ foe: "stays", slammer: "falls" });
    expect(slamKnockdown(0, 0)).toEqual({ foe: "rollsDx", slammer: "stays" });
  });
  it("G49: a shove is thrust crushing, −1 per die one-handed, doubled", () => {
    expect(shoveDamage(parseDamage("1d-1"), false)).toMatchObject({ dice: 1, multiplier: 2, adds: -2 });
    expect(shoveDamage(parseDamage("2d"), true)).toMatchObject({ dice: 2, multiplier: 2, adds: -4 });
  });
  it("G25: the foe resists a feint with his best melee, unarmed (if either side is), cloak or shield skill, or DX", () => {
    expect(feintResistSkill({ melee: [11], cloakOrShield: [12], dx: 10 })).toBe(12);
    expect(feintResistSkill({ melee: [9], unarmed: [13], dx: 10 })).toBe(10);
    expect(feintResistSkill({ melee: [9], unarmed: [13], eitherUnarmed: true, dx: 10 })).toBe(13);
  });
});

describe("whole attacks (G24–G91)", () => {
  const louis = (patch: (s: any) => void) => seedAttack("check-12-louis-strikes-pierre", patch);
  it("G35: every die missing is named as owed, with who rolls it, and the resolution stops there", () => {
    const noRoll = louis((s) => delete s.attacker.roll);
    expect(noRoll.owed).toEqual([{ id: "attacker.roll", roll: "3d6", who: "attacker", victim: "louis", target: 15, rule: "G5", when: "now" }]);
    const noDefenseRoll = louis((s) => delete s.defense[0].roll);
    expect(noDefenseRoll.owed.map((o) => [o.id, o.target])).toEqual([["defenses[0].roll", 11]]);
    const noDamage = louis((s) => delete s.damage);
    expect(noDamage.owed).toEqual([{ id: "damage", roll: "damage", who: "attacker", target: null, dice: 1, hits: 1, rule: "G69", when: "now" }]);
    expect(noDamage.victim).toBe(null);
  });
  it("G27: Move and Attack −4 and capped at 9 after every modifier; G37 a Deceptive Attack may not leave skill below 10", () => {
    const mna = louis((s) => (s.attacker.maneuver = "moveAndAttack"));
    expect([mna.skill!.beforeCap, mna.skill!.effective]).toEqual([11, 9]);
    expect(louis((s) => (s.attacker.deceptive = 2)).skill!.effective).toBe(11);
    expect(louis((s) => { s.attacker.deceptive = 2; s.attacker.roll = [3, 3, 4]; }).legal!.options[0]!.modifiers.some((m) => m.key === "deceptive" && m.value === -2)).toBe(true);
    expect(louis((s) => (s.attacker.deceptive = 3)).refused).toBe("deceptiveBelowMinimum");
  });
  it("G91: no attack below effective skill 3 (setting; 0 turns it off)", () => {
    expect(louis((s) => (s.attacker.modifiers = [{ value: -13, label: "darkness" }])).refused).toBe("minimumSkill");
    expect(louis((s) => { s.attacker.modifiers = [{ value: -13 }]; s.options = { minEffectiveSkill: 0 }; }).refused).toBe(null);
  });
  it("G26: All-Out Attack (Determined) +4 in melee; (Strong) +2 damage on a sw/thr line; the defender may defend normally", () => {
    const det = louis((s) => { s.attacker.maneuver = "allOutAttack"; s.attacker.aoaOption = "determined"; });
    expect(det.skill!.effective).toBe(19);
    const strong = louis((s) => { s.attacker.maneuver = "allOutAttack"; s.attacker.aoaOption = "strong"; });
    expect(strong.victim!.hits[0]!.damage.basic).toBe(7);
  });
  it("G28: All-Out Defense (Double): a second, different defense after a failed one is owed, then rolled", () => {
    const owed = louis((s) => { s.defender.maneuver = "allOutDefense"; s.defender.aodOption = "doubleDefense"; delete s.damage; });
    expect(owed.owed.map((o) => o.id)).toEqual(["defenses[1]"]);
    const second = louis((s) => { s.defender.maneuver = "allOutDefense"; s.defender.aodOption = "doubleDefense"; s.defense.push({ id: "dodge", roll: [2, 2, 2] }); });
    expect(second.defenses.map((d) => [d.chosen.option.id, d.chosen.effective, d.hitsAfter])).toEqual([["block:smallShield", 11, 1], ["dodge", 9 + 3, 0]]);
    expect(second.hitsLanding).toBe(0);
  });
  it("G85: a critically failed dodge falls prone; a block loses the shield; G84 a critical parry sends the attacker to the Critical Miss Table", () => {
    const slipped = louis((s) => (s.defense = [{ id: "dodge", roll: [6, 6, 6] }]));
    expect(slipped.effects.map((e) => e.key)).toContain("fallsProne");
    expect([slipped.defenderPosture, slipped.victim!.after.posture]).toEqual(["prone", "prone"]);
    expect(louis((s) => (s.defense = [{ id: "block:smallShield", roll: [6, 6, 6] }])).effects.map((e) => e.key)).toContain("shieldUnready");
    const crit = louis((s) => (s.defense = [{ id: "parry:shortsword", roll: [1, 1, 2] }]));
    expect(crit.criticals).toEqual([{ table: "miss", who: "attacker", roll: null, rule: "G84" }]);
    expect(crit.owed.map((o) => o.id)).toEqual(["rolls.criticalTable"]);
  });
  it("G64: a weapon parry of an unarmed attack lets the parrier roll his skill at the attacking limb (−4 against Judo or Karate)", () => {
    const punch = louis((s) => { s.weapon = { name: "punch", kind: "melee", damage: "thr-1", type: "cr", unarmed: true, judoKarate: true }; s.defense = [{ id: "parry:shortsword", roll: [3, 3, 3] }]; s.rolls = { parryCounter: [2, 2, 2] }; });
    expect(punch.counter).toMatchObject({ effective: 7, roll: { success: true } });
    expect(punch.effects.map((e) => e.key)).toContain("counterHits");
  });
  it("G65: a blow heavier than Basic Lift — the parry fails, the weapon is dropped; odds over 6 break it outright", () => {
    const heavy = louis((s) => { s.weapon = { ...s.weapon, weight: 30 }; s.defense = [{ id: "parry:shortsword", roll: [2, 2, 2] }]; });
    expect([heavy.defenses[0]!.tooHeavy, heavy.hitsLanding]).toEqual([true, 1]);
    expect(heavy.effects.map((e) => e.key)).toContain("weaponBroken");
  });
  it("G68: dodge and drop — +3 against a ranged attack, and he ends prone", () => {
    const r = seedAttack("check-06-10-motorcycle-dodge-and-speed", (s: any) => { delete s.defender.vehicle; s.defense = [{ id: "dodge", dodgeAndDrop: true, roll: [3, 4, 4] }]; });
    expect([r.defenses[0]!.chosen.effective, r.hitsLanding, r.defenderPosture]).toEqual([9 + 3, 0, "prone"]);
  });

  it("G70: damage halved at or beyond 1/2D", () => {
    const far = seedAttack("check-10-range-17-yards", (s: any) => (s.weapon.halfDamage = 15));
    expect(far.victim!.hits[0]!.damage).toMatchObject({ rolled: 6, halved: true, basic: 3 });
  });
  it("G75: fatigue damage comes off FP, not HP; G76 Diffuse caps a hit at 1 (piercing) or 2", () => {
    const fat = seedAttack("check-13-sword-cut", (s: any) => { s.weapon.type = "fat"; delete s.rolls; });
    expect([fat.victim!.after.hp, fat.victim!.after.fp, fat.victim!.fpLost]).toEqual([10, 5, 5]);
    const swarm = seedAttack("check-17-zombie", (s: any) => { s.defender.diffuse = true; s.defender.woundingClass = "living"; });
    expect(swarm.victim!.hits.map((h) => h.injury)).toEqual([1, 1, 1]);
  });
  it("G82: a follow-up inside (DR 0) when the primary penetrated; a bloodstream payload does nothing outside", () => {
    const dart = (dr: number) => seedAttack("check-13-sword-cut", (s: any) => {
      s.weapon = { name: "dart", kind: "melee", damage: "1d", type: "imp", followUp: { damage: "1d", type: "tox", bloodstream: true } };
      s.defender.armor = [{ dr }];
      s.damage = [[4]];
      s.followUpDamage = [[3]];
      delete s.rolls;
    });
    const inside = dart(1).victim!.hits;
    expect(inside.map((h) => [h.payload, h.dr.effective, h.injury])).toEqual([["primary", 1, 6], ["followUp", 0, 3]]);
    const stopped = dart(5);
    expect(stopped.victim!.hits.map((h) => h.payload)).toEqual(["primary"]);
    expect(stopped.effects.map((e) => e.key)).toContain("followUpNoEffect");
  });
  it("G83: an affliction — HT + modifier (+3 beyond 1/2D) or the condition", () => {
    const stun = seedAttack("check-13-sword-cut", (s: any) => { s.weapon.affliction = { modifier: -2, condition: "stunned" }; s.rolls.affliction = [5, 5, 5]; });
    expect(stun.affliction).toMatchObject({ effective: 8, affected: true, condition: "stunned" });
  });
  it("G73: a punch on DR 3+ hurts the striker", () => {
    const punch = seedAttack("check-15-mail-stops-most", (s: any) => {
      s.attacker.st = 30; s.attacker.thrust = "3d"; s.attacker.self = { hp: 14, ht: 12 };
      s.weapon = { name: "punch", kind: "melee", damage: "thr", type: "cr", unarmed: true }; s.damage = [[6, 6, 6]];
    });
    expect(punch.self!.injury).toBe(3);
    expect(punch.effects.map((e) => e.key)).toContain("hurtYourself");
  });
  it("G43: a grapple holds the foe and does no damage; G42 a grab at the hand is at −4", () => {
    const grapple = louis((s) => { s.weapon = { name: "grapple", kind: "melee", form: "grapple" }; delete s.damage; s.defense = "none"; });
    expect([grapple.effects.map((e) => e.key), grapple.victim]).toEqual([["grappled"], null]);
    const grab = louis((s) => { s.weapon = { name: "grab", kind: "melee", form: "grab" }; delete s.damage; });
    expect(grab.skill!.modifiers).toEqual([{ key: "grabHand", value: -4, rule: "G42" }]);
  });
  it("G56: no attack from an empty weapon; never more shots than RoF or than remain", () => {
    expect(seedAttack("check-09-revolver-reload", (s: any) => (s.weapon.shotsLeft = 0)).refused).toBe("noShotsLeft");
  });
});
