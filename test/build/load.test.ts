/**
 * The built system, run as Foundry runs it: `dist/cychosys.mjs` imported with
 * Foundry's globals faked, `init` called, the active ruleset's chunk loaded.
 * A Cychosys world here; an OpenD6 world in load-d6.test.ts (a fresh module
 * graph each: every test file runs in its own worker).
 */
import "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in a Cychosys world", () => {
  it("on init registers every ruleset's types and the shared classes, then loads the Cychosys chunk, which registers the rest", async () => {
    const world = await bootBuilt("cychosys", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(world.hooks).toEqual(expect.arrayContaining(["init", "ready"]));
    expect(Object.keys(world.config.Actor.dataModels)).toEqual(["character", "npc", "object", "d6Character", "d6Creature", "cwnCharacter", "cwnNpc", "phaseCharacter", "phaseCreature", "gurpsCharacter"]);
    expect(world.config.Combat.documentClass.name).toBe("SystemCombat");
    await vi.waitFor(() => expect(world.config.CYCHOSYS).toBeDefined(), { timeout: 30_000 });
    expect(world.config.CYCHOSYS.effects.effects.length).toBeGreaterThan(0);
    expect(world.config.Dice.terms.c.name).toBe("CychosysDie");
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "effectsTable", "chart"]));
    const rules = (globalThis as unknown as { cychosys: { rules: Record<string, (...args: unknown[]) => unknown> } }).cychosys.rules;
    expect(rules.formatBundle!(rules.parseBundle!("VD6"))).toBe("VD6");
  });
});
