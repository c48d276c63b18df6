/**
 * examples/phase/*.json (attacks) and examples/phase/sequences/*.json: every
 * seed check and a few more rules as scenarios, run through the headless
 * entry points and compared with their checked outcomes. The key figures are
 * also written out below, worked by hand from the dice, so a regenerated
 * outcome file cannot pass unchecked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rulesWithAll, runCommand } from "../../cli/run.js";
import { PHASE_ATTACK_SCENARIOS, PHASE_REFUSAL_SCENARIOS, PHASE_SEQUENCE_SCENARIOS, type PhaseAttackJson, phaseHeadless, type SequenceOutcomeJson } from "../../../src/rulesets/phase/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "phase");
const SEQ = join(DIR, "sequences");
const json = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".json"));
const text = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const attack = (name: string) => phaseHeadless.resolve(text(DIR, `${name}.json`)) as PhaseAttackJson;
const sequence = (name: string) => phaseHeadless.sequence(text(SEQ, `${name}.json`)) as SequenceOutcomeJson;

/** name → [plain TN, raised TN, each check's total and result, the areas struck, flesh, stun and traumatic wounds after, states]. */
const HAND_CHECKED: Record<string, [number, number, string[], (string | null)[], number, number, number, string[]]> = {
  // Check 8: 8 + 3 + 2 − 2 wild = 11; roll 3 → chest; 2 + 3 = 5 < 7.
  "seed-08-wild-shot": [10, 10, ["11 hit"], ["chest"], 5, 0, 0, []],
  // Check 10: face = total − 5 against 10 / 14; the head's path chest, right arm, left arm, abdomen; 1 + 1 = 2 each.
  "seed-10-called-head-14": [10, 14, ["14 hit"], ["head"], 2, 0, 0, []],
  "seed-10-called-head-13": [10, 14, ["13 partial"], ["chest"], 2, 0, 0, []],
  "seed-10-called-head-12": [10, 14, ["12 partial"], ["rightArm"], 2, 0, 0, []],
  "seed-10-called-head-11": [10, 14, ["11 partial"], ["leftArm"], 2, 0, 0, []],
  "seed-10-called-head-10": [10, 14, ["10 partial"], ["abdomen"], 2, 0, 0, []],
  "seed-10-called-head-09": [10, 14, ["9 miss"], [], 0, 0, 0, []],
  // Check 11: 10 against raised 13 (arm), 12 (leg, abdomen), 11 (chest); cover walked to the path's end; 2 + 2 = 4.
  "seed-11-arm-path": [10, 13, ["10 partial"], ["head"], 4, 0, 0, []],
  "seed-11-leg-path": [10, 12, ["10 partial"], ["chest"], 4, 0, 0, []],
  "seed-11-chest-path": [10, 11, ["10 partial"], ["head"], 4, 0, 0, []],
  "seed-11-abdomen-path": [10, 12, ["10 partial"], ["leftArm"], 4, 0, 0, []],
  // Check 12: 6 + 5 = 11; roll 1 → head; 2 + 1 = 3 < 5.
  "seed-12-location-roll-1": [10, 10, ["11 hit"], ["head"], 3, 0, 0, []],
  // Check 13: 10 + 3 + 4 = 17, margin 7 → 3 hits: 5 + 5 + 4 = 14.
  "seed-13-three-round-burst": [10, 10, ["17 hit"], ["chest", "rightLeg", "abdomen"], 14, 0, 0, []],
  // Check 14: 7 + 5 = 12; 6 + 5 + 2 = 13 stun, no flesh.
  "seed-14-stun-attack": [10, 10, ["12 hit"], ["chest"], 0, 13, 0, []],
  // P29/P30: 9 + 5 = 14; chest 9 − armor 1 = 8 ≥ 7: the third traumatic wound; flesh 6 + 8 = 14.
  "traumatic-wound-incapacitates": [10, 10, ["14 hit"], ["chest"], 14, 0, 3, ["incapacitated"]],
  // P41: 10 against raised 11 → abdomen behind the wall → right arm.
  "drift-into-cover": [10, 11, ["10 partial"], ["rightArm"], 4, 0, 0, []],
  // P23/P39: TN 11; 6 + 6 + Aim 2 = 14 and 8 + 6 = 14, margin 3 → 2 hits each; (8 − 2) + (4 − 2) + 8 + 7 = 23 ≥ 20.
  "full-auto-aimed": [11, 11, ["14 hit", "14 hit"], ["chest", "abdomen", "rightArm", "leftLeg"], 23, 0, 0, ["collapsed"]],
  // P25/P26: TN 10 + 2 = 12, raised 15; 8 + 6 = 14 → 1 short → chest; 5 + 1 = 6.
  "melee-against-defend": [12, 15, ["14 partial"], ["chest"], 6, 0, 0, []],
};

