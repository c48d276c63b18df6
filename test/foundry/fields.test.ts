/** src/data/fields.ts: the Foundry fields built from the schema descriptions match them. */
import { useEffectsTable } from "../../src/rulesets/cychosys/data/schema/index.js";
import { fakeFields } from "./fakes.js";
import { describe, expect, it } from "vitest";
import { buildSchema, decimalValidator, notationValidator, uniqueValidator, type FieldsNamespace } from "../../src/foundry/models/fields.js";
import { decimal } from "../../src/core/schema/description.js";
import { ACTOR_SCHEMAS, ITEM_SCHEMAS, type FieldDescription, type FieldsDescription } from "../../src/rulesets/cychosys/data/schema/index.js";
import { makeRules, parseBundle, STANDARD_EFFECTS } from "../../src/rulesets/cychosys/rules/index.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";

/** Every type of every ruleset, by `<ruleset> <type>`. */
const EVERY_TYPE = MANIFESTS.flatMap((m) => [...Object.entries(m.Actor), ...Object.entries(m.Item)].map(([type, t]) => [`${m.id} ${type}`, t.fields] as const));

type Built = { kind: string; options: Record<string, any>; element?: Built; fields?: Record<string, Built> };
const fields = fakeFields as unknown as FieldsNamespace;

/** Check one built field against its description, recursively. */
function expectMatches(built: Built, field: FieldDescription, path: string) {
  switch (field.kind) {
    case "integer":
      expect(built.kind, path).toBe("NumberField");
      expect(built.options, path).toMatchObject({ required: true, nullable: false, integer: true, min: field.min, max: field.max, initial: field.initial });
      break;
    case "decimal":
      expect(built.kind, path).toBe("NumberField");
      expect(built.options, path).toMatchObject({ required: true, nullable: false, min: field.min, max: field.max, step: field.step, initial: field.initial });
      expect(built.options.integer, path).toBeUndefined();
      expect(built.options.validate, path).toBeTypeOf("function");
      break;
    case "notation":
      expect(built.kind, path).toBe("StringField");
      expect(built.options.initial, path).toBe(field.initial);
      expect(built.options.validate, path).toBeTypeOf("function");
      break;
    case "text":
      expect(built.kind, path).toBe("StringField");
      expect(built.options, path).toMatchObject({ blank: field.blank, initial: field.initial });
      break;
    case "html":
      expect(built.kind, path).toBe("HTMLField");
      break;
    case "choice":
      expect(built.kind, path).toBe("StringField");
      expect(built.options, path).toMatchObject({ choices: [...field.choices], initial: field.initial, blank: false });
      break;
    case "boolean":
      expect(built.kind, path).toBe("BooleanField");
      expect(built.options.initial, path).toBe(field.initial);
      break;
    case "list":
      expect(built.kind, path).toBe("ArrayField");
      expectMatches(built.element!, field.element, `${path}[]`);
      expect(typeof built.options.validate === "function", path).toBe(field.unique);
      break;
    case "object":
      expect(built.kind, path).toBe("SchemaField");
      expectAll(built.fields!, field.fields, path);
      break;
  }
}

function expectAll(built: Record<string, Built>, description: FieldsDescription, path = "") {
  expect(Object.keys(built), path).toEqual(Object.keys(description));
  for (const [key, field] of Object.entries(description)) expectMatches(built[key]!, field, path ? `${path}.${key}` : key);
}

