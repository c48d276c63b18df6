/**
 * The headless scenarios are strict: each problem is one short error naming
 * its field; hostile text fails fast and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { PHASE_ATTACK_SCENARIOS, PHASE_SEQUENCE_SCENARIOS, parsePhaseAttack, parsePhaseSequence, phaseHeadless } from "../../../src/rulesets/phase/rules/index.js";
import type { SequenceOutcomeJson } from "../../../src/rulesets/phase/rules/index.js";
import { fieldError, phaseError, refusal } from "./helpers.js";

const base = () => structuredClone(PHASE_ATTACK_SCENARIOS["seed-12-location-roll-1"]) as Record<string, any>;
const seq = () => structuredClone(PHASE_SEQUENCE_SCENARIOS["seed-01-05-leroy-and-earl"]) as Record<string, any>;
const attack = (o: unknown) => parsePhaseAttack(JSON.stringify(o));
const sequence = (o: unknown) => phaseHeadless.sequence(JSON.stringify(o));

describe("the attack scenario", () => {
  it.each([
    [(o: any) => (o.attacker.skill = 2.5), "attacker.skill", "whole number"],
    [(o: any) => (o.weapon.damage = "2d6+x"), "weapon.damage", "NdF"],
    [(o: any) => (o.weapon.kind = "laser"), "weapon.kind", "ranged, melee"],
    [(o: any) => (o.action = "dance"), "action", "catalogue"],
    [(o: any) => (o.action = "aim"), "action", "not an attack"],
    [(o: any) => (o.called = "tail"), "called", "head, chest"],
    [(o: any) => (o.target.armor = { tail: 2 }), "target.armor.tail", "unknown field"],
    [(o: any) => (o.target.coverAreas = ["head", "head"]), "target.coverAreas", "twice"],
    [(o: any) => (o.target.bodyType = "wyrm"), "target.bodyType", "human"],
    [(o: any) => (o.target.fleshMax = 0), "target.fleshMax", "from 1"],
    [(o: any) => (o.aim = 4), "aim", "0 to 3"],
    [(o: any) => (o.dice.checks = [11]), "dice.checks[0]", "1 to 10"],
    [(o: any) => (o.dice.damage = [[1]]), "dice", "2 dice"],
    [(o: any) => (o.dice.damage = [[1, 1], [1, 1]]), "dice", "only 1 used"],
    [(o: any) => (o.surprise = 1), "scenario.surprise", "unknown field"],
    [(o: any) => (o.ruleset = "d6"), "ruleset", "phase"],
    [(o: any) => (o.version = 2), "version", "version 1"],
    [(o: any) => (o.target.name = "a\nb"), "target.name", "control"],
    [(o: any) => (o.target.name = "\u202eevil"), "target.name", "bidi"],
    [(o: any) => (o.options = { burstMaxHits: 0 }), "options.burstMaxHits", "from 1"],
    [(o: any) => (o.options = { locationCharts: { snake: { die: 6, rows: [{ from: 1, to: 3, area: "head" }] } } }), "options.locationCharts.snake", "face 4"],
  ])("%# names %s", (change, field, fragment) => {
    const o = base();
    change(o);
    fieldError(() => attack(o), field as string, fragment as string);
  });

  it("melee takes neither Targeting nor Aim", () => {
    const o = structuredClone(PHASE_ATTACK_SCENARIOS["melee-against-defend"]) as Record<string, any>;
    fieldError(() => attack({ ...o, targeting: true }), "targeting", "P25");
    fieldError(() => attack({ ...o, aim: 1 }), "aim", "P16");
  });

  it("a scenario's options change the world's data for it: another chart, the left side first", () => {
    const o = { ...base(), options: { firstSide: "left", locationCharts: { human: { die: 6, rows: [{ from: 1, to: 6, area: "leftLeg" }] } } }, dice: { checks: [6], locations: [1], damage: [[2, 1]] } };
    const r = phaseHeadless.resolve(JSON.stringify(o)) as { checks: { hits: { area: string }[] }[] };
    expect(r.checks[0]!.hits[0]!.area).toBe("leftLeg");
  });

  it("bad text: not JSON, too large, duplicate keys — one short error", () => {
    phaseError(() => parsePhaseAttack("{"), "scenarioText");
    phaseError(() => parsePhaseAttack(" ".repeat(70_000)), "scenarioTooLarge");
    phaseError(() => parsePhaseAttack('{"action":"fire","action":"fire"}'), "scenarioText", "twice");
    const e = phaseError(() => attack({ ...base(), ["x".repeat(500)]: 1 }), "scenarioField");
    expect(e.message.length).toBeLessThan(400);
    fieldError(() => attack({ ...base(), __proto__x: 1 }), "scenario.__proto__x", "unknown field");
  });
});

describe("the sequence scenario", () => {
  it.each([
    [(o: any) => (o.combatants[1].id = "leroy"), "combatants[1].id", "twice"],
    [(o: any) => (o.phases[0].slots.earl.declare.target = "bob"), "phases[0].slots.earl.declare.target", "no combatant"],
    [(o: any) => (o.phases[0].initiative.earl.dice = [1]), "phases[0].initiative.earl", "2 dice"],
    [(o: any) => ((o.combatants[0].reflexes = 5), (o.phases[0].initiative.leroy.dice = [7, 9])), "phases[0].initiative", "tiebreak"],
    [(o: any) => (o.phases[0].rolls = { earl: { checks: [5] } }), "phases[0].rolls", "rolls of earl"],
    [(o: any) => (o.combatants[0].awareness = "sleepy"), "combatants[0].awareness", "surprised"],
    [(o: any) => (o.combatants[0].action = { action: "fullAuto", declaredAt: 2 }), "combatants[0].action.declaredAt", "from 1 to 1"],
    [(o: any) => ((o.phase = 5), (o.combatants[0].action = { action: "targetAndFire", declaredAt: 2 })), "combatants[0].action.declaredAt", "phase 3"],
    [(o: any) => (o.combatants[0].aim = { target: "earl", bonus: 1 }), "combatants[0].aim.target", "P16"],
    [(o: any) => (o.phases = []), "phases", "no phase"],
  ])("%# names %s", (change, field, fragment) => {
    const o = seq();
    change(o);
    fieldError(() => sequence(o), field as string, fragment as string);
  });

  it.each([
    [(o: any) => (o.phases[0].slots.earl.declare = { action: "aim", target: "leroy" }), "P16", "phases[0].slots.earl.declare", "Aim needs Targeting on Leroy"],
    [(o: any) => delete o.phases[0].initiative.earl, "P5", "phases[0].slots.earl", "Earl has no declaration slot"],
    [(o: any) => (o.phases[0].slots.earl.free.face = 1), "P7", "phases[0].slots.earl.declare", "Earl's slot is closed"],
    [(o: any) => (o.combatants[0].action = { action: "fullAuto", declaredAt: 1 }), "P6", "phases[0].slots.leroy.declare", "Leroy is still waiting on Full auto"],
    [(o: any) => (o.combatants[0].awareness = { state: "surprised", since: 1, rollFrom: 3 }), "P3", "phases[0].initiative.leroy", "Leroy is surprised"],
  ])("%# a rule's refusal is an outcome (%s), naming its field and the people by name", (change, rule, field, fragment) => {
    const o = seq();
    change(o);
    refusal(() => sequence(o), rule as string, field as string, fragment as string);
  });

  it.each([
    [(o: any) => (o.action = "burst"), "P22", "weapon", "needs a fully automatic weapon"],
    [(o: any) => (o.weapon.ammo = 0), "P39", "weapon.ammo", "has too few rounds: 0 loaded, 1 needed"],
  ])("%# an attack the rules refuse is an outcome (%s)", (change, rule, field, fragment) => {
    const o = base();
    change(o);
    refusal(() => attack(o), rule as string, field as string, fragment as string);
  });

  it("a malformed field elsewhere is still the scenario's problem, before any refusal", () => {
    const o = base();
    o.weapon.ammo = 0;
    o.target.fleshMax = 0;
    fieldError(() => attack(o), "target.fleshMax", "from 1");
  });

  it("a phase whose end lacks dice stops the run and lists what is owed (P9): who, which roll, its dice and the field", () => {
    const o = structuredClone(PHASE_SEQUENCE_SCENARIOS["seed-06-target-and-fire"]) as Record<string, any>;
    o.phases[1].rolls.earl.locations = [];
    const out = sequence(o) as SequenceOutcomeJson;
    expect(out.phases).toHaveLength(1);
    expect(out.owed).toMatchObject({ index: 1, unplayed: 0, rolls: [{ actor: "earl", action: "targetAndFire", roll: "location", check: 0, hit: 0, dice: 1, faces: 10, field: "phases[1].rolls.earl.locations" }] });
    expect(out.state).toMatchObject({ phase: 2, step: "declare" });
    expect(phaseHeadless.explainSequence(JSON.stringify(o)).map((l) => l.text).slice(-2)).toEqual([
      "End of phase 2: nothing resolves until the rolls below are made (P9).",
      "Earl owes the location roll of hit 1 of check 1 for Target and fire: 1d10, in phases[1].rolls.earl.locations (P20).",
    ]);
  });

  it("the state read is the stored shape: the final state of one run starts the next", () => {
    const first = phaseHeadless.sequence(JSON.stringify(PHASE_SEQUENCE_SCENARIOS["seed-06-target-and-fire"])) as { state: { phase: number } };
    expect(first.state.phase).toBe(3);
    expect(() => parsePhaseSequence(JSON.stringify(seq()))).not.toThrow();
  });
});
