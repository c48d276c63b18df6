/**
 * Bad input to the rules core: every mistake is a RulesError with a code and
 * an English message that names the offending thing. Rule ids: the rule
 * index of docs/rulesets/cychosys.md.
 */
import { describe, expect, it } from "vitest";
import {
  actionTotal, applyAntiImpact, applyPiercing, contest, counterExchange, distributeHits, type EffectMark, effectCosts, formatBundle,
  makeBundle, mark, MAX_EFFECTS, MAX_NOTATION_LENGTH, MAX_NOTE_LENGTH, NotationError, normalizeCovers, parseBundle, parseImpact, parseScenario, readDie, readRoll, readScenario, reduceEffects, resolveAttack,
  RulesError, type RulesErrorCode,
} from "../../src/rulesets/cychosys/rules/index.js";
import { thrownBy } from "../helpers/thrown.js";

/** Run `fn`, require a RulesError with `code` whose message contains every fragment (any case); return it. */
function rulesError(fn: () => unknown, code: RulesErrorCode, ...fragments: (string | number)[]): RulesError {
  const error = thrownBy(fn, RulesError);
  expect(error.code).toBe(code);
  for (const fragment of fragments) expect(error.message.toLowerCase()).toContain(String(fragment).toLowerCase());
  return error;
}

/** A parse error (R2): its code, its 1-based position, and the message naming the character and position. */
function notationError(text: string, code: RulesErrorCode, position: number, ...fragments: string[]): NotationError {
  const error = rulesError(() => parseBundle(text), code, `position ${position}`, ...fragments);
  expect(error).toBeInstanceOf(NotationError);
  expect((error as NotationError).position).toBe(position);
  return error as NotationError;
}

const VD6 = parseBundle("VD6");
const pools = (physical: number, mental: number, emotional: number) => ({ physical, mental, emotional });
const scenario = (patch: Record<string, unknown> = {}) => ({
  version: 1,
  attacker: { total: 22, edge: "VD6" },
  defender: { outfit: [{ shield: "1", covers: "all", layer: "skin" }] },
  defense: { form: "evade", total: 9 },
  ...patch,
});

describe("R2 notation errors name the character and its 1-based position", () => {
  it('R1/R2: an unknown letter ("VQ6") names Q at position 2', () => {
    notationError("VQ6", "notationUnknownLetter", 2, '"Q"', '"VQ6"');
  });

  it('R1/R2: a lower-case letter ("vd6") is refused and the upper-case "V" suggested', () => {
    const error = notationError("vd6", "notationLowerCase", 1, '"v"', 'did you mean "V"');
    expect(error.params.upper).toBe("V");
  });

  it('R2: hits above 999 ("B1000") name the whole number and the limit', () => {
    notationError("B1000", "notationHitsTooLarge", 2, '"1000"', "999");
  });

  it("R2: positions count every character, whitespace included", () => {
    notationError("  X  q", "notationLowerCase", 6, '"q"');
    notationError("BR 5 Z", "notationLetterAfterHits", 6, '"Z"');
  });

  it('R2: negative hits ("B-1") are refused at the minus sign', () => {
    notationError("B-1", "notationNegative", 2, '"-"');
  });

  it('R2: fractional hits ("B1.5") are refused at the decimal point', () => {
    notationError("B1.5", "notationFraction", 3, '"."');
  });

  it('R2: letters after the hits ("1B") are refused', () => {
    notationError("1B", "notationLetterAfterHits", 2, '"B"');
  });

  it('R2: an asterisk that follows no letter ("*B") or a second asterisk ("B**") is refused', () => {
    notationError("*B", "notationStrayAsterisk", 1);
    notationError("B**", "notationDoubleAsterisk", 3);
  });

  it('R2: a note that is not closed ("X (heat") names where it opens', () => {
    notationError("X (heat", "notationUnclosedNote", 3, '"X (heat"');
  });

  it('R2: text after a note ("X (heat) Y") is refused', () => {
    notationError("X (heat) Y", "notationAfterNote", 10, '"Y"');
  });

  it("R2: other characters are refused by name", () => {
    notationError("V#6", "notationUnexpected", 2, '"#"');
    notationError("B2)", "notationUnexpected", 3, '")"');
  });

  it("R2: empty or blank notation says to write 0", () => {
    rulesError(() => parseBundle(""), "notationEmpty", "write 0");
    rulesError(() => parseBundle("   "), "notationEmpty", "write 0");
    rulesError(() => parseBundle("(just a note)"), "notationEmpty");
  });

  it("R2: text longer than the parser's limit is refused with its length", () => {
    const text = `${" ".repeat(MAX_NOTATION_LENGTH)}B`;
    rulesError(() => parseBundle(text), "notationTooLong", String(text.length), String(MAX_NOTATION_LENGTH));
  });

  it("R2: more effects than a bundle may hold, or a note that is too long, is refused", () => {
    notationError("B".repeat(MAX_EFFECTS + 1), "notationTooManyEffects", MAX_EFFECTS + 1, String(MAX_EFFECTS));
    notationError(`V(${"a".repeat(MAX_NOTE_LENGTH + 1)})`, "notationNoteTooLong", 2, String(MAX_NOTE_LENGTH));
  });

  it("R2/R3: the largest bundle the parser accepts still parses after formatting (limits are consistent)", () => {
    const largest = makeBundle(Array<EffectMark>(MAX_EFFECTS).fill(mark("B", true)), 999, "n".repeat(MAX_NOTE_LENGTH));
    expect(parseBundle(formatBundle(largest))).toStrictEqual(largest);
    // Accepted compact input with a note at its longest reformats (with a space before the note) and still parses.
    const compact = parseBundle(`${"H*".repeat(MAX_EFFECTS)}999(${"n".repeat(MAX_NOTE_LENGTH)})`);
    expect(parseBundle(formatBundle(compact))).toStrictEqual(compact);
  });

  it('R4: an impact that is not hits plus asterisks ("4*x", "-1") is refused', () => {
    rulesError(() => parseImpact("4*x"), "impactInvalid", '"4*x"');
    rulesError(() => parseImpact("-1"), "impactInvalid", '"-1"');
  });
});

