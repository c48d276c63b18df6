/** Boot the built entry with Foundry's globals faked, as a world that plays `ruleset`: import it, then fire `init` (everything is registered in that call). */
import { vi } from "vitest";

export async function bootBuilt(ruleset: string, url: string) {
  const hooks: string[] = [];
  const registered: string[] = [];
  const defaults = new Map<string, unknown>();
  const fakes = globalThis as unknown as Record<string, unknown>;
  const config: Record<string, any> = { Actor: { dataModels: {} }, Item: { dataModels: {} }, Combat: {}, Combatant: {}, Dice: { terms: {}, rolls: [] }, statusEffects: [] };
  const init: (() => void)[] = [];
  vi.stubGlobal("Hooks", {
    once: (name: string, fn: () => void) => {
      hooks.push(name);
      if (name === "init") init.push(fn);
    },
    on: (name: string) => hooks.push(name),
  });
  vi.stubGlobal("CONFIG", config);
  vi.stubGlobal("Combat", class Combat {});
  vi.stubGlobal("Combatant", class Combatant {});
  vi.stubGlobal("game", {
    settings: {
      register: (_ns: string, key: string, data: { default?: unknown }) => {
        registered.push(key);
        defaults.set(key, data.default);
      },
      registerMenu: (_ns: string, key: string) => registered.push(key),
      // As Foundry: a setting nobody changed reads as its default.
      get: (_ns: string, key: string) => (key === "ruleset" ? ruleset : structuredClone(defaults.get(key))),
    },
  });
  vi.spyOn(console, "log").mockImplementation(() => {});
  void fakes;
  await import(/* @vite-ignore */ url);
  init[0]!();
  return { hooks, registered, config };
}