describe("examples/phase (attacks)", () => {
  it("holds every attack scenario, verbatim, and nothing else", () => {
    expect(json(DIR).map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(PHASE_ATTACK_SCENARIOS).sort());
    for (const file of json(DIR)) expect(JSON.parse(text(DIR, file)), file).toEqual(PHASE_ATTACK_SCENARIOS[file.replace(/\.json$/, "")]);
  });

  it.each(json(DIR))("%s resolves to its checked outcome", (file) => {
    expect(phaseHeadless.resolve(text(DIR, file))).toEqual(JSON.parse(text(join(DIR, "outcomes"), file)));
  });

  it.each(Object.entries(HAND_CHECKED))("%s: the figures worked by hand", (name, figures) => {
    const o = attack(name);
    const areas = o.checks.flatMap((c) => c.hits.map((h) => h.area));
    expect([o.tn.plain, o.tn.raised, o.checks.map((c) => `${c.total} ${c.result}`), areas, o.target.after.flesh, o.target.after.stun, o.target.after.traumaticWounds.length, o.target.after.states]).toEqual(figures);
    expect(o.pending).toBeNull();
  });
});

describe("examples/phase/sequences", () => {
  it("holds every sequence scenario, verbatim, and nothing else", () => {
    expect(json(SEQ).map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(PHASE_SEQUENCE_SCENARIOS).sort());
    for (const file of json(SEQ)) expect(JSON.parse(text(SEQ, file)), file).toEqual(PHASE_SEQUENCE_SCENARIOS[file.replace(/\.json$/, "")]);
  });

  it.each(json(SEQ))("%s resolves to its checked outcome", (file) => {
    expect(phaseHeadless.sequence(text(SEQ, file))).toEqual(JSON.parse(text(join(SEQ, "outcomes"), file)));
  });

  it("checks 1–5: two phases; both pistols drawn, Leroy's put away; Earl's Aim +1 on Leroy", () => {
    const o = sequence("seed-01-05-leroy-and-earl");
    expect(o.phases.map((p) => p.initiative.map((i) => `${i.id} ${i.total}`))).toEqual([["leroy 16", "earl 21"], ["leroy 11", "earl 17"]]);
    expect([o.fighters.leroy!.weapons.pistol!.ready, o.fighters.earl!.weapons.pistol!.ready]).toEqual([false, true]);
    expect(o.state.combatants.find((c) => c.id === "earl")).toMatchObject({ targeting: { target: "leroy", area: "head" }, aim: { target: "leroy", bonus: 1 } });
    expect(o.state.phase).toBe(3);
  });

  it("check 6: Defend makes TN 12; 9 + 8 = 17 hits the abdomen (roll 6) for 4 + 3 = 7, traumatic; 3 + 8 = 11 misses; 2 rounds", () => {
    const o = sequence("seed-06-target-and-fire");
    const shot = o.phases[1]!.resolved.find((g) => g.length === "round")!.actions[0]!.outcome;
    expect(shot.kind === "attack" && [shot.attack.tn.plain, shot.attack.checks.map((c) => c.total)]).toEqual([12, [17, 11]]);
    expect([o.fighters.leroy!.wounds.flesh, o.fighters.leroy!.wounds.traumaticWounds, o.fighters.earl!.weapons.pistol!.ammo]).toEqual([7, [{ area: "abdomen", phase: 2 }], 10]);
  });

  it("check 7: Ann 7 + 7 = 14 and Bo 6 + 7 = 13 drop each other (7 ≥ 6); Cy's 12 drops Di, whose full auto is lost; Gus's suppression spends 10", () => {
    const o = sequence("seed-07-resolution-order");
    expect(o.phases[0]!.outOfAction.map((x) => x.id)).toEqual(["ann", "bo", "di"]);
    expect(o.phases[0]!.lost).toEqual([{ actor: "di", id: "di@59", action: "fullAuto", during: "phase" }]);
    expect([o.fighters.ann!.wounds.flesh, o.fighters.bo!.wounds.flesh, o.fighters.di!.wounds.flesh, o.fighters.gus!.weapons.smg!.ammo]).toEqual([7, 7, 12, 20]);
    expect(o.state.combatants.filter((c) => c.suppressed).map((c) => c.id)).toEqual(["ed", "flo"]);
  });

  it("check 9: the surprise rolls 7 and 8 against TN 8; Bo draws in phase 4", () => {
    const o = sequence("seed-09-surprise");
    expect(o.phases.map((p) => p.surprise.map((s) => `${s.total} ${s.success}`))).toEqual([[], [], ["7 false"], ["8 true"]]);
    expect(o.fighters.bo!.weapons.pistol!.ready).toBe(true);
  });

  it("check 15: phase 21 is round 11, turn 3, minute 1; the full auto declared there resolves at the end of 22", () => {
    const o = sequence("seed-15-clock-phase-21");
    expect(o.phases[0]!.clock).toMatchObject({ phase: 21, round: 11, turn: 3, minute: 1 });
    expect(o.state.combatants.find((c) => c.id === "earl")!.action).toMatchObject({ action: "fullAuto", declaredAt: 21, resolvesAt: 22 });
  });

  it("P38: the cancelled target-and-fire spends nothing; the Fire after it is called at the chest, 4 + 8 = 12 ≥ 11", () => {
    const o = sequence("cancel-target-and-fire");
    expect(o.phases[1]!.slots.map((s) => s.kind)).toEqual(["cancel", "declare"]);
    expect([o.fighters.earl!.weapons.pistol!.ammo, o.fighters.leroy!.wounds.flesh]).toEqual([11, 6]);
  });
});

