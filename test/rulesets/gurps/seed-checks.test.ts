/**
 * The 22 seed checks of the GURPS rules reference (§16), one named
 * test each, through the public API of the GURPS rules core (and, where the
 * check is an attack, the seed scenario examples/gurps/ holds).
 */
import { describe, expect, it } from "vitest";
import {
  aimBonus, blockScore, breakageOdds, dodgeScore, feintPenalty, formatDamage, knockbackYards, movementAllowance, parseDamage, parseShots, parryScore,
  rapidFireHits, reloadPlan, shortOf, slamDice, speedRangeModifier, stepYards, successRoll, vehicularDodge, deathThresholds, divideDr, effectiveDr,
  injuryFrom, basicDamage, WOUNDING_TABLE, hitsAfterDefense, shockPenalty, isMajorWound, criticalSuccessUpTo, GURPS_SEED_SCENARIOS,
} from "../../../src/rulesets/gurps/rules/index.js";
import { seed, seedAttack } from "./helpers.js";

describe("§16 seed checks", () => {
  it("seed check 1: step — Move 1–10 → 1 yard; Move 11–20 → 2 yards (G11)", () => {
    for (let move = 1; move <= 10; move++) expect(stepYards(move)).toBe(1);
    for (let move = 11; move <= 20; move++) expect(stepYards(move)).toBe(2);
    expect(movementAllowance("attack", 7).yards).toBe(1);
    const r = seed("check-01-step-move-15");
    expect(r.kind === "maneuver" && r.maneuver.step).toBe(2);
  });

  it("seed check 2: Move and Attack run — Move 5 toward cover 7 yards away → 2 yards short (G27)", () => {
    expect(shortOf(movementAllowance("moveAndAttack", 5), 7)).toBe(2);
    const r = seed("check-02-move-and-attack-short");
    expect(r.kind === "maneuver" && r.maneuver.shortOf).toBe(2);
  });

  it("seed check 3: aim — a +4 scope on an Acc 2 pistol counts +2; Acc 2 + scope 2 + brace 1 + third second 2 = 7 → capped at 4 (G22)", () => {
    const scoped = aimBonus({ seconds: 1, sight: 4 }, 2, "firearm");
    expect(scoped.sight).toBe(2);
    const full = aimBonus({ seconds: 3, braced: true, sight: 2 }, 2, "firearm");
    expect([full.acc, full.sight, full.braced, full.seconds, full.beforeCap, full.total]).toEqual([2, 2, 1, 2, 7, 4]);
    expect(seedAttack("check-03-aim-braced-third-second").skill!.aim!.total).toBe(4);
  });

  it("seed check 4: feint — skill 15 rolls 12, foe fails → −3; 15 rolls 10 (by 5) vs 14 rolls 12 (by 2) → −3 (G25)", () => {
    expect(feintPenalty(successRoll(15, 12, "other"), successRoll(14, 16, "other"))).toBe(3);
    expect(feintPenalty(successRoll(15, 10, "other"), successRoll(14, 12, "other"))).toBe(3);
    for (const name of ["check-04-feint-foe-fails", "check-04-feint-both-succeed"]) {
      const r = seed(name);
      expect(r.kind === "feint" && r.feint.penalty, name).toBe(3);
    }
  });

  it("seed check 5: Block and Parry — Shield-11 → 8; Broadsword-13 → 9 (G62, G63)", () => {
    expect(blockScore(11)).toBe(8);
    expect(parryScore(13)).toBe(9);
    const r = seed("check-05-block-and-parry");
    if (r.kind !== "defenses") throw new Error("defenses");
    expect(r.legal.options.find((o) => o.id === "block:shield")!.base).toBe(8);
    expect(r.legal.options.find((o) => o.id === "parry:broadsword")!.base).toBe(9);
  });

  it("seed check 6: vehicular dodge — Driving-14, Handling +1 → 8 (G61)", () => {
    expect(vehicularDodge(14, 1)).toBe(8);
    const r = seedAttack("check-06-10-motorcycle-dodge-and-speed");
    expect(r.defenses[0]!.chosen.effective).toBe(8);
  });

  it("seed check 7: rapid-fire dodge — 4 hits, Dodge 10, roll 8 (by 2) → 3 dodged, 1 hits (G61)", () => {
    expect(hitsAfterDefense(4, "dodge", successRoll(10, 8, "defense"))).toBe(1);
    const r = seedAttack("check-07-rapid-fire-dodge");
    expect([r.hitsScored, r.defenses[0]!.chosen.effective, r.hitsLanding]).toEqual([4, 10, 1]);
  });

  it("seed check 8: recoil — Rcl 2: margin 0–1 → 1 hit; 2–3 → 2; 4–5 → 3; 6–7 → 4 (G57)", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((m) => rapidFireHits(m, 10, 2))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(seedAttack("check-08-recoil-hits").hitsScored).toBe(3);
  });

  it("seed check 9: RoF and reload — bow 1(2) attacks on the third turn; .38 revolver 6(3i) = 3 s per cartridge; machine gun RoF 10, 200(5), one attack roll (G56, G87)", () => {
    expect(reloadPlan(parseShots("1(2)"), 1)).toEqual({ readies: 2, perShot: 0, attackOnTurn: 3 });
    expect(reloadPlan(parseShots("6(3i)"), 1).readies).toBe(3);
    expect(reloadPlan(parseShots("6(3i)"), 6)).toEqual({ readies: 18, perShot: 3, attackOnTurn: 19 });
    expect(reloadPlan(parseShots("200(5)"), 200).readies).toBe(5);
    expect(seedAttack("check-09-bow-reload").shots!.reload).toEqual({ readies: 2, perShot: 0, attackOnTurn: 3 });
    expect(seedAttack("check-09-revolver-reload").shots!.reload!.perShot).toBe(3);
    const mg = seedAttack("check-07-rapid-fire-dodge");
    expect(mg.attack!.roll).toBe(8); // ten shots, still one attack roll
    expect(mg.shots).toMatchObject({ fired: 10, left: 190 });
  });

  it("seed check 10: range — 17 yards → row 20 → −6; a motorcycle 50 yards away at 30 yd/s → 80 → −10 (G53, G54)", () => {
    expect(speedRangeModifier(17)).toBe(-6);
    expect(speedRangeModifier(50 + 30)).toBe(-10);
    const speedRange = (r: ReturnType<typeof seedAttack>) => r.skill!.modifiers.find((m) => m.key === "speedRange")!.value;
    expect(speedRange(seedAttack("check-10-range-17-yards"))).toBe(-6);
    expect(speedRange(seedAttack("check-06-10-motorcycle-dodge-and-speed"))).toBe(-10);
  });

  it("seed check 11: critical — Louis needs 15, rolls 5 → critical hit, no defense; 3–4 critical at any skill (G5, G84)", () => {
    expect(successRoll(15, 5, "meleeAttack").critical).toBe("success");
    expect(successRoll(14, 5, "meleeAttack").critical).toBe(null);
    expect(successRoll(3, 4, "meleeAttack").critical).toBe("success");
    expect(criticalSuccessUpTo(16)).toBe(6);
    const r = seedAttack("check-11-critical-hit");
    expect(r.attack!.critical).toBe("success");
    expect(r.legal!.none).toBe("criticalHit");
    expect(r.criticals).toEqual([{ table: "hit", who: "attacker", roll: 10, rule: "G84" }]);
    expect(r.hitsLanding).toBe(1);
  });

  it("seed check 12: the shortsword — Louis hits on 13; Pierre Dodge 8, Block 9, Parry 8, +1 DB → Block 10, 11 retreating; rolls 12; 5 basic − DR 1 → 4 × 1.5 → 6 HP; no major wound; shock −4 (G24, G62, G67, G69, G77, G78)", () => {
    const r = seedAttack("check-12-louis-strikes-pierre");
    expect(r.attack).toMatchObject({ roll: 13, success: true });
    const base = Object.fromEntries(r.legal!.options.map((o) => [o.id, o.base]));
    expect(base).toEqual({ dodge: 8, "block:smallShield": 9, "parry:shortsword": 8 });
    const block = r.legal!.options.find((o) => o.kind === "block")!;
    expect([block.score, block.score + block.retreat!]).toEqual([10, 11]);
    expect(r.defenses[0]!.chosen.effective).toBe(11);
    expect(r.defenses[0]!.chosen.roll).toMatchObject({ roll: 12, success: false });
    const hit = r.victim!.hits[0]!;
    expect([hit.damage.basic, hit.dr.effective, hit.penetrating, hit.injury]).toEqual([5, 1, 4, 6]);
    expect(r.victim!.after.hp).toBe(6);
    expect(hit.majorWound).toBe(false);
    expect(r.victim!.majorWounds).toEqual([]);
    expect(r.victim!.after.shock).toBe(4);
  });

  it("seed check 13: the sword — 2d+1 cut rolled 8, DR 3 → 5 → ×1.5 = 7.5 → 7 HP (G69)", () => {
    expect(injuryFrom(8 - 3, WOUNDING_TABLE.cut.living)).toBe(7);
    const hit = seedAttack("check-13-sword-cut").victim!.hits[0]!;
    expect([hit.damage.basic, hit.penetrating, hit.injury]).toEqual([8, 5, 7]);
  });

  it("seed check 14: the axe on Filthy Pierre — 7 basic, leather DR 2 → 5 → ×1.5 = 7.5 → 7 HP (G75)", () => {
    const hit = seedAttack("check-14-axe-on-filthy-pierre").victim!.hits[0]!;
    expect([hit.damage.basic, hit.dr.effective, hit.penetrating, hit.injury]).toEqual([7, 2, 5, 7]);
  });

  it("seed check 15: armor — 6 basic vs mail DR 4 → 2 penetrating; DR 2 + DR 15 → 17 (G71)", () => {
    expect(seedAttack("check-15-mail-stops-most").victim!.hits[0]!.penetrating).toBe(2);
    expect(effectiveDr({ naturalDr: 2, armor: [{ dr: { torso: 15 } }] }, "torso", "pi", 1).effective).toBe(17);
    expect(seedAttack("check-15-vest-over-tough-hide").victim!.hits[0]!.dr.total).toBe(17);
    expect(divideDr(17, 2)).toBe(8);
  });

  it("seed check 16: multiplier — 6d×3 with dice totalling 21 → 63 (G69)", () => {
    expect(basicDamage(parseDamage("6d×3"), 21, "pi++").basic).toBe(63);
    expect(formatDamage(parseDamage("6dx3"))).toBe("6d×3");
    expect(seedAttack("check-16-dice-multiplier").victim!.hits[0]!.damage.basic).toBe(63);
  });

  it("seed check 17: Edmund Zhang's machine pistol at the zombie (the seed names him, not Jenny Atkins) — 2d+2 pi, 3 hits, DR 1 → 8, 7, 10 penetrating; Unliving ×1/3 → 2, 2, 3 HP; 24 HP → 17 (G75)", () => {
    expect((GURPS_SEED_SCENARIOS["check-17-zombie"] as { attacker: unknown }).attacker).toMatchObject({ name: "Edmund Zhang", id: "zhang" });
    const r = seedAttack("check-17-zombie");
    expect(r.victim!.hits.map((h) => h.penetrating)).toEqual([8, 7, 10]);
    expect(r.victim!.hits.map((h) => h.injury)).toEqual([2, 2, 3]);
    expect(r.victim!.after.hp).toBe(17);
  });

  it("seed check 18: knockback — ST 10 → 1 yard per full 8 points of basic damage (G74)", () => {
    expect([7, 8, 15, 16, 24].map((b) => knockbackYards(b, "cr", true, 10))).toEqual([0, 1, 1, 2, 3]);
    const r = seedAttack("check-18-knockback");
    expect(r.victim!.knockback).toMatchObject({ yards: 2, effective: 9, fell: true });
  });

  it("seed check 19: breakage — 3× the weight → 2 in 6; 4× → 3 in 6; 5× → 4 in 6 (G65)", () => {
    expect([3, 4, 5].map((x) => breakageOdds(x * 2, 2))).toEqual([2, 3, 4]);
    expect(breakageOdds(5, 2)).toBe(null);
    const r = seedAttack("check-19-breakage");
    expect(r.defenses[0]!.breakage).toEqual({ odds: 2, face: 2, broken: true });
    expect(r.hitsLanding).toBe(0); // the broken weapon's parry still counts
  });

  it("seed check 20: death — HP 10 → checks at −10, −20, −30, −40; dead at −50 (G81)", () => {
    expect(deathThresholds(-49, 10, 0).checks.map((k) => -k * 10)).toEqual([-10, -20, -30, -40]);
    expect(deathThresholds(-49, 10, 0).dead).toBe(false);
    expect(deathThresholds(-50, 10, 0).dead).toBe(true);
    const r = seedAttack("check-20-death-checks");
    expect(r.victim!.deathChecks.map((c) => [c.hpAt, c.result])).toEqual([[-10, "survives"], [-20, "mortallyWounded"]]);
    expect(seedAttack("check-20-dead-at-minus-50").victim!.after.dead).toBe(true);
  });

  it("seed check 21: slam dice — HP 12 after 5 yards → 0.6 → 1d−1; HP 15 after 10 yards → 1.5 → 2d; HP 10 after 2 yards → 0.2 → 1d−3 (G48)", () => {
    expect([[12, 5], [15, 10], [10, 2]].map(([hp, v]) => formatDamage(slamDice(hp!, v!)))).toEqual(["1d-1", "2d", "1d-3"]);
    expect(formatDamage(seedAttack("check-21-slam-ten-yards").slam!.slammerDice)).toBe("2d");
    expect(formatDamage(seedAttack("check-21-slam-five-yards").slam!.slammerDice)).toBe("1d-1");
  });

  it("seed check 22: Dodge — Basic Speed 5.75, encumbrance 1 → 7; reeling → ⌈2.875⌉ = 3 → Dodge 5 (G61, G80)", () => {
    expect(dodgeScore(5.75, 1)).toBe(7);
    expect(dodgeScore(5.75, 1, true)).toBe(5);
    expect(seedAttack("check-22-reeling-dodge").legal!.options.find((o) => o.id === "dodge")!.base).toBe(5);
  });

  it("the injury rules the checks lean on: shock capped at 4, 2 × injury > HP (G77, G78)", () => {
    expect([1, 3, 6, 20].map((i) => shockPenalty(i, 12))).toEqual([1, 3, 4, 4]);
    expect([isMajorWound(6, 12), isMajorWound(7, 12)]).toEqual([false, true]);
  });
});
