/**
 * Properties over generated inputs (fast-check): an attack fed the dice it
 * asks for always resolves, and its figures stay within bounds; drift stays
 * on the path; the clock only moves forward; a phase of random valid
 * declarations always resolves and spends exactly the rounds its attacks fired.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTION_LENGTHS, AREAS, type Area, type AttackInput, type AttackResolution, burstHits, closeInitiative, declareAction, driftPath, phaseClock,
  PHASE_STANDARD_RULES, placeCalledHit, resolveAttack, resolvePhase, rollInitiativeFor, startPhase,
} from "../../../src/rulesets/phase/rules/index.js";
import { attackInput, combat, fighter, fighters, weapon } from "./helpers.js";

const area = fc.constantFrom(...AREAS);

/** Resolve with dice drawn from `pool` as the attack asks for them. */
function feed(input: AttackInput, pool: number[]): AttackResolution {
  const dice = { checks: [] as number[], locations: [] as number[], damage: [] as number[][] };
  let k = 0;
  const next = (faces: number) => 1 + ((pool[k++ % pool.length]! - 1) % faces);
  for (let guard = 0; guard < 50; guard++) {
    const r = resolveAttack({ ...input, dice }, PHASE_STANDARD_RULES);
    if (!r.pending) return r;
    if (r.pending.roll === "check") dice.checks.push(next(10));
    else if (r.pending.roll === "location") dice.locations.push(next(10));
    else dice.damage.push(Array.from({ length: input.weapon.damage.dice }, () => next(input.weapon.damage.faces)));
  }
  throw new Error("never finished");
}

const attackArb = fc.record({
  action: fc.constantFrom("fire", "targetAndFire", "burst", "fullAuto", "melee"),
  attribute: fc.integer({ min: -3, max: 8 }),
  skill: fc.integer({ min: 0, max: 8 }),
  traumas: fc.integer({ min: 0, max: 4 }),
  targeting: fc.boolean(),
  aim: fc.integer({ min: 0, max: 3 }),
  called: fc.option(area, { nil: null }),
  range: fc.integer({ min: -3, max: 6 }),
  defending: fc.boolean(),
  cover: fc.uniqueArray(area, { maxLength: 7 }),
  missing: fc.uniqueArray(area, { maxLength: 3 }),
  armor: fc.integer({ min: 0, max: 6 }),
  dice: fc.integer({ min: 1, max: 4 }),
  stun: fc.boolean(),
  always: fc.boolean(),
  pool: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 30 }),
});

