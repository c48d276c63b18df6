/**
 * Issue 20.1: a world's start-up, as Foundry v13 runs it, for every ruleset
 * as the one the world plays. The entry (src/index.ts) is imported fresh and
 * the documented events fire in order, each right after the one before —
 * Foundry waits for no promise a hook starts, so nothing here waits either:
 *
 *   init → i18nInit → documents prepared → setup → sheets set up → ready
 *
 * (v13's `setup` "fires after all Documents are initialized"; the same run
 * with `setup` before the documents, the order the lead's brief names, passes
 * too — both are run.) A fake sheet registry takes registrations only until
 * "sheets set up"; the fake Hooks notes every registration made after the
 * event it waits for has fired. For each ruleset: each of its Actor and Item
 * types has its sheet by then (every other ruleset's type the read-only one),
 * every actor derives on its first preparation, no hook comes late, no hook
 * throws, the settings menus hold keys (put in words by Foundry after
 * i18nInit), the token statuses are in the user's language after i18nInit,
 * and Dice So Nice is configured at once when it is already ready.
 */
import "./fakes.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RULESET_IDS, type RulesetId } from "../../src/core/ruleset.js";
import { systemDefaults } from "../../src/core/schema/validate.js";
import { registeredManifests } from "../../src/core/schema/registry.js";
import "../../src/rulesets/manifests.js";

type Fn = (...args: unknown[]) => unknown;

/** Foundry's Hooks as far as the system uses them, noting registrations made after their event fired. */
function fakeHooks() {
  const handlers = new Map<string, { fn: Fn; once: boolean }[]>();
  const fired = new Set<string>();
  const late: string[] = [];
  const errors: { hook: string; error: unknown }[] = [];
  let nextId = 1;
  const add = (name: string, fn: Fn, once: boolean) => {
    if (fired.has(name)) late.push(name);
    handlers.set(name, [...(handlers.get(name) ?? []), { fn, once }]);
    return nextId++;
  };
  const hooks = {
    on: (name: string, fn: Fn): number => add(name, fn, false),
    once: (name: string, fn: Fn): number => add(name, fn, true),
    /** As Foundry's: every handler runs; one that throws is reported, the others still run. */
    callAll: (name: string, ...args: unknown[]): true => {
      fired.add(name);
      for (const handler of [...(handlers.get(name) ?? [])]) {
        if (handler.once) handlers.set(name, (handlers.get(name) ?? []).filter((h) => h !== handler));
        try {
          const result = handler.fn(...args);
          if (result instanceof Promise) result.catch((error: unknown) => errors.push({ hook: name, error }));
        } catch (error) {
          errors.push({ hook: name, error });
        }
      }
      return true;
    },
  } satisfies Pick<typeof Hooks, "on" | "once" | "callAll">;
  return { hooks, late, errors, registered: (name: string) => handlers.get(name)?.length ?? 0 };
}

/** DocumentSheetConfig.registerSheet, open until Foundry sets its sheets up. */
function fakeSheetRegistry() {
  const sheets: { document: string; sheet: string; types: string[] }[] = [];
  const refused: string[] = [];
  let open = true;
  const registerSheet = ((documentClass: { name: string }, _scope: string, sheetClass: { name: string }, options: { types?: string[] } = {}): void => {
    if (!open) return void refused.push(sheetClass.name);
    sheets.push({ document: documentClass.name, sheet: sheetClass.name, types: [...(options.types ?? [])] });
  }) satisfies (...args: Parameters<typeof foundry.applications.apps.DocumentSheetConfig.registerSheet>) => ReturnType<typeof foundry.applications.apps.DocumentSheetConfig.registerSheet>;
  return { registry: { registerSheet }, sheets, refused, close: () => void (open = false) };
}

/** Text from the fake translations (⟦key⟧), or a key Foundry localizes itself. */
const KEY_OR_TRANSLATED = /^(⟦.+⟧|CYCHOSYS\.[\w.]+)$/;

/** The world's own documents: one actor of every type of every ruleset, made from its type's defaults. */
function worldActors() {
  return registeredManifests().flatMap((m) => Object.keys(m.Actor).map((type) => ({ ruleset: m.id, type, name: `A ${type}`, items: [] as unknown[], system: undefined as unknown })));
}

