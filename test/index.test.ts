/** src/index.ts: the Foundry entry registers the rules core on `init`, nothing else. */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rules from "../src/rules/index.js";

describe("Foundry entry point", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(globalThis, "cychosys");
  });

  it("on init, puts the rules core on globalThis.cychosys and the rules data on CONFIG.CYCHOSYS", async () => {
    const hooks: [string, () => void][] = [];
    const config: Record<string, unknown> = {};
    vi.stubGlobal("Hooks", { once: (name: string, fn: () => void) => hooks.push([name, fn]) });
    vi.stubGlobal("CONFIG", config);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});

    await import("../src/index.js");
    expect(hooks.map(([name]) => name)).toEqual(["init"]);
    expect(config.CYCHOSYS).toBeUndefined();

    hooks[0]![1]();
    expect(config.CYCHOSYS).toEqual(rules.makeRules());
    expect(globalThis.cychosys.rules).toBe(rules);
    expect(log).toHaveBeenCalledTimes(1);
  });
});
