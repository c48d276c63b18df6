/** The whole fight as pure transitions: sides and initiative (W2, W3), turns (W4), round end (W5), Morale (W6), swarms (W24), screens (W26). */
import { describe, expect, it } from "vitest";
import {
  act, actingSide, beginTurn, checkMorale, type CwnSideSetup, endSideTurn, endTurn, finishSwarm, joinCombat, moraleDue, orderSides, passTurn,
  readySwarm, resolveMorale, setDowned, sideOf, spendScreens, startCwnCombat,
} from "../../../src/rulesets/cwn/rules/index.js";
import { cwnError } from "./helpers.js";

const side = (id: string, playerCharacters: boolean, roll: number, members: string[], patch: Partial<CwnSideSetup> = {}): CwnSideSetup => ({
  id, playerCharacters, roll, members: members.map((m) => ({ id: m, dex: 0 })), ...patch,
});

describe("initiative (W3)", () => {
  it("W3: highest first; PCs win ties; two non-player sides tied re-roll between them (1d8 + the same best Dex)", () => {
    const a = { id: "a", playerCharacters: false, total: 5, dex: 0 };
    const b = { id: "b", playerCharacters: false, total: 5, dex: 1 };
    const pcs = { id: "pcs", playerCharacters: true, total: 5, dex: 0 };
    expect(orderSides([a, b, pcs])).toEqual({ order: ["pcs", "a", "b"], owed: [["a", "b"]] });
    expect(orderSides([{ ...a, tieRolls: [3] }, { ...b, tieRolls: [3] }]).order).toEqual(["b", "a"]); // 3 + 1 beats 3 + 0
    expect(orderSides([{ ...a, tieRolls: [4, 6] }, { ...b, tieRolls: [3, 2] }])).toEqual({ order: ["a", "b"], owed: [] }); // 4 vs 4, then 6 + 0 beats 2 + 1
    expect(orderSides([{ ...a, tieRolls: [4] }, { ...b, tieRolls: [3, 2] }]).owed).toEqual([["a", "b"]]); // still tied after the rolls both gave
    cwnError(() => startCwnCombat([side("a", false, 5, ["x"]), side("b", false, 5, ["y"])]), "tieRollsNeeded", '"a", "b"');
    cwnError(() => orderSides([a, { ...a }]), "duplicateId");
    cwnError(() => orderSides([{ ...a, tieRolls: [9] }]), "dieFace", 8);
  });

  it("W3: members without attributes count 0; ids are unique across sides and members", () => {
    const s = startCwnCombat([{ id: "npcs", playerCharacters: false, roll: 4, members: [{ id: "x", dex: null }, { id: "y", dex: -1 }] }, side("pcs", true, 1, ["p"])]);
    expect(s.state.sides.npcs!.initiative).toEqual({ roll: 4, dex: 0, total: 4 });
    cwnError(() => startCwnCombat([side("a", true, 1, ["x"]), side("b", false, 2, ["x"])]), "duplicateId", '"x"');
  });
});

