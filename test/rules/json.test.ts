/**
 * The scenario's JSON reader (src/rules/json.ts): it reads valid JSON exactly
 * as JSON.parse does, refuses everything else with one RulesError that says
 * where (line and column in characters), and caps nesting, strings and
 * numbers. Differential property tests against JSON.parse.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineAndColumn, readJson, SCENARIO_JSON_LIMITS } from "../../src/rulesets/cychosys/rules/index.js";
import { InputError as RulesError } from "../../src/core/errors.js";

function problem(text: string): RulesError {
  try {
    readJson(text);
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(text)} was read`);
}

describe("the scenario JSON reader against JSON.parse", () => {
  it("valid JSON within the limits reads exactly as JSON.parse reads it", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "small", maxDepth: SCENARIO_JSON_LIMITS.depth - 1 }), (text) => {
        expect(readJson(text)).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it("any text: the reader gives JSON.parse's value (of the text after a leading BOM) or one RulesError, never anything else", () => {
    const jsonish = fc.string({ unit: fc.constantFrom(..."{}[],:\"\\ \t\n\r0123456789-+.eEtrufalsn\u001b\ufeffé🙂ux"), maxLength: 40 });
    const mangled = fc.tuple(fc.json(), fc.nat(), fc.string({ maxLength: 3 })).map(([t, at, s]) => t.slice(0, at % (t.length + 1)) + s + t.slice(at % (t.length + 1)));
    fc.assert(
      fc.property(fc.oneof(jsonish, mangled), (text) => {
        let ours: unknown;
        try {
          ours = readJson(text);
        } catch (error) {
          expect(error).toBeInstanceOf(RulesError);
          expect((error as RulesError).message).not.toContain("CYCHOSYS.");
          return;
        }
        expect(ours).toStrictEqual(JSON.parse(text.startsWith("\ufeff") ? text.slice(1) : text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("positions, BOM and limits", () => {
  it("columns count characters (code points), lines end at LF, CRLF or CR", () => {
    expect(lineAndColumn("🙂é\tx", 5)).toEqual({ line: 1, column: 5 });
    expect(lineAndColumn("a\nb\r\nc\rd", 7)).toEqual({ line: 4, column: 1 });
    expect(problem('["🙂🙂", ]').message).toContain('found "]" at line 1, column 8');
    expect(problem('{\r\n"a":\r\n}').message).toContain('found "}" at line 3, column 1');
  });

  it("a BOM at the very start is skipped and not counted; anywhere else it is named with its place", () => {
    expect(readJson('\ufeff{"a":1}')).toEqual({ a: 1 });
    expect(problem('\ufeff{"a" 1}').message).toContain("line 1, column 6");
    expect(problem('{"a":1}\ufeff').message).toContain("byte order mark (U+FEFF) is allowed only at the very start of the text; there is one at line 1, column 8");
    expect(problem('{"a\ufeff":1}').message).toContain("column 4");
    expect(problem('{"a":"\\ufeff"}').message).toContain("byte order mark");
  });

  it("numbers a double cannot hold are refused, not read as Infinity or 0; -0 and 1e308 are read", () => {
    expect(problem("1e400").message).toContain("the number 1e400 at line 1, column 1 is too large or too small to read");
    expect(problem("[-1e400]").message).toContain("-1e400");
    expect(problem("1e-400").message).toContain("1e-400");
    expect(Object.is(readJson("-0"), -0)).toBe(true);
    expect(readJson("[1e308, 0e400, 0.0]")).toEqual([1e308, 0, 0]);
  });

  it("a key given twice is refused; __proto__ is an ordinary own key", () => {
    expect(problem('{"a":1,"b":2,"a":3}').message).toContain('the key "a" appears twice in one object (line 1, column 14)');
    const value = readJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("nesting, strings and numbers past their caps are a scenarioLimit problem that says where", () => {
    const deep = problem(`${"[".repeat(17)}${"]".repeat(17)}`);
    expect(deep.code).toBe("scenarioLimit");
    expect(deep.message).toContain("nests more than 16 levels deep at line 1, column 17");
    expect(readJson(`${"[".repeat(16)}${"]".repeat(16)}`)).toBeDefined();
    expect(problem(`"${"x".repeat(1001)}"`).message).toContain("the string at line 1, column 1 is longer than 1000 characters");
    expect(readJson(`"${"🙂".repeat(1000)}"`)).toHaveLength(2000);
    expect(problem("1".repeat(33)).message).toContain("longer than 32 characters");
  });

  it("every kind of syntax error has its own message from lang/en.json", () => {
    const cases: [string, string][] = [
      ["", "the text is empty"],
      ["  ", "the text is empty"],
      ['{"a":1} x', 'unexpected "x" after the end of the scenario at line 1, column 9'],
      ['{"a":', 'the text ends at line 1, column 6, where a value should follow'],
      ["[1 2]", 'expected "," or "]" but found "2" at line 1, column 4'],
      ['{"a":1 "b"}', 'expected "," or "}" but found "\\"" at line 1, column 8'],
      ["{a:1}", 'expected a key in double quotes but found "a"'],
      ['"abc', "the string that opens at line 1, column 1 is not closed"],
      ['"a\u0001"', 'the control character "\\u0001" at line 1, column 3 must be escaped inside a string'],
      ['"\\u12G4"', "needs four hexadecimal digits after \\u"],
      ['"\\q"', 'the escape at line 1, column 2 is unknown (found "q"'],
      ["-", "where a digit should follow"],
      ["1.", "where a digit should follow"],
      ["tru", 'expected a value but found "t"'],
      ["\u202e", 'expected a value but found "\\u202e"'],
    ];
    for (const [text, says] of cases) {
      const error = problem(text);
      expect(error.code, text).toBe("scenarioJson");
      expect(error.message, text).toContain(says);
      expect(error.message).not.toContain("CYCHOSYS.");
    }
  });
});
