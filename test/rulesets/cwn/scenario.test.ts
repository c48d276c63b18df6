/** The headless scenario formats (docs/rulesets/cwn.md): strict, bounded, one short error naming the field. */
import { describe, expect, it } from "vitest";
import { CWN_SEED_SCENARIOS, cwnScenarioOutcome, parseCwnScenario, readCwnScenario, resolveCwnScenario } from "../../../src/rulesets/cwn/rules/index.js";
import { cwnError, fieldError } from "./helpers.js";

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const attackScenario = (): Json => clone(CWN_SEED_SCENARIOS["03-traumatic-hit-times-three"]) as Json;
const combatScenario = (): Json => clone(CWN_SEED_SCENARIOS["14-hold-and-fire-first"]) as Json;
const read = (value: unknown) => readCwnScenario(value);

describe("attack scenarios", () => {
  it("reads the minimal scenario and fills the defaults", () => {
    const s = read({ attacker: { baseHitBonus: 0, weapon: { kind: "melee", damage: "1d6", attributes: ["str"] } }, defender: { ac: { melee: 10, ranged: 10 }, hp: 5 }, roll: 15 });
    expect(s.kind).toBe("attack");
    if (s.kind !== "attack") return;
    expect(s.input.attacker.weapon).toMatchObject({ skill: "stab", shock: null, traumaDie: null, traumaRating: 1, twoHanded: false });
    expect(cwnScenarioOutcome(resolveCwnScenario(s))).toMatchObject({ hit: true, owed: ["damage"] });
  });

  it.each([
    [(s: Json) => (s.extra = 1), "scenario.extra", "unknown field"],
    [(s: Json) => delete s.roll, "scenario.roll", "is required"],
    [(s: Json) => (s.roll = 21), "roll", "from 1 to 20"],
    [(s: Json) => (s.roll = 2.5), "roll", "whole number"],
    [(s: Json) => (s.damage = [1, 2]), "damage", "from 1 to 1 entries"],
    [(s: Json) => (s.damage = [9]), "damage[0]", "from 1 to 8 (got 9)"],
    [(s: Json) => (s.trauma = [0]), "trauma[0]", "from 1 to 8"],
    [(s: Json) => (s.attacker.weapon.damage = "1x8"), "attacker.weapon.damage", "is not dice"],
    [(s: Json) => (s.attacker.weapon.damage = 8), "attacker.weapon.damage", "must be dice"],
    [(s: Json) => (s.attacker.weapon.kind = "laser"), "attacker.weapon.kind", "melee, ranged, thrown"],
    [(s: Json) => (s.attacker.weapon.attributes = []), "attacker.weapon.attributes", "from 1 to 2"],
    [(s: Json) => (s.attacker.weapon.attributes = ["dex", "dex"]), "attacker.weapon.attributes", "same attribute twice"],
    [(s: Json) => (s.attacker.weapon.unarmed = true), "attacker.weapon.kind", "melee weapons"],
    [(s: Json) => (s.attacker.skills.shoot = -2), "attacker.skills.shoot", "from -1 to 10"],
    [(s: Json) => (s.attacker.attributes.luck = 1), "attacker.attributes.luck", "unknown field"],
    [(s: Json) => (s.defender.hp = -1), "defender.hp", "from 0 to 9999"],
    [(s: Json) => (s.defender.ac = { melee: 10 }), "defender.ac.ranged", "is required"],
    [(s: Json) => (s.defender.name = "a\u202ename"), "defender.name", "control, bidi"],
    [(s: Json) => (s.defender.name = "x".repeat(61)), "defender.name", "at most 60"],
    [(s: Json) => (s.ruleset = "d6"), "ruleset", 'must be "cwn"'],
    [(s: Json) => (s.kind = "duel"), "kind", "attack, combat"],
    [(s: Json) => (s.charge = { metres: 5 }), "charge", 'only by the action "charge"'],
    [(s: Json) => (s.action = "charge"), "charge", "is required"],
    [(s: Json) => ((s.action = "swarm"), (s.swarm = { participants: 2, standing: 3 })), "swarm.standing", "cannot be more than the 2"],
    [(s: Json) => (s.options = { defaultMorale: 13 }), "options.defaultMorale", "from 2 to 12"],
    [(s: Json) => (s.attacker.hitModifiers = [{ label: "x" }]), "attacker.hitModifiers[0].value", "is required"],
  ])("a bad field is one error naming it (%#)", (change, field, fragment) => {
    const s = attackScenario();
    change(s);
    fieldError(() => read(s), field, fragment);
  });

  it("faces for a Trauma Die the weapon does not have, or a screener that must roll, are named", () => {
    const s = attackScenario();
    delete s.attacker.weapon.traumaDie;
    fieldError(() => read(s), "trauma", "no Trauma Die");
    const t = attackScenario();
    t.attacker.weapon = { kind: "melee", damage: "1d8", attributes: ["str"] };
    t.damage = [3];
    delete t.trauma;
    t.screen = { attacker: [1, 1], screeners: [{ highestSkill: 1, ac: { melee: 10, ranged: 10 }, hp: 3 }] };
    fieldError(() => read(t), "screen.screeners[0].roll", "is required");
    t.screen.screeners[0].highestSkill = 0; // cannot screen: needs no roll
    expect(() => read(t)).not.toThrow();
    t.screen.choice = 1;
    fieldError(() => read(t), "screen.choice", "from 0 to 0");
  });

  it("the version is checked; JSON problems are one error", () => {
    const s = attackScenario();
    s.version = 2;
    cwnError(() => read(s), "scenarioVersion", "only version 1");
    cwnError(() => parseCwnScenario("{ not json"), "scenarioText", "not valid JSON");
    cwnError(() => parseCwnScenario('{"roll": 1, "roll": 2}'), "scenarioText");
    cwnError(() => parseCwnScenario(" ".repeat(70_000)), "scenarioTooLong", "longer than 65536");
    fieldError(() => parseCwnScenario("[]"), "scenario", "must be an object");
    fieldError(() => parseCwnScenario('{"__proto__": {}}'), "scenario.__proto__", "unknown field");
  });
});

