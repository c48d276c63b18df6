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

  rendersCleanly(open, ["tracker", "extra-action", "round-end", "chase-round1", "chase", "chase-player"], "combat-");

  it("R14–R17: each tracker row shows quickness and the budget; Parker interrupts, waiting, one extra action taken", async () => {
    const page = await open("tracker");
    const figure = (id: string, name: string) => page.locator(`li[data-combatant-id="${id}"] [data-figure="${name}"] dd`).textContent();
    expect(await page.locator("li.combatant .name").allTextContents()).toEqual(["Parker", "Riddle", "Belham, the sentry"]);
    expect([await figure("parker", "quickness"), await figure("riddle", "quickness"), await figure("sentry", "quickness")]).toEqual(["7", "6", "3"]);
    expect(await figure("parker", "actions")).toBe("1 of 1");
    expect(await figure("parker", "extra")).toBe("1");
    expect(await figure("riddle", "actions")).toBe("0 of 1");
    expect(await page.locator('li[data-combatant-id="parker"] [data-flag]').allTextContents()).toEqual(["Waiting", "Interrupting"]);
    // Parker has spent his physical fatigue but has 6 mental: he can still buy one; he is already waiting.
    expect(await page.locator('li[data-combatant-id="parker"] [data-cychosys-action="extraAction"]').isDisabled()).toBe(false);
    expect(await page.locator('li[data-combatant-id="parker"] [data-cychosys-action="wait"]').isDisabled()).toBe(true);
    expect(await page.locator('li[data-combatant-id="riddle"] [data-cychosys-action="wait"]').isDisabled()).toBe(true);
    expect((await page.locator('li[data-combatant-id="sentry"] [data-cychosys-action="extraAction"]').textContent())?.trim()).toBe("Extra action (6 fatigue)");
    await page.close();
  });

  it("R17, R25, R33: the end-of-round note says what the round's end did", async () => {
    const page = await open("round-end");
    expect(await page.locator(".cychosys-round-end li").allTextContents()).toEqual([
      "Parker: 1 unused action(s) restore +1 Physical fatigue (R17).",
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
