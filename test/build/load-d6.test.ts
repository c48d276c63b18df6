/**
 * The built system in an OpenD6 world: `dist/cychosys.mjs` imported with
 * Foundry's globals faked and `init` called, which makes, in that one call,
 * the OpenD6 registrations only: the Wild Die, its settings, its
 * status effects and its sheets (no other ruleset's die, settings or rules data).
 */
import "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in an OpenD6 world", () => {
  it("registers the OpenD6 ruleset only: the Wild Die term, the D6 settings, the wound statuses; no Cychosys die or rules data", async () => {
    const world = await bootBuilt("d6", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(Object.keys(world.config.Item.dataModels)).toEqual(expect.arrayContaining(["d6Skill", "d6Weapon", "d6Armor"]));
    expect(world.config.Dice.terms.w).toBeDefined();
    expect(world.config.Dice.terms.w.name).toBe("D6WildDie");
    expect(world.config.Dice.terms.c).toBeUndefined();
    expect(world.config.CYCHOSYS).toBeUndefined();
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "d6ComplicationMode", "d6MaxCharacterPointsOnInitiative"]));
    expect(world.registered).not.toContain("effectsTable");
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["d6-stunned", "d6-killed"]));
  });
});
