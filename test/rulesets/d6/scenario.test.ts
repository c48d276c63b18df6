/**
 * The headless scenario format (scenario.ts): what it reads, and every kind
 * of bad input failing with one short message naming the field path.
 */
import { describe, expect, it } from "vitest";
import {
  D6_SEED_SCENARIOS, D6Error, MAX_SCENARIO_CHARS, parseD6Scenario, readD6Scenario, resolveD6Scenario,
} from "../../../src/rulesets/d6/rules/index.js";
import { d6Error, fieldError, ruleRefusal } from "./helpers.js";
import { thrownBy } from "../../helpers/thrown.js";

type Json = Record<string, unknown>;

/** A valid scenario (a knife thrust at passive 10) with parts replaced. */
function scenario(patch: Json = {}, attacker: Json = {}, defender: Json = {}): Json {
  return {
    version: 1,
    attacker: {
      skill: "4D",
      strength: "3D+2",
      weapon: { mode: "melee", damage: "+1D", edged: true },
      roll: { dice: [6, 5, 4], wild: [2] },
      ...attacker,
    },
    defender: { strength: "3D", ...defender },
    damage: { roll: { dice: [3, 5], wild: [6, 1] } },
    resistance: { roll: { dice: [2, 4], wild: [3] } },
    ...patch,
  };
}
const read = (value: unknown) => () => readD6Scenario(value);

