/**
 * The phase ledger and the tracker's requests on it (the GM's side, pure):
 * the seed's Leroy and Earl through the requests each player sends, who may
 * ask what, the strict reader of the stored ledger, combatants joining and
 * leaving, and the card's operations with their exact undo.
 */
import { describe, expect, it } from "vitest";
import { PhaseTableError } from "../../../src/rulesets/phase/combat/errors.js";
import { applyLedgerOperation, ledgerOrNull, newLedger, readLedger, surpriseOutstanding, syncCombatants } from "../../../src/rulesets/phase/combat/ledger.js";
import { planTrackerRequest } from "../../../src/rulesets/phase/combat/tracker-plan.js";
import { PhaseError } from "../../../src/rulesets/phase/rules/index.js";
import { EARLS, GM, LEROYS, NOBODY, play, seedFighters, seedLedger, seedMidDeclaration } from "./table-helpers.js";
import { thrownBy } from "../../helpers/thrown.js";

const f = seedFighters();
const tableError = (fn: () => unknown, code: string) => {
  expect(thrownBy(fn, PhaseTableError).code).toBe(code);
};

describe("the tracker's requests on the ledger (P5–P7, P11)", () => {
  it("P2/P11: a new combat starts at phase 1; with nobody surprised initiative opens at once", () => {
    const l = play(seedLedger(), f, []);
    expect(l.state).toMatchObject({ phase: 1, step: "start" });
    const started = play(seedLedger(), f, [[LEROYS, { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] }]]);
    // startWhenReady ran on the first change: the phase is in its initiative step.
    expect(started.state.step).toBe("initiative");
    expect(started.revision).toBe(1);
  });

  it("seed checks 1–3 (P5, P7, P13): Leroy 16, Earl 21 → Leroy first; Earl's fastdraw readies his pistol as his free action, then he declares Targeting on Leroy's head", () => {
    const l = seedMidDeclaration();
    expect(l.state.order).toEqual(["leroy", "earl"]);
    expect(l.state.combatants.find((c) => c.id === "leroy")!.action).toMatchObject({ action: "draw", weapon: "pistol", resolvesAt: 1 });
    const free = planTrackerRequest(l, { kind: "phaseFree", combatId: "combat1", combatantId: "earl", action: "draw", weapon: "pistol", face: 6 }, EARLS, f, () => 0.5);
    // 6 + Reflexes 5 + fastdraw 2 = 13 ≥ 10: the draw is free and the pistol is ready now (P7).
    expect(free.readied).toEqual([{ combatantId: "earl", weaponId: "pistol", ready: true }]);
    const after = play(free.ledger, f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head" }]]);
    expect(after.state.combatants.find((c) => c.id === "earl")!.action).toMatchObject({ action: "targeting", target: "leroy", area: "head" });
    expect(after.revision).toBe(l.revision + 2);
  });

  it("only the owner (or the GM) works a combatant's slot; the phase's steps and the marks are the GM's", () => {
    const l = seedMidDeclaration();
    tableError(() => planTrackerRequest(l, { kind: "phasePass", combatId: "combat1", combatantId: "earl" }, LEROYS, f, () => 0.5), "notYours");
    tableError(() => planTrackerRequest(l, { kind: "phasePass", combatId: "combat1", combatantId: "earl" }, NOBODY, f, () => 0.5), "notYours");
    tableError(() => planTrackerRequest(l, { kind: "phaseCloseInitiative", combatId: "combat1" }, EARLS, f, () => 0.5), "gmOnly");
    tableError(() => planTrackerRequest(l, { kind: "phaseAwareness", combatId: "combat1", combatantId: "earl", aware: false }, EARLS, f, () => 0.5), "gmOnly");
    tableError(() => planTrackerRequest(l, { kind: "phaseRestart", combatId: "combat1", phase: 1 }, EARLS, f, () => 0.5), "gmOnly");
    expect(planTrackerRequest(l, { kind: "phasePass", combatId: "combat1", combatantId: "earl" }, GM, f, () => 0.5).ledger.state.cursor).toBe(2);
    // The core still decides: Leroy's slot is over.
    expect(() => planTrackerRequest(l, { kind: "phasePass", combatId: "combat1", combatantId: "leroy" }, LEROYS, f, () => 0.5)).toThrow(PhaseError);
  });

  it("P3/P40: a surprised character's d10 is kept until every roller's is in; then the phase starts with the rolls", () => {
    let l = play(seedLedger(), f, [
      [GM, { kind: "phaseAwareness", combatantId: "leroy", aware: false }],
      [GM, { kind: "phaseAwareness", combatantId: "mo", aware: false }],
      [GM, { kind: "phaseWitness", combatantIds: ["leroy", "mo"], extraPhases: 0 }],
    ]);
    expect(l.state.step).toBe("initiative");
    // Surprised at phase 1: they roll from phase 3 (P40). Jump there as a restart would not keep them; play two empty phases.
    for (let i = 0; i < 2; i++) {
      l = play(l, f, [[GM, { kind: "phaseCloseInitiative" }]]);
      const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: `card${i}` }, f);
      l = applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: `card${i}`, rolls: {} }, f);
    }
    expect(l.state).toMatchObject({ phase: 3, step: "start" });
    expect(surpriseOutstanding(l)).toEqual(["leroy", "mo"]);
    tableError(() => planTrackerRequest(l, { kind: "phaseSurprise", combatId: "combat1", combatantId: "earl", face: 5 }, EARLS, f, () => 0.5), "surpriseNotDue");
    l = play(l, f, [[LEROYS, { kind: "phaseSurprise", combatantId: "leroy", face: 4 }]]);
    expect(l.state.step).toBe("start");
    tableError(() => planTrackerRequest(l, { kind: "phaseSurprise", combatId: "combat1", combatantId: "leroy", face: 9 }, LEROYS, f, () => 0.5), "surpriseTwice");
    expect(() => planTrackerRequest(l, { kind: "phaseSurprise", combatId: "combat1", combatantId: "mo", face: 11 }, GM, f, () => 0.5)).toThrow(PhaseError);
    l = play(l, f, [[GM, { kind: "phaseSurprise", combatantId: "mo", face: 9 }]]);
    // Leroy 4 + 4 = 8 ≥ 8 joins; Mo 9 + 2 = 11 joins (P3).
    expect(l.state.step).toBe("initiative");
    expect(l.state.events.filter((e) => e.kind === "surpriseRoll").map((e) => [e.actor, e.kind === "surpriseRoll" && e.success])).toEqual([["leroy", true], ["mo", true]]);
    expect(l.surprise).toEqual({});
  });

  it("P9: while a card resolves the phase's end nothing else changes; the GM may start the record again", () => {
    const l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phasePass", combatantId: "earl" }]]);
    const resolving = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "card1" }, f);
    tableError(() => planTrackerRequest(resolving, { kind: "phaseDistract", combatId: "combat1", combatantId: "earl" }, GM, f, () => 0.5), "resolving");
    const restarted = planTrackerRequest(resolving, { kind: "phaseRestart", combatId: "combat1", phase: 7 }, GM, f, () => 0.5).ledger;
    expect(restarted).toMatchObject({ revision: resolving.revision + 1, resolving: null, state: { phase: 7, step: "initiative" } });
    tableError(() => planTrackerRequest(null, { kind: "phasePass", combatId: "combat1", combatantId: "earl" }, GM, f, () => 0.5), "noLedger");
  });
});

