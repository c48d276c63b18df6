/**
 * The GURPS scenario reader under bad and hostile input: every problem is one
 * short scenarioField (or scenarioText) error naming the field, whatever the
 * input held; a scenario is never changed by reading it.
 */
import { describe, expect, it } from "vitest";
import { GURPS_SEED_SCENARIOS, parseGurpsScenario, readGurpsScenario } from "../../../src/rulesets/gurps/rules/index.js";
import { fieldError, gurpsError, outcome } from "./helpers.js";

const base = () => structuredClone(GURPS_SEED_SCENARIOS["check-12-louis-strikes-pierre"]) as any;
const read = (s: unknown) => () => readGurpsScenario(s);

describe("the GURPS scenario reader", () => {
  it("reads every seed scenario without changing it", () => {
    for (const [name, s] of Object.entries(GURPS_SEED_SCENARIOS)) {
      const before = JSON.stringify(s);
      readGurpsScenario(s);
      expect(JSON.stringify(s), name).toBe(before);
    }
  });

  it("names the field of a wrong type, an unknown field, a missing one, a value out of range", () => {
    fieldError(read({ ...base(), weapon: { ...base().weapon, damage: 7 } }), "weapon.damage", "damage line");
    fieldError(read({ ...base(), weapon: { ...base().weapon, sharpness: 3 } }), "weapon.sharpness", "unknown field");
    const noHt = base();
    delete noHt.defender.ht;
    fieldError(read(noHt), "defender.ht", "is required");
    fieldError(read({ ...base(), attacker: { ...base().attacker, skill: 120 } }), "attacker.skill", "from 0 to 99");
    fieldError(read({ ...base(), attacker: { ...base().attacker, maneuver: "charge" } }), "attacker.maneuver", "attack, allOutAttack, moveAndAttack");
    fieldError(read({ ...base(), location: "tail" }), "location", "torso");
  });

  it("checks notations with the core's parsers: damage lines (G2), Basic Speed in quarters (G1), Shots (G56)", () => {
    fieldError(read({ ...base(), weapon: { ...base().weapon, damage: "2q+1" } }), "weapon.damage", "G2");
    fieldError(read({ ...base(), defender: { ...base().defender, basicSpeed: 5.3 } }), "defender.basicSpeed", "quarters");
    fieldError(read({ ...base(), defender: { ...base().defender, basicSpeed: "5,75" } }), "defender.basicSpeed", "G1");
    fieldError(read({ ...GURPS_SEED_SCENARIOS["check-09-revolver-reload"], weapon: { ...(GURPS_SEED_SCENARIOS["check-09-revolver-reload"] as any).weapon, shots: "6[3i]" } }), "weapon.shots", "G56");
  });

  it("checks the dice: three faces 1–6 or a total 3–18; a damage roll of the right number of dice, one per hit", () => {
    fieldError(read({ ...base(), attacker: { ...base().attacker, roll: [4, 4] } }), "attacker.roll", "3 dice");
    fieldError(read({ ...base(), attacker: { ...base().attacker, roll: [4, 4, 7] } }), "attacker.roll[2]", "from 1 to 6");
    fieldError(read({ ...base(), attacker: { ...base().attacker, roll: 19 } }), "attacker.roll", "from 3 to 18");
    fieldError(read({ ...base(), damage: [[4, 4]] }), "scenario", "damage[0]", "1 dice");
    fieldError(read({ ...base(), damage: [[4], [3]] }), "scenario", "2 damage rolls");
  });

  it("checks the defense choice: a defense he does not have is an input problem; one the rules forbid is refused as the outcome (G28, G58–G68)", () => {
    fieldError(read({ ...base(), defense: [{ id: "parry:spear", roll: [3, 3, 3] }] }), "scenario", "Parry (spear)", "he has no such defense");
    expect(outcome({ ...base(), defense: [{ id: "dodge", dodgeAndDrop: true, roll: [3, 3, 3] }] })).toEqual({ refused: { rule: "G68", code: "dropNotAllowed", reason: expect.stringContaining("dodge and drop") } });
    expect(outcome({ ...base(), defense: [{ id: "dodge", roll: [3, 3, 3] }, { id: "dodge", roll: [3, 3, 3] }] })).toEqual({ refused: { rule: "G28", code: "defenseSecondNotAllowed", reason: expect.stringContaining("(G28, G58)") } });
  });

  it("checks options and the option a maneuver needs (G26, G28)", () => {
    fieldError(read({ ...base(), attacker: { ...base().attacker, maneuver: "allOutAttack" } }), "attacker.aoaOption", "is required");
    fieldError(read({ ...base(), attacker: { ...base().attacker, aoaOption: "strong" } }), "attacker.aoaOption", "allOutAttack");
    fieldError(read({ ...base(), options: { reelingRule: "book" } }), "options.reelingRule", "seed, p419");
    fieldError(read({ ...base(), options: { tables: {} } }), "options.tables", "unknown field");
  });

  it("a slam needs its velocity and the slammer's own figures (G48)", () => {
    const slam = structuredClone(GURPS_SEED_SCENARIOS["check-21-slam-ten-yards"]) as any;
    delete slam.attacker.self;
    fieldError(read(slam), "attacker.self", "G48");
    fieldError(read({ ...base(), slam: { velocity: 3 } }), "slam", "slam");
  });

  it("refuses another ruleset's or version's scenario, and a kind it does not know", () => {
    fieldError(read({ ...base(), ruleset: "d6" }), "ruleset", "gurps");
    gurpsError(read({ ...base(), version: 2 }), "scenarioVersion", "only version 1");
    fieldError(read({ ...base(), kind: "chase" }), "kind", "attack, feint, defenses, maneuver");
  });

  it("hostile text fails as one short line: not JSON, too large, deep, control characters, a huge name", () => {
    gurpsError(() => parseGurpsScenario("{"), "scenarioText");
    gurpsError(() => parseGurpsScenario(" ".repeat(70_000)), "scenarioTooLarge");
    gurpsError(() => parseGurpsScenario("[".repeat(100)), "scenarioText");
    const e = fieldError(read({ ...base(), attacker: { ...base().attacker, name: "Louis\u001b[31m" } }), "attacker.name", "control characters");
    expect(e.message.length).toBeLessThan(200);
    // The shared reader's check: bidi and invisible characters are refused in names too, not only controls.
    const bidi = fieldError(read({ ...base(), attacker: { ...base().attacker, name: "Lou\u202eis" } }), "attacker.name", "control characters");
    expect(bidi.message).not.toContain("\u202e");
    fieldError(read({ ...base(), attacker: { ...base().attacker, name: "Lou\u200bis" } }), "attacker.name", "control characters");
    const long = fieldError(read({ ...base(), attacker: { ...base().attacker, name: "x".repeat(10_000) } }), "attacker.name", "at most 60");
    expect(long.message.length).toBeLessThan(200);
    const key = gurpsError(read({ ...base(), ["\u202eevil".repeat(20)]: 1 }), "scenarioField", "unknown field");
    expect(key.message).not.toContain("\u202e");
    expect(key.message.length).toBeLessThan(400);
  });

  it("reads the other kinds: feint, defenses, maneuver", () => {
    fieldError(read({ kind: "feint", feinter: { skill: 15 }, foe: { skill: "14" } }), "foe.skill", "whole number");
    fieldError(read({ kind: "defenses", defender: { hp: 10, ht: 10, basicSpeed: 5 }, attack: { kind: "laser" } }), "attack.kind", "firearm");
    fieldError(read({ kind: "maneuver", fighter: { move: 5 }, maneuver: { id: "sprint" } }), "maneuver.id", "moveAndAttack");
  });
});
