/**
 * The Cities Without Number cards (tools/preview/cwn-cards.ts) in headless
 * Chromium: a Traumatic Hit applied (W15, W16, W19, W38), a swarm attack
 * (W24), a screened attack waiting for its checks (W26), a miss dealing
 * Shock (W18), and the attack dialog — no raw keys, nothing overflowing,
 * every input labelled; the figures are the core's.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("CWN cards");

describe.skipIf(!available)("the CWN cards in Chromium", () => {
  const { open } = previewBrowser({ width: 600, height: 900 });

  rendersCleanly(open, ["cwn-card-traumatic", "cwn-card-traumatic-light", "cwn-card-swarm", "cwn-card-screened", "cwn-card-shock", "cwn-attack-dialog", "cwn-card-skill", "cwn-skill-dialog"]);

  it("W30: a skill check: 2d6 5 + 3 + Sneak 1 + Wis 0 = 9 against the GM's 8, a success; the dialog preselects the best attribute (Dex +1)", async () => {
    const page = await open("cwn-card-skill");
    expect((await page.textContent(".cwn-verdict"))?.replace(/\s+/g, " ").trim()).toBe("Success 9 / 8");
    expect(await page.locator(".cwn-die").allTextContents()).toEqual(["5", "3"]);
    expect(await page.locator(".cy-explain li").last().textContent()).toBe("9 meets the difficulty 8: success.");
    await page.close();
    const dialog = await open("cwn-skill-dialog");
    expect(await dialog.locator("select[name=attribute] option:checked").textContent()).toBe("Dex +1");
    await dialog.close();
  });

  it("a Traumatic Hit applied: 14 + 4 = 18 against AC 14, the Trauma Die's 7 meets 7, (6 + 1) × 3 = 21; soak 3 and 9 HP; the guard dead, the GM may choose another state", async () => {
    const page = await open("cwn-card-traumatic");
    expect((await page.textContent(".cwn-verdict"))?.replace(/\s+/g, " ").trim()).toBe("Hit 18 / AC 14");
    expect(await page.textContent(".cwn-traumatic")).toContain("×3");
    expect(await page.textContent(".cwn-dealt")).toBe("21 damage");
    expect(await page.textContent(".cwn-applied")).toBe("Applied to Guard 1: 9 hit points, 3 soak. Down: dead.");
    expect(await page.locator('[data-action="downed"]').count()).toBe(4);
    expect(await page.locator('[data-action="undo"]').count()).toBe(1);
    await page.close();
  });

  it("a swarm attack: three guards, +4 to hit and +2 damage (W24); Vee's player may apply it", async () => {
    const page = await open("cwn-card-swarm");
    expect(await page.textContent(".cwn-swarm")).toBe("Swarm of 3, 3 still standing (W24)");
    const lines = await page.locator(".cy-explain li").allTextContents();
    expect(lines.some((l) => l.includes("+ 4 swarm"))).toBe(true);
    expect(lines.some((l) => l.includes("+ 2 swarm"))).toBe(true);
    expect(await page.locator('[data-action="apply"]').textContent()).toBe("Apply to Vee");
    await page.close();
  });

  it("a screened attack: the guard's check rolled, Mack's owed; Mack's player rolls it", async () => {
    const page = await open("cwn-card-screened");
    expect(await page.locator(".cwn-screen th").allTextContents()).toEqual(["Guard 1", "Mack"]);
    expect(await page.locator('[data-action="screen"]').textContent()).toBe("Roll Mack's screen check (2d6)");
    expect(await page.locator(".cwn-verdict").count()).toBe(0);
    await page.close();
  });

  it("a miss that deals Shock: the knife's 1 + 1 against melee AC 14 (W18)", async () => {
    const page = await open("cwn-card-shock");
    expect((await page.textContent(".cwn-verdict"))?.replace(/\s+/g, " ").trim()).toBe("Miss 6 / AC 14");
    expect(await page.textContent(".cwn-dealt")).toBe("2 Shock");
    await page.close();
  });
});