describe("examples/phase/sequences: the dice still owed (P9)", () => {
  it("owed-dice-at-the-phase-end: the run stops at phase 1's end and lists Leroy's check (1d10) and Earl's damage (2d6), the field each goes in", () => {
    const o = sequence("owed-dice-at-the-phase-end");
    expect(o.phases).toEqual([]);
    // Earl: 9 + 5 + 3 = 17 reaches the chest's raised TN 11: the hit is placed by the call, its damage owed.
    expect(o.owed!.rolls.map((n) => `${n.actor} ${n.roll} ${n.dice}d${n.faces} ${n.field}`)).toEqual(["leroy check 1d10 phases[0].rolls.leroy.checks", "earl damage 2d6 phases[0].rolls.earl.damage"]);
    expect([o.owed!.index, o.owed!.unplayed, o.state.phase, o.state.step]).toEqual([0, 1, 1, "declare"]);
    expect(o.fighters.leroy!.wounds.flesh).toBe(0);
  });
});

/** The rules command's answer to a scenario, in process: its exit code and outcome. */
function command(args: string[], file: string): { status: number; outcome: unknown } {
  const result = runCommand(rulesWithAll, [...args, file]);
  expect(result.stderr).toBe("");
  return { status: result.status, outcome: JSON.parse(result.stdout) };
}

describe("examples/phase/refusals and sequences/refusals: a rule's refusal is an outcome (exit code 0)", () => {
  const REFUSALS = join(DIR, "refusals");
  const SEQ_REFUSALS = join(SEQ, "refusals");

  it("hold every refusal scenario, verbatim, and nothing else", () => {
    expect(json(REFUSALS).map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(PHASE_REFUSAL_SCENARIOS.attacks).sort());
    expect(json(SEQ_REFUSALS).map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(PHASE_REFUSAL_SCENARIOS.sequences).sort());
    for (const file of json(REFUSALS)) expect(JSON.parse(text(REFUSALS, file)), file).toEqual(PHASE_REFUSAL_SCENARIOS.attacks[file.replace(/\.json$/, "")]);
    for (const file of json(SEQ_REFUSALS)) expect(JSON.parse(text(SEQ_REFUSALS, file)), file).toEqual(PHASE_REFUSAL_SCENARIOS.sequences[file.replace(/\.json$/, "")]);
  });

  it.each(json(REFUSALS))("rules --ruleset phase refusals/%s: its checked refusal, exit code 0", (file) => {
    expect(command(["--ruleset", "phase"], join(REFUSALS, file))).toEqual({ status: 0, outcome: JSON.parse(text(join(REFUSALS, "outcomes"), file)) });
  });

  it.each(json(SEQ_REFUSALS))("rules --ruleset phase --sequence sequences/refusals/%s: its checked refusal, exit code 0", (file) => {
    expect(command(["--ruleset", "phase", "--sequence"], join(SEQ_REFUSALS, file))).toEqual({ status: 0, outcome: JSON.parse(text(join(SEQ_REFUSALS, "outcomes"), file)) });
  });

  it("each refusal names its rule and the field that asked (P22, P39, P6, P3, P16)", () => {
    const rule = (dir: string, name: string) => (JSON.parse(text(join(dir, "outcomes"), `${name}.json`)) as { refused: { rule: string; field: string } }).refused;
    expect(rule(REFUSALS, "burst-needs-an-automatic")).toMatchObject({ rule: "P22", field: "weapon" });
    expect(rule(REFUSALS, "fire-without-a-round")).toMatchObject({ rule: "P39", field: "weapon.ammo" });
    expect(rule(SEQ_REFUSALS, "declare-while-busy")).toMatchObject({ rule: "P6", field: "phases[0].slots.leroy.declare" });
    expect(rule(SEQ_REFUSALS, "free-action-while-surprised")).toMatchObject({ rule: "P3", field: "phases[0].initiative.bo" });
    expect(rule(SEQ_REFUSALS, "aim-without-targeting")).toMatchObject({ rule: "P16", field: "phases[0].slots.earl.declare" });
  });
});
