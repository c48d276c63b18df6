/**
 * The Cities Without Number tracker from the preview harness
 * (tools/preview/cwn-combat.ts) in headless Chromium: the sides before the
 * fight (W2, W3), round 1 by side with each fighter's actions left (W4, W7)
 * and states until when (W19, W26, W27), and the actions dialog with the
 * refusals greyed out and their reasons — no raw keys, nothing overflowing.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("cwn-combat");

describe.skipIf(!available)("the CWN tracker in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 1000 });

  rendersCleanly(open, ["cwn-tracker-setup", "cwn-tracker", "cwn-tracker-light", "cwn-tracker-player", "cwn-actions"]);

  it("W2, W3: before the fight, the sides with their members; the crew's d8 rolled, the guards' owed; the GM may mark surprise", async () => {
    const page = await open("cwn-tracker-setup");
    const side = (id: string) => page.locator(`.cwn-setup-side[data-side="${id}"]`);
    expect(await side("pcs").locator(".cwn-member").allTextContents()).toEqual(["Vee", "Mack"]);
    expect(await side("pcs").locator(".cwn-setup-roll").textContent()).toBe("d8: 6");
    expect(await side("hostile").locator(".cwn-setup-roll").textContent()).toBe("not rolled");
    expect(await side("hostile").locator('[data-cychosys-action="rollSide"]').count()).toBe(1);
    expect(await page.locator('input[data-cychosys-action="surprise"]').count()).toBe(2);
    await page.close();
  });

  it("W3, W4, W7: the tracker by side — the crew (7) acting, the guards (4) to come; each fighter's actions left and states", async () => {
    const page = await open("cwn-tracker");
    expect(await page.locator(".cwn-side-header .cwn-side-name").allTextContents()).toEqual(["Player characters", "Hostile"]);
    expect(await page.locator(".cwn-side-header .cwn-side-total").allTextContents()).toEqual(["7", "4"]);
    expect(await page.locator(".cwn-side-header .cwn-side-status").allTextContents()).toEqual(["acting", "to come"]);
    const left = (id: string) => page.locator(`li[data-combatant-id="${id}"] .cwn-pill.is-on`).allTextContents();
    expect(await left("vee")).toEqual(["Move", "On Turn"]);
    expect(await left("mack")).toEqual([]);
    expect(await left("g1")).toEqual(["Instant Main"]);
    expect(await left("g2")).toEqual([]);
    // W4, W7: the guards' turn is to come — what they still have for it is shown apart from what is gone.
    const later = (id: string) => page.locator(`li[data-combatant-id="${id}"] .cwn-pill.is-later`).allTextContents();
    expect(await later("g1")).toEqual(["Main", "Move", "On Turn"]);
    expect(await later("g2")).toEqual(["Move", "On Turn"]);
    expect(await later("g3")).toEqual([]);
    expect(await later("mack")).toEqual([]);
    // The house row (docs/style.md): the turn and the states as chips, hit points as a figure, icon controls with their names.
    const chips = (id: string) => page.locator(`li[data-combatant-id="${id}"] .cy-status`).allTextContents();
    expect(await chips("mack")).toEqual(["Done", "Screening Vee: 2 left, until round 2"]);
    expect(await chips("g2")).toEqual(["To act", "Total Defense, until round 2", "AC +2"]);
    expect(await chips("g3")).toEqual(["Dead"]);
    expect(await page.locator('li[data-combatant-id="vee"] [data-figure="hp"]').textContent()).toBe("HP 11/14");
    expect(await page.locator('li[data-combatant-id="vee"] button[data-action="end"]').getAttribute("aria-label")).toBe("End turn");
    expect(await page.locator('li[data-combatant-id="g1"] button[data-action="begin"]').count()).toBe(0);
    expect(await page.locator('[data-cychosys-action="endSide"]').count()).toBe(1);
    await page.close();
  });

  it("as Vee's player: controls on her row only, and no guard's hit points (controls only where the viewer may act)", async () => {
    const page = await open("cwn-tracker-player");
    expect(await page.locator("li[data-combatant-id] .cy-tracker-control").evaluateAll((buttons) => [...new Set(buttons.map((b) => b.closest("li")!.getAttribute("data-combatant-id")))])).toEqual(["vee"]);
    expect(await page.locator('li[data-combatant-id="g1"] [data-figure="hp"]').count()).toBe(0);
    expect(await page.locator('li[data-combatant-id="mack"] [data-figure="hp"]').textContent()).toBe("HP 12/12");
    await page.close();
  });

  it("W8–W37: Vee's actions — her Main spent greys Total Defense with the core's reason; Run and Hold stay open", async () => {
    const page = await open("cwn-actions");
    const action = (id: string) => page.locator(`.cwn-action[data-action-id="${id}"]`);
    expect(await action("totalDefense").locator("input").isDisabled()).toBe(true);
    expect(await action("totalDefense").locator(".cwn-action-reason").textContent()).toContain("Main");
    expect(await action("run").locator("input").isDisabled()).toBe(false);
    expect(await action("holdAction").locator("input").isDisabled()).toBe(false);
    expect(await action("standUp").locator(".cwn-action-reason").textContent()).toContain("prone");
    await page.close();
  });
});
