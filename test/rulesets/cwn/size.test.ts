/**
 * Nothing fails silently at size (issue 20): the fight stored on the combat
 * (combat/state.ts) holds at least 1,000 combatants and as many sides as a
 * GM can make of them (one each), through the rounds and the actions that
 * grow it (a free action's log, tie rolls, swarms); whatever is stored reads
 * back. Where a limit remains (CWN_FIGHT_LIMITS), reaching it is refused
 * with a message that names it, before anything is written, and the stored
 * fight is left as it was.
 */
import { describe, expect, it } from "vitest";
import { applyTableOperation, CWN_FIGHT_LIMITS, type CwnCombatOperation, readCwnCombat } from "../../../src/rulesets/cwn/combat/state.js";
import { plannedSides, readCwnSetup, sideSetup, startOwed, type CwnCombatantFacts } from "../../../src/rulesets/cwn/combat/tracker-plan.js";
import type { CwnCombatState, CwnSideSetup } from "../../../src/rulesets/cwn/rules/combat.js";
import { cwnError } from "./helpers.js";

/** What the combat stores is JSON; what it gives back is read through the one reader. */
const stored = (state: CwnCombatState) => JSON.parse(JSON.stringify(state)) as unknown;
const readBack = (state: CwnCombatState) => readCwnCombat(stored(state));
const play = (state: CwnCombatState, ...ops: CwnCombatOperation[]) => ops.reduce((s, op) => applyTableOperation(s, op).state, state);

/** `n` fighters in two sides (the crew and a horde). */
function twoSides(n: number): CwnSideSetup[] {
  const members = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ id: `f${from + i}`, dex: (from + i) % 3 }));
  return [
    { id: "crew", playerCharacters: true, roll: 8, members: members(0, 4) },
    { id: "horde", playerCharacters: false, roll: 3, morale: 8, members: members(4, n) },
  ];
}

/** `n` sides of one fighter each, every tie broken by the side's own tie rolls (W3: base-8 digits of its number). */
function oneEach(n: number): CwnSideSetup[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `side-${i}`,
    playerCharacters: i === 0,
    roll: 1 + (i % 8),
    tieRolls: [0, 1, 2, 3].map((d) => 1 + (Math.floor(i / 8 ** d) % 8)),
    morale: 8,
    members: [{ id: `f${i}`, dex: 0 }],
  }));
}

