/**
 * The fight's operations as the table makes them (combat/state.ts): W4's
 * side turn ending once nobody of the acting side is left to act, the exact
 * undo of a fighter downed (W19, W6), and a fighter's operation as the
 * attack card's writes name it (its fighter from the transport, never from
 * the operation). And the ruleset's round seam over the whole fight.
 */
import { describe, expect, it } from "vitest";
import { applyCwnOperation, applyTableOperation, CWN_COMBAT_PATH, fighterOperation } from "../../../src/rulesets/cwn/combat/state.js";
import { createCwnRuleset, fightOf } from "../../../src/rulesets/cwn/ruleset.js";
import { downedRecord, endSideIfDone } from "../../../src/rulesets/cwn/rules/index.js";
import { cwnError } from "./helpers.js";

const sides = [
  { id: "crew", playerCharacters: true, roll: 6, members: [{ id: "mack", dex: 1 }, { id: "vee", dex: 2 }] },
  { id: "gang", playerCharacters: false, roll: 3, morale: 7, members: [{ id: "g1", dex: null }, { id: "g2", dex: null }] },
];
const start = () => applyCwnOperation(null, { kind: "start", sides }).state;

describe("W4: a side's turn ends when every member has acted or passed", () => {
  it("the last member's end of turn ends the side's turn; the next side is up", () => {
    let s = applyTableOperation(start(), { kind: "beginTurn", fighterId: "mack" }).state;
    s = applyTableOperation(s, { kind: "endTurn", fighterId: "mack" }).state;
    expect(s.order[s.current]).toBe("crew");
    const step = applyTableOperation(s, { kind: "pass", fighterId: "vee" });
    expect(step.state.order[step.state.current]).toBe("gang");
    expect(step.events.map((e) => e.kind)).toEqual(["turnEnded", "sideDone", "sideUp"]);
  });

  it("a hold ends the holder's turn too (W37); a member downed is not waited for (W19)", () => {
    let s = applyTableOperation(start(), { kind: "beginTurn", fighterId: "mack" }).state;
    s = applyTableOperation(s, { kind: "act", fighterId: "mack", action: "holdAction" }).state;
    expect(s.order[s.current]).toBe("crew");
    s = applyTableOperation(s, { kind: "downed", fighterId: "vee", state: "mortallyWounded" }).state;
    expect(s.order[s.current]).toBe("gang");
  });

  it("the core's own operations do not end the side (the scripted fights end it explicitly); endSideIfDone leaves a side with someone to act alone", () => {
    let s = applyCwnOperation(start(), { kind: "pass", fighterId: "mack" }).state;
    s = applyCwnOperation(s, { kind: "pass", fighterId: "vee" }).state;
    expect(s.order[s.current]).toBe("crew");
    const fresh = { state: start(), events: [] };
    expect(endSideIfDone(fresh)).toBe(fresh);
  });
});

