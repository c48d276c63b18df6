/**
 * The OpenD6 tracker from the preview harness (tools/preview/d6-combat.ts) in
 * headless Chromium: the rows while initiative is rolled (with the GM's
 * banner) and once the order is set, and the declare-actions dialog — no raw
 * keys, nothing overflowing, the figures of the thug fight on screen.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("d6-combat");

describe.skipIf(!available)("the OpenD6 tracker in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 900 });

  rendersCleanly(open, ["d6-tracker-rolling", "d6-tracker", "d6-declare"]);

  it("D6/D9: while rolling, the GM's banner sets the order; who has rolled, who has not", async () => {
    const page = await open("d6-tracker-rolling");
    expect((await page.locator(".cy-d6-banner-title").textContent())?.trim()).toBe("Round 1: initiative is being rolled");
    expect((await page.locator(".cy-d6-banner-count").textContent())?.trim()).toBe("3 of 4 have rolled.");
    expect(await page.locator(".cy-d6-banner .cy-d6-name").allTextContents()).toEqual(["Lookout"]);
    expect(await page.locator('[data-cychosys-action="setOrder"]').count()).toBe(1);
    expect(await page.locator('li[data-combatant-id="lookout"] [data-cychosys-action="roll"]').count()).toBe(1);
    expect(await page.locator('li[data-combatant-id="mara"] [data-cychosys-action="characterPoint"]').count()).toBe(1);
    await page.close();
  });

  it("D5–D18: Mara placed first, 2 actions at −1D with a wait; the thugs tied; a dodge in force; a wound", async () => {
    const page = await open("d6-tracker");
    expect(await page.locator("li.combatant .name").allTextContents()).toEqual(["Mara", "Thug", "Thug (second)", "Lookout"]);
    const figure = (id: string, name: string) => page.locator(`li[data-combatant-id="${id}"] [data-figure="${name}"] dd`).textContent();
    expect(await figure("mara", "initiative")).toBe("19★+1 CP");
    expect(await figure("mara", "actions")).toBe("1 of 2 \u22121D");
    expect(await figure("thug", "initiative")).toBe("15★");
    expect(await page.locator('li[data-combatant-id="mara"] [data-flag]').allTextContents()).toEqual(["Placed by the GM", "Waiting — may interrupt"]);
    expect(await page.locator('li[data-combatant-id="thug"] [data-flag="tied"]').count()).toBe(1);
    expect((await page.locator('li[data-combatant-id="thug"] [data-flag="defense"]').textContent())?.replace(/\s+/g, " ").trim()).toBe("dodge 9 (partial defense)");
    expect(await figure("lookout", "wound")).toBe("Wounded \u22121D");
    expect(await page.locator('li[data-combatant-id="mara"] [data-cychosys-action="wait"]').count()).toBe(1);
    // D15: the GM may move up those who have not declared yet (not the thug, who has)
    expect(await page.locator('[data-cychosys-action="moveUp"]').evaluateAll((els) => els.map((e) => e.closest("li")!.dataset.combatantId))).toEqual(["thug2", "lookout"]);
    await page.close();
  });

  it("D11/D12: the declare dialog shows each N with its penalty", async () => {
    const page = await open("d6-declare");
    expect(await page.locator(".cy-d6-choice").allTextContents().then((t) => t.map((s) => s.replace(/\s+/g, " ").trim()))).toEqual(["1 no penalty", "2 \u22121D", "3 \u22122D", "4 \u22123D", "5 \u22124D"]);
    await page.close();
  });
});
