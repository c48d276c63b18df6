/**
 * The fifteen seed checks of the phase-combat reference (§9), each by its
 * number and rule ids, through the core's own functions; every one is also an
 * example the rules command resolves (examples.test.ts, test/cli).
 */
import { describe, expect, it } from "vitest";
import {
  check, closeInitiative, declareAction, driftPath, dueThisPhase, PHASE_ATTACK_SCENARIOS, PHASE_SEQUENCE_SCENARIOS, phaseClock, placeCalledHit,
  placeRandomHit, readPhaseAttack, readPhaseSequence, resolveAttack, resolvePhase, resolvePhaseAttack, resolvesAt, rollInitiativeFor, rollSurprise,
  runPhaseSequence, startPhase, surprise, takeFree, UNAWARE,
} from "../../../src/rulesets/phase/rules/index.js";
import { attackInput, combat, fighter, fighters, weapon } from "./helpers.js";

const sequence = (name: string) => runPhaseSequence(readPhaseSequence(PHASE_SEQUENCE_SCENARIOS[name]));
const attack = (name: string) => resolvePhaseAttack(readPhaseAttack(PHASE_ATTACK_SCENARIOS[name]));

describe("seed checks 1–5: Leroy and Earl in the bar", () => {
  const run = sequence("seed-01-05-leroy-and-earl");
  const [one, two] = run.phases;

  it("seed check 1 (P5): initiative 16 and 21 → Leroy declares first, Earl last", () => {
    const totals = Object.fromEntries(one!.declared.combatants.map((c) => [c.id, c.initiative?.total]));
    expect(totals).toEqual({ leroy: 16, earl: 21 });
    expect(one!.declared.order).toEqual(["leroy", "earl"]);
  });

  it("seed check 2 (P8): Leroy declares drawing and readying his sidearm, a phase action", () => {
    const e = one!.declared.events.find((x) => x.kind === "declare" && x.actor === "leroy");
    expect(e).toMatchObject({ action: { action: "draw", length: "phase", declaredAt: 1, resolvesAt: 1, weapon: "pistol" } });
  });

  it("seed check 3 (P7, P13): Earl's fastdraw succeeds — the draw is his free action, his phase action still open for Targeting Leroy's head", () => {
    const earl = one!.declared.events.filter((x) => x.actor === "earl");
    expect(earl.map((x) => x.kind)).toEqual(["free", "declare"]);
    expect(earl[0]).toMatchObject({ kind: "free", action: "draw", check: { success: true, tn: 10 } });
    expect(earl[1]).toMatchObject({ action: { action: "targeting", target: "leroy", area: "head", length: "phase" } });
  });

  it("seed check 4 (P9): at the end of phase 1 Leroy's draw and Earl's Targeting resolve at the same moment", () => {
    expect(one!.report.groups).toHaveLength(1);
    expect(one!.report.groups[0]!.length).toBe("phase");
    expect(one!.report.groups[0]!.entries.map((e) => [e.action.actor, e.outcome.kind])).toEqual([["leroy", "draw"], ["earl", "targeting"]]);
    expect(two!.declared.combatants.find((c) => c.id === "earl")!.targeting).toEqual({ target: "leroy", area: "head" });
  });

  it("seed check 5 (P5, P7): phase 2, Earl higher again → Leroy declares first: holstering (a phase action) and, free, his surrender", () => {
    expect(two!.declared.order).toEqual(["leroy", "earl"]);
    const leroy = two!.declared.events.filter((x) => x.actor === "leroy");
    expect(leroy[0]).toMatchObject({ kind: "free", action: "speak", label: "I surrender", check: null });
    expect(leroy[1]).toMatchObject({ kind: "declare", action: { action: "holster", length: "phase" } });
    expect(run.fighters.leroy!.weapons.pistol!.ready).toBe(false);
  });
});

describe("seed check 6 (P12): target and fire with a semi-automatic", () => {
  it("one round action: Targeting takes effect at the end of phase 1, two shots (not one) at the end of phase 2", () => {
    const run = sequence("seed-06-target-and-fire");
    const e1 = run.phases[0]!.report.groups.flatMap((g) => g.entries);
    expect(e1).toHaveLength(1);
    expect(e1[0]).toMatchObject({ part: "targeting", outcome: { kind: "targeting", target: "leroy" }, action: { action: "targetAndFire", length: "round", resolvesAt: 2 } });
    const round = run.phases[1]!.report.groups.find((g) => g.length === "round")!;
    const shot = round.entries[0]!.outcome;
    expect(shot.kind).toBe("attack");
    if (shot.kind !== "attack") return;
    expect(shot.attack.checks).toHaveLength(2);
    expect(shot.attack.wild).toBe(false);
    expect(shot.attack.ammoSpent).toBe(2);
  });

  it("a semi-automatic is needed, and the two shots' rounds (P39)", () => {
    const f = fighters(fighter("earl", { weapons: { rifle: weapon("rifle", { semiAuto: false }) } }), fighter("leroy"));
    let s = closeInitiative(rollInitiativeFor(startPhase(combat(["earl", "leroy"]), f, {}), f, "earl", [5, 5]));
    expect(() => declareAction(s, f, "earl", { action: "targetAndFire", weapon: "rifle", target: "leroy" })).toThrow(/semi-automatic/);
    const low = fighters(fighter("earl", { weapons: { pistol: weapon("pistol", { ammo: 1 }) } }), fighter("leroy"));
    s = closeInitiative(rollInitiativeFor(startPhase(combat(["earl", "leroy"]), low, {}), low, "earl", [5, 5]));
    expect(() => declareAction(s, low, "earl", { action: "targetAndFire", weapon: "pistol", target: "leroy" })).toThrow(/2 needed/);
  });
});