describe("R11–R13 dice and action totals", () => {
  it.each([0, 13, 1.5, -1, Number.NaN])("R11: die face %s is refused", (face) => {
    rulesError(() => readDie(face), "dieFace", "1 to 12", String(face));
  });

  it("R12: an empty roll is refused; a bad face inside a roll is named", () => {
    rulesError(() => readRoll([]), "noDice", "at least one die");
    rulesError(() => readRoll([4, 13]), "dieFace", "13");
  });

  it("R13: a fractional or out-of-range skill base is named", () => {
    rulesError(() => actionTotal({ base: 2.5, roll: [4] }), "notInteger", "Skill base", "2.5");
    rulesError(() => actionTotal({ base: -1000, roll: [4] }), "outOfRange", "Skill base", "-1000");
    rulesError(() => actionTotal({ base: 2, roll: [4], finesse: 1.5 }), "notInteger", "finesse", "1.5");
    rulesError(() => actionTotal({ base: 2, roll: [0] }), "dieFace", "0");
  });

  it("R13/R19: a negative effect cost is refused (it would raise the total instead of lowering it)", () => {
    rulesError(() => actionTotal({ base: 5, roll: [3], effectCost: -5 }), "outOfRange", "added effects", "-5");
  });

  it("R10/R13: a negative condition penalty is refused (it would raise the total instead of lowering it)", () => {
    rulesError(() => actionTotal({ base: 5, roll: [3], conditionPenalty: -4 }), "outOfRange", "conditions", "-4");
  });

  it("R19: adding an unknown letter to an action names it", () => {
    rulesError(() => effectCosts(VD6, ["Q"]), "improveUnknownLetter", '"Q"');
  });
});

describe("R23 counterattacks", () => {
  it("R23: a counterattack with no totals is refused", () => {
    rulesError(() => counterExchange({ total: 28, edge: VD6 }, [], VD6), "counterTotals", "at least one total");
    rulesError(() => contest({ total: 28, edge: VD6 }, { form: "counter", totals: [], edge: VD6 }), "counterTotals");
  });

  it("R21: an unknown defense form is named", () => {
    const defense = { form: "dodge", total: 3 } as unknown as Parameters<typeof contest>[1];
    rulesError(() => contest({ total: 28, edge: VD6 }, defense), "unknownForm", '"dodge"');
  });
});

