/**
 * Hostile scenario text read in-process (parseScenario → resolveAttack): each
 * is one RulesError whose message is one short line, names the place, echoes
 * values cut and escaped, and is found fast. The time measured here is the
 * rules core's own work, nothing else (test/cli/hostile-input.test.ts times
 * the whole command). Rule ids: the rule index of docs/rulesets/cychosys.md.
 */
import { describe, expect, it } from "vitest";
import {
  MAX_CHOICE_LETTERS,
  MAX_COUNTER_TOTALS,
  MAX_EXTRA_SOAK_STEPS,
  MAX_NAME_LENGTH,
  MAX_OUTFIT_PIECES,
  MAX_SCENARIO_BYTES,
  MAX_SOAK_STEPS,
  outcomeJson,
  parseScenario,
  readScenario,
  resolveAttack,
  RulesError,
  SCENARIO_JSON_LIMITS,
} from "../../src/rulesets/cychosys/rules/index.js";
import { BOM_VALID, hostileCases, RAW_UNSAFE } from "../fixtures/hostile.js";

const textCases = hostileCases().filter((c): c is typeof c & { input: string } => typeof c.input === "string");

function failure(text: string): { error: RulesError; ms: number } {
  const start = performance.now();
  try {
    resolveAttack(parseScenario(text));
  } catch (error) {
    const ms = performance.now() - start;
    if (error instanceof RulesError) return { error, ms };
    throw error;
  }
  throw new Error("the scenario was accepted");
}

describe("hostile scenario text, read in-process", () => {
  it.each(textCases.map((c) => [c.name, c] as const))("%s: one RulesError, one short escaped line, under 1 s of the core's work", (_, c) => {
    const { error, ms } = failure(c.input);
    expect(error.message).toContain(c.says);
    expect(error.message).not.toMatch(/[\r\n]/);
    expect(error.message).not.toMatch(RAW_UNSAFE);
    expect(error.message.length).toBeLessThan(300);
    expect(ms).toBeLessThan(1000);
  });

  it("a UTF-8 byte order mark at the very start is skipped: the scenario resolves as without it", () => {
    expect(outcomeJson(resolveAttack(parseScenario(BOM_VALID)))).toEqual(outcomeJson(resolveAttack(parseScenario(BOM_VALID.slice(1)))));
  });

  it("the limits are the documented ones", () => {
    expect({
      MAX_SCENARIO_BYTES,
      MAX_OUTFIT_PIECES,
      MAX_EXTRA_SOAK_STEPS,
      MAX_SOAK_STEPS,
      MAX_COUNTER_TOTALS,
      MAX_CHOICE_LETTERS,
      MAX_NAME_LENGTH,
      ...SCENARIO_JSON_LIMITS,
    }).toEqual({
      MAX_SCENARIO_BYTES: 1_048_576,
      MAX_OUTFIT_PIECES: 64,
      MAX_EXTRA_SOAK_STEPS: 20,
      MAX_SOAK_STEPS: 100,
      MAX_COUNTER_TOTALS: 32,
      MAX_CHOICE_LETTERS: 99,
      MAX_NAME_LENGTH: 100,
      depth: 16,
      string: 1000,
      number: 32,
    });
  });

  it("R30/R31: a scenario at every cap still resolves (64 pieces, 100 names' characters, 16 levels are enough)", () => {
    const outfit = Array.from({ length: MAX_OUTFIT_PIECES }, (_, i) => ({ name: "n".repeat(MAX_NAME_LENGTH), shield: i === 0 ? "V".repeat(MAX_SOAK_STEPS - 1 - MAX_EXTRA_SOAK_STEPS) : "1", covers: ["head"] }));
    const scenario = {
      attacker: { total: 22, edge: "VD6" },
      defender: { outfit, extraSoakSteps: MAX_EXTRA_SOAK_STEPS },
      defense: { form: "counter", totals: Array.from({ length: MAX_COUNTER_TOTALS }, () => 0), edge: "B2" },
      choices: { reduce: [] },
    };
    expect(() => resolveAttack(readScenario(scenario))).not.toThrow();
    expect(() => parseScenario(JSON.stringify(scenario))).not.toThrow();
  });

  it("R2: a notation error deep inside a long edge shows the window around the place, cut and escaped", () => {
    const { error } = failure(JSON.stringify({ attacker: { total: 22, edge: `${"V".repeat(300)}\u001bQ` }, defender: {}, defense: { form: "evade", total: 9 } }));
    expect(error.message).toContain("attacker.edge: contains the invisible or control character \"\\u001b\" at position 301");
    const unknown = failure(JSON.stringify({ attacker: { total: 22, edge: `${"V".repeat(90)}Q${"D".repeat(200)}` }, defender: {}, defense: { form: "evade", total: 9 } })).error;
    expect(unknown.message).toMatch(/^attacker\.edge: Unknown effect letter "Q" at position 91 in "…V+QD+…"\.$/);
  });

  it("R2: notation positions count characters (an emoji is one), not UTF-16 units", () => {
    const { error } = failure(JSON.stringify({ attacker: { total: 22, edge: "V (🙂) Q" }, defender: {}, defense: { form: "evade", total: 9 } }));
    expect(error.message).toContain('"Q" at position 7');
  });
});
