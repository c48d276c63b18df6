/**
 * Properties of the GURPS core under random input (fast-check): a valid
 * attack never throws and its figures stay in bounds; more DR never means
 * more injury; tables run the right way; every legal option's score is its
 * base plus its modifiers.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DefenderState, type GurpsAttackInput, legalDefenses, parseDamage, rapidFireBonus, resolveGurpsAttack, shockPenalty, slamDice, speedRangeModifier, successRoll,
} from "../../../src/rulesets/gurps/rules/index.js";

const face = fc.integer({ min: 1, max: 6 });
const roll3 = fc.tuple(face, face, face).map((f) => ({ total: f[0] + f[1] + f[2], faces: f }));

const attack = fc.record({
  skill: fc.integer({ min: 0, max: 25 }),
  roll: roll3,
  dice: fc.integer({ min: 1, max: 6 }),
  adds: fc.integer({ min: -4, max: 6 }),
  type: fc.constantFrom("cut", "cr", "imp", "pi", "pi-", "pi+", "burn", "fat" as const),
  dr: fc.integer({ min: 0, max: 20 }),
  flexible: fc.boolean(),
  hp: fc.integer({ min: 1, max: 40 }),
  lost: fc.integer({ min: 0, max: 200 }),
  defense: fc.option(fc.tuple(fc.constantFrom("dodge", "parry:sword", "block:shield"), roll3, fc.boolean()), { nil: null }),
  faces: fc.array(face, { minLength: 6, maxLength: 6 }),
  more: fc.array(roll3, { minLength: 6, maxLength: 6 }),
  maneuver: fc.constantFrom("attack", "moveAndAttack", "allOutAttack" as const),
  posture: fc.constantFrom("standing", "kneeling", "prone", "sitting" as const),
});

type AttackCase = typeof attack extends fc.Arbitrary<infer T> ? T : never;
function input(x: AttackCase, dr = x.dr): GurpsAttackInput {
  return {
    attacker: { id: "a", skill: x.skill, st: 12, maneuver: x.maneuver, ...(x.maneuver === "allOutAttack" && { aoaOption: "determined" as const }), roll: x.roll },
    weapon: { kind: "melee", damage: parseDamage(`${x.dice}d${x.adds >= 0 ? "+" : ""}${x.adds}`), type: x.type, weight: 3 },
    defender: {
      id: "d", hp: x.hp, currentHp: x.hp - x.lost, fp: 10, currentFp: 10, ht: 10, st: 10, knockbackSkill: 10, basicSpeed: 5.5, encumbrance: 0, maneuver: "attack",
      posture: x.posture, armor: [{ dr: { torso: dr }, flexible: x.flexible }], parrySources: [{ id: "sword", skill: 12, parry: 0, ready: true, hand: "main", weight: 3 }],
      shields: [{ id: "shield", skill: 12, db: 1, ready: true }],
    },
    defenses: x.defense ? [{ id: x.defense[0], roll: x.defense[1], ...(x.defense[2] && x.posture !== "kneeling" && x.posture !== "sitting" && { retreat: true }) }] : [{ id: "none" }],
    damage: [x.faces.slice(0, x.dice)],
    rolls: { knockback: x.more[0]!, majorWound: [x.more[1]!], deathChecks: [x.more[2]!, x.more[3]!, x.more[4]!, x.more[5]!], criticalTable: x.more[0]!, defenderCriticalTable: x.more[1]!, breakage: x.faces[0]! },
  };
}

describe("GURPS properties", () => {
  it("a valid attack never throws; its figures stay in bounds (G5, G58, G69–G81)", () => {
    fc.assert(
      fc.property(attack, (x) => {
        const r = resolveGurpsAttack(input(x));
        expect(r.hitsLanding).toBeLessThanOrEqual(r.hitsScored);
        if (r.victim) {
          const v = r.victim;
          expect(v.injury).toBeGreaterThanOrEqual(0);
          expect(v.after.hp).toBe(v.hpBefore - v.injury);
          expect(v.after.shock).toBeGreaterThanOrEqual(0);
          expect(v.after.shock).toBeLessThanOrEqual(4);
          for (const h of v.hits) {
            expect(h.damage.basic).toBeGreaterThanOrEqual(h.type === "cr" ? 0 : 1);
            expect(h.penetrating).toBe(Math.max(0, h.damage.basic - h.dr.effective));
            if (h.penetrating > 0 && !h.toFp) expect(h.injury).toBeGreaterThanOrEqual(1);
          }
          if (v.after.hp > -5 * x.hp) expect(v.after.dead).toBe(v.deathChecks.some((c) => c.result === "dies"));
        }
        expect(r.owed.filter((o) => o.when === "now")).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it("more DR never means more penetrating damage, nor more injury behind rigid DR (G71; G72's blunt trauma can: DR 20 → 1 HP, DR 21 → 2)", () => {
    fc.assert(
      fc.property(attack, fc.integer({ min: 0, max: 10 }), (x, extra) => {
        const a = resolveGurpsAttack(input(x));
        const b = resolveGurpsAttack(input(x, x.dr + extra));
        const pen = (r: typeof a) => (r.victim?.hits ?? []).reduce((t, h) => t + h.penetrating, 0);
        expect(pen(b)).toBeLessThanOrEqual(pen(a));
        if (!x.flexible) expect(b.victim?.injury ?? 0).toBeLessThanOrEqual(a.victim?.injury ?? 0);
      }),
      { numRuns: 300 },
    );
  });

  it("higher skill never turns a hit into a miss (G4, G5)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 3, max: 18 }), (skill, more, r) => {
        if (successRoll(skill, r, "meleeAttack").success) expect(successRoll(skill + more, r, "meleeAttack").success).toBe(true);
      }),
    );
  });

  it("the speed/range penalty never shrinks with distance; the rapid-fire bonus never shrinks with shots (G54, G57)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, b) => {
      expect(speedRangeModifier(Math.max(a, b))).toBeLessThanOrEqual(speedRangeModifier(Math.min(a, b)));
    }));
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), (a, b) => {
      expect(rapidFireBonus(Math.max(a, b))).toBeGreaterThanOrEqual(rapidFireBonus(Math.min(a, b)));
    }));
  });

  it("shock is 0–4 and never shrinks with more injury (G77); slam dice grow with HP × velocity (G48)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 200 }), (injury, more, hp) => {
      const s = shockPenalty(injury, hp);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(4);
      expect(shockPenalty(injury + more, hp)).toBeGreaterThanOrEqual(s);
    }));
    const avg = (d: { dice: number; adds: number }) => d.dice * 3.5 + d.adds;
    fc.assert(fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 50 }), (hp, v) => {
      expect(avg(slamDice(hp, v + 1))).toBeGreaterThanOrEqual(avg(slamDice(hp, v)));
    }));
  });

  it("every legal option's score is its base plus its modifiers, and nothing is both offered and refused (G58–G68)", () => {
    const state = fc.record({
      maneuver: fc.constantFrom("doNothing", "attack", "moveAndAttack", "allOutDefense", "aim", "moveAndReady", "wait" as const),
      posture: fc.constantFrom("standing", "kneeling", "sitting", "crawling", "prone" as const),
      stunned: fc.boolean(), blocked: fc.boolean(), parries: fc.integer({ min: 0, max: 4 }), kind: fc.constantFrom("melee", "thrown", "firearm", "musclePowered", "projectedLiquid" as const),
      inReach: fc.boolean(), ready: fc.boolean(), feint: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(fc.property(state, (s) => {
      const d: DefenderState = {
        basicSpeed: 6, encumbrance: 1, maneuver: s.maneuver, ...(s.maneuver === "allOutDefense" && { aodOption: "increasedParry" as const }), readiedItemId: "sword", posture: s.posture,
        stunned: s.stunned ? "physical" : null, used: { blocked: s.blocked, retreatAgainst: null, dropAgainst: null, acrobaticDodge: false, sacrificialDodge: false },
        parrySources: [{ id: "sword", skill: 13, parry: 0, ready: s.ready, hand: "main", parries: s.parries }, { id: "hands", skill: 12, parry: 0, ready: true, hand: "off", unarmed: "brawling" }],
        shields: [{ id: "shield", skill: 12, db: 2, ready: true, hand: "off" }],
      };
      const l = legalDefenses(d, { attackerId: "a", kind: s.kind, inReach: s.inReach, feint: s.feint });
      for (const o of l.options) expect(o.score).toBe(o.base + o.modifiers.reduce((t, m) => t + m.value, 0));
      const offered = new Set(l.options.map((o) => o.id));
      for (const r of l.refused) expect(offered.has(r.id)).toBe(false);
      expect(offered.size).toBe(l.options.length);
    }), { numRuns: 500 });
  });
});
