/** src/data/schema: the Foundry-free description of every type's `system` data (docs/data-model.md). */
import { describe, expect, it } from "vitest";
import {
  ACTOR_TYPES,
  htmlFieldPaths,
  ITEM_SCHEMAS,
  ITEM_TYPES,
  SCHEMA_VERSION,
  systemDefaults,
  validateSystemSource,
} from "../../src/rulesets/cychosys/data/schema/index.js";
import { makeRules, parseBundle, STANDARD_EFFECTS, type EffectsTable } from "../../src/rulesets/cychosys/rules/index.js";
import { parker, thorton } from "../fixtures/cast.js";

const parserMessage = (text: string, table: EffectsTable = STANDARD_EFFECTS) => {
  try {
    parseBundle(text, table);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} parses`);
};

describe("defaults", () => {
  it.each(ACTOR_TYPES)("a new %s actor's defaults are valid", (type) => {
    expect(validateSystemSource("Actor", type, systemDefaults("Actor", type))).toEqual([]);
  });
  it.each(ITEM_TYPES)("a new %s item's defaults are valid", (type) => {
    expect(validateSystemSource("Item", type, systemDefaults("Item", type))).toEqual([]);
  });

  it("carries the contract's defaults: skin 1, will 0, version, no experience on an NPC", () => {
    const character = systemDefaults("Actor", "character") as Record<string, any>;
    expect(character.natural).toEqual({ skin: "1", will: "0" });
    expect(character.modifiers).toEqual({ quickness: 0, soakSteps: 0, actions: 0 });
    expect(character.experience).toEqual({ unspent: 0, spent: 0 });
    expect(character.schemaVersion).toBe(SCHEMA_VERSION.character);
    expect(character.pools.hit.physical.value).toBeLessThanOrEqual(character.pools.hit.physical.max);
    const npc = systemDefaults("Actor", "npc");
    expect(npc).not.toHaveProperty("experience");
    expect(npc).toHaveProperty("notes", "");
    expect(systemDefaults("Item", "skill")).toMatchObject({ base: 0, dice: 1, facet: "physical", finesses: [] });
    expect(systemDefaults("Item", "outfit")).toMatchObject({ shield: "0", covers: [], layer: "worn", equipped: true });
  });

  it("returns a fresh object each call", () => {
    const a = systemDefaults("Actor", "character") as Record<string, any>;
    a.pools.hit.physical.value = 0;
    expect((systemDefaults("Actor", "character") as Record<string, any>).pools.hit.physical.value).not.toBe(0);
  });

  it("rejects an unknown type", () => {
    expect(() => systemDefaults("Item", "spell")).toThrow(/Unknown Item type "spell"/);
    expect(validateSystemSource("Actor", "vehicle", {})).toEqual([
      { path: "", message: 'Unknown Actor type "vehicle": use one of character, npc, object.' },
    ]);
  });
});

describe("the cast's stored data is valid", () => {
  it("Parker (character) and Thorton (npc) and all their items", () => {
    expect(validateSystemSource("Actor", "character", parker.system)).toEqual([]);
    expect(validateSystemSource("Actor", "npc", thorton.system)).toEqual([]);
    for (const item of [...parker.items, ...thorton.items]) {
      expect(validateSystemSource("Item", item.type, item.system), item.name).toEqual([]);
    }
  });
});

describe("each kind of bad input is reported with its path and message", () => {
  const character = () => structuredClone(parker.system) as unknown as Record<string, any>;

  it("numbers must be whole and within their range", () => {
    const bad = character();
    bad.pools.hit.physical.value = 2.5;
    bad.pools.fatigue.mental.max = 1000;
    bad.modifiers.quickness = -21;
    bad.experience.unspent = "3";
    expect(validateSystemSource("Actor", "character", bad)).toEqual([
      { path: "pools.hit.physical.value", message: "must be a whole number (got 2.5)." },
      { path: "pools.fatigue.mental.max", message: "must be from 0 to 999 (got 1000)." },
      { path: "modifiers.quickness", message: "must be from -20 to 20 (got -21)." },
      { path: "experience.unspent", message: 'must be a whole number (got "3").' },
    ]);
  });

  it("a pool's value may not exceed its max (R33), nor an object's hits (R37)", () => {
    const bad = character();
    bad.pools.hit.mental = { value: 6, max: 5 };
    expect(validateSystemSource("Actor", "character", bad)).toEqual([
      { path: "pools.hit.mental.value", message: "the value 6 is above the maximum 5." },
    ]);
    expect(validateSystemSource("Actor", "object", { hits: { value: 3, max: 2 }, shield: "0", description: "", schemaVersion: 1 })).toEqual([
      { path: "hits.value", message: "the value 3 is above the maximum 2." },
    ]);
  });

  it("notation fields carry the rules core parser's message", () => {
    const bad = character();
    bad.natural.skin = "BQ2";
    bad.natural.will = "d1";
    expect(validateSystemSource("Actor", "character", bad)).toEqual([
      { path: "natural.skin", message: parserMessage("BQ2") },
      { path: "natural.will", message: parserMessage("d1") },
    ]);
    expect(parserMessage("BQ2")).toBe('Unknown effect letter "Q" at position 2 in "BQ2".');
  });

  it("only an outfit's shield takes a note (R2)", () => {
    const outfit = { ...systemDefaults("Item", "outfit"), shield: "X (heat)" };
    expect(validateSystemSource("Item", "outfit", outfit)).toEqual([]);
    const weapon = { ...systemDefaults("Item", "weapon"), edge: "B2 (sharp)" };
    expect(validateSystemSource("Item", "weapon", weapon)).toEqual([
      { path: "edge", message: 'takes no note: "(sharp)" in "B2 (sharp)" (only an outfit\'s shield has one).' },
    ]);
  });

  it("notation is read with the world's effects table when one is given", () => {
    const rules = makeRules({ effects: { effects: [...STANDARD_EFFECTS.effects, { ...STANDARD_EFFECTS.effects[4]!, letter: "Q", name: "Quake" }] } });
    const weapon = { ...systemDefaults("Item", "weapon"), edge: "Q3" };
    expect(validateSystemSource("Item", "weapon", weapon)).toEqual([{ path: "edge", message: parserMessage("Q3") }]);
    expect(validateSystemSource("Item", "weapon", weapon, rules.effects)).toEqual([]);
  });

  it("facet, layer and locations are choices; locations may not repeat", () => {
    const skill = { ...systemDefaults("Item", "skill"), facet: "spiritual" };
    expect(validateSystemSource("Item", "skill", skill)).toEqual([
      { path: "facet", message: 'must be one of physical, mental, emotional (got "spiritual").' },
    ]);
    const outfit = { ...systemDefaults("Item", "outfit"), layer: "armor", covers: ["head", "torso", "head"] };
    expect(validateSystemSource("Item", "outfit", outfit)).toEqual([
      { path: "covers.1", message: 'must be one of head, chest, leftArm, rightArm, leftLeg, rightLeg, mind, ego (got "torso").' },
      { path: "covers.2", message: '"head" is listed more than once.' },
      { path: "layer", message: 'must be one of worn, skin, will, virtual (got "armor").' },
    ]);
  });

  it("lists of finesses check each entry: a name is needed, the bonus is a number", () => {
    const skill = { ...systemDefaults("Item", "skill"), dice: 0, finesses: [{ name: " ", bonus: 1 }, { name: "pistol", bonus: 100, extra: 1 }, "grab"] };
    expect(validateSystemSource("Item", "skill", skill)).toEqual([
      { path: "dice", message: "must be from 1 to 20 (got 0)." },
      { path: "finesses.0.name", message: "must not be empty." },
      { path: "finesses.1.bonus", message: "must be from -20 to 99 (got 100)." },
      { path: "finesses.1.extra", message: "unknown field (expected one of name, bonus)." },
      { path: "finesses.2", message: 'must be an object (got "grab").' },
    ]);
  });

  it("missing keys, unknown keys, wrong kinds of value", () => {
    const bad = character();
    delete bad.biography;
    bad.level = 3;
    bad.natural = "1";
    bad.experience.spent = null;
    expect(validateSystemSource("Actor", "character", bad)).toEqual([
      { path: "natural", message: 'must be an object (got "1").' },
      { path: "experience.spent", message: "must be a whole number (got null)." },
      { path: "biography", message: "is missing." },
      { path: "level", message: expect.stringMatching(/^unknown field \(expected one of pools, natural, modifiers, schemaVersion, experience, biography\)\.$/) },
    ]);
    expect(validateSystemSource("Item", "outfit", { ...systemDefaults("Item", "outfit"), equipped: "yes", covers: "all" })).toEqual([
      { path: "covers", message: 'must be a list (got "all").' },
      { path: "equipped", message: 'must be true or false (got "yes").' },
    ]);
    expect(validateSystemSource("Item", "trademark", null)).toEqual([{ path: "", message: "must be an object (got null)." }]);
  });

  it("an NPC has no experience; a character has no notes", () => {
    const npc = { ...structuredClone(thorton.system), experience: { unspent: 0, spent: 0 } };
    expect(validateSystemSource("Actor", "npc", npc).map((p) => p.path)).toEqual(["experience"]);
  });

  it("a schema version newer than the system's is rejected", () => {
    const skill = { ...systemDefaults("Item", "skill"), schemaVersion: SCHEMA_VERSION.skill + 1 };
    expect(validateSystemSource("Item", "skill", skill)).toEqual([
      { path: "schemaVersion", message: `must be from 0 to ${SCHEMA_VERSION.skill} (got ${SCHEMA_VERSION.skill + 1}).` },
    ]);
  });

  it("messages can be put into another language by a formatter", () => {
    const bad = { ...systemDefaults("Item", "skill"), dice: 0 };
    expect(validateSystemSource("Item", "skill", bad, STANDARD_EFFECTS, (key, params) => `${key}:${params.min}`)).toEqual([
      { path: "dice", message: "CYCHOSYS.Schema.range:1" },
    ]);
  });
});

describe("html fields", () => {
  it("are listed per type for system.json", () => {
    expect(htmlFieldPaths(ITEM_SCHEMAS.weapon)).toEqual(["description"]);
    expect(htmlFieldPaths(ITEM_SCHEMAS.skill)).toEqual(["description"]);
  });
});