describe("reading scenarios", () => {
  it("the base scenario reads and resolves", () => {
    const s = readD6Scenario(scenario());
    expect(resolveD6Scenario(s).woundTaken).toBe("wounded");
    expect(s.input.round).toBe(1);
  });

  it("every seed scenario reads and resolves without error", () => {
    for (const [name, value] of Object.entries(D6_SEED_SCENARIOS)) {
      expect(() => resolveD6Scenario(readD6Scenario(value)), name).not.toThrow();
    }
  });

  it("options switch the world settings for this scenario only", () => {
    const options = { complicationMode: "remove", rangeModifierOnMelee: true, resistWithStrength: false, rollDifficultyModifiers: false };
    const s = readD6Scenario(scenario({ options, resistance: { roll: {} } })); // no armor and no Strength: 0D, nothing rolled
    expect(s.rules).toMatchObject({ complicationMode: "remove", rangeModifierOnMelee: true, resistWithStrength: false });
    expect(resolveD6Scenario(s).difficulty!.final).toBe(5);
    expect(readD6Scenario(scenario()).rules.complicationMode).toBe("flag");
  });

  it("cover may be a level or an object with rolled dice; names go to explain", () => {
    expect(readD6Scenario(scenario({ cover: "light" })).input.cover).toBe("light");
    const rolled = readD6Scenario(scenario({ options: { rollDifficultyModifiers: true }, cover: { level: "medium", dice: [2, 3] } }));
    expect(rolled.input.coverFaces).toEqual([2, 3]);
    expect(readD6Scenario(scenario({}, { name: "Kira" }, { name: "the thug" })).names).toEqual({ attacker: "Kira", defender: "the thug" });
  });

  it("a defense is given by its total, or rolled here from its code, actions and faces", () => {
    const s = readD6Scenario(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial", code: "4D", actions: 2, roll: { dice: [5, 3], wild: [4] } }] }));
    expect(resolveD6Scenario(s).defenses[0]!.total).toBe(12);
  });
});

describe("bad scenarios name the field", () => {
  it("unknown fields are refused at every level, listing the expected ones", () => {
    fieldError(read(scenario({ weather: "rain" })), "scenario.weather", "unknown field", "attacker");
    fieldError(read(scenario({}, { speed: 2 })), "attacker.speed", "unknown field", "skill");
    fieldError(read(scenario({}, { weapon: { mode: "melee", damage: "4D", sharp: true } })), "attacker.weapon.sharp", "edged");
    fieldError(read(scenario({ damage: { roll: { dice: [1], wild: [2], extra: [] } } })), "damage.roll.extra");
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial", total: 9, bonus: 1 }] })), "defender.defenses[0].bonus");
  });

  it("required fields are named", () => {
    const { skill: _skill, ...noSkill } = scenario().attacker as Json;
    fieldError(read({ ...scenario(), attacker: noSkill }), "attacker.skill", "is required");
    fieldError(read({ attacker: scenario().attacker }), "scenario.defender", "is required");
    fieldError(read(scenario({}, { weapon: { mode: "melee" } })), "attacker.weapon.damage", "is required");
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial" }] })), "defender.defenses[0].code", "total");
  });

  it("D1: bad die codes name the field and the code", () => {
    fieldError(read(scenario({}, { skill: "4E" })), "attacker.skill", '"4E"', "D1");
    fieldError(read(scenario({}, { skill: 4 })), "attacker.skill", "die code in a string", "got 4");
    fieldError(read(scenario({}, { strength: "3D+3" })), "attacker.strength", "4D");
    fieldError(read(scenario({}, { weapon: { mode: "melee", damage: "-1D" } })), "attacker.weapon.damage", "no sign");
  });

  it("values outside their lists are named with the allowed ones", () => {
    fieldError(read(scenario({}, { weapon: { mode: "psionic", damage: "4D" } })), "attacker.weapon.mode", "unarmed, melee, ranged", '"psionic"');
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "duck", mode: "partial", total: 3 }] })), "defender.defenses[0].skill", "dodge, block, parry");
    fieldError(read(scenario({ cover: "fog" })), "cover", "none, light");
    fieldError(read(scenario({ options: { complicationMode: "ignore" } })), "options.complicationMode", "flag, remove");
    fieldError(read(scenario({}, {}, { wounds: { level: "bruised" } })), "defender.wounds.level", "stunned");
  });

  it("bounded numbers: whole where whole, in range, finite", () => {
    fieldError(read(scenario({ round: 0 })), "round", "1 to 9999", "0");
    fieldError(read(scenario({ round: 2.5 })), "round", "whole number", "2.5");
    fieldError(read(scenario({}, { actions: 21 })), "attacker.actions", "1 to 20");
    fieldError(read(scenario({}, { flat: 1e9 })), "attacker.flat", "-99 to 99");
    fieldError(read(scenario({}, { roll: { dice: [6, 5, 7], wild: [2] } })), "attacker.roll.dice[2]", "1 to 6", "7");
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial", total: 1000 }] })), "defender.defenses[0].total", "0 to 999");
    fieldError(read(scenario({}, { weapon: { mode: "melee", damage: "4D", lengthMetres: -1 } })), "attacker.weapon.lengthMetres", "0 to 100");
  });

  it("D2: a roll that does not match its code names the roll's field", () => {
    fieldError(read(scenario({}, { roll: { dice: [6, 5], wild: [2] } })), "attacker.roll", "4D", "3 plain dice", "2 were given");
    fieldError(read(scenario({}, { roll: { dice: [6, 5, 4] } })), "attacker.roll", "Wild Die's face is missing");
    fieldError(read(scenario({}, { roll: { dice: [6, 5, 4], wild: [6] } })), "attacker.roll", "ends on a 6");
    fieldError(read(scenario({ damage: { roll: { dice: [3], wild: [2] } } })), "damage.roll", "3D");
    fieldError(read(scenario({ resistance: { roll: { dice: [2], wild: [3] } } })), "resistance.roll", "3D");
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial", code: "4D", actions: 1, roll: { dice: [5], wild: [4] } }] })), "defender.defenses[0].roll", "dodge", "4D");
  });

  it("D3: an attack with no die left after penalties is refused, as the rule's refusal (not bad input)", () => {
    ruleRefusal(read(scenario({}, { skill: "2D+2", actions: 3, roll: { dice: [], wild: [] } })), "D3", "The attack roll cannot be made", "0D+2", "(D3, D41)");
    // A dodge cut to 0D+2 by one action and a wound: refused whatever faces were given.
    ruleRefusal(read(scenario({}, {}, { wounds: { level: "wounded" }, defenses: [{ skill: "dodge", mode: "partial", code: "2D+2", actions: 2, roll: { dice: [], wild: [3] } }] })), "D3", "The dodge roll cannot be made", "− 1D for actions − 1D for wounds", "leaves 0D+2");
  });

  it("D10, D18, D23, D29: what the rules forbid of a well-formed attack is refused with its rule", () => {
    ruleRefusal(read(scenario({}, { wounds: { level: "incapacitated" } })), "D10", "No attack: the attacker is Incapacitated and unable to act (D10, D37).");
    ruleRefusal(read(scenario({}, { name: "Kira", wounds: { level: "mortallyWounded" } })), "D10", "No attack: Kira is Mortally Wounded");
    ruleRefusal(read(scenario({}, {}, { unableToAct: true, defenses: [{ skill: "dodge", mode: "partial", total: 9 }] })), "D18", "(D10, D18)");
    ruleRefusal(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "full", code: "4D", actions: 2, roll: { dice: [1, 1, 1], wild: [1] } }] })), "D23", "N is 1, not 2");
    ruleRefusal(read(scenario({}, { aimRounds: 2 })), "D29", "ranged attacks only");
  });

  it("D24, D27, D37 cross-field problems of the input name the field", () => {
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial", code: "4D", roll: { dice: [1, 1, 1], wild: [1] } }] })), "defender.defenses[0].actions", "D24");
    fieldError(read(scenario({}, { weapon: { mode: "ranged", damage: "4D" } })), "range", "is required for a ranged attack");
    fieldError(read(scenario({ range: { metres: 12 } })), "range.metres", "Short, Medium and Long");
    fieldError(read(scenario({ range: { band: "short", metres: 12 } })), "range", "either band or metres");
    fieldError(read(scenario({}, { weapon: { mode: "ranged", damage: "4D", ranges: { short: 20, medium: 10, long: 30 } } })), "attacker.weapon.ranges", "must rise");
    fieldError(read(scenario({}, {}, { wounds: { level: "stunned" } })), "defender.wounds.untilRound", "is required for stunned");
    fieldError(read(scenario({}, {}, { wounds: { level: "wounded", untilRound: 3 } })), "defender.wounds.untilRound", "not by wounded");
    fieldError(read(scenario({}, {}, { defenses: [{ skill: "dodge", mode: "partial", total: 9, weapon: { damage: "+1D" } }] })), "defender.defenses[0].weapon", "only by a parry");
  });

  it("D26: modifier dice agree with the world's setting", () => {
    fieldError(read(scenario({ cover: { level: "light", dice: [4] } })), "cover.dice", "rollDifficultyModifiers");
    fieldError(read(scenario({ options: { rollDifficultyModifiers: true }, cover: "light" })), "cover", "1D");
    fieldError(read(scenario({ modifiers: [{ value: 2, code: "+1D" }] })), "modifiers[0]", "either value or code");
    fieldError(read(scenario({ modifiers: [{ value: 2, dice: [3] }] })), "modifiers[0].dice", "die-code modifier");
    fieldError(read(scenario({ options: { rollDifficultyModifiers: true }, modifiers: [{ code: "+2D", dice: [3] }] })), "modifiers[0].dice", "2D");
  });

  it("the ruleset and version, when given, must be this one", () => {
    fieldError(read(scenario({ ruleset: "gurps" })), "ruleset", '"gurps"');
    d6Error(read(scenario({ version: 2 })), "scenarioVersion", "version 2", "version 1");
  });

  it("not JSON, or not an object", () => {
    d6Error(() => parseD6Scenario("{ attacker: "), "scenarioText", "not valid JSON");
    d6Error(() => parseD6Scenario(""), "scenarioText");
    fieldError(read([]), "scenario", "must be an object", "a list of 0");
    fieldError(read(null), "scenario", "must be an object", "null");
    fieldError(read(scenario({ attacker: "Kira" })), "attacker", "must be an object", '"Kira"');
  });
});

