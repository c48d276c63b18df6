/** The OpenD6 tracker's pure parts by rule id: facts, initiative from faces, the order, round and turn start. */
import { describe, expect, it } from "vitest";
import { d6CombatantFacts } from "../../../src/rulesets/d6/combat/facts.js";
import { actingTieEnd, d6OrderUpdate, d6TurnOrder, initiativeCode, readD6Order, readInitiative, roundStartState, turnStartState, withCharacterPoint } from "../../../src/rulesets/d6/combat/tracker-plan.js";
import { applyD6RoundOperation, type D6RoundState } from "../../../src/rulesets/d6/combat/round-state.js";
import { D6Error, newCombatantRound, parseDieCode } from "../../../src/rulesets/d6/rules/index.js";

const actor = (system: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: "a1", type: "d6Character", hasPlayerOwner: true, system, ...extra });
const facts = (system: Record<string, unknown>, extra: Record<string, unknown> = {}, round = 1) => d6CombatantFacts({ id: "c1", name: "Mara", actor: actor(system, extra) }, round);
const fresh = (round = 1): D6RoundState => ({ round: newCombatantRound(round) });

describe("facts (D6, D8, D9, D37)", () => {
  it("D8: the derived bonus, else 0; D6: derived Perception, else the stored code", () => {
    expect(facts({ attributes: { perception: "3D+1" } })).toMatchObject({ perception: { dice: 3, pips: 1 }, initiativeBonus: 0 });
    expect(facts({ attributes: { perception: "3D" }, derived: { initiativeBonus: 2, attributes: { perception: { dice: 4, pips: 2 } } } })).toMatchObject({ perception: { dice: 4, pips: 2 }, initiativeBonus: 2 });
  });
  it("D37: the stored level read by the core (derived data is not read for it); malformed reads as unhurt", () => {
    expect(facts({ wounds: { level: "wounded", untilRound: 0 }, derived: { wound: { level: "none", penaltyDice: 0, unableToAct: false } } }).wound).toEqual({ level: "wounded", penaltyDice: 1, unableToAct: false });
    expect(facts({ wounds: { level: "severelyWounded", untilRound: 0 } }).wound).toMatchObject({ level: "severelyWounded", penaltyDice: 2 });
    expect(facts({ wounds: { level: "<b>x</b>" } }).wound.level).toBe("none");
    expect(facts({ attributes: { perception: "nonsense" } }).perception).toEqual({ dice: 0, pips: 0 });
  });
  it("D7/D6: a player's character is a player character; a creature no player owns groups by its actor", () => {
    expect(facts({}).playerCharacter).toBe(true);
    const creature = d6CombatantFacts({ id: "t1", name: "Thug", actorId: "thug", actor: { id: "thug", type: "d6Creature", hasPlayerOwner: false, system: {} } }, 1);
    expect(creature).toMatchObject({ playerCharacter: false, playerOwned: false, groupKey: "thug" });
  });
});

describe("initiative from the faces (D6, D9, D37)", () => {
  it("D6/D8: Perception with its Wild Die + the bonus; D37: wound dice come off the code", () => {
    const f = facts({ attributes: { perception: "3D+1" }, derived: { initiativeBonus: 1 } });
    expect(readInitiative(f, { dice: [2, 3], wild: [4] }, 1)).toMatchObject({ total: 11, exploded: false, complication: false, code: { dice: 3, pips: 1 } });
    const hurt = facts({ attributes: { perception: "3D" }, wounds: { level: "wounded" } });
    expect(initiativeCode(hurt)).toEqual(parseDieCode("2D"));
    expect(() => readInitiative(hurt, { dice: [2, 3], wild: [4] }, 1)).toThrow(D6Error); // three faces for a 2D code
  });
  it("D2: a Wild Die 6 rolls again (marked); a first face of 1 is a complication (marked)", () => {
    const f = facts({ attributes: { perception: "2D" } });
    expect(readInitiative(f, { dice: [3], wild: [6, 2] }, 1)).toMatchObject({ total: 11, exploded: true });
    expect(readInitiative(f, { dice: [3], wild: [1] }, 1).complication).toBe(true);
  });
  it("the core refuses faces that do not fit: out of range, a broken chain", () => {
    const f = facts({ attributes: { perception: "2D" } });
    expect(() => readInitiative(f, { dice: [7], wild: [2] }, 1)).toThrow(D6Error);
    expect(() => readInitiative(f, { dice: [3], wild: [5, 2] }, 1)).toThrow(D6Error);
  });
  it("D9: a Character Point adds one more Wild Die chain (6 rolls again; a 1 counts 1)", () => {
    const f = facts({ attributes: { perception: "2D" }, derived: { initiativeBonus: 1 } });
    const first = readInitiative(f, { dice: [3], wild: [4] }, 1);
    expect(first.total).toBe(8);
    const more = withCharacterPoint(first, [6, 1]);
    expect(more).toMatchObject({ total: 15, characterPointDice: [[6, 1]] });
    expect(withCharacterPoint(more, [1]).total).toBe(16);
    expect(() => withCharacterPoint(first, [6])).toThrow(D6Error);
  });
});

const entry = (id: string, total: number | null, pc = false, extra: Record<string, unknown> = {}) => ({
  id,
  facts: { playerCharacter: pc },
  state: total === null ? fresh() : { ...fresh(), initiative: { round: 1, total, playerCharacter: pc, ...extra } },
});

