/**
 * The GURPS round state on the combat (combat/round-state.ts): one reader
 * that reads anything malformed as fresh, operations that are the core's
 * transitions, and the combat update that stores only what changed.
 */
import { describe, expect, it } from "vitest";
import { applyGurpsRoundOperation, gurpsRoundUpdate, isGurpsRound, readGurpsRound } from "../../../src/rulesets/gurps/combat/round-state.js";
import { freshItem, newFighterRound, NO_DEFENSE_USE } from "../../../src/rulesets/gurps/rules/index.js";
import { gurpsError } from "./helpers.js";

const ref = (rounds: Record<string, unknown>) => ({ combat: { id: "c1", flags: { cychosys: { rounds } }, update: async () => undefined }, combatant: { id: "cb1" } });
/** Apply a Foundry-style update (set paths and `-=` deletions) to a plain object, as the server would. */
function applyUpdate(target: Record<string, any>, update: Record<string, unknown>) {
  for (const [path, value] of Object.entries(update)) {
    const parts = path.split(".");
    let node = target;
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    const last = parts.at(-1)!;
    if (last.startsWith("-=")) delete node[last.slice(2)];
    else node[last] = structuredClone(value);
  }
}

describe("the GURPS round on the combat", () => {
  it("a missing or malformed entry reads as a fresh round: Do Nothing, standing (G10)", () => {
    expect(readGurpsRound(ref({}))).toEqual(newFighterRound());
    const forged = { ...newFighterRound(), shock: -3 };
    expect(isGurpsRound(forged)).toBe(false);
    expect(readGurpsRound(ref({ cb1: forged }))).toEqual(newFighterRound());
    expect(readGurpsRound(ref({ cb1: { ...newFighterRound(), extra: 1 } }))).toEqual(newFighterRound());
    expect(readGurpsRound(ref({ cb1: { ...newFighterRound(), maneuver: { id: "teleport" } } }))).toEqual(newFighterRound());
    expect(readGurpsRound(ref({ cb1: { ...newFighterRound(), items: { "bad key": freshItem() } } }))).toEqual(newFighterRound());
  });

  it("operations are the core's transitions, and refuse what the rules refuse (G19)", () => {
    let s = applyGurpsRoundOperation(newFighterRound({ sword: freshItem({ ready: true }) }), { kind: "startTurn", hp: 12, currentHp: 12, ht: 11 });
    s = applyGurpsRoundOperation(s, { kind: "maneuver", choice: { id: "allOutDefense", aodOption: "increasedParry" }, facts: {} });
    s = applyGurpsRoundOperation(s, { kind: "defense", used: { ...NO_DEFENSE_USE, retreatAgainst: "louis" }, parried: ["sword"] });
    expect([s.maneuver.id, s.used.retreatAgainst, s.items.sword!.parries]).toEqual(["allOutDefense", "louis", 1]);
    // G10: one maneuver a turn — a second choice on the same turn is refused (it would build Aim or Evaluate twice).
    gurpsError(() => applyGurpsRoundOperation(s, { kind: "maneuver", choice: { id: "attack" }, facts: {} }), "maneuverChosen");
    const stunned = applyGurpsRoundOperation({ ...s, stun: "physical" as const }, { kind: "startTurn", hp: 12, currentHp: 12, ht: 11 });
    gurpsError(() => applyGurpsRoundOperation(stunned, { kind: "maneuver", choice: { id: "attack" }, facts: { stunned: "physical" } }), "maneuverNotAllowed");
  });

  it("stores only what changed, deletes stale keys, and reads back what it stored", () => {
    const before = newFighterRound({ sword: freshItem({ ready: true }), bow: freshItem() });
    const flags: Record<string, any> = { cychosys: { rounds: { cb1: structuredClone(before) } } };
    const after = { ...applyGurpsRoundOperation(before, { kind: "posture", posture: "kneeling", crouching: false }), items: { sword: before.items.sword! } };
    const update = gurpsRoundUpdate({ combat: { id: "c1", flags, update: async () => undefined }, combatant: { id: "cb1" } }, after);
    expect(update).toEqual({ "flags.cychosys.rounds.cb1.posture": "kneeling", "flags.cychosys.rounds.cb1.items.-=bow": null });
    const stored = { flags };
    applyUpdate(stored, update);
    expect(readGurpsRound(ref(stored.flags.cychosys.rounds))).toEqual(after);
    expect(() => gurpsRoundUpdate({ combat: { id: "c1", flags, update: async () => undefined }, combatant: { id: "a.b" } }, after)).toThrow(TypeError);
  });
});
