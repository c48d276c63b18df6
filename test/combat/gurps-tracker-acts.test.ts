/**
 * The GURPS tracker's new GM-side handlers against a hostile table: the
 * step's kneel ↔ stand (G15), a task begun (G29, G89), a Wait's trigger
 * fired out of turn and its end (G31), the GM's hand on the order (G9).
 * Each: a forged field, a replay, two requests at once, a failure halfway,
 * a combatant outside the combat. Requests go the whole way (message,
 * schema, GM-only fields, queue, handler, documents).
 */
import { describe, expect, it } from "vitest";
import { gm, mallory, player } from "./fakes.js";
import { deliver, duel, replies, requestFrom, send, useGurpsCombatWorld } from "./gurps-fakes.js";
import { readGurpsRound } from "../../src/rulesets/gurps/combat/round-state.js";
import { readGurpsOrder } from "../../src/rulesets/gurps/combat/tracker-plan.js";
import { parseGurpsCombatRequest } from "../../src/rulesets/gurps/combat/request-schema.js";
import { beginGurpsTurn } from "../../src/foundry/gurps/combat.js";
import { gurpsTrackerRowView } from "../../src/rulesets/gurps/combat/tracker-view.js";
import { capturingErrors } from "../fixtures/console.js";

useGurpsCombatWorld();

const ref = (combat: unknown, c: unknown) => ({ combat: combat as never, combatant: c as never });
const ids = (combat: { turns: { id: string }[] }) => combat.turns.map((t) => t.id);
const maneuver = (combatantId: string, turn: number, choice: Record<string, unknown>) => ({ kind: "gurpsManeuver", combatId: "combat1", combatantId, turn, choice });
const step = (posture: string, more: Record<string, unknown> = {}) => ({ kind: "gurpsStepPosture", combatId: "combat1", combatantId: "louis", turn: 1, posture, ...more });
const task = (more: Record<string, unknown> = {}) => ({ kind: "gurpsTask", combatId: "combat1", combatantId: "louis", turn: 1, maneuver: "ready", name: "Reload", seconds: 3, interruptible: true, ...more });
const fire = (combatantId = "louis", turn = 1, more: Record<string, unknown> = {}) => ({ kind: "gurpsWaitFire", combatId: "combat1", combatantId, turn, ...more });
const done = (combatantId = "louis", turn = 1) => ({ kind: "gurpsWaitDone", combatId: "combat1", combatantId, turn });
const reorder = (combatantId: string, to: number, more: Record<string, unknown> = {}) => ({ kind: "gurpsReorder", combatId: "combat1", combatantId, to, ...more });

async function started() {
  const fight = await duel();
  await beginGurpsTurn(fight.combat as never);
  const round = (id: "louis" | "pierre" | "guard") => readGurpsRound(ref(fight.combat, fight.c[id]));
  const setRound = (id: "louis" | "pierre" | "guard", patch: Record<string, unknown>) => fight.combat.update({ [`flags.cychosys.rounds.${id}`]: { ...round(id), ...patch } });
  const nextTurn = async () => {
    await fight.combat.nextTurn();
    await beginGurpsTurn(fight.combat as never);
  };
  return { ...fight, round, setRound, nextTurn };
}