describe("buildSchema", () => {
  it.each(Object.entries({ ...ACTOR_SCHEMAS, ...ITEM_SCHEMAS }))("the %s schema is built field for field from its description", (_type, description) => {
    expectAll(buildSchema(description, fields), description);
  });

  it.each(EVERY_TYPE)("%s is built field for field from its description", (_type, description) => {
    expectAll(buildSchema(description, fields), description);
  });

  it("GURPS Basic Speed and weights are decimal NumberFields on their step (G1, G65)", () => {
    const character = buildSchema(MANIFESTS.find((m) => m.id === "gurps")!.Actor.gurpsCharacter!.fields, fields) as Record<string, Built>;
    expect(character.basicSpeed!.options).toMatchObject({ min: 0, max: 100, step: 0.25, initial: 5 });
    expect(character.basicLift!.options).toMatchObject({ min: 0, max: 100_000, step: 0.01 });
  });

  it("pools are integer fields 0–999 (R33)", () => {
    const built = buildSchema(ACTOR_SCHEMAS.character, fields) as Record<string, Built>;
    const physical = built.pools!.fields!.hit!.fields!.physical!.fields!;
    expect(physical.value!.options).toMatchObject({ integer: true, min: 0, max: 999 });
  });
});

describe("notation fields reject bad input at the field with the parser's message", () => {
  const validate = notationValidator({ syntax: "bundle", note: false });

  it("accepts valid notation", () => {
    expect(() => validate("VD6")).not.toThrow();
  });

  it("throws the rules core parser's message", () => {
    let expected = "";
    try {
      parseBundle("VQ6");
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(expected).toContain('Unknown effect letter "Q"');
    expect(() => validate("VQ6")).toThrow(expected);
  });

  it("rejects a note unless the field takes one", () => {
    expect(() => validate("X (heat)")).toThrow(/takes no note/);
    expect(() => notationValidator({ syntax: "bundle", note: true })("X (heat)")).not.toThrow();
  });

  it("reads the world's effects table (the one the Cychosys engine hands the syntax) when one is set", () => {
    const rules = makeRules({ effects: { effects: [...STANDARD_EFFECTS.effects, { ...STANDARD_EFFECTS.effects[4]!, letter: "Q" }] } });
    useEffectsTable(() => rules.effects);
    try {
      expect(() => notationValidator({ syntax: "bundle", note: false })("VQ6")).not.toThrow();
    } finally {
      useEffectsTable(() => STANDARD_EFFECTS);
    }
    expect(() => notationValidator({ syntax: "bundle", note: false })("VQ6")).toThrow(/Unknown effect letter/);
  });

  it("a field naming a syntax nobody registered is refused with a clear message", () => {
    expect(() => notationValidator({ syntax: "runes", note: false })("x")).toThrow();
  });
});

describe("decimal fields reject bad input at the field with their own message", () => {
  const validate = decimalValidator(decimal(0, 100, 0.25, 5));

  it("accepts a number on its step within its bounds", () => {
    for (const ok of [0, 5, 5.25, 5.75, 100]) expect(() => validate(ok), String(ok)).not.toThrow();
  });

  it("refuses text, NaN, Infinity, a number off its step, and one out of bounds, saying which", () => {
    expect(() => validate("5.75")).toThrow('must be a number (got "5.75").');
    expect(() => validate(Number.NaN)).toThrow(/must be a number/);
    expect(() => validate(Number.POSITIVE_INFINITY)).toThrow(/must be a number/);
    expect(() => validate(5.3)).toThrow("must be a whole number of steps of 0.25 (got 5.3).");
    expect(() => validate(-0.25)).toThrow("must be from 0 to 100 (got -0.25).");
    expect(() => validate(100.25)).toThrow("must be from 0 to 100 (got 100.25).");
  });

  it("a hundredths step takes the decimals it is written with (0.07 is on 0.01, though 0.07 / 0.01 is not a whole number in floating point)", () => {
    const weight = decimalValidator(decimal(0, 100_000, 0.01, 1));
    expect(0.07 / 0.01).not.toBe(7);
    for (const ok of [0.07, 0.1, 0.29, 12.25, 99999.99]) expect(() => weight(ok), String(ok)).not.toThrow();
    expect(() => weight(0.005)).toThrow(/steps of 0.01/);
  });
});

describe("unique lists", () => {
  it("reject a repeated element", () => {
    expect(() => uniqueValidator(["head", "chest"])).not.toThrow();
    expect(() => uniqueValidator(["head", "head"])).toThrow('"head" is listed more than once.');
  });
});
