/** Property tests of the CWN rules core (fast-check), each naming the rules it checks. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  act, applyHarm, beginTurn, CWN_ACTION_IDS, CwnError, type CwnWeapon, cwnOutcomeJson, endSideTurn, endTurn, orderSides, parseDice, passTurn,
  resolveCwnAttack, setDowned, startCwnCombat, swarmBonus, takeAction, newFighterRound, beginFighterTurn, type CwnActionId,
} from "../../../src/rulesets/cwn/rules/index.js";

const arbDice = fc.record({ count: fc.integer({ min: 1, max: 3 }), faces: fc.constantFrom(2, 4, 6, 8, 10, 12), flat: fc.integer({ min: -2, max: 3 }) });
const arbWeapon: fc.Arbitrary<CwnWeapon> = fc.record({
  kind: fc.constantFrom("melee" as const, "ranged" as const, "thrown" as const),
  damage: arbDice,
  attributes: fc.constantFrom(["str"] as const, ["dex"] as const, ["str", "dex"] as const).map((a) => [...a]),
  skill: fc.constantFrom("punch" as const, "stab" as const, "shoot" as const),
  shock: fc.option(fc.record({ damage: fc.integer({ min: 0, max: 5 }), ac: fc.integer({ min: 10, max: 18 }) }), { nil: null }),
  traumaDie: fc.option(arbDice, { nil: null }),
  traumaRating: fc.integer({ min: 1, max: 4 }),
  twoHanded: fc.boolean(),
  unarmed: fc.constant(false),
  bodyWeapon: fc.constant(false),
});
const facesOf = (d: { count: number; faces: number }) => fc.array(fc.integer({ min: 1, max: d.faces }), { minLength: d.count, maxLength: d.count });

/** A whole attack with every die given. */
const arbAttack = arbWeapon.chain((weapon) =>
  fc.record({
    action: fc.constantFrom("attack" as const, "snap" as const, "charge" as const, "swarm" as const),
    attacker: fc.record({
      playerCharacter: fc.boolean(),
      baseHitBonus: fc.integer({ min: -2, max: 10 }),
      attributes: fc.record({ str: fc.integer({ min: -2, max: 2 }), dex: fc.integer({ min: -2, max: 2 }) }),
      skills: fc.record({ stab: fc.integer({ min: -1, max: 4 }), shoot: fc.integer({ min: -1, max: 4 }), punch: fc.integer({ min: -1, max: 4 }) }),
      weapon: fc.constant(weapon),
      damageBonus: fc.integer({ min: -2, max: 3 }),
      shockBonus: fc.integer({ min: -2, max: 3 }),
    }),
    defender: fc.record({
      playerCharacter: fc.boolean(),
      ac: fc.record({ melee: fc.integer({ min: 8, max: 22 }), ranged: fc.integer({ min: 8, max: 22 }) }),
      hp: fc.integer({ min: 0, max: 40 }),
      soak: fc.integer({ min: 0, max: 10 }),
      traumaTarget: fc.integer({ min: 2, max: 10 }),
      totalDefense: fc.boolean(),
      charging: fc.boolean(),
      shockImmune: fc.boolean(),
      prone: fc.boolean(),
    }),
    adjacentFoe: fc.constantFrom("none" as const, "fists" as const, "armed" as const),
    charge: fc.record({ metres: fc.integer({ min: 0, max: 30 }) }),
    swarm: fc.integer({ min: 1, max: 5 }).chain((participants) => fc.record({ participants: fc.constant(participants), standing: fc.integer({ min: 1, max: participants }) })),
    lethal: fc.boolean(),
    roll: fc.integer({ min: 1, max: 20 }),
    traumaDice: weapon.traumaDie ? facesOf(weapon.traumaDie) : fc.constant([] as number[]),
    damageDice: facesOf(weapon.damage),
  }),
);

