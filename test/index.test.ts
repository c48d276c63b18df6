/**
 * src/index.ts: the Foundry entry registers, on `init`, what every world has
 * — the "Combat rules" setting, every ruleset's data models, the shared
 * document classes, the read-only sheet for other rulesets' types — and, in
 * the same call, the active ruleset's own registrations (the start-up order
 * for every ruleset: test/foundry/startup.test.ts).
 */
import { registeredSheets } from "./foundry/fakes.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rules from "../src/rulesets/cychosys/rules/index.js";

describe("Foundry entry point", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(globalThis, "cychosys");
  });

  it("in a Cychosys world: every ruleset's models, the shared classes and every type's token bars, then the Cychosys registrations, all in init", async () => {
    const hooks: [string, (...args: unknown[]) => void][] = [];
    const registered: string[] = [];
    const config: Record<string, any> = {
      Actor: { dataModels: {} },
      Item: { dataModels: {} },
      Combat: {},
      Combatant: {},
      Dice: { terms: { c: "Coin" }, rolls: [] },
      statusEffects: [{ id: "dead" }, { id: "blind" }],
    };
    vi.stubGlobal("Hooks", { once: (name: string, fn: () => void) => hooks.push([name, fn]), on: (name: string, fn: () => void) => hooks.push([name, fn]) });
    vi.stubGlobal("Combat", class Combat {});
    vi.stubGlobal("Combatant", class Combatant {});
    vi.stubGlobal("Actor", class Actor {});
    vi.stubGlobal("Item", class Item {});
    vi.stubGlobal("CONFIG", config);
    const defaults = new Map<string, unknown>();
    vi.stubGlobal("game", {
      settings: {
        register: (ns: string, key: string, data: { default?: unknown }) => {
          registered.push(`${ns}.${key}`);
          defaults.set(key, data.default);
        },
        registerMenu: (ns: string, key: string) => registered.push(`menu ${ns}.${key}`),
        // As Foundry: a setting nobody changed reads as its default.
        get: (_ns: string, key: string) => (key === "ruleset" ? "cychosys" : structuredClone(defaults.get(key))),
      },
    });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    registeredSheets.length = 0;

    await import("../src/index.js");
    expect(hooks.map(([name]) => name)).toEqual(["init", "ready"]);
    hooks[0]![1]();
    // On init, whatever the world plays.
    expect(registered).toEqual(expect.arrayContaining(["cychosys.ruleset", "cychosys.rulesetChosen", "menu cychosys.rulesetMenu", "cychosys.migrationVersions"]));
    expect(Object.keys(config.Actor.dataModels)).toEqual(["character", "npc", "object", "d6Character", "d6Creature", "cwnCharacter", "cwnNpc", "phaseCharacter", "phaseCreature", "gurpsCharacter"]);
    expect(Object.keys(config.Item.dataModels)).toEqual(["skill", "trademark", "weapon", "trick", "outfit", "d6Skill", "d6Weapon", "d6Armor", "cwnWeapon", "cwnArmor", "cwnSkill", "phaseWeapon", "phaseArmor", "gurpsSkill", "gurpsWeapon", "gurpsArmor", "gurpsShield"]);
    expect(config.Actor.documentClass.name).toBe("RulesetDocument");
    expect(config.Combat.documentClass.name).toBe("SystemCombat");
    expect(config.Combatant.documentClass.name).toBe("SystemCombatant");
    expect(config.Actor.trackableAttributes.character.bar).toContain("pools.hit.physical");
    expect(config.Actor.trackableAttributes.gurpsCharacter).toEqual({ bar: ["hp", "fp"], value: [] });
    expect(Object.keys(config.Actor.trackableAttributes)).toEqual(Object.keys(config.Actor.dataModels));
    expect(registeredSheets.map(([document, , types]) => `${document}:${types.join("+")}`).slice(0, 2)).toEqual(["Actor:d6Character+d6Creature+cwnCharacter+cwnNpc+phaseCharacter+phaseCreature+gurpsCharacter", "Item:d6Skill+d6Weapon+d6Armor+cwnWeapon+cwnArmor+cwnSkill+phaseWeapon+phaseArmor+gurpsSkill+gurpsWeapon+gurpsArmor+gurpsShield"]);
    expect(globalThis.cychosys.ruleset).toBe("cychosys");

    // And the Cychosys registrations, in the same call.
    expect(config.CYCHOSYS).toEqual(rules.makeRules());
    expect(globalThis.cychosys.rules).toBe(rules);
    expect(hooks.map(([name]) => name)).toEqual(expect.arrayContaining(["createChatMessage", "renderCombatTracker", "updateActor", "hotbarDrop"]));
    expect(typeof (globalThis.cychosys as unknown as { openChase?: unknown }).openChase).toBe("function");
    expect(config.Dice.terms.c.name).toBe("CychosysDie");
    expect(config.Dice.rolls.map((r: { name: string }) => r.name)).toEqual(["CychosysRoll"]);
    expect(config.statusEffects.map((s: { id: string }) => s.id)).toEqual([
      ...rules.STANDARD_EFFECTS.effects.filter((e) => e.kind === "wounding").map((e) => `cychosys-${e.letter}`),
      "dead",
    ]);
    expect(registered).toEqual(expect.arrayContaining(["cychosys.effectsTable", "cychosys.chart", "cychosys.surgeWinsTies", "cychosys.chase", "menu cychosys.rulesMenu"]));
    expect(registeredSheets.map(([document, , types]) => `${document}:${types.join("+")}`).slice(2)).toEqual([
      "Actor:character",
      "Actor:npc",
      "Actor:object",
      "Item:skill",
      "Item:weapon+trick",
      "Item:outfit",
      "Item:trademark",
    ]);
    expect(log).toHaveBeenCalledTimes(1);
    // Importing every ruleset's code is the slow part on a busy machine; nothing here waits on time.
  }, 120_000);
});
