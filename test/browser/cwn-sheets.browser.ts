/**
 * The Cities Without Number sheets (tools/preview/cwn-sheets.ts) in headless
 * Chromium, the real templates with real Handlebars and the system's CSS:
 * Vee's character sheet on each tab, dark, light and read-only; the guards'
 * NPC sheet with its unreadable Trauma Die listed; each item sheet. No raw
 * keys, nothing overflowing, every input labelled; the figures are the
 * derive's.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly, tabsRenderCleanly } from "./page-checks.js";

const available = chromiumAvailable("CWN sheet");

describe.skipIf(!available)("Cities Without Number sheets in Chromium", () => {
  const { open, pages } = previewBrowser({ width: 1000, height: 1000 });

  tabsRenderCleanly(open, pages, ["cwn-character", "cwn-character-light", "cwn-character-readonly"], ["stats", "combat", "biography"]);

  rendersCleanly(open, ["cwn-npc", "cwn-npc-light", "cwn-item-weapon", "cwn-item-weapon-light", "cwn-item-armor", "cwn-item-skill"]);

  it("Vee's figures: hit points the biggest, a track of 14/17; AC 14/14 with Dex +1 (W13), Trauma Target 6 (W15), soak 3/5 from the worn clothing only (W19) in one even row; Punch 0 and two screens under Fighting (W21, W26)", async () => {
    const page = await open("cwn-character");
    const figure = (stat: string) => page.textContent(`[data-stat="${stat}"] .cwn-figure`);
    expect(await figure("acMelee")).toBe("14");
    expect(await figure("acRanged")).toBe("14");
    expect(await figure("traumaTarget")).toBe("6");
    expect(await figure("soak")).toBe("3/5");
    expect(await page.inputValue('input[name="system.hp.value"]')).toBe("14");
    expect(await page.getAttribute(".cwn-hp-bar", "aria-label")).toBe("Hit points: 14 of 17");
    // The number that matters is the biggest on the sheet's header (docs/style.md), and the defenses sit in one row.
    const size = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size('input[name="system.hp.value"]')).toBeGreaterThan(await size('[data-stat="acMelee"] .cwn-figure'));
    const tops = await page.$$eval(".cwn-defenses > *", (boxes) => boxes.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // The sheet opens on Attributes (the house order); Punch and screens are there, under Fighting.
    expect(await page.getAttribute('nav [data-tab="stats"]', "aria-selected")).toBe("true");
    expect(await page.textContent('[data-stat="punch"] .cwn-figure-small')).toBe("0");
    expect(await page.textContent('[data-stat="screen"] .cwn-figure-small')).toBe("2");
    await page.click('nav [data-tab="combat"]');
    const pistol = page.locator('tr[data-item-id="wPistol"]');
    expect(await pistol.locator('[data-figure="hit"]').textContent()).toBe("+4");
    expect(await pistol.locator('[data-figure="damage"]').textContent()).toBe("1d8+1");
    expect(await pistol.locator('[data-figure="trauma"]').textContent()).toBe("1d8 \u00d73");
    expect(await page.locator('tr[data-item-id="wKnife"] [data-figure="shock"]').textContent()).toBe("2/AC 15");
    expect(await page.getAttribute('[data-item-id="aVest"] .cwn-worn', "aria-pressed")).toBe("false");
    expect(await page.$$eval('button[data-action="attack"]', (b) => b.length)).toBe(3);
    await page.click('nav [data-tab="stats"]');
    expect(await page.$$eval(".cwn-attribute .cwn-modifier", (m) => m.map((x) => x.textContent))).toEqual(["+0", "+1", "+0", "+0", "+0", "+1"]);
    await page.close();
  });

  it("docs/style.md: headings h1 → h2 on every sheet (the window's title, then its sections); choices in sentence case", async () => {
    for (const id of ["cwn-character", "cwn-npc", "cwn-item-weapon", "cwn-item-armor", "cwn-item-skill"]) {
      const page = await open(id);
      const levels = await page.$$eval("h1, h2, h3, h4, h5, h6", (hs) => hs.map((h) => Number(h.tagName.slice(1))));
      expect(levels[0], id).toBe(1);
      expect(new Set(levels.slice(1)), id).toEqual(new Set([2]));
      if (id === "cwn-character") expect(await page.$$eval('select[name="system.downed"] option', (o) => o.map((x) => x.textContent))).toEqual(["Standing", "Mortally wounded", "Dead", "Unconscious", "Stunned and helpless"]);
      if (id === "cwn-item-weapon") expect(await page.$$eval('select[name="system.kind"] option', (o) => o.map((x) => x.textContent))).toEqual(["Melee", "Ranged", "Thrown"]);
      await page.close();
    }
  });

  it("read-only: no control edits anything, the attack and skill check buttons stay (W30)", async () => {
    const page = await open("cwn-character-readonly");
    expect(await page.$$eval("input:not([disabled]), select:not([disabled])", (n) => n.length)).toBe(0);
    expect(await page.$$('[data-action="deleteItem"], [data-action="createItem"]')).toHaveLength(0);
    expect(await page.$$eval('[data-action="attack"]', (n) => n.length)).toBe(3);
    expect(await page.$$eval('[data-action="rollSkill"]', (n) => n.map((b) => b.getAttribute("aria-label")))).toEqual(["Roll a check with Shoot (W30)", "Roll a check with Stab (W30)", "Roll a check with Punch (W30)", "Roll a check with Sneak (W30)"]);
    await page.close();
  });

  it("a melee knife shows no range, magazine or reload; a rifle does (docs/style.md)", async () => {
    const knife = await open("cwn-item-weapon");
    expect(await knife.$$('input[name="system.range.max"], input[name="system.magazine.max"], select[name="system.reloadAction"], input[name="system.twoHanded"]')).toHaveLength(0);
    expect(await knife.$$('input[name="system.unarmed"]')).toHaveLength(1);
    await knife.close();
    const rifle = await open("cwn-item-weapon-light");
    expect(await rifle.$$('input[name="system.range.max"], input[name="system.magazine.max"], select[name="system.reloadAction"], input[name="system.twoHanded"]')).toHaveLength(4);
    expect(await rifle.$$('input[name="system.unarmed"]')).toHaveLength(0);
    await rifle.close();
  });

  it("the guards: their ACs, soak and Morale as stored; the rifle two-handed; the unreadable Trauma Die shown plainly; the armour their AC counts, named", async () => {
    const page = await open("cwn-npc");
    expect(await page.textContent("[data-armor-note]")).toContain("Security vest (AC 13/13, soak 3), with Dex +1");
    expect(await page.inputValue('input[name="system.ac.melee"]')).toBe("14");
    expect(await page.inputValue('input[name="system.morale"]')).toBe("8");
    expect(await page.textContent('tr[data-item-id="wRifle"] [data-figure="damage"]')).toBe("1d10+3");
    expect(await page.textContent('tr[data-item-id="wRifle"] .cwn-tags')).toContain("Ranged · Shoot · Two-handed");
    expect(await page.textContent(".cwn-problems")).toContain('Shock baton (Trauma Die): "1d7x" is not dice');
    await page.close();
  });
});