describe("properties", () => {
  it("an attack fed the dice it asks for resolves, within bounds", () => {
    fc.assert(
      fc.property(attackArb, (x) => {
        const base = attackInput();
        const input = attackInput({
          action: x.action,
          attacker: { attribute: x.attribute, skill: x.skill, traumaticWounds: x.traumas },
          weapon: { kind: x.action === "melee" ? "melee" : "ranged", damage: { dice: x.dice, faces: 6, flat: 0 }, stun: x.stun, alwaysTraumatic: x.always },
          targeting: x.targeting, aim: x.action === "melee" ? 0 : x.aim, called: x.called, range: x.range, defending: x.defending,
          target: { ...base.target, obstacles: { cover: x.cover, missing: x.missing }, armor: Object.fromEntries(AREAS.map((a) => [a, x.armor])) as Record<Area, number> },
        });
        const r = feed(input, x.pool);
        const perCheck = r.burst ? PHASE_STANDARD_RULES.burstMaxHits : 1;
        expect(r.hits).toBeLessThanOrEqual(r.checks.length * perCheck);
        expect(r.landed).toBeLessThanOrEqual(r.hits);
        expect(r.after.flesh).toBeGreaterThanOrEqual(r.before.flesh);
        expect(r.after.stun).toBeGreaterThanOrEqual(r.before.stun);
        if (x.stun) expect(r.after.flesh).toBe(r.before.flesh);
        for (const c of r.checks) {
          expect(c.check.total).toBe(c.check.face + x.attribute + x.skill + r.modifiers.wild + c.aim - x.traumas);
          for (const h of c.hits) {
            if (h.damage) expect(h.damage.afterArmor).toBeGreaterThanOrEqual(0);
            if (h.placement.area) expect([...x.cover, ...x.missing]).not.toContain(h.placement.area);
          }
        }
        if (r.wild) expect([r.called, r.checks.every((c) => c.aim === 0)]).toEqual([null, true]);
      }),
      { numRuns: 400 },
    );
  });

  it("a higher face never does worse (P4, P18)", () => {
    const rank = { miss: 0, partial: 1, hit: 2 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.option(area, { nil: null }), fc.integer({ min: -2, max: 6 }), (face, called, range) => {
        const one = (f: number) => resolveAttack(attackInput({ called, range, dice: { checks: [f], locations: [], damage: [] } })).checks[0]!.result;
        expect(rank[one(face + 1)]).toBeGreaterThanOrEqual(rank[one(face)]);
      }),
    );
  });

  it("drift lands on the called area or its path (P19, P41); burst hits grow with the margin (P22)", () => {
    fc.assert(
      fc.property(area, fc.integer({ min: 0, max: 20 }), fc.uniqueArray(area, { maxLength: 7 }), (called, shortfall, cover) => {
        const p = placeCalledHit(called, shortfall, { cover, missing: [] });
        if (p.area) expect([called, ...driftPath(called)]).toContain(p.area);
        else expect(p.stoppedBy).toBe("cover");
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (m) => {
        expect(burstHits(m + 1)).toBeGreaterThanOrEqual(burstHits(m));
      }),
    );
  });

  it("the clock only moves forward (P1)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_399 }), (p) => {
        const a = phaseClock(p);
        const b = phaseClock(p + 1);
        expect(b.round - a.round).toBeGreaterThanOrEqual(0);
        expect(b.turn - a.turn).toBeGreaterThanOrEqual(0);
        expect(b.minute - a.minute).toBeGreaterThanOrEqual(0);
        expect(a.round).toBe(Math.ceil(p / 2));
      }),
    );
    expect(ACTION_LENGTHS).toEqual(["free", "phase", "round", "turn", "minute"]);
  });

  it("a phase of random valid declarations resolves; the rounds spent are those its attacks fired (P9, P39)", () => {
    const kinds = ["fire", "burst", "melee", "defend", "targeting", "targetAndFire", "fullAuto", "pass"] as const;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...kinds), { minLength: 2, maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 40 }), (plan, pool) => {
        const ids = plan.map((_, i) => `c${i}`);
        const f = fighters(...ids.map((id) => fighter(id, { weapons: { gun: weapon("gun", { auto: true, ammo: 30 }), knife: weapon("knife", { kind: "melee", skill: "knife" }) } })));
        let s = startPhase(combat(ids), f, {});
        ids.forEach((id, i) => (s = rollInitiativeFor(s, f, id, [1 + (i % 10), 1], i / 100)));
        s = closeInitiative(s);
        for (const id of s.order) {
          const i = ids.indexOf(id);
          const target = ids[(i + 1) % ids.length]!;
          const k = plan[i]!;
          if (k === "pass") s = { ...s, cursor: s.cursor + 1, combatants: s.combatants.map((c) => (c.id === id ? { ...c, slot: "done" as const } : c)) };
          else if (k === "defend") s = declareAction(s, f, id, { action: "defend" });
          else if (k === "targeting") s = declareAction(s, f, id, { action: "targeting", target });
          else s = declareAction(s, f, id, { action: k, weapon: k === "melee" ? "knife" : "gun", target });
        }
        // Feed dice as asked, until the phase resolves.
        const rolls: Record<string, { checks: number[]; locations: number[]; damage: number[][] }> = {};
        let k = 0;
        const next = () => pool[k++ % pool.length]!;
        for (let guard = 0; guard < 500; guard++) {
          const r = resolvePhase(s, f, rolls);
          if (r.status === "resolved") {
            const fired = r.report.groups.flatMap((g) => g.entries).reduce((n, e) => n + (e.outcome.kind === "attack" ? e.outcome.attack.ammoSpent : 0), 0);
            const spent = ids.reduce((n, id) => n + (30 - r.fighters[id]!.weapons.gun!.ammo), 0);
            expect(spent).toBe(fired);
            expect(r.state.phase).toBe(2);
            return;
          }
          for (const need of r.needs) {
            const d = (rolls[need.actor] ??= { checks: [], locations: [], damage: [] });
            if (need.roll === "check") d.checks.push(next());
            else if (need.roll === "location") d.locations.push(next());
            else d.damage.push([1 + (next() % 6), 1 + (next() % 6)]);
          }
        }
        throw new Error("never resolved");
      }),
      { numRuns: 150 },
    );
  });
});