describe("G15: kneeling ↔ standing as the step (gurpsStepPosture)", () => {
  it("G15: kneeling Louis takes Attack and stands as its step; the step is then spent — a second request (or a replay) is refused", async () => {
    const { round, setRound } = await started();
    await setRound("louis", { posture: "kneeling" });
    await send(player, maneuver("louis", 1, { id: "attack" }));
    const message = requestFrom(player, step("standing"));
    await deliver(message);
    await deliver(message);
    expect(round("louis")).toMatchObject({ posture: "standing", postureStepTurn: 1 });
    expect(replies("alice")).toEqual([]);
    await send(player, step("kneeling"));
    expect(replies("alice")[0]).toContain("his step is spent this turn (G11)");
    expect(round("louis").posture).toBe("standing");
  });

  it("G15: a forged field, another posture than kneeling/standing, before choosing, under Move, another's combatant or one outside the combat: refused, nothing written", async () => {
    const { round, setRound, combat } = await started();
    expect(parseGurpsCombatRequest(step("standing", { free: true })).ok).toBe(false);
    expect(parseGurpsCombatRequest(step("flying")).ok).toBe(false);
    await setRound("louis", { posture: "prone" });
    await send(player, step("standing"));
    expect(replies("alice").at(-1)).toContain("maneuver first (G10)");
    await send(player, maneuver("louis", 1, { id: "attack" }));
    await send(player, step("standing"));
    expect(replies("alice").at(-1)).toContain("a step changes only kneeling and standing (G15)");
    await send(mallory, step("standing"));
    expect(replies("mallory")[0]).toContain("may not act");
    await send(gm, step("standing", { combatantId: "stranger" }));
    expect(replies("gm")[0]).toContain("may not act");
    await send(player, step("standing", { combatId: "other" }));
    expect(replies("alice").at(-1)).toContain("does not exist");
    expect(round("louis").posture).toBe("prone");
    const moved = await started();
    await moved.setRound("louis", { posture: "kneeling" });
    await send(player, maneuver("louis", 1, { id: "move" }));
    await send(player, step("standing"));
    expect(replies("alice").at(-1)).toContain("no step to spend");
    expect(moved.round("louis").posture).toBe("kneeling");
    void combat;
  });

  it("two at once (owner and GM): one stands him, the other is refused; a failure halfway writes nothing and may be tried again", async () => {
    const { round, setRound, combat } = await started();
    await setRound("louis", { posture: "kneeling" });
    await send(player, maneuver("louis", 1, { id: "attack" }));
    await Promise.all([send(player, step("standing")), send(gm, step("standing"))]);
    expect([...replies("alice"), ...replies("gm")]).toHaveLength(1);
    expect(round("louis").posture).toBe("standing");

    const again = await started();
    await again.setRound("louis", { posture: "kneeling" });
    await send(player, maneuver("louis", 1, { id: "attack" }));
    again.combat.failNext = 1;
    const logged = await capturingErrors(() => send(player, step("standing")));
    expect(logged).toEqual([expect.stringMatching(/gurpsStepPosture request of Alice failed/)]);
    expect(again.round("louis")).toMatchObject({ posture: "kneeling" });
    expect(again.round("louis").postureStepTurn).toBeUndefined();
    await send(player, step("standing"));
    expect(again.round("louis").posture).toBe("standing");
    void combat;
  });
});

