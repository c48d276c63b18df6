/**
 * The description language's decimal field (src/core/schema/description.ts):
 * a number within bounds on a whole step — its builder, its check, the
 * submission screen that keeps a refused number out of an update with its
 * message (src/core/schema/submission.ts), and GURPS's move from text to
 * numbers (schema version 2) for Basic Speed and weights.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimal, integer, list, notation, object, onStep, stepDecimals, text, toStep } from "../../src/core/schema/description.js";
import { checkField, type KeyedProblem } from "../../src/core/schema/validate.js";
import { checkSubmission, fieldAt } from "../../src/core/schema/submission.js";
import { migrateSystemSource } from "../../src/core/schema/migrations.js";
import { validateSystemSource } from "../../src/core/schema/validate.js";
import "../../src/rulesets/manifests.js";
import { GURPS_ACTOR_SCHEMAS, GURPS_ITEM_SCHEMAS } from "../../src/rulesets/gurps/data/schema.js";

const problemsOf = (field: Parameters<typeof checkField>[0], value: unknown) => {
  const out: KeyedProblem[] = [];
  checkField(field, value, "x", out);
  return out.map((p) => p.key.replace("CYCHOSYS.Schema.", ""));
};

describe("the decimal builder", () => {
  it("takes a positive step and bounds and an initial value on it", () => {
    expect(decimal(0, 100, 0.25, 5)).toEqual({ kind: "decimal", min: 0, max: 100, step: 0.25, initial: 5 });
  });
  it("throws for a description that could never hold its own initial value (a programming error)", () => {
    expect(() => decimal(0, 100, 0, 5)).toThrow(TypeError);
    expect(() => decimal(0, 100, -1, 5)).toThrow(TypeError);
    expect(() => decimal(0, 100, 0.25, 5.1)).toThrow(TypeError);
    expect(() => decimal(10, 0, 1, 5)).toThrow(TypeError);
    expect(() => decimal(0, 100, Number.NaN, 5)).toThrow(TypeError);
  });
});

describe("steps", () => {
  it("are counted in the decimals they are written with", () => {
    expect([1, 0.5, 0.25, 0.01, 0.125, 1e-7].map(stepDecimals)).toEqual([0, 1, 2, 2, 3, 7]);
  });
  it("round to the nearest step without floating-point tails", () => {
    expect(toStep(0.07, 0.01)).toBe(0.07);
    expect(toStep(5.3, 0.25)).toBe(5.25);
    expect(toStep(5.4, 0.25)).toBe(5.5);
  });
  it("every whole number of steps is on its step, and nothing between two steps is (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(0.25, 0.5, 0.01, 0.1, 1), fc.integer({ min: -100_000, max: 100_000 }), (step, k) => {
        const value = toStep(k * step, step);
        expect(onStep(value, step)).toBe(true);
        expect(onStep(value + step / 3, step)).toBe(false);
      }),
    );
  });
});

describe("checking a decimal", () => {
  const speed = decimal(0, 100, 0.25, 5);
  it("accepts a number on its step within bounds", () => {
    expect(problemsOf(speed, 5.75)).toEqual([]);
    expect(problemsOf(speed, 0)).toEqual([]);
  });
  it("names what is wrong: not a number, out of bounds, off its step", () => {
    expect(problemsOf(speed, "5.75")).toEqual(["number"]);
    expect(problemsOf(speed, null)).toEqual(["number"]);
    expect(problemsOf(speed, Number.NaN)).toEqual(["number"]);
    expect(problemsOf(speed, -1)).toEqual(["range"]);
    expect(problemsOf(speed, 1e9)).toEqual(["range"]);
    expect(problemsOf(speed, 5.7)).toEqual(["step"]);
  });
});

describe("a sheet's submission is screened before the document is asked to change", () => {
  const schema = { speed: decimal(0, 100, 0.25, 5), hp: integer(0, 99, 10), damage: notation("gurpsDamage", "1d"), name: text(), lines: list(object({ damage: notation("gurpsDamage", "sw"), acc: integer(0, 30, 0) })) };

  it("finds a field inside a list's element by its index", () => {
    expect(fieldAt(schema, ["lines", "0", "damage"])?.kind).toBe("notation");
    expect(fieldAt(schema, ["lines", "x", "damage"])).toBeUndefined();
    expect(fieldAt(schema, ["constructor"])).toBeUndefined();
  });

  it("leaves out a number off its step or bounds, and a blank number, with their messages; every other field goes through", () => {
    const { accepted, problems } = checkSubmission(schema, { "system.speed": 5.3, "system.hp": -4, "system.name": "Pierre", "system.damage": " 2d+1 ", "system.lines.0.acc": null, "system.lines.1.acc": "3", name: "Filthy Pierre" });
    expect(accepted).toEqual({ "system.name": "Pierre", "system.damage": "2d+1", "system.lines.1.acc": 3, name: "Filthy Pierre" });
    expect(problems.map((p) => [p.name, p.key.replace("CYCHOSYS.Schema.", ""), p.value])).toEqual([
      ["system.speed", "step", "5.3"], ["system.hp", "range", "-4"], ["system.lines.0.acc", "integer", ""],
    ]);
  });

  it("accepts numbers typed as text when they read as numbers on their step", () => {
    expect(checkSubmission(schema, { "system.speed": "5.75" }).accepted).toEqual({ "system.speed": 5.75 });
    expect(checkSubmission(schema, { "system.speed": "fast" }).problems[0]?.key).toBe("CYCHOSYS.Schema.number");
  });
});

describe("GURPS stores Basic Speed and weights as numbers (schema version 2)", () => {
  const v1Character = () => {
    const system: Record<string, unknown> = structuredClone({ ...defaults(GURPS_ACTOR_SCHEMAS.gurpsCharacter), basicSpeed: "5.75", basicLift: "24.5", schemaVersion: 1 });
    return system;
  };

  it("a version 1 character's text becomes numbers, and the result is valid", () => {
    const source = v1Character();
    expect(migrateSystemSource("Actor", "gurpsCharacter", source)).toEqual({ changed: true, from: 1, to: 2 });
    expect(source).toMatchObject({ basicSpeed: 5.75, basicLift: 24.5, schemaVersion: 2 });
    expect(validateSystemSource("Actor", "gurpsCharacter", source)).toEqual([]);
  });

  it("text that is no number takes the initial value; a number off its step is rounded to it and kept within bounds", () => {
    const source = { ...v1Character(), basicSpeed: "fast", basicLift: "123456789.999" };
    migrateSystemSource("Actor", "gurpsCharacter", source);
    expect(source).toMatchObject({ basicSpeed: 5, basicLift: 100_000 });
    const odd = { ...v1Character(), basicSpeed: "5.3" };
    migrateSystemSource("Actor", "gurpsCharacter", odd);
    expect(odd.basicSpeed).toBe(5.25);
  });

  it.each(["gurpsWeapon", "gurpsArmor", "gurpsShield"] as const)("a version 1 %s's weight becomes a number", (type) => {
    const source: Record<string, unknown> = { ...defaults(GURPS_ITEM_SCHEMAS[type]), weight: "0.5", schemaVersion: 1 };
    migrateSystemSource("Item", type, source);
    expect(source).toMatchObject({ weight: 0.5, schemaVersion: 2 });
    expect(validateSystemSource("Item", type, source)).toEqual([]);
  });

  it("a version 2 source is left as it is", () => {
    const source = { ...defaults(GURPS_ACTOR_SCHEMAS.gurpsCharacter), basicSpeed: 6.25 };
    expect(migrateSystemSource("Actor", "gurpsCharacter", source).changed).toBe(false);
    expect(source.basicSpeed).toBe(6.25);
  });
});

function defaults(fields: Record<string, any>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.kind === "object" ? defaults(f.fields) : f.kind === "list" ? [] : f.initial]));
}
