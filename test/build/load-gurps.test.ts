/**
 * The built system in a GURPS world: `dist/cychosys.mjs` imported with
 * Foundry's globals faked, `init` called; the GURPS chunk loads (and neither
 * the Cychosys nor the OpenD6 chunk does) and registers its attack card's
 * hooks, its six world settings, its conditions as status effects, its
 * sheets and its tracker.
 */
import "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in a GURPS world", () => {
  it("registers the GURPS types and HP/FP token bars and loads the GURPS chunk only: no Cychosys die or rules data, no Wild Die", async () => {
    const world = await bootBuilt("gurps", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(Object.keys(world.config.Actor.dataModels)).toEqual(expect.arrayContaining(["gurpsCharacter"]));
    expect(Object.keys(world.config.Item.dataModels)).toEqual(expect.arrayContaining(["gurpsSkill", "gurpsWeapon", "gurpsArmor", "gurpsShield"]));
    expect(world.config.Actor.trackableAttributes.gurpsCharacter).toEqual({ bar: ["hp", "fp"], value: [] });
    await vi.waitFor(() => expect(world.hooks).toContain("ready"), { timeout: 30_000 });
    // The attack card's hooks: a weapon dragged to the hotbar, the compendium tables forgotten when they change (G86).
    await vi.waitFor(() => expect(world.hooks).toEqual(expect.arrayContaining(["hotbarDrop", "updateRollTable"])), { timeout: 30_000 });
    expect(world.config.Dice.terms.c).toBeUndefined();
    expect(world.config.Dice.terms.w).toBeUndefined();
    expect(world.config.CYCHOSYS).toBeUndefined();
    expect(world.registered).not.toContain("effectsTable");
    expect(world.registered).not.toContain("d6ComplicationMode");
    await vi.waitFor(() => expect(world.registered).toContain("gurpsReelingRule"), { timeout: 30_000 });
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "gurpsMinEffectiveSkill", "gurpsDeceptiveQuick", "gurpsFastMultiHit", "gurpsReelingRule", "gurpsZeroHpDoNothingSkipsRoll", "gurpsMortallyWoundedOnNearMiss"]));
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["gurps-shock", "gurps-stunned", "gurps-reeling", "gurps-prone", "gurps-unconscious", "gurps-dead"]));
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).not.toContain("d6-stunned");
  });
});
