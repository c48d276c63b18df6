/**
 * The turn tracker rows, the extra-action dialog and the chase window, from
 * the preview harness (tools/preview/combat.ts), in headless Chromium: no raw
 * `CYCHOSYS.` keys, nothing overflowing, every input labelled, and the
 * chapter's figures on screen. Screenshots go to test-results/screenshots/
 * (shared with other browser tests: created if missing, never emptied here).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("combat");

describe.skipIf(!available)("the turn tracker and the chase window in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 900 });

  rendersCleanly(open, ["tracker", "tracker-light", "tracker-player", "tracker-six", "extra-action", "rest-into", "round-end", "chase-round1", "chase", "chase-player"], "combat-");

  it("R14–R17: one line of essentials per row — actions left, extra actions; Parker interrupts and waits; the GM's controls are icon buttons", async () => {
    const page = await open("tracker");
    const figure = (id: string, name: string) => page.locator(`li[data-combatant-id="${id}"] [data-figure="${name}"] .cy-tracker-value`).textContent();
    expect(await page.locator("li.combatant .name").allTextContents()).toEqual(["Parker", "Riddle", "Belham, the sentry"]);
    // The quickness is Foundry's initiative column (R14), shown once.
    expect(await page.locator("li.combatant .initiative").allTextContents()).toEqual(["7", "6", "3"]);
    expect(await page.locator('[data-figure="quickness"]').count()).toBe(0);
    expect(await figure("parker", "actions")).toBe("1 of 1");
    expect(await figure("parker", "extra")).toBe("1");
    expect(await figure("riddle", "actions")).toBe("0 of 1");
    // Extra actions are shown only once one is taken.
    expect(await page.locator('li[data-combatant-id="riddle"] [data-figure="extra"]').count()).toBe(0);
    expect(await page.locator('li[data-combatant-id="parker"] [data-status]').allTextContents()).toEqual(["Waiting", "Interrupting"]);
    // Only what may be done now: Parker (waiting, 6 mental fatigue left) may still buy an action, not wait again;
    // Riddle (no action left, 5 fatigue a pool) and the sentry (4 a pool) cannot pay for one; the sentry may wait.
    const actions = (id: string) => page.locator(`li[data-combatant-id="${id}"] .cy-tracker-control`).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.action));
    expect(await actions("parker")).toEqual(["extraAction", "restInto"]);
    expect(await actions("riddle")).toEqual(["restInto"]);
    expect(await actions("sentry")).toEqual(["wait", "restInto"]);
    expect(await page.locator('li[data-combatant-id="sentry"] [data-action="wait"]').getAttribute("aria-label")).toContain("Hold the action until later in the round");
    expect(await page.locator('li[data-combatant-id="parker"] [data-action="restInto"]').getAttribute("aria-label")).toBe("Rest into: Most depleted (R17)");
    // No outline of our own on the interrupting row (the active row is Foundry's to mark).
    expect(await page.locator(".cy-tracker-row").evaluateAll((els) => els.map((e) => getComputedStyle(e).outlineStyle))).toEqual(["none", "none", "none"]);
    await page.close();
  });

  it("controls only where the viewer may act: Parker's player sees his own, none on the others", async () => {
    const page = await open("tracker-player");
    expect(await page.locator('li[data-combatant-id="parker"] .cy-tracker-control').count()).toBe(2);
    expect(await page.locator('li[data-combatant-id="riddle"] .cy-tracker-control, li[data-combatant-id="sentry"] .cy-tracker-control').count()).toBe(0);
    expect(await page.locator('[data-cychosys-action="openChase"]').count()).toBe(0);
    await page.close();
  });

  it("six fighters fit the sidebar: a row is the name over one line of essentials and controls (a status chip adds a line), far under the 130 px a row took", async () => {
    const page = await open("tracker-six");
    const rows = await page.locator("li.combatant").evaluateAll((els) => els.map((e) => ({ height: e.getBoundingClientRect().height, statuses: e.querySelectorAll("[data-status]").length })));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.height).toBeLessThanOrEqual(row.statuses ? 100 : 60);
    expect(rows.reduce((sum, row) => sum + row.height, 0)).toBeLessThan(420);
    await page.close();
  });

  it("R17, R25, R33: the end-of-round note says what the round's end did", async () => {
    const page = await open("round-end");
    expect(await page.locator(".cychosys-round-end li").allTextContents()).toEqual([
      "Parker rests: +1 Physical fatigue for 1 unused action (R17).",
      "Riddle's parry bonus +4 against Belham, the sentry lapses unused (R25).",
      "Out of the fight: Belham, the sentry (R33).",
    ]);
    await page.close();
  });

  it("R16: the extra-action dialog offers each fatigue pool; a pool below 6 cannot pay", async () => {
    const page = await open("extra-action");
    const radios = page.locator('input[name="pool"]');
    expect(await radios.evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).value, (e as HTMLInputElement).disabled, (e as HTMLInputElement).checked]))).toEqual([
      ["physical", false, true],
      ["mental", true, false],
      ["emotional", false, false],
    ]);
    await page.close();
  });

  it("R39: the chase replays the chapter — Parker 0 → 2 → 15, the sentry 5 → 10 → 15, stopped at the door", async () => {
    const round1 = await open("chase-round1");
    const positions = async (page: Page) => page.locator(".cy-track-marker .cy-marker-pos").allTextContents();
    expect(await positions(round1)).toEqual(["2", "10"]);
    expect((await round1.locator('tr[data-actor-uuid="Actor.parker"] .cy-move-result').textContent())?.trim()).toBe("11 → rank 5: 2 (0 → 2)");
    await round1.close();
    const round2 = await open("chase");
    expect(await positions(round2)).toEqual(["15", "15"]);
    expect((await round2.locator(".cy-chase-round").textContent())?.trim()).toBe("Round 2");
    expect(await round2.locator('tr[data-actor-uuid="Actor.sentry"] .cy-move-stopped').count()).toBe(1);
    expect(await round2.locator(".cy-track-barrier").count()).toBe(1);
    expect(await round2.locator(".cy-chase-history li").count()).toBe(4);
    await round2.close();
  });

  it("a player sees only their own roll button and no GM inputs", async () => {
    const page = await open("chase-player");
    expect(await page.locator('[data-action="rollMove"]').count()).toBe(1);
    expect(await page.locator('[data-action="rollMove"]').getAttribute("data-actor-uuid")).toBe("Actor.parker");
    expect(await page.locator("input").count()).toBe(0);
    expect(await page.locator(".cy-chase-footer").count()).toBe(0);
    await page.close();
  });
});
