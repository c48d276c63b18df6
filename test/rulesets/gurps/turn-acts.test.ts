/**
 * The tracker's acts beside the maneuver, in the pure core: the step spent
 * on kneeling ↔ standing (G11, G15), a task begun under Concentrate or
 * Ready (G29, G89), a Wait's trigger fired out of turn and its end (G31),
 * and the GM's hand on the order (G9 [fixed]).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  beginTask, compareTurnOrder, endWaitAction, fireWait, fireWaitRefusal, type GurpsFighterRound, moveInOrder, newFighterRound, type OrderEntry, placeByKey, startTurn,
  stepPosture, stepPostureRefusal, taskRefusal, chooseManeuver, type ManeuverChoice, recordMove, recordDefense, NO_DEFENSE_USE,
} from "../../../src/rulesets/gurps/rules/index.js";
import { moveLeft, readGurpsOrder, reorderUpdate, withKeys, type GurpsOrderState } from "../../../src/rulesets/gurps/combat/tracker-plan.js";
import { gurpsTaskDialogView, gurpsTrackerRowView } from "../../../src/rulesets/gurps/combat/tracker-view.js";
import { english } from "../../../src/core/messages.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";
import { TURN_ACT_REASONS } from "../../../src/rulesets/gurps/rules/index.js";

const FIGURES = { hp: 12, currentHp: 12, ht: 11 };
/** A fighter whose turn `n` has begun, in `posture`, having chosen `choice` (none: still to choose). */
function onTurn(choice: ManeuverChoice | null, posture: GurpsFighterRound["posture"] = "standing"): GurpsFighterRound {
  const s = { ...startTurn(newFighterRound(), FIGURES).state, posture };
  return choice ? chooseManeuver(s, choice, {}) : s;
}