describe("G29, G89: a task begun from the tracker (gurpsTask)", () => {
  it("G89: at his turn's start Louis begins a 3-second reload: Ready is chosen with it, 1 of 3 counted; a replay is carried out once, a second task this turn refused", async () => {
    const { round } = await started();
    const message = requestFrom(player, task());
    await deliver(message);
    await deliver(message);
    expect(round("louis")).toMatchObject({ maneuver: { id: "ready" }, chosenTurn: 1, task: { name: "Reload", done: 1, needed: 3, interruptible: true, startedTurn: 1 } });
    expect(replies("alice")).toEqual([]);
    await send(player, task({ name: "Another" }));
    expect(replies("alice")[0]).toContain("a task was begun this turn already (G10)");
    await send(player, maneuver("louis", 1, { id: "attack" }));
    expect(replies("alice").at(-1)).toContain("one maneuver a turn");
    expect(round("louis").task?.name).toBe("Reload");
  });

  it("G29: under Concentrate chosen already the task counts this second; under Attack it is refused", async () => {
    const { round } = await started();
    await send(player, maneuver("louis", 1, { id: "concentrate" }));
    await send(player, task({ maneuver: "concentrate", name: "Spot the sniper", seconds: 2, interruptible: false }));
    expect(round("louis").task).toMatchObject({ name: "Spot the sniper", done: 1, needed: 2, interruptible: false });
    const other = await started();
    await send(player, maneuver("louis", 1, { id: "attack" }));
    await send(player, task());
    expect(replies("alice").at(-1)).toContain("is not the one the task takes (G89)");
    expect(other.round("louis").task).toBeNull();
  });

  it("forged or out-of-bounds fields, another's combatant, not his turn, a stale turn, outside the combat: refused, nothing written", async () => {
    const { round, nextTurn } = await started();
    for (const bad of [task({ done: 3 }), task({ seconds: 0 }), task({ seconds: 3601 }), task({ name: "" }), task({ name: "x".repeat(101) }), task({ maneuver: "attack" }), task({ interruptible: "yes" })]) {
      expect(parseGurpsCombatRequest(bad).ok).toBe(false);
    }
    await send(player, task({ done: 3 }));
    await send(mallory, task());
    await send(player, task({ turn: 2 }));
    await send(gm, task({ combatantId: "ghost" }));
    expect(replies("mallory")[0]).toContain("may not act");
    expect(replies("alice")).toHaveLength(2);
    expect(replies("gm")[0]).toContain("may not act");
    await nextTurn();
    await send(player, task());
    expect(replies("alice").at(-1)).toContain("not Louis&#39;s turn");
    expect(round("louis").task).toBeNull();
  });

  it("two at once: one task begins, the other is refused; a failure halfway leaves no task and no maneuver", async () => {
    const { round } = await started();
    await Promise.all([send(player, task({ name: "First" })), send(gm, task({ name: "Second", maneuver: "concentrate" }))]);
    expect([...replies("alice"), ...replies("gm")]).toHaveLength(1);
    expect(["First", "Second"]).toContain(round("louis").task?.name);
    const again = await started();
    again.combat.failNext = 1;
    const logged = await capturingErrors(() => send(player, task()));
    expect(logged).toEqual([expect.stringMatching(/gurpsTask request of Alice failed/)]);
    expect(again.round("louis")).toMatchObject({ task: null });
    expect(again.round("louis").chosenTurn).toBeUndefined();
    await send(player, task());
    expect(again.round("louis").task?.done).toBe(1);
  });
});

