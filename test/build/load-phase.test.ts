/**
 * The built system in a phase-based world: `dist/cychosys.mjs` imported with
 * Foundry's globals faked and `init` called, which makes, in that one call,
 * the phase registrations only: its settings, its token statuses
 * and its sheets; it adds no die term (its dice are Foundry's).
 */
import "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in a phase-based world", () => {
  it("registers the phase ruleset only: its settings and statuses, its types' models; no other ruleset's die or rules data", async () => {
    const world = await bootBuilt("phase", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(Object.keys(world.config.Actor.dataModels)).toEqual(expect.arrayContaining(["phaseCharacter", "phaseCreature"]));
    expect(Object.keys(world.config.Item.dataModels)).toEqual(expect.arrayContaining(["phaseWeapon", "phaseArmor"]));
    expect(world.registered).toContain("phaseOpenDeclarations");
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "phaseAttackTN", "phaseFirstSide"]));
    expect(world.registered).not.toContain("d6ComplicationMode");
    expect(world.registered).not.toContain("effectsTable");
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["phase-collapsed", "phase-incapacitated", "phase-surprised", "phase-suppressed"]));
    expect(world.config.Dice.terms.w).toBeUndefined();
    expect(world.config.Dice.terms.c).toBeUndefined();
    expect(world.config.CYCHOSYS).toBeUndefined();
    expect(world.hooks).toEqual(expect.arrayContaining(["renderCombatTracker", "createCombatant", "deleteCombat"]));
  });
});