interface Started {
  hooks: ReturnType<typeof fakeHooks>;
  registry: ReturnType<typeof fakeSheetRegistry>;
  config: Record<string, any>;
  menus: Record<string, unknown>[];
  actors: ReturnType<typeof worldActors>;
  dice3d: { calls: string[] };
}

/** Import the entry fresh and run Foundry's start-up events in `order`, for a world playing `ruleset`. */
async function startWorld(ruleset: RulesetId, order: readonly string[], options: { diceSoNiceReady?: boolean } = {}): Promise<Started> {
  vi.resetModules();
  const hooks = fakeHooks();
  const registry = fakeSheetRegistry();
  const config: Record<string, any> = { Actor: { dataModels: {} }, Item: { dataModels: {} }, Combat: {}, Combatant: {}, Dice: { terms: {}, rolls: [] }, statusEffects: [{ id: "dead", name: "EFFECT.StatusDead" }] };
  const defaults = new Map<string, unknown>();
  const menus: Record<string, unknown>[] = [];
  const dice3d = { calls: [] as string[] };
  const api = { addDicePreset: () => void dice3d.calls.push("addDicePreset"), addSystem: () => void dice3d.calls.push("addSystem"), addColorset: () => void dice3d.calls.push("addColorset") };
  const gm = { id: "gm", name: "GM", isGM: true, isActiveGM: true };
  const settings = {
    register: (_scope: string, key: string, data: { default?: unknown }) => void defaults.set(key, data.default),
    registerMenu: (_scope: string, _key: string, data: Record<string, unknown>) => void menus.push(data),
    // As Foundry: the world's choice of rules (made earlier); any other setting nobody changed reads as its default.
    get: (_scope: string, key: string) => (key === "ruleset" ? ruleset : key === "rulesetChosen" ? true : structuredClone(defaults.get(key))),
    set: async () => undefined,
  };
  const actors = worldActors();
  const collection = <T>(contents: T[]) => ({ contents, get: () => undefined, [Symbol.iterator]: () => contents[Symbol.iterator]() });
  // Before i18nInit Foundry knows no translation: localize gives the key back.
  const i18n = { localize: (key: string) => key, format: (key: string) => key };
  vi.stubGlobal("Hooks", hooks.hooks);
  vi.stubGlobal("CONFIG", config);
  vi.stubGlobal("Combat", class Combat {});
  vi.stubGlobal("Combatant", class Combatant {});
  vi.stubGlobal("game", {
    settings,
    i18n,
    user: gm,
    users: { activeGM: gm, filter: () => [gm], contents: [gm] },
    messages: collection([]),
    combats: collection([]),
    actors: collection([]),
    items: collection([]),
    packs: [],
    system: { version: "0.1.0" },
    data: { actors: [], items: [] },
    ...(options.diceSoNiceReady && { dice3d: api }),
  });
  const apps = foundry.applications.apps as unknown as Record<string, unknown>;
  const realRegistry = apps.DocumentSheetConfig;
  apps.DocumentSheetConfig = registry.registry;
  restore.push(() => void (apps.DocumentSheetConfig = realRegistry));
  vi.spyOn(console, "log").mockImplementation(() => {});

  await import("../../src/index.js");
  const steps: Record<string, () => void> = {
    init: () => hooks.hooks.callAll("init"),
    i18nInit: () => {
      Object.assign(i18n, { localize: (key: string) => `⟦${key}⟧`, format: (key: string) => `⟦${key}⟧` });
      hooks.hooks.callAll("i18nInit");
    },
    // Foundry makes every world document, then prepares each once (its system's prepareDerivedData among the rest).
    documents: () => {
      for (const actor of actors) {
        const Model = config.Actor.dataModels[actor.type] as new (source: object, options: { parent: unknown }) => { prepareDerivedData(): void };
        const system = new Model(systemDefaults("Actor", actor.type), { parent: actor });
        actor.system = system;
        system.prepareDerivedData();
      }
    },
    setup: () => hooks.hooks.callAll("setup"),
    sheets: () => registry.close(),
    ready: () => hooks.hooks.callAll("ready"),
  };
  for (const step of order) steps[step]!();
  if (!options.diceSoNiceReady) hooks.hooks.callAll("diceSoNiceReady", api);
  return { hooks, registry, config, menus, actors, dice3d };
}

const restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(globalThis, "cychosys");
});

const ORDERS = {
  "v13 as documented (documents prepared, then setup)": ["init", "i18nInit", "documents", "setup", "sheets", "ready"],
  "setup before the documents": ["init", "i18nInit", "setup", "documents", "sheets", "ready"],
} as const;

