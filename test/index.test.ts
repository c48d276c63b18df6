/** src/index.ts: the Foundry entry registers the system's pieces on `init`. */
import { registeredSheets } from "./foundry/fakes.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rules from "../src/rulesets/cychosys/rules/index.js";

describe("Foundry entry point", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(globalThis, "cychosys");
  });

  it("registers its hooks; on init: rules data, models, documents, the dc die, statuses, settings", async () => {
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
    vi.stubGlobal("CONFIG", config);
    vi.stubGlobal("game", {
      settings: { register: (ns: string, key: string) => registered.push(`${ns}.${key}`), registerMenu: (ns: string, key: string) => registered.push(`menu ${ns}.${key}`) },
    });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});

    await import("../src/index.js");
    expect(hooks.map(([name]) => name)).toEqual(["init", "setup", "ready", "diceSoNiceReady"]);
    expect(config.CYCHOSYS).toBeUndefined();

    hooks[0]![1]();
    expect(config.CYCHOSYS).toEqual(rules.makeRules());
    expect(globalThis.cychosys.rules).toBe(rules);
    expect(Object.keys(config.Actor.dataModels)).toEqual(["character", "npc", "object"]);
    expect(Object.keys(config.Item.dataModels)).toEqual(["skill", "trademark", "weapon", "trick", "outfit"]);
    expect(config.Actor.documentClass.name).toBe("CychosysActor");
    expect(config.Item.documentClass.name).toBe("CychosysItem");
    expect(config.Combat.documentClass.name).toBe("CychosysCombat");
    expect(config.Combatant.documentClass.name).toBe("CychosysCombatant");
    expect(hooks.map(([name]) => name)).toEqual(expect.arrayContaining(["createChatMessage", "renderCombatTracker", "updateActor"]));
    expect(typeof (globalThis.cychosys as unknown as { openChase?: unknown }).openChase).toBe("function");
    expect(config.Dice.terms.c.name).toBe("CychosysDie");
    expect(config.Dice.rolls.map((r: { name: string }) => r.name)).toEqual(["CychosysRoll"]);
    expect(config.Actor.trackableAttributes.character.bar).toContain("pools.hit.physical");
    expect(config.statusEffects.map((s: { id: string }) => s.id)).toEqual([
      ...rules.STANDARD_EFFECTS.effects.filter((e) => e.kind === "wounding").map((e) => `cychosys-${e.letter}`),
      "dead",
    ]);
    expect(registered).toEqual(expect.arrayContaining(["cychosys.effectsTable", "cychosys.chart", "cychosys.surgeWinsTies", "cychosys.systemMigrationVersion", "cychosys.chase", "menu cychosys.rulesMenu"]));
    expect(registeredSheets.map(([document, , types]) => `${document}:${types.join("+")}`)).toEqual([
      "Actor:character",
      "Actor:npc",
      "Actor:object",
      "Item:skill",
      "Item:weapon+trick",
      "Item:outfit",
      "Item:trademark",
    ]);
    expect(log).toHaveBeenCalledTimes(1);
  });
});