describe("seed check 7 (P9): phase beats round beats turn beats minute; equal lengths together", () => {
  const run = sequence("seed-07-resolution-order");
  const report = run.phases[0]!.report;

  it("the groups resolve in the order phase, round, turn, minute", () => {
    expect(report.groups.map((g) => g.length)).toEqual(["phase", "round", "turn", "minute"]);
    expect(dueThisPhase(readPhaseSequence(PHASE_SEQUENCE_SCENARIOS["seed-07-resolution-order"]).state).map((g) => g.length)).toEqual(["round", "turn", "minute"]);
  });

  it("equal lengths at one moment: Ann and Bo drop each other, both shots rolled before either takes effect", () => {
    const phase = report.groups[0]!.entries.map((e) => e.action.actor);
    expect(phase).toEqual(["ann", "bo", "cy"]);
    expect(report.outOfAction.map((o) => [o.id, o.during])).toEqual([["ann", "phase"], ["bo", "phase"], ["di", "phase"]]);
  });

  it("a character put out by a shorter length loses its longer action resolving that phase (P37)", () => {
    expect(report.lost.map((l) => [l.action.actor, l.action.action, l.during])).toEqual([["di", "fullAuto", "phase"]]);
    expect(report.groups[1]!.entries.map((e) => e.action.actor)).toEqual(["gus"]);
    expect(run.fighters.di!.weapons.smg!.ammo).toBe(30);
  });
});

describe("seed check 8 (P14): a wild shot", () => {
  it("−2 to hit, no called shot, no Aim bonus", () => {
    const r = attack("seed-08-wild-shot");
    expect(r.wild).toBe(true);
    expect(r.modifiers.wild).toBe(-2);
    expect(r.called).toBeNull();
    expect(r.callDropped).toBe("head");
    expect(r.aimDropped).toBe(true);
    expect(r.checks[0]!.aim).toBe(0);
    expect(r.checks[0]!.check.total).toBe(8 + 3 + 2 - 2);
    const aimed = resolveAttack(attackInput({ targeting: true, aim: 2, dice: { checks: [8], locations: [3], damage: [[2, 3]] } }));
    expect(aimed.checks[0]!.check.total - r.checks[0]!.check.total).toBe(4);
  });
});

describe("seed check 9 (P3, P40): surprise", () => {
  it("no actions in phases 1–2; from phase 3 Reflexes vs TN 8, +1 per failed phase: 4 + 3 = 7 fails, then 4 + 3 + 1 = 8 succeeds", () => {
    const run = sequence("seed-09-surprise");
    expect(run.phases[0]!.report.surprised).toEqual(["bo"]);
    expect(run.phases[1]!.declared.order).toEqual([]);
    const rolls = run.phases.flatMap((p) => p.declared.events.filter((e) => e.kind === "surpriseRoll"));
    expect(rolls).toEqual([
      { kind: "surpriseRoll", actor: "bo", face: 4, bonus: 0, total: 7, tn: 8, success: false },
      { kind: "surpriseRoll", actor: "bo", face: 4, bonus: 1, total: 8, tn: 8, success: true },
    ]);
    expect(run.phases[3]!.declared.order).toEqual(["bo"]);
  });

  it("the pure transitions: the window is the act's phase and the next; the roll adds the failures", () => {
    const s = surprise(UNAWARE, 1);
    expect(s).toEqual({ state: "surprised", since: 1, rollFrom: 3, failures: 0 });
    if (s.state !== "surprised") return;
    const first = rollSurprise(s, 4, 3, 0);
    expect([first.check.total, first.check.success]).toEqual([7, false]);
    if (first.after.state !== "surprised") throw new Error("still surprised");
    const second = rollSurprise(first.after, 4, 3, 0);
    expect([second.check.total, second.check.success, second.after.state]).toEqual([8, true, "aware"]);
  });
});

describe("seed check 10 (P18, P19): a called shot at the head, plain TN 10, raised TN 14", () => {
  it.each([
    [14, "head", "hit"],
    [13, "chest", "partial"],
    [12, "rightArm", "partial"],
    [11, "leftArm", "partial"],
    [10, "abdomen", "partial"],
    [9, null, "miss"],
  ])("total %i → %s", (total, area, result) => {
    const r = attack(`seed-10-called-head-${String(total).padStart(2, "0")}`);
    expect([r.tn.plain, r.tn.raised, r.checks[0]!.check.total, r.checks[0]!.result]).toEqual([10, 14, total, result]);
    expect(r.checks[0]!.hits[0]?.placement.area ?? null).toBe(area);
  });
});