describe("hostile input fails fast with one short line", () => {
  /**
   * Require a D6Error within `ms` of work, its message one line and short. The work takes milliseconds; the
   * ceiling, as the other rulesets' (1 s), fails a reader whose cost grows with the input's square, not a busy machine.
   */
  function hostile(fn: () => unknown, ms = 1000): D6Error {
    const start = performance.now();
    const error = thrownBy(fn, D6Error);
    expect(performance.now() - start).toBeLessThan(ms);
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).not.toMatch(/[\u0000-\u001f\u2028\u2029]/);
    return error;
  }

  it("a 1 MB scenario is refused before it is parsed", () => {
    const big = JSON.stringify(scenario({}, { name: "x".repeat(1_000_000) }));
    expect(hostile(() => parseD6Scenario(big)).code).toBe("scenarioTooLarge");
    expect(big.length).toBeGreaterThan(MAX_SCENARIO_CHARS);
  });

  it("a 1 MB string value (already parsed) is named by its length, not echoed", () => {
    const e = hostile(read(scenario({}, { name: "x".repeat(1_000_000) })));
    expect(e.message).toContain("1000000 characters");
    hostile(read(scenario({}, { skill: "4".repeat(1_000_000) })));
    hostile(read(scenario({ ["k".repeat(1_000_000)]: 1 })));
  });

  it("deep nesting", () => {
    const deep = `{"defender":{},"attacker":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
    expect(deep.length).toBeLessThan(MAX_SCENARIO_CHARS);
    const e = hostile(() => parseD6Scenario(deep));
    expect(e.message).toContain("nests more than 16 levels deep at line 1, column");
    hostile(() => parseD6Scenario("[".repeat(40_000)));
  });

  it("huge arrays", () => {
    const e = hostile(read(scenario({}, { roll: { dice: Array(1_000_000).fill(1), wild: [2] } })));
    expect(e.message).toContain("attacker.roll.dice: has 1000000 entries; at most 99");
    hostile(read(scenario({}, {}, { defenses: Array(100_000).fill({ skill: "dodge", mode: "partial", total: 5 }) })));
    hostile(read(scenario({ modifiers: Array(100_000).fill({ value: 1 }) })));
  });

  it("1e400 and other non-finite or huge numbers", () => {
    const e = hostile(() => parseD6Scenario(JSON.stringify(scenario()).replace('"version":1', '"round":1e400')));
    expect(e.message).toContain("the number 1e400 at line 1, column");
    hostile(read(scenario({}, { weapon: { mode: "melee", damage: "4D", lengthMetres: Number.NaN } })));
    hostile(read(scenario({}, { flat: -1e308 })));
  });

  it("control characters are escaped in messages and refused in names", () => {
    const e = hostile(read(scenario({}, { skill: "4D\u0000\n\u2028\u202e" })));
    expect(e.message).toContain("\\u0000\\u000a\\u2028\\u202e");
    hostile(read(scenario({}, { name: "Kira\nthe\u0007" })));
    const key = hostile(read(scenario({ "we\nather": 1 })));
    expect(key.params.field).toBe("scenario.we\\u000aather");
  });

  it("prototype keys are unknown fields like any other", () => {
    fieldError(() => parseD6Scenario('{"__proto__": {"x": 1}, "attacker": {}, "defender": {}}'), "scenario.__proto__", "unknown field");
    fieldError(() => parseD6Scenario(JSON.stringify(scenario({ constructor: 1 }))), "scenario.constructor");
  });
});