describe("the card's operations (P9, P11 steps 4–5) and the exact undo", () => {
  const ready = () => play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head" }]]);

  it("seed check 4: begin, then the phase end resolves Leroy's draw and Earl's Targeting together; phase 2 opens", () => {
    const l = ready();
    const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "card1" }, f);
    expect(begun).toMatchObject({ revision: l.revision + 1, resolving: { flowId: "card1" } });
    const ended = applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "card1", rolls: {} }, f);
    expect(ended.state).toMatchObject({ phase: 2, step: "initiative" });
    expect(ended.state.combatants.find((c) => c.id === "earl")!.targeting).toEqual({ target: "leroy", area: "head" });
    expect(ended.previous).toMatchObject({ revision: begun.revision, resolving: { flowId: "card1" } });
    const undone = applyLedgerOperation(ended, { kind: "phaseUndo", revision: ended.revision, flowId: "card1" }, f);
    expect(undone).toEqual({ ...begun, revision: ended.revision + 1 });
  });

  it("a stale card, a second begin, another card's flow, a phase that moved on: refused, nothing changes", () => {
    const l = ready();
    tableError(() => applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision - 1, flowId: "card1" }, f), "stale");
    const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "card1" }, f);
    tableError(() => applyLedgerOperation(begun, { kind: "beginResolve", basis: begun.revision, flowId: "card2" }, f), "resolving");
    tableError(() => applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "card2", rolls: {} }, f), "notResolving");
    const ended = applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "card1", rolls: {} }, f);
    const moved = play(ended, f, [[LEROYS, { kind: "phaseInitiative", combatantId: "leroy", faces: [1, 1] }]]);
    tableError(() => applyLedgerOperation(moved, { kind: "phaseUndo", revision: ended.revision, flowId: "card1" }, f), "stale");
    tableError(() => applyLedgerOperation(null, { kind: "phaseUndo", revision: 3, flowId: "card1" }, f), "noLedger");
    const aborted = applyLedgerOperation(begun, { kind: "abortResolve", basis: begun.revision, flowId: "card1" }, f);
    expect(aborted.resolving).toBeNull();
    expect(aborted.state).toEqual(begun.state);
  });

  it("an attack still lacking dice cannot end the phase", () => {
    let l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phasePass", combatantId: "earl" }]]);
    l = play(newLedger("combat1", ["leroy", "mo"].map((id) => ({ id }))), f, [
      [GM, { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] }],
      [GM, { kind: "phaseCloseInitiative" }],
      [GM, { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" }],
    ]);
    const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "c" }, f);
    tableError(() => applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "c", rolls: {} }, f), "rollsMissing");
  });
});

