/** The fight as stored on the combat (readCwnCombat), the operations the tracker calls, and the tracker's view. */
import { describe, expect, it } from "vitest";
import { applyCwnOperation, type CwnCombatOperation, readCwnCombat } from "../../../src/rulesets/cwn/combat/state.js";
import { cwnTrackerView } from "../../../src/rulesets/cwn/combat/tracker-view.js";
import { CwnError } from "../../../src/rulesets/cwn/rules/index.js";

const sides = [
  { id: "crew", playerCharacters: true, roll: 6, members: [{ id: "mack", dex: 1 }, { id: "vee", dex: 2 }] },
  { id: "gang", playerCharacters: false, roll: 3, morale: 7, members: [{ id: "g1", dex: null }, { id: "g2", dex: null }] },
];

function play(ops: CwnCombatOperation[]) {
  let state = applyCwnOperation(null, { kind: "start", sides }).state;
  for (const op of ops) state = applyCwnOperation(state, op).state;
  return state;
}

describe("the stored fight", () => {
  it("reads back what the operations wrote, as a fresh copy", () => {
    const state = play([{ kind: "beginTurn", fighterId: "mack" }, { kind: "act", fighterId: "mack", action: "totalDefense" }]);
    const stored = JSON.parse(JSON.stringify(state));
    const read = readCwnCombat(stored);
    expect(read).toEqual(state);
    expect(read).not.toBe(stored);
  });

  it.each([
    ["not an object", () => 7],
    ["an unknown field", (s: any) => ((s.extra = 1), s)], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a fighter with two Moves' worth of states", (s: any) => ((s.fighters.mack.moves = 3), s)], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["an order missing a side", (s: any) => ((s.order = ["crew"]), s)], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a member with no fighter", (s: any) => (delete s.fighters.g2, s)], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a fighter in no side", (s: any) => ((s.fighters.ghost = s.fighters.g2), s)], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a bad id", (s: any) => ((s.sides.crew.members[0] = "mack\u202e"), s)], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a swarm of five", (s: any) => ((s.swarms = [{ id: 1, sideId: "gang", targetId: "mack", round: 1, participants: ["g1", "g2", "g1", "g2", "g1"], status: "open" }]), s)], // eslint-disable-line @typescript-eslint/no-explicit-any
  ])("anything malformed reads as null: %s", (_name, spoil) => {
    const stored = JSON.parse(JSON.stringify(play([])));
    expect(readCwnCombat(spoil(stored))).toBeNull();
  });

  it("operations refuse with the core's reasons; one without a fight is a programming error", () => {
    const state = play([]);
    expect(() => applyCwnOperation(state, { kind: "beginTurn", fighterId: "g1" })).toThrow(CwnError);
    expect(() => applyCwnOperation(null, { kind: "endSideTurn" })).toThrow(TypeError);
  });
});

describe("the tracker's view", () => {
  it("groups fighters by side in order, with what each has left and its states until when (W3, W4, W7, W25–W27)", () => {
    const state = play([
      { kind: "beginTurn", fighterId: "mack" },
      { kind: "act", fighterId: "mack", action: "charge", context: { metres: 8 } },
      { kind: "act", fighterId: "vee", action: "totalDefense" },
      { kind: "downed", fighterId: "g2", state: "dead" },
    ]);
    const view = cwnTrackerView(state);
    expect(view.sides.map((s) => [s.id, s.total, s.status])).toEqual([["crew", 8, "acting"], ["gang", 3, "pending"]]);
    const [mack, vee] = view.sides[0]!.fighters;
    expect(mack).toMatchObject({ turn: "acting", left: { main: false, move: false, instantMain: false, onTurn: true }, states: [{ kind: "charging", until: 2 }], acModifier: -2 });
    expect(vee).toMatchObject({ turn: "pending", left: { main: false, move: false, instantMain: false }, states: [{ kind: "totalDefense", until: 2 }], acModifier: 2, shockImmune: true });
    expect(view.sides[1]!.fighters[1]!.downed).toBe("dead");
    const next = applyCwnOperation(state, { kind: "endSideTurn" }).state;
    const after = cwnTrackerView(applyCwnOperation(next, { kind: "endSideTurn" }).state);
    expect(after.round).toBe(2);
    expect(after.sides[1]).toMatchObject({ status: "pending", morale: "due" });
  });

  it("a surprised side is shown skipped in the free round (W2)", () => {
    const state = applyCwnOperation(null, { kind: "start", sides: [{ ...sides[0]!, surprised: true }, sides[1]!] }).state;
    const view = cwnTrackerView(state);
    expect(view.surpriseRound).toBe(true);
    expect(view.sides.map((s) => s.status)).toEqual(["skipped", "acting"]);
  });
});
