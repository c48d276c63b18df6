/**
 * The built system, run as Foundry runs it: `dist/cychosys.mjs` imported with
 * Foundry's globals faked and `init` called — everything is registered in
 * that call. A Cychosys world here; the other rulesets in load-*.test.ts (a
 * fresh module graph each: every test file runs in its own worker).
 */
import { registeredSheets } from "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in a Cychosys world", () => {
  it("on init registers every ruleset's types, the shared classes and the Cychosys rules, die and settings — in that one call, names kept by the minified build", async () => {
    const world = await bootBuilt("cychosys", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(world.hooks).toEqual(expect.arrayContaining(["init", "ready"]));
    expect(Object.keys(world.config.Actor.dataModels)).toEqual(["character", "npc", "object", "d6Character", "d6Creature", "cwnCharacter", "cwnNpc", "phaseCharacter", "phaseCreature", "gurpsCharacter"]);
    expect(world.config.Combat.documentClass.name).toBe("SystemCombat");
    expect(world.config.CYCHOSYS).toBeDefined();
    expect(world.config.CYCHOSYS.effects.effects.length).toBeGreaterThan(0);
    // Names Foundry reads survive minification: a serialized roll names its classes; sheets are keyed and hooked by theirs.
    expect(world.config.Dice.terms.c.name).toBe("CychosysDie");
    expect(world.config.Dice.rolls.map((r: { name: string }) => r.name)).toContain("CychosysRoll");
    const sheets = registeredSheets.map(([, sheet]) => sheet);
    expect(sheets).toEqual(expect.arrayContaining(["CychosysCharacterSheet", "CychosysNpcSheet", "CychosysInactiveActorSheet", "CychosysInactiveItemSheet"]));
    for (const name of sheets) expect(name).toMatch(/^Cychosys\w+Sheet$/);
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "effectsTable", "chart"]));
    const rules = (globalThis as unknown as { cychosys: { rules: Record<string, (...args: unknown[]) => unknown> } }).cychosys.rules;
    expect(rules.formatBundle!(rules.parseBundle!("VD6"))).toBe("VD6");
  });
});
