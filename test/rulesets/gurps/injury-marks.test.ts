/**
 * Out-of-order undo on the round (rules/injury-marks.ts, rules/round.ts
 * `undoInjury`): each applied injury claims the fields it set; its undo
 * takes back only its own claims — by delta for the counts (injury since his
 * last turn, death checks rolled, G77, G81), by claim for the rest — and a
 * field changed by anything else is no injury's any more.
 */
import { describe, expect, it } from "vitest";
import { applyGurpsRoundOperation, gurpsRoundUpdate, isGurpsRound, readGurpsRound } from "../../../src/rulesets/gurps/combat/round-state.js";
import {
  claimInjury, freshItem, type GurpsFighterRound, injuryMark, keepInjuryMarks, MAX_MARKS_PER_FIELD, newFighterRound, recordInjury, setPosture, takeBackInjury, undoInjury, type VictimAfter,
} from "../../../src/rulesets/gurps/rules/index.js";

const after = (s: GurpsFighterRound, o: Partial<VictimAfter>): VictimAfter => ({
  hp: 0, fp: 0, injurySinceLastTurn: s.injurySinceLastTurn, shock: 0, reeling: false, stunned: s.stun, posture: s.posture, unconscious: s.unconscious,
  mortallyWounded: s.mortallyWounded, dead: s.dead, deathChecksRolled: s.deathChecksRolled, drLost: 0, aimLost: null, taskBroken: null, ...o,
});

/** One injury applied as the card applies it: the round after, and the marks its undo carries. */
function injure(s: GurpsFighterRound, mark: string, o: Partial<VictimAfter>, caused: string[] = [], unreadyOnFall: string[] = []) {
  const next = recordInjury(s, after(s, o), unreadyOnFall, false, { id: mark, caused });
  return { next, undo: (now: GurpsFighterRound) => undoInjury(now, injuryMark(s), injuryMark(next), mark) };
}

describe("out-of-order undo on the round", () => {
  it("G81: death checks rolled go back by what each injury added — undoing the older of two keeps the newer's", () => {
    const start = newFighterRound();
    const a = injure(start, "A.0", { deathChecksRolled: 1, injurySinceLastTurn: 13 }, ["mortallyWounded"]);
    const b = injure(a.next, "B.0", { deathChecksRolled: 2, injurySinceLastTurn: 25 });
    const older = a.undo(b.next);
    expect([older.deathChecksRolled, older.injurySinceLastTurn]).toEqual([1, 12]);
    expect(b.undo(older)).toEqual(start);
  });

  it("a later blow that knocks him down again (he had got up) keeps him down when the first is undone; both undone in either order: the start", () => {
    const start = newFighterRound({ sword: freshItem({ ready: true }) });
    const a = injure(start, "A.0", { posture: "prone", stunned: "physical" }, ["posture", "stun", "stunDefense"], ["sword"]);
    expect(a.next.items.sword!.ready).toBe(false);
    const up = keepInjuryMarks(a.next, setPosture(a.next, "standing"));
    expect(up.injuryMarks?.posture).toBeUndefined();
    const b = injure(up, "B.0", { posture: "prone", stunned: "physical" }, ["posture", "stun", "stunDefense"], ["sword"]);
    const olderFirst = a.undo(b.next);
    // The newer blow's fall, stun and the ‡ sword it knocks out of his hand stay (G40).
    expect([olderFirst.posture, olderFirst.stun, olderFirst.stunDefense, olderFirst.items.sword!.ready]).toEqual(["prone", "physical", true, false]);
    for (const end of [b.undo(olderFirst), a.undo(b.undo(b.next))]) expect(end).toEqual(start);
  });

  it("a stun that wore off and a sword readied again since are no injury's: the undo leaves them", () => {
    const start = newFighterRound({ sword: freshItem({ ready: true }) });
    const a = injure(start, "A.0", { stunned: "physical", posture: "prone" }, ["stun", "stunDefense", "posture"], ["sword"]);
    const recovered = keepInjuryMarks(a.next, { ...a.next, stun: null, items: { sword: { ...a.next.items.sword!, ready: true } } });
    expect(Object.keys(recovered.injuryMarks ?? {}).sort()).toEqual(["posture", "stunDefense"]);
    const undone = a.undo(recovered);
    expect([undone.stun, undone.items.sword!.ready, undone.posture, undone.stunDefense]).toEqual([null, true, "standing", false]);
    expect(undone.injuryMarks).toBeUndefined();
  });

  it("a field claimed more than MAX_MARKS_PER_FIELD times folds its oldest claims, never drops one unseen: undoing all returns to the start", () => {
    let s = newFighterRound();
    const marks: string[] = [];
    const undos: ((now: GurpsFighterRound) => GurpsFighterRound)[] = [];
    for (let i = 0; i < MAX_MARKS_PER_FIELD + 3; i++) {
      const hit = injure(s, `M${i}.0`, { posture: "prone", injurySinceLastTurn: s.injurySinceLastTurn + 1 }, ["posture"]);
      marks.push(`M${i}.0`);
      undos.push(hit.undo);
      s = hit.next;
    }
    expect(s.injuryMarks!.posture!.length).toBe(MAX_MARKS_PER_FIELD);
    for (const undo of [...undos].reverse()) s = undo(s);
    expect(s).toEqual(newFighterRound());
  });

  it("the stored round keeps the marks and reads them back; marks of a malformed shape read the round as fresh; the stored change drops a mark another write overtook", () => {
    const a = claimInjury(newFighterRound(), { ...newFighterRound(), posture: "prone" }, "A.0");
    expect(isGurpsRound(a)).toBe(true);
    expect(isGurpsRound({ ...a, injuryMarks: { posture: [{ mark: "A.0", before: "flying" }] } })).toBe(false);
    expect(isGurpsRound({ ...a, injuryMarks: { speed: [{ mark: "A.0", before: 1 }] } })).toBe(false);
    const flags: Record<string, any> = { cychosys: { rounds: { cb1: structuredClone(a) } } };
    const ref = { combat: { id: "c1", flags, update: async () => undefined }, combatant: { id: "cb1" } } as never;
    expect(readGurpsRound(ref)).toEqual(a);
    const update = gurpsRoundUpdate(ref, applyGurpsRoundOperation(a, { kind: "changePosture", posture: "kneeling", crouching: false }));
    expect(update).toEqual({ "flags.cychosys.rounds.cb1.posture": "kneeling", "flags.cychosys.rounds.cb1.-=injuryMarks": null });
    expect(takeBackInjury({ ...a, posture: "kneeling" }, "B.0")).toEqual({ ...a, posture: "kneeling" });
  });
});
