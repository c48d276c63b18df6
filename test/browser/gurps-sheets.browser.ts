/**
 * The GURPS sheets (tools/preview/gurps-sheets.ts) in headless Chromium, the
 * real templates with real Handlebars and the system's CSS: Sir Aldric's
 * character sheet on each tab, dark and light, read-only and in a fight;
 * each item sheet; the roll card and dialog. No raw keys, nothing
 * overflowing, every input labelled; the figures are the derive's.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly, tabsRenderCleanly } from "./page-checks.js";

const available = chromiumAvailable("GURPS sheet");

describe.skipIf(!available)("GURPS sheets in Chromium", () => {
  const { open, pages } = previewBrowser({ width: 1000, height: 1000 });

  tabsRenderCleanly(open, pages, ["gurps-character", "gurps-character-light", "gurps-character-readonly", "gurps-character-fighting"], ["attributes", "combat", "traits", "notes"]);

  rendersCleanly(open, ["gurps-item-skill", "gurps-item-weapon", "gurps-item-weapon-light", "gurps-item-armor", "gurps-item-shield", "gurps-roll", "gurps-roll-light", "gurps-damage-roll", "gurps-damage-roll-light", "gurps-roll-dialog", "gurps-roll-dialog-light"]);

  it("Aldric's figures: the stored scores, Basic Speed 6 → 6.25 by an effect, skills with relative level (G1), reeling at 4 of 14 HP (G80)", async () => {
    const page = await open("gurps-character");
    expect(await page.inputValue('.gurps-attribute[data-attribute="dx"] input')).toBe("12");
    expect(await page.textContent('[data-field="basicSpeed"] .gurps-effective')).toContain("6.25");
    expect(await page.locator(".gurps-skill .gurps-relative").allTextContents()).toEqual(["DX+2", "DX+1", "DX", "DX−1"]);
    expect(await page.locator(".gurps-skill .gurps-level").allTextContents()).toEqual(["14", "13", "12", "11"]);
    expect(await page.locator(".gurps-condition").allTextContents()).toEqual(["Reeling"]);
    await page.click('nav [data-tab="combat"]');
    expect(await page.textContent('td[data-location="torso"]')).toContain("4");
    expect(await page.locator('tbody[data-item-id="wSword"] .gurps-col-parry').allTextContents()).toEqual(["10", "10"]);
    expect(await page.$$eval('[data-action="rollDamage"]', (b) => b.length)).toBe(4);
    await page.close();
  });

  it("one figure per defense, each labelled (G61–G66): Dodge in the header alone; each parry and block says what it is made with; Move now apart from the Move field", async () => {
    const page = await open("gurps-character");
    const text = (selector: string) => page.locator(selector).allTextContents().then((t) => t.map((x) => x.replace(/\s+/g, " ").trim()));
    expect(await text(".gurps-pools .gurps-label")).toEqual(["HP", "FP", "Dodge", "Move now"]);
    expect(await page.locator('[data-figure="dodge"], [data-figure="unarmedParry"], [data-figure="moveNow"]').count()).toBe(0);
    await page.click('nav [data-tab="combat"]');
    expect(await text(".gurps-defense")).toEqual(["Parry (Broadsword) 10", "Parry (Spear) 8", "Parry (bare hands, DX) 9", "Block (Medium shield) 9"]);
    expect(await page.locator(".gurps-defense", { hasText: "Dodge" }).count()).toBe(0);
    // The headings step down from the window's h1 (no h3 straight under it).
    expect(await page.$$eval("h1, h2, h3, h4", (hs) => [...new Set(hs.map((h) => h.tagName))])).toEqual(["H1", "H2"]);
    await page.close();
  });

  it("the weapon sheet scrolls as one: every field of the second attack line shows, the description after the lines, never a pane cut above it", async () => {
    const page = await open("gurps-item-weapon");
    const box = (selector: string) => page.locator(selector).boundingBox();
    const lastLine = page.locator(".gurps-line-edit").last();
    const fields = await lastLine.locator(".gurps-field").evaluateAll((els) => els.map((e) => (e.querySelector(".gurps-label") as HTMLElement).textContent));
    expect(fields).toEqual(["Attack", "Kind", "Damage", "Damage type", "Armor divisor", "Shots", "Min ST", "Acc", "1/2D (yd)", "Max (yd)", "Min range (yd)", "RoF", "Rcl", "Bulk"]);
    const bulk = (await lastLine.locator(".gurps-field").last().boundingBox())!;
    const description = (await box(".gurps-item-description"))!;
    expect(bulk.y + bulk.height).toBeLessThanOrEqual(description.y);
    expect(await page.locator(".gurps-item-body .gurps-item-description").count()).toBe(1);
    await page.close();
  });

  it("in a fight the round's marks show: shock −3 pending (G77), stunned (G79), kneeling (G14)", async () => {
    const page = await open("gurps-character-fighting");
    expect(await page.locator(".gurps-condition").allTextContents()).toEqual(["Shock −3", "Stunned", "Reeling", "Kneeling"]);
    await page.close();
  });

  it("read-only: no control edits anything, the roll buttons stay", async () => {
    const page = await open("gurps-character-readonly");
    expect(await page.$$eval("input:not([disabled]), select:not([disabled])", (n) => n.length)).toBe(0);
    expect(await page.$$('[data-action="deleteItem"], [data-action="createItem"]')).toHaveLength(0);
    expect(await page.$$eval('[data-action="roll"]', (n) => n.length)).toBeGreaterThan(10);
    await page.close();
  });
});