describe("G31: a Wait's trigger fired out of turn (gurpsWaitFire, gurpsWaitDone)", () => {
  /** Louis Waits on his turn (All-Out Attack (Determined) when Pierre comes near); Pierre's turn begins. */
  async function waiting() {
    const fight = await started();
    await send(player, maneuver("louis", 1, { id: "wait", wait: { trigger: "Pierre comes near", response: "allOutAttack", aoaOption: "determined" } }));
    await fight.nextTurn();
    return fight;
  }

  it("G31: on Pierre's turn Louis's owner fires it: he acts now as All-Out Attack, Pierre waits; done, Pierre resumes; the order never moves", async () => {
    const { round, combat } = await waiting();
    const message = requestFrom(player, fire());
    await deliver(message);
    await deliver(message);
    expect(round("louis")).toMatchObject({ maneuver: { id: "allOutAttack", aoaOption: "determined" }, waitTriggered: true });
    expect(readGurpsOrder(combat.flags).interrupt).toEqual({ by: "louis", of: "pierre" });
    expect(replies("alice")).toEqual([]);
    // Pierre is interrupted: the GM cannot choose his maneuver until Louis is done.
    await send(gm, maneuver("pierre", 1, { id: "attack" }));
    expect(replies("gm").at(-1)).toContain("waits while Louis acts on his Wait");
    // Louis, acting out of turn, moves (All-Out Attack: half Move forward).
    await send(player, { kind: "gurpsMove", combatId: "combat1", combatantId: "louis", turn: 1, yards: 2 });
    expect(round("louis").yardsMoved).toBe(2);
    await send(player, done());
    expect(readGurpsOrder(combat.flags).interrupt).toBeNull();
    expect(round("louis")).toMatchObject({ maneuver: { id: "allOutAttack" }, waitTriggered: false });
    await send(gm, maneuver("pierre", 1, { id: "attack" }));
    expect(round("pierre").maneuver).toEqual({ id: "attack" });
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
    expect(combat.turn).toBe(1);
    // Fired once: a replayed or second trigger is refused.
    await send(player, fire());
    expect(replies("alice").at(-1)).toContain("he has no Wait left to trigger (G31)");
  });

  it("G31: not on his own turn, not without a Wait, not for another's combatant or one outside the combat; forged fields refused", async () => {
    const fight = await started();
    await send(player, maneuver("louis", 1, { id: "wait", wait: { trigger: "Pierre comes near", response: "attack" } }));
    await send(player, fire());
    expect(replies("alice").at(-1)).toContain("on his own turn the Wait is over");
    await fight.nextTurn();
    await send(gm, fire("guard", 0));
    expect(parseGurpsCombatRequest(fire("louis", 1, { response: "allOutAttack" })).ok).toBe(false);
    expect(parseGurpsCombatRequest(fire("louis", 1, { interrupt: { by: "louis", of: "pierre" } })).ok).toBe(false);
    await send(mallory, fire());
    await send(gm, fire("ghost"));
    await send(player, fire("louis", 2));
    expect(replies("mallory")[0]).toContain("may not act");
    expect(replies("gm").at(-1)).toContain("may not act");
    expect(replies("alice").at(-1)).toContain("another of Louis&#39;s turns");
    expect(fight.round("louis").waitTriggered).toBe(false);
    expect(readGurpsOrder(fight.combat.flags).interrupt).toBeNull();
  });

  it("two at once (owner and GM): fired once; a failure halfway writes neither the round nor the interrupt", async () => {
    const { round, combat } = await waiting();
    await Promise.all([send(player, fire()), send(gm, fire())]);
    expect([...replies("alice"), ...replies("gm")]).toHaveLength(1);
    expect(round("louis").waitTriggered).toBe(true);
    const again = await waiting();
    again.combat.failNext = 1;
    const logged = await capturingErrors(() => send(player, fire()));
    expect(logged).toEqual([expect.stringMatching(/gurpsWaitFire request of Alice failed/)]);
    expect(again.round("louis")).toMatchObject({ maneuver: { id: "wait" }, waitTriggered: false });
    expect(readGurpsOrder(again.combat.flags).interrupt).toBeNull();
    void combat;
  });

  it("G31: a Wait the attack card triggered (no interrupt noted) also ends with Done; a replay is refused", async () => {
    const { round, setRound, combat } = await waiting();
    await setRound("louis", { maneuver: { id: "attack" }, waitTriggered: true });
    const message = requestFrom(player, done());
    await deliver(message);
    await deliver(message);
    expect(round("louis")).toMatchObject({ maneuver: { id: "attack" }, waitTriggered: false });
    expect(replies("alice")).toEqual([]);
    await send(player, done());
    expect(replies("alice")[0]).toContain("not acting on a Wait");
    expect(readGurpsOrder(combat.flags).interrupt).toBeNull();
  });

  it("G31: a waiter knocked out while acting: his row still offers Done (to the GM), and Done lets the interrupted turn resume", async () => {
    const { round, setRound, combat } = await waiting();
    await send(player, fire());
    await setRound("louis", { unconscious: true });
    const view = gurpsTrackerRowView({ round: round("louis"), name: "Louis", id: "louis", nameOf: (id) => id, current: false, canControl: true, isGM: true, started: true, interrupt: readGurpsOrder(combat.flags).interrupt, localize: (k) => k });
    expect(view.actions).toContain("waitDone");
    await send(gm, done());
    expect(readGurpsOrder(combat.flags).interrupt).toBeNull();
    await send(gm, maneuver("pierre", 1, { id: "attack" }));
    expect(round("pierre").maneuver).toEqual({ id: "attack" });
  });

  it("G31: 'done' only by the one acting; the next turn ends an interrupt left open", async () => {
    const { combat, nextTurn, round } = await waiting();
    await send(player, done());
    expect(replies("alice").at(-1)).toContain("he is not acting on a Wait (G31)");
    await send(player, fire());
    await send(mallory, done());
    expect(replies("mallory")[0]).toContain("may not act");
    await send(gm, done("pierre", 1));
    expect(replies("gm").at(-1)).toContain("not acting on a Wait");
    expect(readGurpsOrder(combat.flags).interrupt).toEqual({ by: "louis", of: "pierre" });
    await nextTurn();
    expect(readGurpsOrder(combat.flags).interrupt).toBeNull();
    expect(round("louis").waitTriggered).toBe(true);
  });
});

