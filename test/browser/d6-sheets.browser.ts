/**
 * The OpenD6 sheets (tools/preview/d6-sheets.ts) in headless Chromium, the
 * real templates with real Handlebars and the system's CSS: Kira's character
 * sheet on each tab, dark and light and read-only; the thug's creature sheet
 * with its unreadable code listed; each item sheet. No raw keys, nothing
 * overflowing, every input labelled; the figures are the derive's.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly, tabsRenderCleanly } from "./page-checks.js";

const available = chromiumAvailable("OpenD6 sheet");

describe.skipIf(!available)("OpenD6 sheets in Chromium", () => {
  const { open, pages } = previewBrowser({ width: 1000, height: 1000 });

  tabsRenderCleanly(open, pages, ["d6-character", "d6-character-light", "d6-character-readonly"], ["attributes", "combat", "biography"]);

  rendersCleanly(open, ["d6-creature", "d6-creature-light", "d6-item-skill", "d6-item-weapon", "d6-item-weapon-light", "d6-item-armor"]);

  it("Kira's figures: codes under their attributes (D1), Strength Damage 2D (D32), the Wounded penalty (D37), armor and resistance (D34)", async () => {
    const page = await open("d6-character");
    const agility = page.locator('.d6-attribute[data-attribute="agility"]');
    expect(await agility.locator("input.d6-code").inputValue()).toBe("3D+2");
    expect(await agility.locator(".d6-skill-name").allTextContents()).toEqual(["dodge", "melee combat", "firearms"]);
    expect(await agility.locator(".d6-skill-code").allTextContents()).toEqual(["5D+1", "4D+2", "4D"]);
    expect(await page.textContent('[data-stat="strengthDamage"] .d6-figure')).toBe("2D");
    expect(await page.textContent('[data-stat="armor"] .d6-figure')).toBe("1D");
    expect(await page.textContent('[data-stat="resistance"] .d6-figure')).toBe("4D");
    expect(await page.inputValue('select[name="system.wounds.level"]')).toBe("wounded");
    expect(await page.textContent(".d6-status")).toContain("−1D to skill and attribute rolls (D37)");
    expect(await page.$$eval('[data-action="roll"]', (b) => b.map((x) => (x as HTMLElement).dataset.rollKey))).toContain("skill:sDodge");
    await page.click('nav [data-tab="combat"]');
    const knife = page.locator('tr[data-item-id="wKnife"]');
    expect(await knife.locator("td").nth(2).locator(".cy-notation").allTextContents()).toEqual(["+1D", "3D"]);
    expect(await page.locator('tr[data-item-id="wPistol"] td').nth(3).textContent()).toContain("10/25/40");
    expect(await page.$$eval('button[data-action="attack"]', (b) => b.length)).toBe(2);
    expect(await page.getAttribute('[data-item-id="aHelm"] .d6-equip', "aria-pressed")).toBe("false");
    await page.close();
  });

  it("the house style: \"Initiative bonus +0\" (a bonus, labelled as one); headings h1 → h2; the long weapon name shown whole", async () => {
    const page = await open("d6-character");
    expect(await page.textContent('[data-stat="initiative"] .d6-stat-label')).toBe("Initiative bonus");
    expect(await page.textContent('[data-stat="initiative"] .d6-figure')).toBe("+0");
    const levels = await page.$$eval("h1, h2, h3, h4, h5, h6", (hs) => hs.map((h) => Number(h.tagName.slice(1))));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
    await page.click('nav [data-tab="combat"]');
    const name = page.locator('tr[data-item-id="wPistol"] td.d6-col-name .d6-ellipsis');
    expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await page.close();
  });

  it("an item sheet shows only the fields its kind uses: a gun its range limits and aim, a knife its length", async () => {
    const gun = await open("d6-item-weapon");
    expect(await gun.$$('input[name^="system.ranges."]')).toHaveLength(3);
    expect(await gun.$$('input[name="system.aimable"]')).toHaveLength(1);
    expect(await gun.$$('input[name="system.lengthCm"]')).toHaveLength(0);
    await gun.close();
    const knife = await open("d6-item-weapon-light");
    expect(await knife.$$('input[name^="system.ranges."]')).toHaveLength(0);
    expect(await knife.$$('input[name="system.aimable"]')).toHaveLength(0);
    expect(await knife.$$('input[name="system.lengthCm"]')).toHaveLength(1);
    await knife.close();
  });

  it("read-only: no control edits anything, the roll and attack buttons stay", async () => {
    const page = await open("d6-character-readonly");
    expect(await page.$$eval("input:not([disabled]), select:not([disabled])", (n) => n.length)).toBe(0);
    expect(await page.$$('[data-action="deleteItem"], [data-action="createItem"]')).toHaveLength(0);
    expect(await page.$$eval('[data-action="roll"]', (n) => n.length)).toBeGreaterThan(6);
    await page.close();
  });

  it("the thug's unreadable intimidation code is shown plainly (D1)", async () => {
    const page = await open("d6-creature");
    expect(await page.textContent(".d6-problems")).toContain('intimidation (code): "2D+7": pips run from 0 to 2');
    await page.close();
  });
});