describe("surprise (W2) and turns (W4, W5)", () => {
  it("W2: the side not surprised acts through a free round 0; the surprised side is skipped, its members cannot act", () => {
    let s = startCwnCombat([side("ambush", false, 2, ["g1"]), side("crew", true, 7, ["mack"], { surprised: true })]);
    expect(s.state.round).toBe(0);
    expect(s.state.order).toEqual(["crew", "ambush"]); // the order the roll gives, used for the free round
    expect(actingSide(s.state)!.id).toBe("ambush");
    cwnError(() => act(s.state, "mack", "totalDefense"), "surprised");
    expect(act(s.state, "mack", "dropItem").events[0]).toMatchObject({ kind: "acted", paid: ["instant"] });
    s = endSideTurn(s.state);
    expect(s.events.map((e) => e.kind)).toEqual(["turnEnded", "sideDone", "roundEnded", "roundStarted", "sideUp"]);
    expect(s.state.round).toBe(1);
    expect(actingSide(s.state)!.id).toBe("crew");
    expect(beginTurn(s.state, "mack").state.fighters.mack!.turn).toBe("acting");
  });

  it("W4: only members of the acting side start a turn, in any order; the side's end passes who did not act", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a", "b", "c"]), side("gang", false, 2, ["g"])]);
    cwnError(() => beginTurn(s.state, "g"), "notThisSidesTurn", '"gang"');
    s = beginTurn(s.state, "c");
    s = beginTurn(s.state, "a");
    s = endTurn(s.state, "c");
    s = passTurn(s.state, "b");
    cwnError(() => passTurn(s.state, "b"), "turnAlreadyTaken");
    cwnError(() => passTurn(s.state, "g"), "notThisSidesTurn");
    s = endSideTurn(s.state);
    expect(s.events[0]).toEqual({ kind: "turnEnded", fighterId: "a", forfeited: ["main", "move"] });
    expect(s.state.sides.crew!.done).toBe(true);
    expect(actingSide(s.state)!.id).toBe("gang");
    expect(sideOf(s.state, "g").id).toBe("gang");
    cwnError(() => sideOf(s.state, "nobody"), "unknownFighter");
  });

  it("W5: after the last side the round ends and the next starts with the first; a side with nobody able is skipped", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a"]), side("gang", false, 2, ["g1", "g2"]), side("dogs", false, 1, ["d"])]);
    s = setDowned(s.state, "d", "dead");
    s = endSideTurn(s.state);
    s = endSideTurn(s.state);
    expect(s.events.map((e) => e.kind)).toEqual(["turnEnded", "turnEnded", "sideDone", "roundEnded", "roundStarted", "sideUp"]);
    expect([s.state.round, actingSide(s.state)!.id]).toEqual([2, "crew"]);
    expect(s.state.fighters.a).toMatchObject({ round: 2, turn: "pending", main: "unspent" });
    cwnError(() => beginTurn(s.state, "d"), "notThisSidesTurn");
  });

  it("nobody able to act anywhere: no side is up and ending a side's turn is refused", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a"]), side("gang", false, 2, ["g"])]);
    s = setDowned(s.state, "a", "unconscious");
    s = setDowned(s.state, "g", "dead");
    s = endSideTurn(s.state);
    expect(actingSide(s.state)).toBeNull();
    cwnError(() => endSideTurn(s.state), "combatOver");
  });
});

describe("Morale (W6)", () => {
  it("W6: 2d6 above the score breaks the group", () => {
    expect(checkMorale([4, 5], 8)).toEqual({ roll: 9, score: 8, broken: true });
    expect(checkMorale([4, 4], 8)).toEqual({ roll: 8, score: 8, broken: false });
    cwnError(() => checkMorale([4], 8), "facesCount");
    expect(moraleDue({ playerCharacters: false, members: 4, down: 2, lostThisRound: 0 })).toBe(true);
    expect(moraleDue({ playerCharacters: false, members: 4, down: 1, lostThisRound: 0 })).toBe(false);
    expect(moraleDue({ playerCharacters: false, members: 4, down: 1, lostThisRound: 1 })).toBe(true);
    expect(moraleDue({ playerCharacters: true, members: 4, down: 4, lostThisRound: 4 })).toBe(false);
  });

  it("W6: offered at the end of a non-player side's turn after a loss this round; checked, skipped, never for PCs", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a", "b"]), side("gang", false, 2, ["g1", "g2", "g3"], { morale: 7 })]);
    s = setDowned(s.state, "g1", "dead");
    expect(s.events).toEqual([{ kind: "downed", fighterId: "g1", state: "dead" }]);
    s = setDowned(s.state, "b", "mortallyWounded");
    s = endSideTurn(s.state); // crew: no Morale, though it lost a member
    expect(s.events.some((e) => e.kind === "moraleDue")).toBe(false);
    cwnError(() => resolveMorale(s.state, "gang", [1, 1]), "noMoraleDue");
    cwnError(() => resolveMorale(s.state, "crew", [1, 1]), "notNonPlayerSide");
    const ended = endSideTurn(s.state);
    expect(ended.events).toContainEqual({ kind: "moraleDue", sideId: "gang" });
    const broken = resolveMorale(ended.state, "gang", [4, 4]);
    expect(broken.state.sides.gang!.morale).toEqual({ score: 7, status: "broken", roll: 8 });
    expect(resolveMorale(ended.state, "gang", null).state.sides.gang!.morale.status).toBe("skipped");
    cwnError(() => resolveMorale(ended.state, "nobody", null), "unknownSide");
    // The next round, no new loss and a third down: not due again.
    expect(ended.state.sides.gang!.lostThisRound).toEqual([]);
  });

  it("W19/W35: a revived fighter stands again but prone; its loss still counted this round", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a"]), side("gang", false, 2, ["g"])]);
    s = setDowned(s.state, "a", "unconscious");
    s = setDowned(s.state, "a", "none");
    expect(s.state.fighters.a).toMatchObject({ downed: "none", prone: true });
    expect(s.state.sides.crew!.lostThisRound).toEqual(["a"]);
  });
});

