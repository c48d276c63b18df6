/**
 * The GURPS tracker from the preview harness (tools/preview/gurps-combat.ts)
 * in headless Chromium: the duel's rows (the kept order G9, maneuvers with
 * their options and what they permit G10/G34, defenses used since the last
 * turn G61–G68, shock G77, a Wait's trigger G31, a skipped fighter G8) and
 * the maneuver dialog (G50's refusals greyed), dark and light — no raw keys,
 * nothing overflowing.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("gurps-combat");

describe.skipIf(!available)("the GURPS tracker in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 900 });

  rendersCleanly(open, ["gurps-tracker", "gurps-tracker-light", "gurps-tracker-choosing", "gurps-tracker-choosing-light", "gurps-tracker-zero-hp", "gurps-tracker-zero-hp-light", "gurps-maneuver", "gurps-maneuver-light"]);

  it("a turn beginning: the fighter still to choose has the Choose maneuver and Crouch controls, his last maneuver shown until then", async () => {
    const page = await open("gurps-tracker-choosing");
    const louis = page.locator('li[data-combatant-id="louis"] .cy-gurps-row');
    expect(await louis.locator("[data-cychosys-action]").evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.cychosysAction))).toEqual(["maneuver", "crouch"]);
    await page.close();
  });

  it("G81: a turn beginning below 0 HP offers its owner the HT roll to stay conscious", async () => {
    const page = await open("gurps-tracker-zero-hp");
    const louis = page.locator('li[data-combatant-id="louis"] .cy-gurps-row');
    expect(await louis.locator('[data-cychosys-action="consciousness"]').count()).toBe(1);
    await page.close();
  });

  it("the duel's rows: order by Basic Speed then DX, each maneuver with its option, the defenses used, the Wait's trigger", async () => {
    const page = await open("gurps-tracker");
    expect(await page.locator("li.combatant .name").allTextContents()).toEqual(["Louis", "Pierre", "Guard", "Bandit"]);
    const row = (id: string) => page.locator(`li[data-combatant-id="${id}"] .cy-gurps-row`);
    expect(await row("louis").locator(".cy-gurps-maneuver-name").textContent()).toBe("All-Out Attack (Determined)");
    expect(await row("louis").locator('[data-cychosys-action="maneuver"]').count()).toBe(0); // G10: chosen already this turn
    expect(await row("louis").locator(".cy-gurps-moved").textContent()).toBe("Moved 2 of 3 yd");
    expect(await row("louis").locator('[data-cychosys-action="move"]').count()).toBe(1);
    expect(await row("pierre").locator(".cy-gurps-maneuver-name").textContent()).toBe("All-Out Defense (Increased Parry)");
    expect(await row("pierre").locator(".cy-gurps-used").textContent()).toContain("parried with rapier ×2 · retreated from Louis");
    expect(await row("pierre").locator(".cy-gurps-badge").allTextContents()).toEqual(["kneeling", "Shock −4"]);
    expect(await row("guard").locator(".cy-gurps-wait").textContent()).toBe("Waits to Attack when: Louis comes within 5 yards");
    expect(await row("guard").locator('[data-badge="aim"]').count()).toBe(0);
    expect(await row("bandit").locator('[data-badge="unconscious"]').count()).toBe(1);
    await page.close();
  });

  it("the maneuver dialog greys what a grappled fighter may not take, with the rule (G50)", async () => {
    const page = await open("gurps-maneuver");
    expect(await page.locator(".gurps-maneuver").count()).toBe(15);
    const refused = await page.locator(".gurps-maneuver.is-refused").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.maneuver));
    expect(refused).toEqual(["move", "aim", "feint", "concentrate", "wait"]);
    expect(await page.locator('.gurps-maneuver[data-maneuver="move"] .gurps-maneuver-permits').textContent()).toContain("(G50)");
    await page.click('input[value="allOutAttack"]');
    expect(await page.locator('[data-for="allOutAttack"]').isVisible()).toBe(true);
    expect(await page.locator('[data-for="wait"]').first().isVisible()).toBe(false);
    await page.click('input[value="changePosture"]');
    expect(await page.locator('select[name="posture"] option').allTextContents()).toEqual(["kneeling", "sitting", "crawling", "lying prone", "lying face up"]);
    await page.close();
  });
});