describe("R24, R28, R32, R33 choices of the struck side", () => {
  it("R28: the wrong number of piercing choices says how many are expected", () => {
    rulesError(() => applyPiercing(parseBundle("XP5"), 1, ["X", "P"]), "piercingCount", "chosen: 2", "call for 1");
    rulesError(() => applyPiercing(parseBundle("XP5"), 2, []), "piercingCount", "chosen: 0", "call for 2");
  });

  it("R28: piercing an effect the injury does not have names it", () => {
    rulesError(() => applyPiercing(parseBundle("XP5"), 1, ["B"]), "piercingNotPresent", '"B"');
  });

  it("R28: a wrong piercing choice through resolveAttack is refused the same way", () => {
    const input = {
      attacker: { total: 50, edge: parseBundle("XP5"), outfit: [] },
      defender: { outfit: [] },
      defense: { form: "evade" as const, total: 5 },
      choices: { piercing: ["X"] },
    };
    rulesError(() => resolveAttack(input), "piercingCount", "chosen: 1", "call for 2");
  });

  it("R24: the anti-impact cancelling the wrong number, or an absent effect, is refused", () => {
    rulesError(() => applyAntiImpact(VD6, { hits: 4, asterisks: 1 }, []), "cancelCount", "chosen for the anti-impact to cancel: 0", "call for 1");
    rulesError(() => applyAntiImpact(VD6, { hits: 4, asterisks: 1 }, ["B"]), "cancelNotPresent", '"B"');
  });

  it("R32: reducing an effect the injury does not have names it", () => {
    rulesError(() => reduceEffects(parseBundle("B2"), ["X"]), "reduceNotPresent", '"X"');
    rulesError(() => reduceEffects(parseBundle("B2"), ["B", "B"]), "reduceNotPresent", '"B"');
  });

  it("R32: reducing an effect the pools cannot pay names the cost and the pools", () => {
    rulesError(() => reduceEffects(parseBundle("U3"), ["U"], pools(1, 0, 1)), "reduceUnaffordable", '"U"', "P1 M1 E1", "have P1 M0 E1");
  });

  it("R28/R32: a piercing effect cannot be reduced", () => {
    rulesError(() => reduceEffects(parseBundle("X*P2"), ["X"], pools(5, 5, 5)), "reduceNotPresent", '"X"', "non-piercing");
  });

  it("R9/R32: a modifier (V) cannot be reduced", () => {
    rulesError(() => reduceEffects(VD6, ["V"], pools(5, 5, 5)), "reduceNotReducible", '"V"', "not a wounding effect");
  });

  it("R33: a chosen distribution that does not give all the hits says what it gives and what it must", () => {
    rulesError(() => distributeHits(5, pools(5, 5, 5), pools(1, 1, 1)), "distributionSum", "gives 3", "hits to take are 5");
    rulesError(() => distributeHits(20, pools(2, 2, 2), pools(2, 2, 1)), "distributionSum", "gives 5", "hits to take are 6");
  });

  it("R33: a chosen distribution taking more than a pool has names the pool", () => {
    rulesError(() => distributeHits(3, pools(1, 5, 5), pools(3, 0, 0)), "distributionExceeds", "takes 3", "physical", "has 1");
  });

  it("R33: a negative or fractional share of a chosen distribution is refused", () => {
    rulesError(() => distributeHits(2, pools(5, 5, 5), pools(3, -1, 0)), "distributionNegative", "mental", "-1", "cannot be negative");
    rulesError(() => distributeHits(2, pools(5, 5, 5), pools(1.5, 0.5, 0)), "notInteger", "physical", "1.5");
  });
});

describe("R29 locations", () => {
  it('R29/R30: normalizeCovers(["tail"]) names the location and the allowed ones', () => {
    rulesError(() => normalizeCovers(["tail"]), "unknownLocation", '"tail"', "head", "ego");
  });
});

