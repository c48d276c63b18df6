/**
 * The built system in a Cities Without Number world: `dist/cychosys.mjs` imported with
 * Foundry's globals faked and `init` called, which makes, in that one call,
 * the CWN registrations only: its settings and token statuses
 * (no other ruleset's die, settings or rules data).
 */
import "../foundry/fakes.js";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bootBuilt } from "./boot.js";

describe("dist/cychosys.mjs in a Cities Without Number world", () => {
  it("registers the CWN types and the CWN ruleset only — its settings and token statuses; no Cychosys die or rules data, no Wild Die", async () => {
    const world = await bootBuilt("cwn", pathToFileURL(resolve(import.meta.dirname, "../../dist/cychosys.mjs")).href);
    expect(Object.keys(world.config.Actor.dataModels)).toEqual(expect.arrayContaining(["cwnCharacter", "cwnNpc"]));
    expect(Object.keys(world.config.Item.dataModels)).toEqual(expect.arrayContaining(["cwnWeapon", "cwnArmor", "cwnSkill"]));
    expect(world.registered).toContain("cwnFreeAttackNeedsWeapon");
    expect(world.registered).toEqual(expect.arrayContaining(["ruleset", "cwnFistsHinderRangedAttacks", "cwnSoakRefillsAfterFight", "cwnMeleeRangeMetres", "cwnDefaultMorale"]));
    expect(world.config.statusEffects.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(["cwn-prone", "cwn-totalDefense", "cwn-mortallyWounded", "cwn-broken"]));
    expect(world.config.Dice.terms.c).toBeUndefined();
    expect(world.config.Dice.terms.w).toBeUndefined();
    expect(world.config.CYCHOSYS).toBeUndefined();
    expect(world.registered).not.toContain("effectsTable");
    expect(world.registered).not.toContain("d6ComplicationMode");
  });
});