/** The sheet each type got before Foundry set its sheets up. */
const sheetOf = (started: Started, document: "Actor" | "Item", type: string) => started.registry.sheets.filter((s) => s.document === document && s.types.includes(type)).map((s) => s.sheet);

describe.each(Object.entries(ORDERS))("a world's start-up, %s", (_name, order) => {
  it.each(RULESET_IDS)(
    "%s as the world's rules: every type has its sheet before sheets are set up, every actor derives on its first preparation, no hook comes late",
    async (ruleset) => {
      const world = await startWorld(ruleset, order);
      const manifests = registeredManifests();
      const own = manifests.find((m) => m.id === ruleset)!;

      // Sheets: the ruleset's own for each of its types; the read-only one for every other ruleset's; none after Foundry set them up.
      for (const document of ["Actor", "Item"] as const) {
        for (const m of manifests) {
          for (const type of Object.keys(m[document])) {
            const sheets = sheetOf(world, document, type);
            if (m.id === ruleset) {
              expect(sheets, `${document} ${type}`).toHaveLength(1);
              expect(sheets[0], `${document} ${type}`).not.toMatch(/Inactive/);
            } else expect(sheets, `${document} ${type}`).toEqual([`CychosysInactive${document}Sheet`]);
          }
        }
      }
      expect(world.registry.refused).toEqual([]);
      // Every sheet class is named with the system's prefix, and no two share a name (Foundry keys sheets by it).
      const names = world.registry.sheets.map((s) => s.sheet);
      for (const name of names) expect(name).toMatch(/^Cychosys[A-Z]\w*Sheet$/);
      expect(new Set(names).size).toBe(names.length);

      // Every actor of the ruleset derived on its first (and only) preparation; another ruleset's derives nothing.
      for (const actor of world.actors) {
        const derived = (actor.system as { derived?: unknown }).derived;
        if (actor.ruleset === ruleset) expect(derived, actor.type).toBeDefined();
        else expect(derived, actor.type).toBeUndefined();
      }
      expect(Object.keys(own.Actor).length).toBeGreaterThan(0);

      // Hooks: none registered after its event fired; none threw.
      expect(world.hooks.late).toEqual([]);
      expect(world.hooks.errors).toEqual([]);

      // The ruleset's initiative, where Foundry and modules read it (test/foundry/initiative.test.ts checks it matches).
      expect(world.config.Combat.initiative).toEqual({ formula: expect.toBeOneOf([expect.any(String), null]), decimals: expect.any(Number) });

      // The settings menus hold keys, put in words by Foundry once the translations are loaded.
      for (const menu of world.menus) for (const field of ["name", "label", "hint"] as const) expect(menu[field]).toMatch(/^CYCHOSYS\.[\w.]+$/);
      // The token statuses are in the user's language after i18nInit (not frozen in English during init): a
      // name is a key Foundry puts in words, or words from the translations — or, in Cychosys, the world's effects table's (R10).
      const statuses = (world.config.statusEffects as { id: string; name: string; description?: string }[]).filter((s) => s.id !== "dead");
      expect(statuses.length).toBeGreaterThan(0);
      const tableNames = new Set(((world.config.CYCHOSYS?.effects.effects ?? []) as { name: string }[]).map((e) => e.name));
      for (const status of statuses) {
        if (!tableNames.has(status.name)) expect(status.name, status.id).toMatch(KEY_OR_TRANSLATED);
        if (status.description !== undefined) expect(status.description, status.id).toMatch(/⟦/);
      }
    },
    120_000,
  );
});

describe("Dice So Nice", () => {
  it.each(["cychosys", "d6", "gurps"] as const)("%s: configured on init when it is already ready, on its hook otherwise (registered before it fires)", async (ruleset) => {
    const ready = await startWorld(ruleset, ORDERS["v13 as documented (documents prepared, then setup)"], { diceSoNiceReady: true });
    expect(ready.dice3d.calls).toContain("addDicePreset");
    expect(ready.hooks.registered("diceSoNiceReady")).toBe(0);
    const later = await startWorld(ruleset, ORDERS["v13 as documented (documents prepared, then setup)"]);
    expect(later.dice3d.calls).toContain("addDicePreset");
    expect(later.hooks.late).toEqual([]);
  }, 120_000);
});
