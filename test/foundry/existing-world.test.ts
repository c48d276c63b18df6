/**
 * Issue "Rulesets": an existing Cychosys world keeps working; the rulesets
 * themselves migrate none of its documents (the one change planned is a
 * later schema step of Cychosys's own: skills of schema v1 get the empty
 * description of v2). The fixture is a world as stored before rulesets
 * existed (test/fixtures/worlds/cychosys-0.1.0.json): raw actors and items,
 * no "Combat rules" setting.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import "../../src/rulesets/manifests.js";
import { rulesetOfType } from "../../src/core/schema/registry.js";
import { validateSystemSource } from "../../src/core/schema/validate.js";
import { migrateSystemSource } from "../../src/core/schema/migrations.js";
import { planWorldMigration, type RawDocument } from "../../src/foundry/migrations.js";
import { DEFAULT_RULESET, isRulesetId } from "../../src/core/ruleset.js";
import { refusalToCreate, refusalToUpdate } from "../../src/foundry/documents.js";

const world = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/worlds/cychosys-0.1.0.json"), "utf8")) as { settings: Record<string, unknown>; actors: RawDocument[]; items: RawDocument[] };

describe("an existing Cychosys world (made before rulesets)", () => {
  it("plays Cychosys: with no setting stored the world's rules are the default, Cychosys", () => {
    expect(world.settings).toEqual({});
    expect(isRulesetId(world.settings.ruleset)).toBe(false);
    expect(DEFAULT_RULESET).toBe("cychosys");
  });

  it("every one of its documents keeps its type, which is Cychosys's, and validates as stored (after Cychosys's own versioned steps)", () => {
    const migrated = (documentName: "Actor" | "Item", doc: RawDocument) => {
      const system = structuredClone(doc.system);
      migrateSystemSource(documentName, doc.type, system);
      return system;
    };
    for (const actor of world.actors) {
      expect(rulesetOfType("Actor", actor.type), actor.name).toBe("cychosys");
      expect(validateSystemSource("Actor", actor.type, actor.system), actor.name).toEqual([]);
      for (const item of actor.items ?? []) expect(validateSystemSource("Item", item.type, migrated("Item", item)), `${actor.name}: ${item.name}`).toEqual([]);
    }
    for (const item of world.items) expect(validateSystemSource("Item", item.type, migrated("Item", item)), item.name).toEqual([]);
  });

  it("the rulesets migrate none of it: the only changes planned are skills' schema v2 (an empty description), none for OpenD6", () => {
    const planned = planWorldMigration(world.actors, world.items, "cychosys");
    expect(planned.length).toBeGreaterThan(0);
    for (const update of planned) expect(update.changes, update.name).toEqual({ "system.description": "", "system.schemaVersion": 2 });
    expect(planWorldMigration(world.actors, world.items, "d6")).toEqual([]);
  });

  it("its documents may be created and edited (they are the active ruleset's); an OpenD6 type is refused", () => {
    for (const actor of world.actors) {
      expect(refusalToCreate("Actor", actor.type)).toBeUndefined();
      expect(refusalToUpdate("Actor", actor.type)).toBeUndefined();
    }
    expect(refusalToCreate("Actor", "d6Character")).toBe('"d6Character" is made for OpenD6 rules; this world plays Cychosys, so it cannot be created here.');
    expect(refusalToCreate("Item", "d6Weapon", "character")).toBeDefined();
    expect(refusalToUpdate("Actor", "d6Character")).toBe("This was made for OpenD6 rules; this world plays other rules, so it is read-only.");
  });
});
