/** src/data/schema/migrations.ts: versioned upgrades of stored `system` data. */
import { describe, expect, it } from "vitest";
import { migrateSystemSource, MIGRATIONS, SCHEMA_VERSION, systemDefaults, validateSystemSource } from "../../src/rulesets/cychosys/data/schema/index.js";

describe("migrateSystemSource", () => {
  it("v0 → v1: pools stored as numbers become { value, max }; the version is raised", () => {
    const source: Record<string, any> = systemDefaults("Actor", "character");
    source.schemaVersion = 0;
    source.pools.hit.physical = 10;
    source.pools.fatigue.emotional = 4;
    const result = migrateSystemSource("Actor", "character", source);
    expect(result).toEqual({ changed: true, from: 0, to: 1 });
    expect(source.pools.hit.physical).toEqual({ value: 10, max: 10 });
    expect(source.pools.fatigue.emotional).toEqual({ value: 4, max: 4 });
    expect(source.schemaVersion).toBe(SCHEMA_VERSION.character);
    expect(validateSystemSource("Actor", "character", source)).toEqual([]);
  });

  it("v0 → v1: object hits, skill dice below 1, outfit covers \"all\"", () => {
    const object: Record<string, any> = { ...systemDefaults("Actor", "object"), hits: 2, schemaVersion: 0 };
    migrateSystemSource("Actor", "object", object);
    expect(object.hits).toEqual({ value: 2, max: 2 });
    const skill: Record<string, any> = { ...systemDefaults("Item", "skill"), dice: 0 };
    delete skill.schemaVersion;
    expect(migrateSystemSource("Item", "skill", skill)).toEqual({ changed: true, from: 0, to: 2 });
    expect(skill.dice).toBe(1);
    const outfit: Record<string, any> = { ...systemDefaults("Item", "outfit"), covers: "all", schemaVersion: 0 };
    migrateSystemSource("Item", "outfit", outfit);
    expect(outfit.covers).toEqual(["head", "chest", "leftArm", "rightArm", "leftLeg", "rightLeg"]);
  });

  it("v1 → v2: a stored skill gets an empty description; an update's partial changes (no version stated) never blank one", () => {
    const stored: Record<string, any> = { base: 2, dice: 3, facet: "physical", finesses: [], schemaVersion: 1 };
    expect(migrateSystemSource("Item", "skill", stored)).toEqual({ changed: true, from: 1, to: 2 });
    expect(stored).toMatchObject({ description: "", schemaVersion: 2 });
    const written: Record<string, any> = { base: 2, dice: 3, facet: "physical", finesses: [], description: "<p>Guns.</p>", schemaVersion: 1 };
    migrateSystemSource("Item", "skill", written);
    expect(written.description).toBe("<p>Guns.</p>");
    const partial: Record<string, any> = { base: 4 };
    migrateSystemSource("Item", "skill", partial);
    expect(partial).toEqual({ base: 4 });
  });

  it("leaves current data alone, and is idempotent", () => {
    const source = systemDefaults("Actor", "npc");
    const before = structuredClone(source);
    expect(migrateSystemSource("Actor", "npc", source)).toEqual({ changed: false, from: 1, to: 1 });
    expect(source).toEqual(before);
    const old: Record<string, any> = { ...systemDefaults("Actor", "object"), hits: 3, schemaVersion: 0 };
    migrateSystemSource("Actor", "object", old);
    const once = structuredClone(old);
    expect(migrateSystemSource("Actor", "object", old).changed).toBe(false);
    expect(old).toEqual(once);
  });

  it("touches only what a partial update carries, adding no version to it", () => {
    const change: Record<string, any> = { pools: { hit: { physical: { value: 3 } } } };
    expect(migrateSystemSource("Actor", "character", change).changed).toBe(false);
    expect(change).toEqual({ pools: { hit: { physical: { value: 3 } } } });
  });

  it("does not run steps older than the stated version", () => {
    // A v1 skill with dice 0 is invalid data, not old data: migration does not hide it.
    const skill: Record<string, any> = { ...systemDefaults("Item", "skill"), dice: 0 };
    migrateSystemSource("Item", "skill", skill);
    expect(skill.dice).toBe(0);
  });

  it("ignores unknown types and non-objects", () => {
    expect(migrateSystemSource("Item", "spell", { a: 1 }).changed).toBe(false);
    expect(migrateSystemSource("Actor", "character", null).changed).toBe(false);
  });

  it("every type has a step list whose versions rise up to its schema version", () => {
    for (const [type, steps] of Object.entries(MIGRATIONS)) {
      const versions = steps.map((s) => s.version);
      expect(versions, type).toEqual([...versions].sort((a, b) => a - b));
      for (const v of versions) expect(v, type).toBeLessThanOrEqual(SCHEMA_VERSION[type as keyof typeof SCHEMA_VERSION]);
    }
  });
});
