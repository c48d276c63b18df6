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

  rendersCleanly(open, ["d6-tracker-rolling", "d6-tracker", "d6-tracker-light", "d6-tracker-player", "d6-declare"]);

  it("D6/D9: while rolling, the GM's banner sets the order; who has rolled, who has not", async () => {
    const page = await open("d6-tracker-rolling");
    expect((await page.locator(".cy-d6-banner-title").textContent())?.trim()).toBe("Round 1: initiative is being rolled");
    expect((await page.locator(".cy-d6-banner-count").textContent())?.trim()).toBe("3 of 4 have rolled.");
    expect(await page.locator(".cy-d6-banner .cy-d6-name").allTextContents()).toEqual(["Lookout"]);
    expect(await page.locator('[data-cychosys-action="setOrder"]').count()).toBe(1);
    expect(await page.locator('li[data-combatant-id="lookout"] .cy-tracker-control[data-action="roll"]').getAttribute("aria-label")).toBe("Roll initiative");
    expect(await page.locator('li[data-combatant-id="mara"] .cy-tracker-control[data-action="characterPoint"]').getAttribute("aria-label")).toBe("Spend a Character Point");
    await page.close();
  });

  it("D5–D18: Mara placed first, 2 actions at −1D with a wait; the thugs tied; a dodge in force; a wound", async () => {
    const page = await open("d6-tracker");
    expect(await page.locator("li.combatant .name").allTextContents()).toEqual(["Mara", "Thug", "Thug (second)", "Lookout"]);
    const figure = (id: string, name: string) => page.locator(`li[data-combatant-id="${id}"] [data-figure="${name}"] .cy-tracker-value`).textContent();
    const statuses = (id: string) => page.locator(`li[data-combatant-id="${id}"] .cy-status`).allTextContents();
    expect(await figure("mara", "actions")).toBe("1 of 2 \u22121D");
    expect(await statuses("mara")).toEqual(["+1 CP", "Placed by the GM", "Waiting: may interrupt"]);
    expect(await statuses("thug")).toEqual(["Tied", "Dodge 9 (partial defense)"]);
    expect(await statuses("lookout")).toEqual(["Wounded \u22121D"]);
    expect(await page.locator('li[data-combatant-id="mara"] .cy-tracker-control[data-action="wait"]').count()).toBe(1);
    // D15: the GM may move up those who have not declared yet (not the thug, who has)
    expect(await page.locator('.cy-tracker-control[data-action="moveUp"]').evaluateAll((els) => els.map((e) => e.closest("li")!.dataset.combatantId))).toEqual(["thug2", "lookout"]);
    await page.close();
  });

  it("controls only where the viewer may act: Mara's player sees her wait and no control on the foes' rows", async () => {
    const page = await open("d6-tracker-player");
    expect(await page.locator(".cy-tracker-control").evaluateAll((els) => els.map((e) => [e.closest("li")!.dataset.combatantId, (e as HTMLElement).dataset.action]))).toEqual([["mara", "wait"]]);
    expect(await page.locator(".cy-d6-banner").count()).toBe(0);
    await page.close();
  });

  it("D11/D12: the declare dialog shows each N with its penalty", async () => {
    const page = await open("d6-declare");
    expect(await page.locator(".cy-d6-choice").allTextContents().then((t) => t.map((s) => s.replace(/\s+/g, " ").trim()))).toEqual(["1 no penalty", "2 \u22121D", "3 \u22122D", "4 \u22123D", "5 \u22124D"]);
    await page.close();
  });
});