describe("scenario files (the rules command)", () => {
  const fieldError = (value: unknown, ...fragments: string[]) => rulesError(() => readScenario(value), "scenarioField", ...fragments);

  it("the base scenario used below is valid", () => {
    expect(() => resolveAttack(readScenario(scenario()))).not.toThrow();
  });

  it("R13: negative totals are refused, naming the field", () => {
    fieldError(scenario({ attacker: { total: -3, edge: "VD6" } }), "attacker.total", "0 to 999", "-3");
    fieldError(scenario({ defense: { form: "evade", total: -3 } }), "defense.total", "-3");
    fieldError(scenario({ defense: { form: "counter", totals: [30, -3], edge: "B2" } }), "defense.totals[1]", "-3");
  });

  it("R13: fractional and missing totals are refused, naming the field", () => {
    fieldError(scenario({ attacker: { total: 2.5, edge: "VD6" } }), "attacker.total", "whole number", "2.5");
    fieldError(scenario({ attacker: { edge: "VD6" } }), "attacker.total", "is required");
  });

  it('R29: an unknown location ("tail") is refused, in the attack and in an outfit piece', () => {
    fieldError(scenario({ location: "tail" }), "location", '"tail"');
    const outfit = [{ shield: "1", covers: ["chest", "tail"] }];
    fieldError(scenario({ defender: { outfit } }), "defender.outfit[0].covers", '"tail"');
  });

  it("R2: bad notation in a scenario names the field, the letter and its position", () => {
    fieldError(scenario({ attacker: { total: 22, edge: "VQ6" } }), "attacker.edge", '"Q"', "position 2");
    fieldError(scenario({ defender: { outfit: [{ shield: "1" }, { shield: "bq1" }] } }), "defender.outfit[1].shield", '"b"');
  });

  it("unknown fields are refused, naming the field and the ones expected", () => {
    fieldError(scenario({ weather: "rain" }), "scenario.weather", "unknown field", "attacker");
    fieldError(scenario({ attacker: { total: 22, edge: "VD6", speed: 2 } }), "attacker.speed", "unknown field", "edge");
    fieldError(scenario({ defense: { form: "evade", total: 9, edge: "B2" } }), "defense.edge", "only by a counterattack");
  });

  it("R21/R23: a missing form, or a counterattack without totals or edge, is refused", () => {
    fieldError(scenario({ defense: { form: "dodge", total: 9 } }), "defense.form", '"dodge"');
    fieldError(scenario({ defense: { form: "counter", totals: [], edge: "B2" } }), "defense.totals", "one or more");
    fieldError(scenario({ defense: { form: "counter", totals: [30] } }), "defense.edge", "is required");
  });

  it("R33: negative pools are refused, naming the pool", () => {
    const bad = { hit: pools(5, -1, 5), fatigue: pools(5, 5, 5) };
    fieldError(scenario({ defender: { pools: bad } }), "defender.pools.hit.mental", "-1");
  });

  it("text that is not JSON is refused as such", () => {
    rulesError(() => parseScenario("{ attacker: "), "scenarioJson", "not valid JSON");
    rulesError(() => parseScenario(""), "scenarioJson", "not valid JSON");
  });

  it("a scenario that is not an object, or of another version, is refused", () => {
    fieldError([], "scenario", "must be an object");
    rulesError(() => readScenario(scenario({ version: 2 })), "scenarioVersion", "version 2", "version 1");
  });

  it("R33: a scenario distribution that does not sum is caught when the attack resolves", () => {
    const input = readScenario(scenario({ choices: { distribute: pools(1, 0, 0) }, defender: { pools: { hit: pools(9, 9, 9), fatigue: pools(5, 5, 5) } } }));
    rulesError(() => resolveAttack(input), "distributionSum", "gives 1");
  });
});

describe("R12/R23 scenario counter totals", () => {
  it("R23: a counter total may carry its key die's surge; a stray surge on the counter itself is named", () => {
    const base = {
      attacker: { total: 30, edge: "B2" },
      defender: { outfit: [] },
    };
    const input = readScenario({ ...base, defense: { form: "counter", totals: [{ total: 38, surge: true }], edge: "FB2" } });
    expect(input.defense).toMatchObject({ totals: [{ total: 38, surge: true }] });
    rulesError(() => readScenario({ ...base, defense: { form: "counter", totals: [40], edge: "FB2", surge: true } }), "scenarioField", "defense.surge");
  });
});
