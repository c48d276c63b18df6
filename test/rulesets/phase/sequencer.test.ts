/**
 * The phase tracker's transitions (P3, P5–P16, P22–P26, P37–P40): slots in
 * order, what may be declared, free actions, cancelling, the end of the
 * phase, and that no transition changes its input.
 */
import { describe, expect, it } from "vitest";
import {
  cancelAction, closeInitiative, declarationOrder, declareAction, distract, type Fighter, passSlot, type PhaseState, resolvePhase, rollInitiativeFor,
  setAwareness, startPhase, surpriseRollers, takeFree, witnessHostility,
} from "../../../src/rulesets/phase/rules/index.js";
import { combat, fighter, fighters, phaseError, weapon } from "./helpers.js";

type F = Record<string, Fighter>;

/** Start the phase and give each of `ids` a slot (initiative rising in the order given: the first declares first). */
function open(state: PhaseState, f: F, ids: string[]): PhaseState {
  let s = startPhase(state, f, {});
  ids.forEach((id, i) => (s = rollInitiativeFor(s, f, id, [1 + i, 1])));
  return closeInitiative(s);
}

function resolved(state: PhaseState, f: F, rolls = {}) {
  const r = resolvePhase(state, f, rolls);
  if (r.status !== "resolved") throw new Error(`pending: ${JSON.stringify(r.needs)}`);
  return r;
}

const two = () => fighters(fighter("a"), fighter("b"));

describe("P5: initiative and the order", () => {
  it("lowest declares first; a tie goes to the higher Reflexes last, then to the tiebreak drawn for the phase", () => {
    expect(declarationOrder([{ id: "x", total: 12, reflexes: 5, tiebreak: null }, { id: "y", total: 12, reflexes: 3, tiebreak: null }, { id: "z", total: 9, reflexes: 9, tiebreak: null }])).toEqual(["z", "y", "x"]);
    expect(declarationOrder([{ id: "x", total: 12, reflexes: 3, tiebreak: 0.9 }, { id: "y", total: 12, reflexes: 3, tiebreak: 0.1 }])).toEqual(["y", "x"]);
    phaseError(() => declarationOrder([{ id: "x", total: 12, reflexes: 3, tiebreak: null }, { id: "y", total: 12, reflexes: 3, tiebreak: 0.1 }]), "tiebreakMissing", "x", "y");
  });
  it("initiative is 2d10 + Reflexes, no wound penalty (P36); once a phase; two dice", () => {
    const f = fighters(fighter("a", { wounds: { flesh: 0, stun: 0, fleshMax: 20, traumas: [{ area: "head", phase: 1 }], traumaLimit: 3 } }), fighter("b"));
    const s = rollInitiativeFor(startPhase(combat(["a", "b"]), f, {}), f, "a", [3, 4]);
    expect(s.combatants[0]!.initiative).toMatchObject({ faces: [3, 4], reflexes: 4, total: 11 });
    phaseError(() => rollInitiativeFor(s, f, "a", [3, 4]), "alreadyRolled");
    phaseError(() => rollInitiativeFor(s, f, "b", [3]), "diceCount");
    phaseError(() => rollInitiativeFor(s, f, "b", [3, 11]), "dieFace");
  });
  it("the steps come in P11's order", () => {
    const f = two();
    phaseError(() => rollInitiativeFor(combat(["a", "b"]), f, "a", [1, 1]), "wrongStep");
    phaseError(() => resolvePhase(combat(["a", "b"]), f, {}), "wrongStep");
    phaseError(() => declareAction(startPhase(combat(["a", "b"]), f, {}), f, "a", { action: "defend" }), "wrongStep");
  });
});

