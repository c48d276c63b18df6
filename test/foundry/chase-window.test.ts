/**
 * Issue 20.6: the Cychosys chase window (R39) binds its drop listener once.
 * ApplicationV2 runs `_onFirstRender` on the first render only and
 * `_onRender` on every one, and the window's element outlives its renders:
 * a listener bound on every render would add the dropped actor once per
 * render so far.
 */
import "./fakes.js";
import { describe, expect, it } from "vitest";
import { defineChaseApp } from "../../src/foundry/cychosys/chase-app.js";

type Lifecycle = { _onFirstRender?(context: object, options: object): Promise<void>; _onRender?(context: object, options: object): Promise<void> };

describe("the chase window", () => {
  it("binds its dragover and drop listeners on the first render only, however often it is drawn again", async () => {
    const ChaseApp = defineChaseApp();
    const app = new ChaseApp() as unknown as Lifecycle;
    const bound: string[] = [];
    Object.defineProperty(app, "element", { value: { addEventListener: (type: string) => bound.push(type) } });
    // As ApplicationV2 renders: the first time _onFirstRender then _onRender; every later time _onRender alone.
    for (let render = 0; render < 4; render++) {
      if (render === 0) await app._onFirstRender?.({}, {});
      await app._onRender?.({}, {});
    }
    expect(bound.filter((type) => type === "drop")).toHaveLength(1);
    expect(bound.filter((type) => type === "dragover")).toHaveLength(1);
  });

  it("is named with the system's prefix (its render hooks are renderCychosysChaseApp, never a core name)", () => {
    expect(defineChaseApp().name).toBe("CychosysChaseApp");
  });
});