describe("swarms (W24) and screens (W26) in the fight", () => {
  it("W24: a swarm left open is ready at the end of the side's turn; the blow made, it is gone", () => {
    let s = startCwnCombat([side("gang", false, 7, ["g1", "g2", "g3"]), side("crew", true, 2, ["a"])]);
    s = beginTurn(s.state, "g1");
    cwnError(() => act(s.state, "g1", "swarmAttack"), "swarmUnknown");
    s = act(s.state, "g1", "swarmAttack", { targetId: "a" });
    s = beginTurn(s.state, "g2");
    s = act(s.state, "g2", "swarmAttack", { targetId: "a" });
    expect(s.state.swarms).toEqual([{ id: 1, sideId: "gang", targetId: "a", round: 1, participants: ["g1", "g2"], status: "open" }]);
    cwnError(() => act(s.state, "g2", "swarmAttack", { targetId: "a" }), "mainSpent");
    const ended = endSideTurn(s.state);
    expect(ended.events).toContainEqual({ kind: "swarmReady", swarmId: 1 });
    expect(ended.state.swarms[0]!.status).toBe("ready");
    expect(finishSwarm(ended.state, 1).state.swarms).toEqual([]);
    cwnError(() => finishSwarm(ended.state, 9), "swarmUnknown");
    expect(readySwarm(s.state, 1).state.swarms[0]!.status).toBe("ready");
  });

  it("W26: screening uses are spent one per roll and refused when none is left", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a", "b"]), side("gang", false, 2, ["g"])]);
    s = beginTurn(s.state, "a");
    s = act(s.state, "a", "screenAlly", { highestSkill: 1, allyId: "b" });
    s = spendScreens(s.state, ["a"]);
    expect(s.events).toEqual([{ kind: "screenSpent", fighterId: "a", usesLeft: 0 }]);
    cwnError(() => spendScreens(s.state, ["a"]), "screenNoUses", '"a"');
    cwnError(() => spendScreens(s.state, ["b"]), "screenNoUses");
  });

  it("W12: running away from adjacent foes without a withdrawal gives them free attacks", () => {
    let s = startCwnCombat([side("crew", true, 7, ["a"]), side("gang", false, 2, ["g1", "g2"])]);
    s = beginTurn(s.state, "a");
    const foes = [{ id: "g1", canAttack: true, armed: true }, { id: "g2", canAttack: true, armed: false }];
    expect(act(s.state, "a", "run", { metres: 10, adjacentEnemies: foes }).events).toContainEqual({ kind: "freeAttacks", fighterId: "a", by: ["g1", "g2"] });
    const w = act(s.state, "a", "fightingWithdrawal");
    expect(act(w.state, "a", "run", { metres: 10, adjacentEnemies: foes }).events.some((e) => e.kind === "freeAttacks")).toBe(false);
  });
});

describe("a side joining mid-fight (W3)", () => {
  it("W3: it rolls and is slotted in; ahead of the acting side it waits for the next round, behind it acts this round", () => {
    const start = startCwnCombat([side("crew", true, 5, ["a"]), side("gang", false, 2, ["g"])]);
    const turn = endSideTurn(start.state); // gang acting
    const fast = joinCombat(turn.state, side("cops", false, 8, ["c1"]));
    expect(fast.state.order).toEqual(["cops", "crew", "gang"]);
    expect(actingSide(fast.state)!.id).toBe("gang");
    expect(fast.state.fighters.c1).toMatchObject({ turn: "done", main: "forfeit" });
    const next = endSideTurn(fast.state);
    expect(actingSide(next.state)!.id).toBe("cops");
    const slow = joinCombat(start.state, side("dogs", false, 1, ["d1"]));
    expect(slow.state.order).toEqual(["crew", "gang", "dogs"]);
    expect(slow.state.fighters.d1!.turn).toBe("pending");
    cwnError(() => joinCombat(start.state, side("gang", false, 1, ["z"])), "duplicateId");
    cwnError(() => joinCombat(start.state, side("x", false, 2, ["q"])), "tieRollsNeeded");
  });
});