describe("P6: the slots", () => {
  it("only the combatant whose slot it is declares; a declaration or a pass closes the slot", () => {
    const f = two();
    const s = open(combat(["a", "b"]), f, ["a", "b"]);
    phaseError(() => declareAction(s, f, "b", { action: "defend" }), "notYourSlot", "a");
    const s2 = declareAction(s, f, "a", { action: "defend" });
    phaseError(() => declareAction(s2, f, "a", { action: "defend" }), "notYourSlot");
    const s3 = passSlot(s2, "b");
    expect(s3.cursor).toBe(2);
    expect(s3.events.map((e) => e.kind)).toEqual(["declare", "pass"]);
  });
  it("a combatant without initiative has no slot", () => {
    const f = two();
    phaseError(() => declareAction(open(combat(["a", "b"]), f, ["a"]), f, "b", { action: "defend" }), "noSlot");
  });
  it("waiting on an action: no new one, but a free action (P7)", () => {
    const f = two();
    let s = open(combat(["a", "b"]), f, ["a"]);
    s = declareAction(s, f, "a", { action: "targetAndFire", weapon: "pistol", target: "b" });
    s = resolved(s, f).state;
    s = open(s, f, ["a"]);
    phaseError(() => declareAction(s, f, "a", { action: "defend" }), "busy", "Target and fire");
    s = takeFree(s, f, "a", { action: "speak", label: "cover me" }).state;
    phaseError(() => takeFree(s, f, "a", { action: "speak" }), "freeUsed");
    expect(passSlot(s, "a").events.map((e) => e.kind)).toEqual(["free", "pass"]);
  });
});