describe("a fight of 1,000 combatants reads back (issue 20)", () => {
  it("1,000 fighters in two sides: started, every fighter's turn and the next round — each state stored reads back whole", () => {
    let state = applyTableOperation(null, { kind: "start", sides: twoSides(1000) }).state;
    expect(Object.keys(state.fighters)).toHaveLength(1000);
    expect(readBack(state)).toEqual(state);
    state = play(state, { kind: "endSideTurn" });
    state = play(state, ...Array.from({ length: 50 }, (_, i) => ({ kind: "pass", fighterId: `f${4 + i}` }) as const));
    expect(readBack(state)).toEqual(state);
    state = play(state, { kind: "endSideTurn" });
    expect(state.round).toBe(2);
    expect(readBack(state)).toEqual(state);
  });

  it("1,000 sides of one (any number of sides a GM can make): the order is kept, sides take their turns, the round turns, the fight reads back", () => {
    let state = applyTableOperation(null, { kind: "start", sides: oneEach(1000) }).state;
    expect(state.order).toHaveLength(1000);
    expect(readBack(state)).toEqual(state);
    for (let i = 0; i < 10; i++) state = play(state, { kind: "endSideTurn" });
    expect(state.current).toBe(10);
    expect(readBack(state)).toEqual(state);
    // The last side's turn (the 989 before it taken as these 10 were): its end turns the round.
    const done = Object.fromEntries(state.order.map((id) => [id, { ...state.sides[id]!, done: true }]));
    state = play({ ...state, current: 999, sides: done }, { kind: "endSideTurn" });
    expect(state.round).toBe(2);
    expect(state.order[state.current]).toBe(state.order[0]);
    expect(readBack(state)).toEqual(state);
  });

  it("a side of 1,000 swarming, losing members and arriving mid-fight: still read back (W3, W6, W24)", () => {
    let state = applyTableOperation(null, { kind: "start", sides: twoSides(1000) }).state;
    state = play(state, { kind: "endSideTurn" });
    // Four swarms of four, one on each of the crew (W24: four at most on one target).
    for (let i = 4; i < 20; i++) state = play(state, { kind: "beginTurn", fighterId: `f${i}` }, { kind: "act", fighterId: `f${i}`, action: "swarmAttack", context: { targetId: `f${i % 4}` } });
    for (let i = 20; i < 70; i++) state = play(state, { kind: "downed", fighterId: `f${i}`, state: "dead" });
    state = play(state, { kind: "join", side: { id: "late", playerCharacters: false, roll: 1, morale: 8, members: Array.from({ length: 100 }, (_, i) => ({ id: `late${i}`, dex: 0 })) } });
    expect(Object.keys(state.fighters)).toHaveLength(1100);
    expect(state.swarms.map((w) => w.participants.length)).toEqual([4, 4, 4, 4]);
    expect(state.sides.horde!.lostThisRound).toHaveLength(50);
    expect(readBack(state)).toEqual(state);
  });

  it("a fighter's free actions any number of times in a round (W11): the round keeps its latest, and the fight reads back", () => {
    let state = applyTableOperation(null, { kind: "start", sides: twoSides(10) }).state;
    for (let i = 0; i < 200; i++) state = play(state, { kind: "act", fighterId: "f0", action: "otherInstant", context: { label: `shout ${i}` } });
    const log = state.fighters.f0!.log;
    expect(log).toHaveLength(CWN_FIGHT_LIMITS.logKept);
    expect(log.at(-1)).toMatchObject({ action: "otherInstant", label: "shout 199" });
    expect(readBack(state)).toEqual(state);
  });

  it("sides tied again and again keep every tie roll the start may roll (W3)", () => {
    const sides: CwnSideSetup[] = [
      { id: "a", playerCharacters: false, roll: 4, tieRolls: [...Array(CWN_FIGHT_LIMITS.tieRolls - 1).fill(5), 8], members: [{ id: "x", dex: 0 }] },
      { id: "b", playerCharacters: false, roll: 4, tieRolls: [...Array(CWN_FIGHT_LIMITS.tieRolls - 1).fill(5), 1], members: [{ id: "y", dex: 0 }] },
    ];
    const state = applyTableOperation(null, { kind: "start", sides }).state;
    expect(state.order).toEqual(["a", "b"]);
    expect(readBack(state)).toEqual(state);
  });

  it("the plan before the fight: 1,000 combatants each the GM's own group, 500 of them surprised, every roll in — the setup reads back", () => {
    const facts: CwnCombatantFacts[] = Array.from({ length: 1000 }, (_, i) => ({ id: `f${i}`, name: `F${i}`, playerOwned: false, disposition: -1, dex: 0, canSnap: false, downed: "none", morale: 8 }));
    const setup = {
      groups: Object.fromEntries(facts.map((f, i) => [f.id, `g${i}`])),
      surprised: Array.from({ length: 500 }, (_, i) => `g${i}`),
      rolls: Object.fromEntries(oneEach(1000).map((s, i) => [`g${i}`, { roll: s.roll, tieRolls: [...s.tieRolls!] }])),
    };
    expect(readCwnSetup(JSON.parse(JSON.stringify(setup)))).toEqual(setup);
    const sides = plannedSides(facts, setup);
    expect(sides).toHaveLength(1000);
    expect(startOwed(sides)).toEqual({ rolls: [], ties: [] });
    const state = applyTableOperation(null, { kind: "start", sides: sides.map((s) => sideSetup(s)) }).state;
    expect(readBack(state)).toEqual(state);
  });
});

describe("a limit reached is refused with its name, and nothing stored is lost", () => {
  it("past the last round the fight can count: refused, the stored fight unchanged", () => {
    const state = { ...applyTableOperation(null, { kind: "start", sides: twoSides(6) }).state, round: CWN_FIGHT_LIMITS.round };
    const before = JSON.stringify(state);
    const error = cwnError(() => play(state, { kind: "endSideTurn" }, { kind: "endSideTurn" }), "tooManyRounds", "Nothing was changed");
    expect(error.params).toEqual({ limit: CWN_FIGHT_LIMITS.round });
    expect(JSON.stringify(state)).toBe(before);
    expect(readBack(state)).toEqual(state);
  });

  it("more fighters than the fight holds: the start, or a side's arrival, is refused naming the limit", () => {
    const many = twoSides(CWN_FIGHT_LIMITS.fighters + 1);
    cwnError(() => applyTableOperation(null, { kind: "start", sides: many }), "tooManyFighters", `at most ${CWN_FIGHT_LIMITS.fighters} fighters`, `${CWN_FIGHT_LIMITS.fighters + 1}`);
    const state = applyTableOperation(null, { kind: "start", sides: twoSides(CWN_FIGHT_LIMITS.fighters) }).state;
    const before = JSON.stringify(state);
    cwnError(() => applyTableOperation(state, { kind: "join", side: { id: "late", playerCharacters: false, roll: 1, members: [{ id: "one-too-many", dex: 0 }] } }), "tooManyFighters");
    expect(JSON.stringify(state)).toBe(before);
  });

  it("anything else the stored fight could not read back is refused before it is written, naming the field", () => {
    const state = applyTableOperation(null, { kind: "start", sides: twoSides(6) }).state;
    const broken = { ...state, sides: { ...state.sides, horde: { ...state.sides.horde!, morale: { ...state.sides.horde!.morale, score: 99 } } } };
    cwnError(() => applyTableOperation(broken, { kind: "endSideTurn" }), "fightUnreadable", "sides.horde.morale.score");
  });
});
