/**
 * The Cities Without Number cards (tools/preview/cwn-cards.ts) in headless
 * Chromium, in the house anatomy (docs/style.md): a Traumatic Hit applied
 * (W15, W16, W19, W38), a swarm attack (W24), a screened attack waiting for
 * its checks with the d20's total shown (W26) and, for the GM, the odds of
 * where it goes, the Total Defense window after the roll (W7, W27) with the
 * defender's odds, a miss dealing Shock (W18), the attack dialog with its
 * odds line, a skill check (W30) — no raw keys, nothing overflowing, every
 * input labelled; the figures are the core's.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("CWN cards");
const text = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

describe.skipIf(!available)("the CWN cards in Chromium", () => {
  const { open } = previewBrowser({ width: 600, height: 900 });

  rendersCleanly(open, [
    "cwn-card-traumatic", "cwn-card-traumatic-light", "cwn-card-swarm", "cwn-card-screened", "cwn-card-screened-odds", "cwn-card-defense", "cwn-card-defense-light",
    "cwn-card-shock", "cwn-attack-dialog", "cwn-card-skill", "cwn-skill-dialog",
  ]);

  it("W30: a skill check in the house frame: 'Vee Okafor checks Sneak', 2d6 5 + 3 and a big 9 against 8, 'Success' the headline, the working collapsed", async () => {
    const page = await open("cwn-card-skill");
    expect(await page.textContent(".cy-card-title")).toBe("Vee Okafor checks Sneak");
    expect(await page.locator(".cy-die").allTextContents()).toEqual(["5", "3"]);
    expect([await page.textContent(".cy-roll-total"), await page.textContent(".cy-roll-against")]).toEqual(["9", "against 8"]);
    expect(await page.textContent(".cy-outcome")).toBe("Success");
    expect(await page.locator(".cy-working").getAttribute("open")).toBeNull();
    expect(await page.locator(".cy-working li").last().textContent()).toBe("9 meets the difficulty 8: success.");
    await page.close();
    const dialog = await open("cwn-skill-dialog");
    expect(await dialog.locator("select[name=attribute] option:checked").textContent()).toBe("Dex +1");
    await dialog.close();
  });

  it("a Traumatic Hit applied: 'Vee attacks Guard 1', d20 14 and a big 18 against AC 14; the headline who takes what; the Trauma Die and damage lines; the GM's undo and downed choice", async () => {
    const page = await open("cwn-card-traumatic");
    expect(await page.textContent(".cy-card-title")).toBe("Vee attacks Guard 1");
    expect(text(await page.textContent(".cy-card-head + .cy-roll-strip"))).toBe("Attack 14 18 against Guard 1's AC 14");
    expect(await page.textContent(".cy-outcome")).toBe("Guard 1 takes 21 damage: HP 9 → 0");
    expect(text(await page.textContent(".cy-outcome-details"))).toBe("Traumatic Hit ×3 (W15, W38) · Soak 3 → 0 (W19) · Down: dead (W19) · Applied");
    expect((await page.locator(".cwn-rolls .cy-roll-strip").allTextContents()).map(text)).toEqual(["Trauma Die 7 7 target 7", "Damage 6 21 7 × 3"]);
    expect(await page.locator('[data-action="downed"]').allTextContents()).toEqual(["Mortally wounded", "Dead", "Unconscious", "Stunned and helpless"]);
    expect(await page.locator('[data-action="undo"]').count()).toBe(1);
    // The outcome is the biggest line on the card (docs/style.md).
    const size = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size(".cy-outcome")).toBeGreaterThan(await size(".cy-roll-total"));
    expect(await size(".cy-roll-total")).toBeGreaterThan(await size(".cy-card-title"));
    await page.close();
  });

  it("a swarm attack: three guards, +4 to hit and +2 damage (W24); Vee's player may apply it", async () => {
    const page = await open("cwn-card-swarm");
    expect(await page.textContent(".cwn-swarm")).toBe("Swarm of 3, 3 still standing (W24)");
    const lines = await page.locator(".cy-working li").allTextContents();
    expect(lines.some((l) => l.includes("+ 4 swarm"))).toBe(true);
    expect(lines.some((l) => l.includes("+ 2 swarm"))).toBe(true);
    expect(await page.locator('[data-action="apply"]').textContent()).toMatch(/^Apply \d+ to Vee$/);
    await page.close();
  });

  it("a screened attack (W26): the d20's total shown while the checks are owed (issue 24), each screener's AC; Mack's player rolls his check", async () => {
    const page = await open("cwn-card-screened");
    expect(text(await page.textContent(".cy-card-head + .cy-roll-strip"))).toBe("Attack 15 18 against Vee's AC 14");
    expect(await page.textContent(".cy-outcome")).toBe("Vee is screened: the checks decide who is struck (W26)");
    expect(await page.locator(".cwn-screen tbody th").allTextContents()).toEqual(["Guard 1", "Mack"]);
    expect(await page.locator('[data-action="screen"]').textContent()).toBe("Roll Mack's screen check (2d6)");
    // Mack's player is not the target's: no defender's odds for him.
    expect(await page.locator(".cy-odds").count()).toBe(0);
    await page.close();
  });

  it("the same screened attack as the GM: the defender's odds — where the screen sends it and what the rest does to Vee", async () => {
    const page = await open("cwn-card-screened-odds");
    expect(await page.locator(".cy-odds tbody th").allTextContents()).toEqual(["Take it best"]);
    expect(await page.textContent(".cy-odds-note")).toMatch(/^The screen takes the attack \d+% of the time \(Mack\); the rest comes to the target \(W26, W40\)\.$/);
    await page.close();
  });

  it("W27: 12 + 3 = 15 hits Vee's AC 14; she may answer with Total Defense (16, a miss): her player sees both answers' odds, the best marked, and the two buttons", async () => {
    const page = await open("cwn-card-defense");
    expect(await page.textContent(".cy-outcome")).toMatch(/^Vee takes \d+ damage: HP \d+ → \d+$/);
    expect(await page.textContent(".cwn-defense .cy-hint")).toContain("Vee may answer the roll with Total Defense");
    expect((await page.locator(".cy-odds tbody").allTextContents()).map(text)).toEqual([expect.stringMatching(/^Take it 100% [\d.]+ HP$/), "Total Defense best 0% 0.0 HP"]);
    expect(await page.locator('[data-action="defense"]').allTextContents()).toEqual(["Total Defense", "Take it"]);
    expect(await page.locator('[data-action="apply"]').count()).toBe(0);
    await page.close();
  });

  it("a miss that deals Shock: the knife's 3 + 3 = 6 against melee AC 14 (W18)", async () => {
    const page = await open("cwn-card-shock");
    expect(text(await page.textContent(".cy-card-head + .cy-roll-strip"))).toBe("Attack 3 6 against Guard 1's AC 14");
    expect(await page.textContent(".cy-outcome")).toMatch(/^Guard 1 takes 2 Shock: (HP|soak) \d+ → \d+$/);
    await page.close();
  });

  it("the attack dialog: labels in sentence case and the odds line against Guard 1's best answer", async () => {
    const page = await open("cwn-attack-dialog");
    expect(await page.locator("select[name=action] option").allTextContents()).toEqual(["Attack", "Snap Attack (W23)"]);
    expect(await page.textContent(".cy-odds-lines li")).toMatch(/^Guard 1: chance to strike \d+% · expected injury [\d.]+ HP \(against no Total Defense, their best answer\)$/);
    await page.close();
  });
});