describe("P8, P15, P22–P25, P39: what may be declared", () => {
  const f = fighters(
    fighter("a", { weapons: { pistol: weapon("pistol", { ammo: 2 }), smg: weapon("smg", { auto: true, ammo: 5 }), holstered: weapon("holstered", { ready: false }), knife: weapon("knife", { kind: "melee", skill: "knife" }) } }),
    fighter("b"),
  );
  const s = open(combat(["a", "b"]), f, ["a"]);
  it.each([
    [{ action: "fire", target: "b" }, "needsWeapon"],
    [{ action: "fire", weapon: "nope", target: "b" }, "unknownWeapon"],
    [{ action: "fire", weapon: "holstered", target: "b" }, "weaponNotReady"],
    [{ action: "draw", weapon: "pistol" }, "weaponAlreadyReady"],
    [{ action: "burst", weapon: "pistol", target: "b" }, "weaponKind"],
    [{ action: "fire", weapon: "knife", target: "b" }, "weaponKind"],
    [{ action: "melee", weapon: "pistol", target: "b" }, "weaponKind"],
    [{ action: "fullAuto", weapon: "smg", target: "b" }, "noAmmo"],
    [{ action: "fire", weapon: "pistol" }, "needsTarget"],
    [{ action: "fire", weapon: "pistol", target: "a" }, "targetSelf"],
    [{ action: "fire", weapon: "pistol", target: "zed" }, "unknownCombatant"],
    [{ action: "aim", target: "b" }, "noTargeting"],
    [{ action: "fire", weapon: "pistol", target: "b", area: "head" }, "wildCalled"],
    [{ action: "defend", area: "head" }, "calledNotAllowed"],
    [{ action: "melee", weapon: "knife", target: "b", distance: 2 }, "outOfReach"],
    [{ action: "speak" }, "freeActionLength"],
    [{ action: "teleport" }, "unknownAction"],
  ] as const)("%j → %s", (d, code) => {
    phaseError(() => declareAction(s, f, "a", d), code);
  });
  it("a refusal changes nothing", () => {
    const before = JSON.stringify(s);
    expect(() => declareAction(s, f, "a", { action: "fire", weapon: "pistol", target: "b", area: "head" })).toThrow();
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe("P7, P33: free actions", () => {
  const f = fighters(fighter("a", { weapons: { pistol: weapon("pistol", { ready: false }) } }), fighter("b"));
  it("a failed fastdraw leaves the draw as the phase action and closes the slot", () => {
    const s = open(combat(["a", "b"]), f, ["a"]);
    const r = takeFree(s, f, "a", { action: "draw", weapon: "pistol", face: 1 });
    expect(r.fighter.weapons.pistol!.ready).toBe(false);
    expect(r.state.combatants[0]!.action).toMatchObject({ action: "draw", length: "phase" });
    expect(r.state.cursor).toBe(1);
    expect(r.state.events.map((e) => e.kind)).toEqual(["free", "declare"]);
    const end = resolved(r.state, { ...f, a: r.fighter });
    expect(end.fighters.a!.weapons.pistol!.ready).toBe(true);
  });
  it("fastdraw is checked against the standard TN with Reflexes and the skill, less the wound penalty (P33, P36)", () => {
    const hurt = fighters(fighter("a", { weapons: { pistol: weapon("pistol", { ready: false }) }, wounds: { flesh: 0, stun: 0, fleshMax: 20, traumas: [{ area: "head", phase: 1 }], traumaLimit: 3 } }), fighter("b"));
    const s = open(combat(["a", "b"]), hurt, ["a"]);
    const e = takeFree(s, hurt, "a", { action: "draw", weapon: "pistol", face: 4 }).state.events[0];
    expect(e).toMatchObject({ kind: "free", check: { face: 4, total: 4 + 4 + 2 - 1, tn: 10, success: false } });
  });
  it("needs the skill, the face, and an action a skill makes free", () => {
    const s = open(combat(["a", "b"]), f, ["a"]);
    const unskilled = { ...f, a: { ...f.a!, skills: {} } };
    phaseError(() => takeFree(s, unskilled, "a", { action: "draw", weapon: "pistol", face: 9 }), "needsSkill", "fastdraw");
    phaseError(() => takeFree(s, f, "a", { action: "draw", weapon: "pistol" }), "diceMissing");
    phaseError(() => takeFree(s, f, "a", { action: "holster", weapon: "pistol" }), "notFree");
  });
  it("a busy character's failed fastdraw is simply lost (P6)", () => {
    const g = fighters(fighter("a", { weapons: { pistol: weapon("pistol"), spare: weapon("spare", { ready: false }) } }), fighter("b"));
    let s = declareAction(open(combat(["a", "b"]), g, ["a"]), g, "a", { action: "targetAndFire", weapon: "pistol", target: "b" });
    s = open(resolved(s, g).state, g, ["a"]);
    const r = takeFree(s, g, "a", { action: "draw", weapon: "spare", face: 1 });
    expect(r.state.combatants[0]!.action!.action).toBe("targetAndFire");
    expect(r.state.cursor).toBe(0);
  });
});

describe("P10, P12, P38: committed and combined actions", () => {
  const f = two();
  const start = () => {
    const s = declareAction(open(combat(["a", "b"]), f, ["a"]), f, "a", { action: "targetAndFire", weapon: "pistol", target: "b" });
    return open(resolved(s, f).state, f, ["a"]);
  };
  it("cancelling keeps the Targeting that took effect, spends no rounds, and the slot stays open for a new action", () => {
    let s = start();
    expect(s.combatants[0]!.action!.partsDone).toBe(1);
    s = cancelAction(s, "a");
    expect(s.combatants[0]).toMatchObject({ action: null, targeting: { target: "b" } });
    s = declareAction(s, f, "a", { action: "defend" });
    const end = resolved(s, f);
    expect(end.fighters.a!.weapons.pistol!.ammo).toBe(12);
    expect(end.report.groups.flatMap((g) => g.entries.map((e) => e.outcome.kind))).toEqual(["defend"]);
  });
  it("a phase action cannot be cancelled; nothing underway cannot be", () => {
    const s = open(combat(["a", "b"]), f, ["a"]);
    phaseError(() => cancelAction(s, "a"), "nothingToCancel");
    const st: PhaseState = { ...s, combatants: s.combatants.map((c) => (c.id === "a" ? { ...c, action: { id: "a@1", actor: "a", action: "defend", length: "phase", declaredAt: 1, resolvesAt: 1, weapon: null, target: null, targets: [], area: null, distance: null, label: null, partsDone: 0, cancellable: false } } : c)) };
    phaseError(() => cancelAction(st, "a"), "notCancellable");
  });
  it("the shots of a target-and-fire are never wild, even with no Targeting before (P12)", () => {
    const s = start();
    const end = resolved(passSlot(s, "a"), f, { a: { checks: [9, 9], locations: [2, 2], damage: [[1, 1], [1, 1]] } });
    const o = end.report.groups[0]!.entries[0]!.outcome;
    expect(o.kind === "attack" && [o.attack.wild, o.attack.hits, o.attack.ammoSpent]).toEqual([false, 2, 2]);
    expect(end.fighters.a!.weapons.pistol!.ammo).toBe(10);
  });
});

describe("P13, P14, P16: Targeting and Aim", () => {
  const f = two();
  const targeted = () => {
    const s = declareAction(open(combat(["a", "b", "c"]), { ...f, c: fighter("c") }, ["a"]), { ...f, c: fighter("c") }, "a", { action: "targeting", target: "b", area: "head" });
    return resolved(s, { ...f, c: fighter("c") }).state;
  };
  const g = { ...f, c: fighter("c") };
  it("Aim adds +1 a phase up to +3, and the next shot at that target uses it up", () => {
    let s = targeted();
    for (let i = 0; i < 4; i++) s = resolved(declareAction(open(s, g, ["a"]), g, "a", { action: "aim", target: "b" }), g).state;
    expect(s.combatants[0]!.aim).toEqual({ target: "b", bonus: 3 });
    const end = resolved(declareAction(open(s, g, ["a"]), g, "a", { action: "fire", weapon: "pistol", target: "b" }), g, { a: { checks: [1], locations: [2], damage: [[1, 1]] } });
    const o = end.report.groups[0]!.entries[0]!.outcome;
    expect(o.kind === "attack" && [o.attack.checks[0]!.aim, o.attack.checks[0]!.check.total]).toEqual([3, 1 + 4 + 3 + 3]);
    expect(end.state.combatants[0]!.aim).toBeNull();
    expect(end.state.combatants[0]!.targeting).toEqual({ target: "b", area: "head" });
  });
  it("an attack declared on another target drops the Targeting and the Aim; any other non-free action but Aim or a shot drops the Aim", () => {
    let s = targeted();
    s = resolved(declareAction(open(s, g, ["a"]), g, "a", { action: "aim", target: "b" }), g).state;
    const other = declareAction(open(s, g, ["a"]), g, "a", { action: "fire", weapon: "pistol", target: "c" });
    expect(other.combatants[0]).toMatchObject({ targeting: null, aim: null });
    const defend = declareAction(open(s, g, ["a"]), g, "a", { action: "defend" });
    expect(defend.combatants[0]).toMatchObject({ targeting: { target: "b" }, aim: null });
  });
  it("the GM's distraction costs the Targeting; a shot then is wild", () => {
    let s = distract(targeted(), "a");
    expect(s.combatants[0]!.targeting).toBeNull();
    s = declareAction(open(s, g, ["a"]), g, "a", { action: "fire", weapon: "pistol", target: "b" });
    const end = resolved(s, g, { a: { checks: [9], locations: [2], damage: [[1, 1]] } });
    const o = end.report.groups[0]!.entries[0]!.outcome;
    expect(o.kind === "attack" && o.attack.wild).toBe(true);
  });
  it("a called shot whose Targeting is lost before it resolves goes off wild, its call dropped", () => {
    let s = declareAction(open(targeted(), g, ["a"]), g, "a", { action: "fire", weapon: "pistol", target: "b", area: "head" });
    s = distract(s, "a");
    const o = resolved(s, g, { a: { checks: [9], locations: [2], damage: [[1, 1]] } }).report.groups[0]!.entries[0]!.outcome;
    expect(o.kind === "attack" && [o.attack.wild, o.attack.callDropped]).toEqual([true, "head"]);
  });
});

describe("P26: Defend", () => {
  it("+2 to every attack on the defender resolving at the end of that phase, and gone the next", () => {
    const f = two();
    let s = open(combat(["a", "b"]), f, ["b", "a"]);
    s = declareAction(s, f, "b", { action: "defend" });
    s = declareAction(s, f, "a", { action: "fire", weapon: "pistol", target: "b" });
    // 6 + 4 + 3, wild −2 = 11: a hit against 10, a miss against Defend's 12.
    const end = resolved(s, f, { a: { checks: [6], locations: [], damage: [] } });
    const o = end.report.groups[0]!.entries.find((e) => e.action.actor === "a")!.outcome;
    expect(o.kind === "attack" && [o.attack.tn.plain, o.attack.checks[0]!.check.total, o.attack.checks[0]!.result]).toEqual([12, 11, "miss"]);
    expect(end.state.combatants.find((c) => c.id === "b")!.defending).toBe(false);
  });
});

describe("P9, P37: out of action", () => {
  it("whoever was knocked out since (the GM edited the sheet) loses what it had underway", () => {
    const f = two();
    const s = declareAction(open(combat(["a", "b"]), f, ["a"]), f, "a", { action: "targetAndFire", weapon: "pistol", target: "b" });
    const st = resolved(s, f).state;
    const down = { ...f, a: { ...f.a!, wounds: { ...f.a!.wounds, flesh: 20 } } };
    phaseError(() => rollInitiativeFor(startPhase(st, down, {}), down, "a", [1, 1]), "outOfAction");
    const end = resolved(closeInitiative(startPhase(st, down, {})), down);
    expect(end.report.lost.map((l) => [l.action.action, l.during])).toEqual([["targetAndFire", "before"]]);
    expect(end.state.combatants[0]).toMatchObject({ action: null, targeting: null });
  });
});

describe("P3, P40: surprise in the tracker", () => {
  it("an unaware or surprised combatant cannot take a slot; the roll's face is required; a success joins that phase", () => {
    const f = two();
    let s = setAwareness(combat(["a", "b"]), "b", false);
    phaseError(() => rollInitiativeFor(startPhase(s, f, {}), f, "b", [1, 1]), "unaware");
    s = witnessHostility(s, ["b"], 1);
    expect(surpriseRollers(s)).toEqual([]);
    phaseError(() => rollInitiativeFor(startPhase(s, f, {}), f, "b", [1, 1]), "surprised");
    s = { ...s, phase: 3 };
    expect(surpriseRollers(s)).toEqual(["b"]);
    phaseError(() => startPhase(s, f, {}), "diceMissing", "b");
    phaseError(() => startPhase(s, f, { b: 9, a: 1 }), "diceUnused", "a");
    const joined = startPhase(s, f, { b: 9 });
    expect(joined.combatants[1]!.awareness.state).toBe("aware");
    expect(() => rollInitiativeFor(joined, f, "b", [1, 1])).not.toThrow();
  });
});

describe("resolvePhase: dice and state", () => {
  it("lists the rolls still needed and changes nothing", () => {
    const f = two();
    const s = declareAction(open(combat(["a", "b"]), f, ["a"]), f, "a", { action: "fire", weapon: "pistol", target: "b" });
    expect(resolvePhase(s, f, {})).toMatchObject({ status: "pending", needs: [{ actor: "a", action: "fire", roll: "check", check: 0, hit: 0 }] });
    // What resolved so far comes with it: the shot, its check still to roll.
    const pending = resolvePhase(s, f, {});
    if (pending.status !== "pending") throw new Error("resolved");
    expect(pending.groups.map((g) => [g.length, g.entries.map((e) => e.outcome.kind === "attack" && e.outcome.attack.pending?.roll)])).toEqual([["phase", ["check"]]]);
    expect(resolvePhase(s, f, { a: { checks: [9], locations: [], damage: [] } })).toMatchObject({ status: "pending", needs: [{ roll: "location" }] });
    phaseError(() => resolvePhase(s, f, { b: { checks: [9], locations: [], damage: [] } }), "diceUnused", "b");
  });
  it("spends the rounds when the action resolves (P39), clears the phase's state and advances the counter (P11)", () => {
    const f = two();
    const s = declareAction(open(combat(["a", "b"]), f, ["a"]), f, "a", { action: "fire", weapon: "pistol", target: "b" });
    const before = JSON.stringify([s, f]);
    const end = resolved(s, f, { a: { checks: [9], locations: [2], damage: [[3, 3]] } });
    expect(JSON.stringify([s, f])).toBe(before);
    expect(end.fighters.a!.weapons.pistol!.ammo).toBe(11);
    expect(end.fighters.b!.wounds.flesh).toBe(6);
    expect(end.state).toMatchObject({ phase: 2, step: "start", order: [], cursor: 0, events: [] });
    expect(end.state.combatants.every((c) => c.initiative === null && c.slot === "none" && !c.freeUsed && !c.defending)).toBe(true);
  });
  it("an attack on an unaware target surprises them (P40); suppressive fire marks and spends suppressAmmo (P24)", () => {
    const f = fighters(fighter("a", { weapons: { smg: weapon("smg", { auto: true, ammo: 30 }) } }), fighter("b"), fighter("c"));
    let s = setAwareness(combat(["a", "b", "c"]), "c", false);
    s = declareAction(open(s, f, ["a"]), f, "a", { action: "suppress", weapon: "smg", targets: ["b", "c"] });
    const next = closeInitiative(startPhase(resolved(s, f).state, f, {}));
    const end = resolved(next, f);
    expect(end.state.combatants.map((c) => c.suppressed)).toEqual([false, true, true]);
    expect(end.state.combatants[2]!.awareness).toEqual({ state: "surprised", since: 2, rollFrom: 4, failures: 0 });
    expect(end.fighters.a!.weapons.smg!.ammo).toBe(20);
    expect(end.report.surprised).toEqual(["c"]);
  });
});