describe("G15: kneeling ↔ standing as the step of a maneuver with a step", () => {
  it("G15: kneeling, he stands as Attack's step; the step is then spent (no yards left, no second change)", () => {
    const s = onTurn({ id: "attack" }, "kneeling");
    expect(stepPostureRefusal(s, "standing", 5)).toBeNull();
    const stood = stepPosture(s, "standing", 5);
    expect(stood).toMatchObject({ posture: "standing", crouching: false, postureStepTurn: 1 });
    expect(moveLeft(stood, 5).left).toBe(0);
    expect(stepPostureRefusal(stood, "kneeling", 5)).toEqual({ reason: "stepSpent", rule: "G11" });
  });

  it("G15: standing (crouched), he kneels as Evaluate's step; the crouch ends", () => {
    const s = { ...onTurn({ id: "evaluate", targetId: "x" }), crouching: true };
    expect(stepPosture(s, "kneeling", 5)).toMatchObject({ posture: "kneeling", crouching: false });
  });

  it("G15: only kneeling ↔ standing; G11: not after moving, not with no step (Move 0), not under a maneuver without a step (G34)", () => {
    expect(stepPostureRefusal(onTurn({ id: "attack" }, "prone"), "standing", 5)).toEqual({ reason: "kneelStandOnly", rule: "G15" });
    expect(stepPostureRefusal(onTurn({ id: "attack" }, "sitting"), "kneeling", 5)).toEqual({ reason: "kneelStandOnly", rule: "G15" });
    expect(stepPostureRefusal(recordMove(onTurn({ id: "attack" }, "kneeling"), 1, 5), "standing", 5)).toEqual({ reason: "stepSpent", rule: "G11" });
    expect(stepPostureRefusal(onTurn({ id: "attack" }, "kneeling"), "standing", 0)).toEqual({ reason: "noStep", rule: "G15" });
    for (const choice of [{ id: "move" }, { id: "moveAndAttack" }, { id: "allOutAttack", aoaOption: "determined" }, { id: "changePosture" }, { id: "doNothing" }, { id: "aim", targetId: "x", braced: true }] as ManeuverChoice[]) {
      expect(stepPostureRefusal(onTurn(choice, "kneeling"), "standing", 5)?.reason).toBe("noStep");
    }
    for (const choice of [{ id: "ready" }, { id: "concentrate" }, { id: "feint", targetId: "x" }, { id: "allOutDefense", aodOption: "increasedParry" }, { id: "aim", targetId: "x" }] as ManeuverChoice[]) {
      expect(stepPostureRefusal(onTurn(choice, "kneeling"), "standing", 5)).toBeNull();
    }
    expect(stepPostureRefusal(onTurn({ id: "allOutDefense", aodOption: "increasedDodge" }, "kneeling"), "standing", 5)?.reason).toBe("noStep");
  });

  it("G10, G19, G8: not before choosing, not stunned, not knocked out; a step posture change throws with the reason", () => {
    expect(stepPostureRefusal(onTurn(null, "kneeling"), "standing", 5)).toEqual({ reason: "chooseFirst", rule: "G10" });
    expect(stepPostureRefusal({ ...onTurn({ id: "attack" }, "kneeling"), stun: "physical" }, "standing", 5)).toEqual({ reason: "stunned", rule: "G19" });
    expect(stepPostureRefusal({ ...onTurn({ id: "attack" }, "kneeling"), unconscious: true }, "standing", 5)).toEqual({ reason: "cannotAct", rule: "G8" });
    expect(() => stepPosture(onTurn(null, "kneeling"), "standing", 5)).toThrow(/choose this turn's maneuver first/);
  });

  it("G15, G31: a triggered Wait converted to Attack lets him stand as its step, out of turn", () => {
    const waiting = onTurn({ id: "wait", wait: { trigger: "he comes", response: "attack" } }, "kneeling");
    expect(stepPostureRefusal(waiting, "standing", 5)?.reason).toBe("noStep");
    expect(stepPostureRefusal(fireWait(waiting, { myTurn: false }), "standing", 5)).toBeNull();
  });
});

describe("G29, G89: a task begun from the tracker", () => {
  const facts = {};
  it("G89: before choosing, a long action chooses Ready with it and counts its first second; the next turns' Ready count the rest; done, the next choice clears it", () => {
    let s = beginTask(onTurn(null), { name: "Reload", needed: 3, interruptible: true, kind: "ready" }, facts);
    expect(s.maneuver).toEqual({ id: "ready" });
    expect(s.task).toEqual({ name: "Reload", done: 1, needed: 3, interruptible: true, startedTurn: 1 });
    expect(s.actions).toBe(1);
    for (const done of [2, 3]) {
      s = chooseManeuver(startTurn(s, FIGURES).state, { id: "ready" }, facts);
      expect(s.task?.done).toBe(done);
    }
    s = chooseManeuver(startTurn(s, FIGURES).state, { id: "attack" }, facts);
    expect(s.task).toBeNull();
  });

  it("G29: under Concentrate chosen this turn, the task counts this second; G89: another maneuver pauses an interruptible task and ends one that is not", () => {
    const s = beginTask(onTurn({ id: "concentrate" }), { name: "Fireball", needed: 2, interruptible: false, kind: "concentrate" }, facts);
    expect(s.task).toMatchObject({ done: 1, needed: 2, interruptible: false });
    expect(chooseManeuver(startTurn(s, FIGURES).state, { id: "attack" }, facts).task).toBeNull();
    const paused = beginTask(onTurn(null), { name: "Pile rocks", needed: 4, interruptible: true, kind: "ready" }, facts);
    expect(chooseManeuver(startTurn(paused, FIGURES).state, { id: "attack" }, facts).task).toMatchObject({ done: 1 });
  });

  it("G10, G30: one task begun a turn; not under another maneuver chosen this turn, nor a Ready already spent; G19 not stunned; name and seconds bounded", () => {
    const t = { name: "Reload", needed: 2, interruptible: true, kind: "ready" as const };
    const begun = beginTask(onTurn(null), t, facts);
    expect(taskRefusal(begun, t, facts)).toEqual({ reason: "taskBegun", rule: "G10" });
    expect(taskRefusal(onTurn({ id: "attack" }), t, facts)).toEqual({ reason: "taskManeuver", rule: "G89" });
    expect(taskRefusal(onTurn({ id: "attack" }), { ...t, kind: "concentrate" }, facts)).toEqual({ reason: "taskManeuver", rule: "G29" });
    expect(taskRefusal({ ...onTurn({ id: "ready" }), actions: 1 }, t, facts)).toEqual({ reason: "readySpent", rule: "G30" });
    expect(taskRefusal({ ...onTurn(null), stun: "mental" }, t, facts)).toEqual({ reason: "stunned", rule: "G19" });
    expect(taskRefusal(onTurn(null), { ...t, kind: "concentrate" }, { grappled: true, grapplerSt: 14, st: 10 })).toEqual({ reason: "maneuverRefused", rule: "G50" });
    expect(taskRefusal(onTurn(null), { ...t, name: "  " }, facts)?.reason).toBe("taskName");
    expect(taskRefusal(onTurn(null), { ...t, needed: 0 }, facts)?.reason).toBe("taskSeconds");
    expect(taskRefusal(onTurn(null), { ...t, needed: 3601 }, facts)?.reason).toBe("taskSeconds");
    expect(() => beginTask(begun, t, facts)).toThrow(/a task was begun this turn already/);
  });
});

describe("G31: a Wait's trigger fired out of turn", () => {
  const waiting = () => onTurn({ id: "wait", wait: { trigger: "Louis comes within 5 yards", response: "allOutAttack", aoaOption: "determined" } });
  it("G31: fired before his next turn, the Wait becomes its response and he acts; done, he acts no more but the maneuver stays for his defenses", () => {
    const fired = fireWait(waiting(), { myTurn: false });
    expect(fired).toMatchObject({ maneuver: { id: "allOutAttack", aoaOption: "determined" }, waitTriggered: true });
    const done = endWaitAction(fired);
    expect(done).toMatchObject({ maneuver: { id: "allOutAttack" }, waitTriggered: false });
    expect(() => endWaitAction(done)).toThrow(/not acting on a Wait/);
  });

  it("G31: after a defense while waiting it becomes an Attack, never an All-Out Attack", () => {
    const defended = recordDefense(waiting(), NO_DEFENSE_USE, []);
    expect(fireWait(defended, { myTurn: false }).maneuver).toEqual({ id: "attack" });
  });

  it("G31, G19, G8: fires once, not on his own turn, not without a Wait, not stunned or knocked out", () => {
    expect(fireWaitRefusal(fireWait(waiting(), { myTurn: false }), { myTurn: false })).toEqual({ reason: "notWaiting", rule: "G31" });
    expect(fireWaitRefusal(waiting(), { myTurn: true })).toEqual({ reason: "ownTurn", rule: "G31" });
    expect(fireWaitRefusal(onTurn({ id: "attack" }), { myTurn: false })).toEqual({ reason: "notWaiting", rule: "G31" });
    expect(fireWaitRefusal({ ...waiting(), stun: "physical" }, { myTurn: false })).toEqual({ reason: "stunned", rule: "G19" });
    expect(fireWaitRefusal({ ...waiting(), unconscious: true }, { myTurn: false })).toEqual({ reason: "cannotAct", rule: "G8" });
  });

  it("G31: his next turn's start ends the triggered state", () => {
    expect(startTurn(fireWait(waiting(), { myTurn: false }), FIGURES).state.waitTriggered).toBe(false);
  });
});

describe("G9 [fixed]: the GM's hand on the order", () => {
  const entry = (id: string, basicSpeed: number, dx = 10, draw = 0.5): OrderEntry => ({ id, basicSpeed, dx, draw });
  const four = [entry("a", 7), entry("b", 6), entry("c", 6, 9), entry("d", 5)];

  it("G9: a fighter moved to a place; every fighter then has one and sorts by it, whatever his Basic Speed", () => {
    const moved = moveInOrder(four, "d", 0);
    expect(moved.map((e) => [e.id, e.rank])).toEqual([["d", 0], ["a", 1], ["b", 2], ["c", 3]]);
    expect([...moved].reverse().sort(compareTurnOrder).map((e) => e.id)).toEqual(["d", "a", "b", "c"]);
    expect(moveInOrder(four, "a", 99).map((e) => e.id)).toEqual(["b", "c", "d", "a"]);
  });

  it("G9: a late joiner is slotted among the GM's places by the same key (Basic Speed, DX, draw); the places are renumbered", () => {
    const placed = moveInOrder(four, "d", 0);
    const out = placeByKey(placed, [entry("e", 6, 9.5), entry("f", 1)]);
    expect(out.map((e) => e.id)).toEqual(["e", "d", "a", "b", "c", "f"]);
    expect(out.map((e) => e.rank)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("G9: the order is total with places, without them, and mixed (a malformed store): a sort agrees with every pair", () => {
    const arb = fc.array(fc.record({ basicSpeed: fc.integer({ min: 0, max: 3 }), dx: fc.integer({ min: 8, max: 9 }), draw: fc.constantFrom(0.1, 0.5), rank: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }) }), { maxLength: 12 });
    fc.assert(fc.property(arb, (rows) => {
      const entries = rows.map((r, i) => ({ id: `f${i}`, ...r }));
      const sorted = [...entries].sort((x, y) => compareTurnOrder(x, y) || (x.id < y.id ? -1 : 1));
      for (let i = 1; i < sorted.length; i++) expect(compareTurnOrder(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
    }));
  });

  it("G9: the combat's update keeps the turn with the fighter whose turn it is, and moves his turn's mark with it; nothing when he is in place already", () => {
    const order: GurpsOrderState = { keys: { a: { basicSpeed: 7, dx: 10, draw: 0.5 }, b: { basicSpeed: 6, dx: 10, draw: 0.5 }, c: { basicSpeed: 5, dx: 10, draw: 0.5 } }, acting: "b", ended: false, at: "2.1", interrupt: null };
    const turns = [{ id: "a", basicSpeed: 7, dx: 10 }, { id: "b", basicSpeed: 6, dx: 10 }, { id: "c", basicSpeed: 5, dx: 10 }];
    const update = reorderUpdate(order, turns, { round: 2, turn: 1 }, "c", 0)!;
    expect(update.turn).toBe(2);
    expect(update["flags.cychosys.gurpsOrder.at"]).toBe("2.2");
    const stored = readGurpsOrder({ cychosys: { gurpsOrder: { ...order, keys: { a: { ...order.keys.a, rank: 1 }, b: { ...order.keys.b, rank: 2 }, c: { ...order.keys.c, rank: 0 } }, at: "2.2" } } });
    expect(stored.keys.c).toEqual({ basicSpeed: 5, dx: 10, draw: 0.5, rank: 0 });
    expect(reorderUpdate(stored, turns, { round: 2, turn: 2 }, "c", 0)).toBeNull();
    expect(reorderUpdate(order, turns, { round: 2, turn: 1 }, "nobody", 0)).toBeNull();
  });

  it("G9: a late joiner into a placed order (withKeys) goes before the first placed fighter his key beats; a malformed place is dropped on reading", () => {
    const placed: GurpsOrderState = { keys: { a: { basicSpeed: 7, dx: 10, draw: 0.5, rank: 0 }, b: { basicSpeed: 5, dx: 10, draw: 0.5, rank: 1 } }, acting: null, ended: false, at: null, interrupt: null };
    const joined = withKeys(placed, [{ id: "c", basicSpeed: 6, dx: 10 }], () => 0.5);
    expect(Object.entries(joined.keys).map(([id, k]) => [id, k.rank])).toEqual([["a", 0], ["b", 2], ["c", 1]]);
    // The GM put the slower one first: Basic Speed 6 beats a's 5 at once.
    const swapped: GurpsOrderState = { ...placed, keys: { a: { ...placed.keys.a!, basicSpeed: 5 }, b: { ...placed.keys.b!, basicSpeed: 7 } } };
    expect(Object.entries(withKeys(swapped, [{ id: "c", basicSpeed: 6, dx: 10 }], () => 0.5).keys).map(([id, k]) => [id, k.rank])).toEqual([["a", 1], ["b", 2], ["c", 0]]);
    expect(readGurpsOrder({ cychosys: { gurpsOrder: { keys: { a: { basicSpeed: 5, dx: 10, draw: 0.5, rank: -1 } } } } }).keys.a).toEqual({ basicSpeed: 5, dx: 10, draw: 0.5 });
    expect(readGurpsOrder({ cychosys: { gurpsOrder: { keys: {}, interrupt: { by: "a.b", of: "c" } } } }).interrupt).toBeNull();
  });
});

describe("the tracker's words read like a GM wrote them (the narration sweep)", () => {
  it("every refusal of these acts, the chat note of a Wait's trigger, the controls' names, the rows' chips and figures, the task dialog", () => {
    const lines: string[] = [];
    for (const reason of TURN_ACT_REASONS) lines.push(english("CYCHOSYS.Gurps.Tracker.refusedAct", { name: "Louis", reason: english(`CYCHOSYS.Gurps.Tracker.Act.${reason}`), rule: "G15" }));
    lines.push(english("CYCHOSYS.Gurps.Tracker.waitFired", { name: "Guard", trigger: "Louis comes within 5 yards", maneuver: "Attack", other: "Louis" }));
    for (const key of ["isInterrupted", "interruptOpen", "gmOrders"]) lines.push(english(`CYCHOSYS.Gurps.Tracker.${key}`, { name: "Louis", by: "Guard" }));
    const waiting = onTurn({ id: "wait", wait: { trigger: "he comes", response: "attack" } });
    const rounds = [
      { ...beginTask(onTurn(null, "kneeling"), { name: "Reload", needed: 3, interruptible: true, kind: "ready" }, {}), shock: 3, stun: null },
      fireWait(waiting, { myTurn: false }), waiting, { ...onTurn({ id: "attack" }), crouching: true, unconscious: true },
    ];
    for (const round of rounds) {
      for (const viewer of [{ canControl: true, isGM: true }, { canControl: false }]) {
        const view = gurpsTrackerRowView({ round, name: "Louis", id: "louis", nameOf: (id) => id, current: round !== rounds[1], started: true, hp: { value: -3, max: 12 }, fp: { value: 2, max: 10 }, moveNow: 5, place: { index: 1, count: 3 }, interrupt: null, localize: english, ...viewer });
        lines.push(...view.figures.map((f) => `${f.label} ${f.value}`.trim()), ...view.statuses.flatMap((x) => [x.label, x.hint ?? ""]), ...view.controls.map((c) => c.label));
      }
    }
    const dialog = gurpsTaskDialogView(onTurn(null), english);
    lines.push(dialog.note, ...Object.values(dialog.labels), ...dialog.kinds.map((k) => k.label), ...dialog.times.map((t) => `${t.label}: ${t.seconds}`));
    expect(lines.length).toBeGreaterThan(60);
    expect(describeProblems(sweepNarration(lines.filter((l) => l !== "")))).toEqual([]);
  });
});
