/**
 * The built system in a GURPS world: `dist/cychosys.mjs` imported with
 * Foundry's globals faked and `init` called, which makes, in that one call,
 * the GURPS registrations only: its attack card's hooks, its six
 * world settings, its conditions as status effects, its sheets and its
 * tracker (no other ruleset's die, settings or rules data).
 */
import "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in a GURPS world", () => {
  it("registers the GURPS types, HP/FP token bars and the GURPS ruleset only: no Cychosys die or rules data, no Wild Die", async () => {
    const world = await bootBuilt("gurps", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(Object.keys(world.config.Actor.dataModels)).toEqual(expect.arrayContaining(["gurpsCharacter"]));
    expect(Object.keys(world.config.Item.dataModels)).toEqual(expect.arrayContaining(["gurpsSkill", "gurpsWeapon", "gurpsArmor", "gurpsShield"]));
    expect(world.config.Actor.trackableAttributes.gurpsCharacter).toEqual({ bar: ["hp", "fp"], value: [] });
    expect(world.hooks).toContain("ready");
    // The attack card's hooks: a weapon dragged to the hotbar, the compendium tables forgotten when they change (G86).
    expect(world.hooks).toEqual(expect.arrayContaining(["hotbarDrop", "updateRollTable"]));
    expect(world.config.Dice.terms.c).toBeUndefined();
    expect(world.config.Dice.terms.w).toBeUndefined();
    expect(world.config.CYCHOSYS).toBeUndefined();
    expect(world.registered).not.toContain("effectsTable");
    expect(world.registered).not.toContain("d6ComplicationMode");
    expect(world.registered).toContain("gurpsReelingRule");
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "gurpsMinEffectiveSkill", "gurpsDeceptiveQuick", "gurpsFastMultiHit", "gurpsReelingRule", "gurpsZeroHpDoNothingSkipsRoll", "gurpsMortallyWoundedOnNearMiss"]));
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["gurps-shock", "gurps-stunned", "gurps-reeling", "gurps-prone", "gurps-unconscious", "gurps-dead"]));
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).not.toContain("d6-stunned");
  });
});