describe("W19: an undone attack takes back the downed state it set, and only that", () => {
  it("downed and the side's loss this round go back; prone is not touched; Morale is not offered for a loss undone (W6)", () => {
    let s = applyTableOperation(start(), { kind: "beginTurn", fighterId: "mack" }).state;
    const before = downedRecord(s, "g1");
    s = applyTableOperation(s, { kind: "downed", fighterId: "g1", state: "dead" }).state;
    expect(s.sides.gang!.lostThisRound).toEqual(["g1"]);
    s = applyTableOperation(s, { kind: "undoDowned", fighterId: "g1", set: "dead", record: before }).state;
    expect(s.fighters.g1).toMatchObject({ downed: "none", prone: false, holding: false });
    expect(s.sides.gang!.lostThisRound).toEqual([]);
    // A revive by hand (setDowned none) would leave it prone (W35); the undo does not.
    const revived = applyCwnOperation(applyCwnOperation(start(), { kind: "downed", fighterId: "g1", state: "dead" }).state, { kind: "downed", fighterId: "g1", state: "none" }).state;
    expect(revived.fighters.g1!.prone).toBe(true);
  });

  it("a loss counted in a round since ended stays with that round", () => {
    let s = start();
    const before = downedRecord(s, "g1");
    s = applyCwnOperation(s, { kind: "downed", fighterId: "g1", state: "dead" }).state;
    s = applyCwnOperation(s, { kind: "endSideTurn" }).state;
    s = applyCwnOperation(s, { kind: "endSideTurn" }).state;
    expect(s.round).toBe(2);
    s = applyCwnOperation(s, { kind: "undoDowned", fighterId: "g1", set: "dead", record: before }).state;
    expect(s.fighters.g1!.downed).toBe("none");
    expect(s.sides.gang!.lostThisRound).toEqual([]);
  });

  it("a state set since by someone else stays: the undo changes nothing (out-of-order undo)", () => {
    let s = applyTableOperation(start(), { kind: "beginTurn", fighterId: "mack" }).state;
    const before = downedRecord(s, "g1");
    s = applyTableOperation(s, { kind: "downed", fighterId: "g1", state: "dead" }).state;
    s = applyTableOperation(s, { kind: "downed", fighterId: "g1", state: "stunned" }).state;
    const step = applyTableOperation(s, { kind: "undoDowned", fighterId: "g1", set: "dead", record: before });
    expect(step.state).toBe(s);
    expect(step.events).toEqual([]);
  });

  it("W37: a hold going down cut short comes back while its round lasts and the held Main is unused; not in a later round", () => {
    let s = applyTableOperation(start(), { kind: "beginTurn", fighterId: "mack" }).state;
    s = applyTableOperation(s, { kind: "act", fighterId: "mack", action: "holdAction" }).state;
    const before = downedRecord(s, "mack");
    s = applyTableOperation(s, { kind: "downed", fighterId: "mack", state: "mortallyWounded" }).state;
    expect(s.fighters.mack).toMatchObject({ holding: false, main: "held" });
    const now = applyTableOperation(s, { kind: "undoDowned", fighterId: "mack", set: "mortallyWounded", record: before }).state;
    expect(now.fighters.mack).toMatchObject({ downed: "none", holding: true, main: "held" });
    const later = applyCwnOperation(applyCwnOperation(applyCwnOperation(s, { kind: "endSideTurn" }).state, { kind: "endSideTurn" }).state, { kind: "undoDowned", fighterId: "mack", set: "mortallyWounded", record: before }).state;
    expect(later.round).toBe(2);
    expect(later.fighters.mack).toMatchObject({ downed: "none", holding: false, main: "unspent" });
  });
});

describe("the round seam over the whole fight", () => {
  const ruleset = createCwnRuleset();
  const combatWith = (state: unknown) => ({ id: "c1", flags: { cychosys: { cwnCombat: state } }, update: async () => undefined });

  it("read gives the whole fight for any combatant; apply acts for the combatant the transport names, never one the operation names", () => {
    const combat = combatWith(JSON.parse(JSON.stringify(start())));
    const ref = { combat, combatant: { id: "vee" } };
    const state = ruleset.round.read(ref);
    expect(state).toEqual(fightOf(combat));
    const forged = { kind: "act", action: "totalDefense", fighterId: "g1" };
    const next = ruleset.round.apply(state, forged, ref) as ReturnType<typeof start>;
    expect(next.fighters.vee!.effects.map((e) => e.kind)).toEqual(["totalDefense"]);
    expect(next.fighters.g1!.effects).toEqual([]);
    expect(ruleset.round.scope).toBe("combat");
    const update = ruleset.round.update(ref, next);
    expect(Object.keys(update).every((k) => k.startsWith(CWN_COMBAT_PATH))).toBe(true);
    expect(Object.keys(update)).toContain(`${CWN_COMBAT_PATH}.fighters.vee.effects`);
  });

  it("without a fight on the combat an operation is refused with the reason (no fight yet)", () => {
    const ref = { combat: combatWith(undefined), combatant: { id: "vee" } };
    expect(ruleset.round.read(ref)).toBeNull();
    cwnError(() => ruleset.round.apply(null, { kind: "act", action: "run" }, ref), "noFight");
  });

  it("a fighter's operations map to the fight's with the fighter handed in", () => {
    expect(fighterOperation({ kind: "spendScreen" }, "vee")).toEqual({ kind: "spendScreens", screenerIds: ["vee"] });
    expect(fighterOperation({ kind: "downed", state: "dead" }, "g1")).toEqual({ kind: "downed", fighterId: "g1", state: "dead" });
    expect(fighterOperation({ kind: "finishSwarm", swarmId: 3 }, "g1")).toEqual({ kind: "finishSwarm", swarmId: 3 });
  });
});