describe("combat scenarios", () => {
  it.each([
    [(s: Json) => (s.sides[0].roll = 9), "sides[0].roll", "from 1 to 8"],
    [(s: Json) => (s.sides[1].id = s.sides[0].id), "sides[1].id", "used twice"],
    [(s: Json) => (s.sides[1].members[0].id = "Mack"), "sides[1].members[0].id", "used twice"],
    [(s: Json) => (s.sides[0].members = []), "sides[0].members", "from 1 to 64"],
    [(s: Json) => (s.steps[0].fighter = "nobody"), "steps[0].fighter", "names no combatant"],
    [(s: Json) => (s.steps[0].do = "dance"), "steps[0].do", "must be one of"],
    [(s: Json) => (s.steps[0].swarm = 1), "steps[0].swarm", "unknown field"],
    [(s: Json) => (s.steps[4].answers[0].answers = []), "steps[4].answers[0].answers", "unknown field"],
    [(s: Json) => (s.steps[4].gmOrder = [0, 0]), "steps[4].gmOrder", "each of the 1 answers once"],
    [(s: Json) => (s.steps[4].metres = -1), "steps[4].metres", "from 0 to 10000"],
    [(s: Json) => (s.steps.push({ do: "swarmAttack", fighter: "ganger 1" })), "steps[6].target", "is required"],
    [(s: Json) => (s.steps.push({ do: "morale", side: "the gangers", roll: [7, 1] })), "steps[6].roll[0]", "from 1 to 6"],
    [(s: Json) => (s.steps.push({ do: "morale", side: "the cops" })), "steps[6].side", "names no side"],
    [(s: Json) => (s.steps.push({ do: "joinSide", join: { id: "x", playerCharacters: false, roll: 2, members: [{ id: "Mack" }] } })), "steps[6].join.members[0].id", "used twice"],
    [(s: Json) => delete s.kind, "kind", '"kind": "combat"'],
  ])("a bad field is one error naming it (%#)", (change, field, fragment) => {
    const s = combatScenario();
    change(s);
    fieldError(() => read(s), field, fragment);
  });

  it("a tie owing a re-roll runs no step and names the sides", () => {
    const s = combatScenario();
    s.sides[1].playerCharacters = true;
    s.sides[0].playerCharacters = true;
    s.sides[1].roll = 8; // 8 + 0 = 8 = 7 + 1
    const out = cwnScenarioOutcome(resolveCwnScenario(read(s)));
    expect(out).toMatchObject({ scenario: "combat", owed: [["the crew", "the gangers"]], steps: [], final: null });
    s.sides[0].tieRolls = [5];
    s.sides[1].tieRolls = [2];
    expect(cwnScenarioOutcome(resolveCwnScenario(read(s)))).toMatchObject({ owed: [], initiative: [{ side: "the crew" }, { side: "the gangers" }] });
  });

  it("a side joining, a Morale check and a downed member run through the script", () => {
    const s = {
      kind: "combat",
      sides: [{ id: "crew", playerCharacters: true, roll: 5, members: [{ id: "a", dex: 1 }] }, { id: "gang", playerCharacters: false, roll: 2, morale: 6, members: [{ id: "g1" }, { id: "g2" }] }],
      steps: [
        { do: "downed", fighter: "g1", state: "dead" },
        { do: "endSideTurn" },
        { do: "joinSide", join: { id: "cops", playerCharacters: false, roll: 1, members: [{ id: "c1" }] } },
        { do: "endSideTurn" },
        { do: "morale", side: "gang", roll: [6, 1] },
        { do: "pass", fighter: "c1" },
        { do: "endSideTurn" },
      ],
    };
    const out = cwnScenarioOutcome(resolveCwnScenario(read(s)));
    if (out.scenario !== "combat") throw new Error("combat expected");
    expect(out.steps.map((x) => [x.do, x.ok])).toEqual([["start", true], ["downed", true], ["endSideTurn", true], ["joinSide", true], ["endSideTurn", true], ["morale", true], ["pass", true], ["endSideTurn", true]]);
    expect(out.final!.sides.gang!.morale).toEqual({ score: 6, status: "broken", roll: 7 });
    expect(out.final!.round).toBe(2);
  });
});