describe("one attack (W13–W19, W24, W39)", () => {
  it("W39: never throws on valid input, and its JSON holds no undefined", () => {
    fc.assert(
      fc.property(arbAttack, (input) => {
        const res = resolveCwnAttack(input);
        expect(JSON.parse(JSON.stringify(cwnOutcomeJson(res)))).toEqual(cwnOutcomeJson(res));
        expect(res.owed).toEqual([]);
      }),
    );
  });

  it("W13/W14: the total is the d20 plus its parts; a hit is a natural 20, or a total at least the AC without a natural 1", () => {
    fc.assert(
      fc.property(arbAttack, (input) => {
        const res = resolveCwnAttack(input);
        if (res.refused) return;
        const roll = res.hitRoll!;
        expect(roll.total).toBe(roll.natural + roll.parts.reduce((s, p) => s + p.value, 0));
        expect(res.hit).toBe(roll.natural === 20 || (roll.natural !== 1 && roll.total >= res.ac!.total));
      }),
    );
  });

  it("W14: a better d20 never turns a hit into a miss", () => {
    fc.assert(
      fc.property(arbAttack, fc.integer({ min: 1, max: 19 }), (input, bump) => {
        const low = resolveCwnAttack(input);
        const high = resolveCwnAttack({ ...input, roll: Math.min(20, input.roll + bump) });
        if (low.hit) expect(high.hit).toBe(true);
      }),
    );
  });

  it("W16/W17/W24: damage is at least 0 and the floor; a Traumatic Hit multiplies; a swarm's bonus never passes the blow's maximum", () => {
    fc.assert(
      fc.property(arbAttack, (input) => {
        const res = resolveCwnAttack(input);
        const d = res.damage;
        if (!d) return;
        expect(d.total).toBeGreaterThanOrEqual(Math.max(0, d.floor));
        expect(d.afterTrauma).toBe(d.beforeTrauma * (res.trauma?.traumatic ? input.attacker.weapon.traumaRating : 1));
        expect(d.floor).toBe(res.shock!.amount);
        if (d.swarmCap !== null) {
          expect(d.swarm).toBeLessThanOrEqual(d.swarmBonus);
          if (d.swarm > 0) expect(d.beforeTrauma).toBeLessThanOrEqual(d.swarmCap);
        }
      }),
    );
  });

  it("W18/W27: Total Defense always stops Shock; without a swarm a too-high AC does too", () => {
    fc.assert(
      fc.property(arbAttack, (input) => {
        const res = resolveCwnAttack(input);
        if (!res.shock) return;
        if (input.defender.totalDefense) expect(res.shock.amount).toBe(0);
        if (input.action !== "swarm" && input.attacker.weapon.shock && input.attacker.weapon.shock.ac < res.ac!.total) expect(res.shock.amount).toBe(0);
      }),
    );
  });

  it("W19: every point of damage is soaked, lost from hit points, or past 0; nothing goes below 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: -5, max: 80 }), fc.boolean(), (hp, soak, damage, lethal) => {
        const h = applyHarm({ hp, soak, playerCharacter: false }, damage, lethal);
        expect(h.hpAfter).toBeGreaterThanOrEqual(0);
        expect(h.soakAfter).toBeGreaterThanOrEqual(0);
        if (!h.alreadyDown) expect(h.soaked + h.hpLost + h.overflow).toBe(Math.max(0, damage));
        expect(h.downed !== null).toBe(hp > 0 && h.hpAfter === 0);
      }),
    );
  });

  it("W24: the swarm bonus grows with the survivors and stops at +6 / +3", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (n) => {
        const a = swarmBonus(n);
        const b = swarmBonus(n + 1);
        expect(b.hit).toBeGreaterThanOrEqual(a.hit);
        expect(b.damage).toBeGreaterThanOrEqual(a.damage);
        expect(b.hit).toBeLessThanOrEqual(6);
        expect(b.damage).toBeLessThanOrEqual(3);
      }),
    );
    expect(parseDice("1d8").faces).toBe(8);
  });
});

describe("the round (W7–W37)", () => {
  const arbAction = fc.constantFrom(...CWN_ACTION_IDS);
  it("W7: whatever the sequence of actions, at most one Main and one Move a turn (the Main as a Move counted once); refusals are CwnErrors", () => {
    fc.assert(
      fc.property(fc.array(arbAction, { maxLength: 20 }), fc.boolean(), (actions, beforeTurn) => {
        let f = newFighterRound(1, { canSnap: true });
        if (!beforeTurn) f = beginFighterTurn(f);
        for (const a of actions) {
          try {
            f = takeAction(f, a as CwnActionId, { metres: 3, highestSkill: 2, allyId: "x", reload: "bow", quiverReadied: true, shootLevel: 1 });
          } catch (error) {
            expect(error).toBeInstanceOf(CwnError);
          }
        }
        const paid = f.log.flatMap((l) => l.paid);
        expect(paid.filter((p) => p === "main").length).toBeLessThanOrEqual(1);
        expect(paid.filter((p) => p === "move").length).toBeLessThanOrEqual(1);
        expect(f.moves).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("W3: the side order is a permutation, highest total first", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), playerCharacters: fc.boolean(), total: fc.integer({ min: -1, max: 10 }), dex: fc.integer({ min: -1, max: 2 }) }), { selector: (e) => e.id, maxLength: 6 }), (entries) => {
        const { order } = orderSides(entries);
        expect([...order].sort()).toEqual(entries.map((e) => e.id).sort());
        const totals = order.map((id) => entries.find((e) => e.id === id)!.total);
        expect(totals).toEqual([...totals].sort((x, y) => y - x));
      }),
    );
  });

  it("W4/W5: random scripts never throw anything but a refusal, and the round only goes forward", () => {
    const arbStep = fc.oneof(
      fc.record({ kind: fc.constant("begin"), who: fc.constantFrom("a", "b", "g1", "g2") }),
      fc.record({ kind: fc.constant("end"), who: fc.constantFrom("a", "b", "g1", "g2") }),
      fc.record({ kind: fc.constant("pass"), who: fc.constantFrom("a", "b", "g1", "g2") }),
      fc.record({ kind: fc.constant("side") }),
      fc.record({ kind: fc.constant("down"), who: fc.constantFrom("a", "b", "g1", "g2") }),
      fc.record({ kind: fc.constant("act"), who: fc.constantFrom("a", "b", "g1", "g2"), action: arbAction }),
    );
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 40 }), (steps) => {
        let state = startCwnCombat([
          { id: "crew", playerCharacters: true, roll: 5, members: [{ id: "a", dex: 1 }, { id: "b", dex: 0 }] },
          { id: "gang", playerCharacters: false, roll: 3, members: [{ id: "g1", dex: null }, { id: "g2", dex: null }] },
        ]).state;
        for (const s of steps) {
          const round = state.round;
          try {
            if (s.kind === "begin") state = beginTurn(state, s.who).state;
            else if (s.kind === "end") state = endTurn(state, s.who).state;
            else if (s.kind === "pass") state = passTurn(state, s.who).state;
            else if (s.kind === "side") state = endSideTurn(state).state;
            else if (s.kind === "down") state = setDowned(state, s.who, "unconscious").state;
            else state = act(state, s.who, s.action as CwnActionId, { metres: 2, targetId: s.who === "a" ? "g1" : "a", highestSkill: 1, allyId: "b" }).state;
          } catch (error) {
            expect(error).toBeInstanceOf(CwnError);
          }
          expect(state.round).toBeGreaterThanOrEqual(round);
        }
      }),
    );
  });
});
