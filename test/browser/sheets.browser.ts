/**
 * Every sheet, rendered by the preview harness with the real Handlebars and
 * the system's CSS, in headless Chromium: no raw `CYCHOSYS.` keys, nothing
 * overflowing its box, tabs switch, every input has a label, and Parker's
 * sheet shows the rules' figures. Screenshots go to test-results/screenshots/.
 *
 * Without /usr/bin/chromium the tests are skipped with a loud SKIPPED line.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly, tabsRenderCleanly } from "./page-checks.js";
import { CHARACTER_TABS } from "../../src/rulesets/cychosys/views/parts.js";

const available = chromiumAvailable("sheet");

describe.skipIf(!available)("sheets in Chromium", () => {
  const { open, pages } = previewBrowser({ width: 1000, height: 1000 });

  it("builds a page for every sheet: character, NPC, object and each item type", () => {
    const ids = pages().map((p) => p.id);
    for (const id of ["character", "npc", "object", "item-skill", "item-weapon", "item-trick", "item-outfit", "item-trademark"]) {
      expect(ids).toContain(id);
    }
  });

  tabsRenderCleanly(open, pages, ["character", "character-light", "character-in-combat"], CHARACTER_TABS.map((t) => t.id));

  rendersCleanly(open, ["npc", "object", "item-skill", "item-weapon", "item-trick", "item-outfit", "item-trademark"]);

  it("Parker's sheet shows the rules' figures (R13, R30, R31, R38)", async () => {
    const page = await open("character");
    const stat = (name: string) => page.textContent(`[data-stat="${name}"] dd`);
    expect(await stat("quickness")).toBe("7");
    // R38: the movement per round is the quickness, shown once.
    expect(await page.locator('[data-stat="movement"]').count()).toBe(0);
    expect(await page.textContent('[data-stat="quickness"] dt')).toBe("Quickness · move");
    expect(await stat("burden")).toBe("1");
    expect((await stat("experience"))?.replace(/\s/g, "")).toBe("3/15");
    await page.click('nav [data-tab="outfit"]');
    const shieldAt = async (location: string) => (await page.textContent(`.cy-body tr[data-location="${location}"] td.cy-notation`))?.trim();
    expect(await shieldAt("chest")).toBe("BBDDRH3");
    expect(await shieldAt("head")).toBe("BBDD2");
    expect(await shieldAt("mind")).toBe("0");
    await page.click('nav [data-tab="gear"]');
    const pistol = page.locator('.cy-card[data-item-id="wpPistol"]');
    expect((await pistol.locator(".cy-total").textContent())?.trim()).toBe("5dc + 11");
    expect(await pistol.locator('[data-action="attack"]').getAttribute("data-total-key")).toBe("gear:wpPistol");
    await page.click('nav [data-tab="skills"]');
    const shoot = page.locator('tbody[data-item-id="skShoot"]');
    expect((await shoot.locator(".cy-total").first().textContent())?.trim()).toBe("5dc + 10");
    expect((await shoot.locator(".cy-finesse .cy-total").textContent())?.trim()).toBe("5dc + 11");
    await page.close();
  });

  it("R18: in combat, spending experience and improving gear are disabled, with the reason shown", async () => {
    const page = await open("character-in-combat");
    const improve = page.locator('.cy-card[data-item-id="wpPistol"] [data-action="improveGear"]');
    expect(await improve.isDisabled()).toBe(true);
    expect(await improve.locator("xpath=..").getAttribute("data-tooltip")).toBe("Experience cannot be spent during combat (R18).");
    await page.click('nav [data-tab="stats"]');
    expect(await page.locator('[data-action="spendExperience"]').isDisabled()).toBe(true);
    expect(await page.textContent(".cy-locked-note")).toContain("Experience cannot be spent during combat (R18).");
    const calm = await open("character");
    expect(await calm.locator('[data-action="spendExperience"]').isDisabled()).toBe(false);
    await calm.close();
    await page.close();
  });

  rendersCleanly(open, ["settings", "settings-invalid"], "", "the rules settings form renders cleanly");

  it("R5–R10: an invalid settings submission lists every problem", async () => {
    const page = await open("settings-invalid");
    const problems = await page.locator(".problems li").allTextContents();
    expect(problems).toEqual(["D: the power must be a whole number from 1 to 99.", "impact thresholds must be whole numbers above 0, each larger than the one before."]);
    await page.close();
  });

  rendersCleanly(open, ["chat", "chat-light"], "", "the roll cards render cleanly");

  it("R11–R13, R8, R40: the roll cards show every die, the key die, surge or crash, the big total and its category", async () => {
    const page = await open("chat");
    const cards = page.locator(".chat-card");
    expect(await cards.count()).toBe(3);
    const [shot, brave, evade] = [cards.nth(0), cards.nth(1), cards.nth(2)];
    expect((await shot.locator(".cy-card-title").textContent())?.trim()).toBe("Rose's pellet pistol · shoot · pistol");
    expect(await shot.locator(".cy-die").allTextContents()).toEqual(["2", "10", "8", "4", "6"]);
    expect(await shot.locator(".cy-die.is-key").count()).toBe(1);
    expect((await shot.locator(".cy-roll-total").textContent())?.trim()).toBe("41");
    expect((await shot.locator(".cy-roll-against").textContent())?.trim()).toBe("Tough");
    expect(await shot.locator(".cy-working li").allTextContents()).toEqual(["10 Skill base + 30 Dice + 1 Finesse = 41."]);
    expect(await brave.getAttribute("class")).toContain("surge");
    expect((await brave.locator(".cy-die.is-key").textContent())?.trim()).toBe("S");
    expect(await brave.locator(".experience").count()).toBe(1);
    expect(await evade.getAttribute("class")).toContain("crash");
    expect((await evade.locator(".cy-roll-total").textContent())?.trim()).toBe("0");
    expect(await evade.locator(".cy-roll-note").textContent()).toContain("Crash on the key die");
    await page.close();
  });

  it("Thorton's NPC sheet fits one screen and shows his piercing bleed and pistol", async () => {
    const page = await open("npc");
    const content = page.locator(".cy-npc");
    const [scroll, client] = await content.evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(scroll).toBeLessThanOrEqual(client + 1);
    expect((await page.textContent(".cy-chip-letter"))?.trim()).toBe("B*");
    expect((await page.locator('li[data-item-id="wpPistol"] .cy-total').textContent())?.trim()).toBe("6dc + 7");
    await page.close();
  });
});