describe("seed check 11 (P19): the drift paths", () => {
  it.each([
    ["rightArm", ["chest", "abdomen", "rightLeg", "leftArm", "head"]],
    ["leftArm", ["chest", "abdomen", "leftLeg", "rightArm", "head"]],
    ["rightLeg", ["leftLeg", "abdomen", "rightArm", "leftArm", "chest"]],
    ["leftLeg", ["rightLeg", "abdomen", "leftArm", "rightArm", "chest"]],
    ["chest", ["abdomen", "rightArm", "leftArm", "head"]],
    ["abdomen", ["chest", "rightLeg", "leftLeg", "rightArm", "leftArm"]],
    ["head", ["chest", "rightArm", "leftArm", "abdomen"]],
  ] as const)("%s → %j", (area, path) => {
    expect(driftPath(area)).toEqual(path);
    path.forEach((step, i) => expect(placeCalledHit(area, i + 1).area).toBe(step));
    expect(placeCalledHit(area, 99).area).toBe(path.at(-1));
  });

  it.each([["seed-11-arm-path", "head"], ["seed-11-leg-path", "chest"], ["seed-11-chest-path", "head"], ["seed-11-abdomen-path", "leftArm"]])("%s walks its path to the end: %s", (name, end) => {
    const hit = attack(name).checks[0]!.hits[0]!;
    expect(hit.placement.area).toBe(end);
    expect(hit.placement.walked.length).toBeGreaterThan(0);
  });
});

describe("seed check 12 (P20): location roll 1 → head", () => {
  it("the human chart's one seed row, and the fill's other rows", () => {
    expect(attack("seed-12-location-roll-1").checks[0]!.hits[0]!.placement).toMatchObject({ area: "head", how: "chart", landed: "head" });
    expect([1, 2, 4, 5, 6, 7, 8, 9, 10].map((f) => placeRandomHit("human", f).area)).toEqual(["head", "chest", "chest", "abdomen", "abdomen", "rightArm", "leftArm", "rightLeg", "leftLeg"]);
  });
});

describe("seed check 13 (P22): full auto for a single phase is a three-round burst", () => {
  it("margin 7 → 1 + 2 = 3 hits, 3 rounds spent", () => {
    const r = attack("seed-13-three-round-burst");
    expect([r.action, r.burst, r.checks[0]!.margin, r.checks[0]!.scored, r.hits, r.ammoSpent]).toEqual(["burst", true, 7, 3, 3, 3]);
  });
});

describe("seed check 14 (P27, P28): a stunning attack makes no flesh wound", () => {
  it("stun points, no flesh, no trauma", () => {
    const r = attack("seed-14-stun-attack");
    const d = r.checks[0]!.hits[0]!.damage!;
    expect([d.flesh, d.stun, d.traumatic]).toEqual([0, 13, false]);
    expect([r.after.flesh, r.after.stun, r.after.traumas.length]).toEqual([0, 13, 0]);
  });
});

describe("seed check 15 (P1): the clock", () => {
  it("phase 21 is in round 11, turn 3, minute 1", () => {
    expect(phaseClock(21)).toMatchObject({ phase: 21, round: 11, turn: 3, minute: 1 });
    expect(sequence("seed-15-clock-phase-21").phases[0]!.report.clock).toMatchObject({ round: 11, turn: 3, minute: 1 });
  });

  it("P9: a round action declared in phase 3 resolves at the end of phase 4", () => {
    expect(resolvesAt(3, "round")).toBe(4);
    expect([resolvesAt(5, "phase"), resolvesAt(1, "turn"), resolvesAt(1, "minute")]).toEqual([5, 10, 60]);
  });
});

describe("the seed's numbers fit the d10 scale (P4, P17)", () => {
  it("attribute 3 and skill 2 against TN 10 succeed on 6 faces of 10", () => {
    const successes = Array.from({ length: 10 }, (_, i) => check({ face: i + 1, attribute: 3, skill: 2, tn: 10 }).success).filter(Boolean);
    expect(successes).toHaveLength(6);
  });

  it("P7: the free fastdraw, and the draw's effect at once", () => {
    const f = fighters(fighter("earl", { weapons: { pistol: weapon("pistol", { ready: false }) } }), fighter("leroy"));
    const s = closeInitiative(rollInitiativeFor(startPhase(combat(["earl", "leroy"]), f, {}), f, "earl", [5, 5]));
    const done = takeFree(s, f, "earl", { action: "draw", weapon: "pistol", face: 4 });
    expect(done.fighter.weapons.pistol!.ready).toBe(true);
    const after = { ...f, earl: done.fighter };
    const r = resolvePhase(declareAction(done.state, after, "earl", { action: "targeting", target: "leroy" }), after, {});
    expect(r.status === "resolved" && r.state.combatants.find((c) => c.id === "earl")!.targeting).toEqual({ target: "leroy", area: null });
  });
});