describe("the stored ledger, read strictly", () => {
  it("round-trips through JSON; a forged or damaged field is refused with its path", () => {
    const l = ready2();
    expect(readLedger(JSON.parse(JSON.stringify(l)))).toEqual(l);
    const broken = (mutate: (o: any) => void) => {
      const o = JSON.parse(JSON.stringify(l));
      mutate(o);
      return ledgerOrNull(o);
    };
    expect(broken((o) => (o.revision = -1))).toBeNull();
    expect(broken((o) => (o.surprise = { ghost: 4 }))).toBeNull();
    expect(broken((o) => (o.surprise = { leroy: 11 }))).toBeNull();
    expect(broken((o) => (o.state.combatants[0].action.action = "teleport"))).toBeNull();
    expect(broken((o) => (o.resolving = { flowId: "a b" }))).toBeNull();
    expect(broken((o) => (o.extra = 1))).toBeNull();
    expect(broken((o) => (o.version = 2))).toBeNull();
    expect(() => readLedger({ ...JSON.parse(JSON.stringify(l)), revision: "7" })).toThrow(/ledger\.revision/);
  });

  it("combatants joining and leaving: the newcomer is aware without a slot; the one who left takes its slot and every aim at it away", () => {
    let l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy" }]]);
    const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "c" }, f);
    l = applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "c", rolls: {} }, f);
    l = play(l, f, [
      [LEROYS, { kind: "phaseInitiative", combatantId: "leroy", faces: [1, 1] }],
      [EARLS, { kind: "phaseInitiative", combatantId: "earl", faces: [9, 9] }],
      [GM, { kind: "phaseCloseInitiative" }],
      [LEROYS, { kind: "phasePass", combatantId: "leroy" }],
    ]);
    expect(l.state.cursor).toBe(1);
    const synced = syncCombatants(l, ["earl", "mo", "zed"]);
    expect(synced.state.combatants.map((c) => c.id)).toEqual(["earl", "mo", "zed"]);
    expect(synced.state.order).toEqual(["earl"]);
    expect(synced.state.cursor).toBe(0);
    expect(synced.state.combatants.find((c) => c.id === "earl")!.targeting).toBeNull();
    expect(synced.state.combatants.find((c) => c.id === "zed")).toMatchObject({ slot: "none", awareness: { state: "aware" } });
    expect(readLedger(JSON.parse(JSON.stringify(synced)))).toEqual(synced);
    expect(syncCombatants(synced, ["earl", "mo", "zed"])).toBe(synced);
  });
});

function ready2() {
  return play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head" }]]);
}