describe("G9 [fixed]: the GM reorders by hand (gurpsReorder)", () => {
  it("G9: the GM moves the guard first; the places are kept on the combat and the fighter whose turn it is keeps it", async () => {
    const { combat } = await started();
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
    const message = requestFrom(gm, reorder("guard", 0));
    await deliver(message);
    await deliver(message);
    expect(ids(combat)).toEqual(["guard", "louis", "pierre"]);
    expect(Object.values(readGurpsOrder(combat.flags).keys).map((k) => k.rank).sort()).toEqual([0, 1, 2]);
    expect(combat.turn).toBe(1);
    expect(combat.turns[combat.turn!]!.id).toBe("louis");
    expect(readGurpsOrder(combat.flags).at).toBe("1.1");
    // His turn's mark moved with him: the turn is not started again.
    const before = readGurpsRound(ref(combat, combat.turns[1])).turn;
    await beginGurpsTurn(combat as never);
    expect(readGurpsRound(ref(combat, combat.turns[1])).turn).toBe(before);
    await send(gm, reorder("guard", 0));
    expect(replies("gm")).toEqual([]);
  });

  it("G9: a player may not reorder — the place is a GM-only field, refused before any handler — nor may he forge a place into the request", async () => {
    const { combat } = await started();
    await send(player, reorder("louis", 0));
    await send(player, reorder("guard", 0));
    expect(replies("alice")).toHaveLength(2);
    expect(replies("alice")[0]).toMatch(/GM|only/i);
    expect(parseGurpsCombatRequest(reorder("guard", 0, { rank: 0 })).ok).toBe(false);
    expect(parseGurpsCombatRequest(reorder("guard", -1)).ok).toBe(false);
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
    expect(Object.values(readGurpsOrder(combat.flags).keys).some((k) => k.rank !== undefined)).toBe(false);
  });

  it("G9: a combatant outside the combat is refused; two GM moves at once both apply, one after the other, into one order", async () => {
    const { combat } = await started();
    await send(gm, reorder("ghost", 0));
    expect(replies("gm")[0]).toContain("may not act");
    await Promise.all([send(gm, reorder("guard", 0)), send(gm, reorder("pierre", 0))]);
    expect(ids(combat)).toEqual(["pierre", "guard", "louis"]);
    expect(Object.values(readGurpsOrder(combat.flags).keys).map((k) => k.rank).sort()).toEqual([0, 1, 2]);
    expect(combat.turns[combat.turn!]!.id).toBe("louis");
  });

  it("G9: a failure halfway leaves the order as it was (keys, turn and all); it may be tried again", async () => {
    const { combat } = await started();
    combat.failNext = 1;
    const logged = await capturingErrors(() => send(gm, reorder("guard", 0)));
    expect(logged).toEqual([expect.stringMatching(/gurpsReorder request of Gamemaster failed/)]);
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
    expect(combat.turn).toBe(0);
    await send(gm, reorder("guard", 0));
    expect(ids(combat)).toEqual(["guard", "louis", "pierre"]);
    expect(combat.turn).toBe(1);
  });
});