describe("the round's order (D5–D7)", () => {
  const order = (overrides: Record<string, number> = {}) => ({ round: 1, set: false, overrides });
  it("D6: highest first; D7: ties act simultaneously, player characters first", () => {
    const turns = d6TurnOrder([entry("a", 9), entry("b", 12), entry("c", 12, true), entry("d", 4)], order());
    expect(turns.map((t) => t.id)).toEqual(["c", "b", "a", "d"]);
    expect(turns.map((t) => t.simultaneous)).toEqual([true, true, false, false]);
  });
  it("D5: the GM's place for the round; D6: not rolled this round goes last", () => {
    const turns = d6TurnOrder([entry("a", 9), entry("b", 12), entry("x", null), entry("c", 3)], order({ c: 0 }));
    expect(turns.map((t) => t.id)).toEqual(["c", "b", "a", "x"]);
    expect(turns[0]).toMatchObject({ overridden: true });
    expect(turns[3]).toMatchObject({ unrolled: true });
  });
  it("a last round's total is not this round's", () => {
    const old = { ...entry("a", 20), state: { ...fresh(), initiative: { round: 0, total: 20, playerCharacter: false } } };
    expect(d6TurnOrder([old, entry("b", 5)], order()).map((t) => t.id)).toEqual(["b", "a"]);
  });
  it("the order state: a stale or malformed one reads fresh; updates only what changed", () => {
    expect(readD6Order({ cychosys: { d6Order: { round: 1, set: true, overrides: { a: 2, b: -1, c: "x" } } } }, 1)).toEqual({ round: 1, set: true, overrides: { a: 2 } });
    expect(readD6Order({ cychosys: { d6Order: { round: 1, set: true, overrides: {} } } }, 2)).toEqual({ round: 2, set: false, overrides: {} });
    expect(d6OrderUpdate({ cychosys: { d6Order: { round: 1, set: false, overrides: {} } } }, { round: 1, set: true, overrides: {} })).toEqual({ "flags.cychosys.d6Order.set": true });
  });
});

describe("round and turn start (D6, D11, D18)", () => {
  const dodge = { skill: "dodge" as const, mode: "partial" as const, roll: 12, total: 12 };
  it("D6/D11: a new round clears initiative and the declared actions; D18: defenses stay until the owner's turn", () => {
    let s: D6RoundState = { ...fresh(), initiative: { round: 1, total: 9, playerCharacter: true } };
    s = applyD6RoundOperation(s, { kind: "declare", actions: 2 });
    s = applyD6RoundOperation(s, { kind: "defense", defense: dodge });
    const next = roundStartState(s, 2);
    expect(next.initiative).toBeUndefined();
    expect(next.round).toMatchObject({ round: 2, declared: null, used: 0 });
    expect(next.round.defenses).toHaveLength(1);
    expect(turnStartState(next).round.defenses).toEqual([]);
  });
  it("D15/D18: after a moved-up declaration the turn's start keeps a defense taken since", () => {
    let s = applyD6RoundOperation(fresh(2), { kind: "declare", actions: 2, movedUp: true });
    s = applyD6RoundOperation(s, { kind: "defense", defense: dodge });
    expect(turnStartState(s)).toBe(s);
  });
});

describe("D37: the tracker's facts read the stored wounds in the round", () => {
  it("a Stunned that lasted to the end of round 2 costs no initiative die in round 3, whatever derived data says", () => {
    const system = { wounds: { level: "stunned", untilRound: 2 }, derived: { wound: { level: "stunned", penaltyDice: 1, unableToAct: false } } };
    expect(facts(system, {}, 2).wound.penaltyDice).toBe(1);
    expect(facts(system, {}, 3).wound).toEqual({ level: "none", penaltyDice: 0, unableToAct: false });
  });
});

describe("D7: a tie's effects wait for its last turn", () => {
  const turn = (id: string, tieGroup: number, simultaneous: boolean, unrolled = false) => ({ id, total: 14, playerCharacter: false, group: null, overridden: false, tieGroup, simultaneous, unrolled });
  // Seed check 13: two totals of 14 act simultaneously; then a lone 9.
  const turns = [turn("kira", 0, true), turn("thug", 0, true), turn("lookout", 1, false)];

  it("while the tie acts (its first or last turn), each of its combatants' effects wait for the tie's last turn", () => {
    expect(actingTieEnd(turns, 0, "kira")?.id).toBe("thug");
    expect(actingTieEnd(turns, 1, "kira")?.id).toBe("thug");
    expect(actingTieEnd(turns, 0, "thug")?.id).toBe("thug");
  });

  it("no wait once the tie's turns are over, for a combatant acting alone, before the combat's turns begin, or for someone unknown", () => {
    expect(actingTieEnd(turns, 2, "kira")).toBeNull();
    expect(actingTieEnd(turns, 2, "lookout")).toBeNull();
    expect(actingTieEnd(turns, null, "kira")).toBeNull();
    expect(actingTieEnd(turns, 0, "ghost")).toBeNull();
    expect(actingTieEnd([turn("a", 0, true, true), turn("b", 0, true, true)], 0, "a")).toBeNull();
  });
});
