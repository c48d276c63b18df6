/**
 * The phase-based ruleset's pages (tools/preview/phase.ts) in headless
 * Chromium, the real templates with real Handlebars and the system's CSS:
 * the sheets on every tab; the phase tracker mid-declaration as Earl's
 * player sees it (Mo's and Leroy's declarations hidden) and as the GM sees
 * it; surprise at a phase's start (the GM's view); a long action underway
 * with its Cancel and a free action taken (its owner's view); the declare dialog; the phase card with a wild shot resolved and a
 * traumatic wound applied. No raw keys, nothing overflowing, every input
 * labelled; the figures are the core's.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly, tabsRenderCleanly } from "./page-checks.js";

const available = chromiumAvailable("phase-based");

describe.skipIf(!available)("the phase-based ruleset in Chromium", () => {
  const { open, pages } = previewBrowser({ width: 1000, height: 1200 });

  tabsRenderCleanly(open, pages, ["phase-character", "phase-character-light"], ["combat", "gear", "biography"]);
  rendersCleanly(open, ["phase-creature", "phase-item-weapon", "phase-item-armor", "phase-tracker-player", "phase-tracker-gm", "phase-tracker-gm-light", "phase-tracker-surprise", "phase-tracker-long-action", "phase-declare", "phase-declare-odds", "phase-declare-odds-light", "phase-card-rolling", "phase-card-wild", "phase-card-traumatic", "phase-card-traumatic-light", "phase-card-moved-on", "phase-card-exchange"]);

  it("Leroy's sheet: armor per area with the worn vest (P28), the wound penalty of his traumatic wound (P30, P36), his pistol's check and chance (P17, P32)", async () => {
    const page = await open("phase-character");
    expect(await page.textContent('tr[data-area="chest"] [data-figure="armor"]')).toBe("4");
    expect(await page.textContent('tr[data-area="head"] [data-figure="armor"]')).toBe("0");
    expect(await page.textContent('[data-stat="penalty"] .phase-figure')).toBe("−1");
    // Flesh, stun and the traumatic wounds drawn as tracks against their limits (P30).
    expect(await page.getAttribute('[data-stat="flesh"] [role="meter"]', "aria-label")).toBe("Flesh 6 of 20: collapses at 20 (P30)");
    expect(await page.locator('[data-stat="traumas"] .phase-pip').evaluateAll((p) => p.map((x) => x.classList.contains("is-filled")))).toEqual([true, false, false]);
    // Headings go down one level at a time from the window's title (h1 → h2 → h3).
    const levels = await page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((hs) => hs.filter((h) => (h as HTMLElement).offsetParent !== null || h.closest("[data-preview-sheet]")).map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    await page.click('nav [data-tab="gear"]');
    // Reflexes 4 + pistol 3 − 1 (his traumatic wound) = 6: a d10 of 4 or more reaches TN 10.
    expect(await page.textContent('tr[data-item-id="pistol"] [data-figure="chance"]')).toBe("70%");
    await page.close();
  });

  it("Mo's unreadable club damage is shown plainly (P28)", async () => {
    const page = await open("phase-creature");
    expect(await page.textContent(".phase-problems")).toContain("Club (damage)");
    await page.close();
  });

  it("Earl's player: Mo's and Leroy's declarations are hidden, Earl's slot is his to declare — one row each, controls only on his; the GM sees each declaration once, the marks behind one control", async () => {
    const player = await open("phase-tracker-player");
    expect(await player.locator(".cy-phase-row .cy-phase-name").allTextContents()).toEqual(["Mo", "Leroy", "Earl"]);
    const action = (page: typeof player, id: string) => page.locator(`[data-combatant-id="${id}"] [data-figure="action"] .cy-tracker-value`);
    expect(await action(player, "mo").textContent()).toBe("Hidden");
    expect(await action(player, "leroy").textContent()).toBe("Hidden");
    expect(await player.locator('[data-combatant-id="earl"] [data-phase-action]').evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.phaseAction))).toEqual(["declare", "free", "pass"]);
    expect(await player.locator('[data-combatant-id="mo"] [data-phase-action]').count()).toBe(0);
    expect(await player.locator(".cy-phase-gm-marks").count()).toBe(0);
    expect(await player.textContent("body")).not.toContain("chest");
    await player.close();
    const gm = await open("phase-tracker-gm");
    expect(await action(gm, "mo").textContent()).toBe("Targeting → Earl");
    expect(await action(gm, "leroy").textContent()).toBe("Fire → Mo");
    expect(await gm.locator('[data-combatant-id="leroy"] .cy-phase-essentials').getAttribute("data-tooltip")).toBe("Fire on Mo with Service pistol — phase, resolves at the end of phase 1 (due now)");
    // Each declaration once: no due list, nothing of it in the log.
    expect(await gm.locator(".cy-phase-row").count()).toBe(3);
    expect((await gm.textContent(".cy-phase-tracker"))!.match(/Fire → Mo/g)).toHaveLength(1);
    expect(await gm.locator(".cy-phase-log").count()).toBe(0);
    // The marks are behind one compact control per row, closed.
    expect(await gm.locator(".cy-phase-gm-marks").count()).toBe(3);
    expect(await gm.locator(".cy-phase-gm-marks[open]").count()).toBe(0);
    expect(await gm.locator('.cy-phase-head [data-phase-action="resolve"]').count()).toBe(1);
    // One line of essentials a row in a 300-pixel sidebar (Leroy's traumatic wound may take a second).
    const heights = await gm.locator(".cy-phase-essentials").evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(heights.filter((h) => h < 26)).toHaveLength(2);
    for (const h of heights) expect(h).toBeLessThan(44);
    await gm.close();
  });

  it("P3, P40: at phase 4's start the GM waits for Mo's surprise roll, now +1 after one failure; Earl, unaware, can be surprised by a hostile act", async () => {
    const gm = await open("phase-tracker-surprise");
    expect(await gm.textContent(".cy-phase-head")).toContain("Waiting for surprise rolls: Mo.");
    expect(await gm.textContent('[data-combatant-id="mo"]')).toContain("Surprised, rolls at +1 (P3)");
    expect(await gm.locator('[data-combatant-id="mo"] .cy-tracker-controls [data-phase-action]').evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.phaseAction))).toEqual(["rollSurprise"]);
    expect(await gm.locator('[data-combatant-id="earl"] .cy-phase-mark').evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.phaseAction))).toEqual(["markAware", "witness", "suppress"]);
    await gm.close();
  });

  it("P10, P12, P7: Leroy's target-and-fire is underway in phase 2, his Targeting held, his free action taken: he may cancel the shots or pass", async () => {
    const player = await open("phase-tracker-long-action");
    expect(await player.locator('[data-combatant-id="leroy"] [data-figure="action"] .cy-tracker-value').textContent()).toBe("Target and fire → Mo");
    expect(await player.locator('[data-combatant-id="leroy"] [data-phase-action]').evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.phaseAction))).toEqual(["cancel", "pass"]);
    expect(await player.locator('[data-combatant-id="leroy"] .cy-status').allTextContents()).toEqual(["Targeting on Mo", "Free action used"]);
    expect(await player.textContent(".cy-phase-log")).toContain('Speak "Drop it, Mo!"');
    await player.close();
  });

  it("the declare dialog offers only what Earl may declare now: no shot with his holstered revolver, no Aim without Targeting", async () => {
    const page = await open("phase-declare");
    const choices = await page.locator("select[name=choice] option").allTextContents();
    expect(choices).toContain("Draw with Revolver (phase)");
    expect(choices.some((c) => c.startsWith("Fire"))).toBe(false);
    expect(choices.some((c) => c.startsWith("Aim"))).toBe(false);
    await page.close();
  });

  it("P26 and the odds: Leroy's dialog prices keeping his action against Defending Mo's burst (Defend best), and his Fire at Mo; only the fields his choice asks for show", async () => {
    const page = await open("phase-declare-odds");
    expect(await page.textContent(".cy-phase-incoming h2")).toBe("Mo's Three-round burst at you resolves at the end of this phase");
    expect(await page.locator(".cy-phase-incoming tbody th").allTextContents()).toEqual(["No Defend", "Defend best"]);
    expect(await page.locator(".cy-phase-incoming tbody.best").getAttribute("data-defense")).toBe("defend");
    expect(await page.textContent(".cy-phase-odds li")).toMatch(/^Mo: chance to strike \d+% · expected injury \d+\.\d flesh \(against No Defend, their best answer\)$/);
    expect(await page.locator("select[name=choice]").inputValue()).toBe("fire:pistol");
    expect(await page.locator('[data-needs="distance"]').isVisible()).toBe(false);
    expect(await page.locator('[data-needs="target"]').isVisible()).toBe(true);
    await page.close();
  });

  it("P14, P29: the house card — one attack titles it, the die faces and the big total, the outcome headline the biggest line, the working collapsed, the shared buttons; the wild shot's −2 in its subtitle", async () => {
    const wild = await open("phase-card-wild");
    expect(await wild.textContent(".cy-card-title")).toBe("Mo attacks Leroy");
    expect(await wild.textContent(".cy-phase-attack .cy-card-subtitle")).toContain("wild shot −2");
    expect(await wild.locator(".cy-phase-attack .cy-die").allTextContents()).toEqual(["9", "6", "6"]);
    expect(await wild.locator(".cy-phase-attack .cy-roll-total").allTextContents()).toEqual(["12", "9"]);
    expect(await wild.textContent(".cy-outcome")).toBe("Leroy takes 9 flesh: 6 → 15 of 20");
    const size = (selector: string) => wild.locator(selector).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(await size(".cy-outcome")).toBeGreaterThan(await size(".cy-roll-total"));
    expect(await size(".cy-roll-total")).toBeGreaterThan(await size(".cy-phase-attack .cy-card-subtitle"));
    expect(await wild.locator("details.cy-working").evaluate((e) => (e as HTMLDetailsElement).open)).toBe(false);
    expect(await wild.locator("button.cy-card-button").evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.action))).toEqual(["apply", "cancel"]);
    expect(await wild.textContent(".cy-working")).not.toMatch(/[⌊⌋]/);
    await wild.close();
    const applied = await open("phase-card-traumatic");
    expect(await applied.textContent(".cy-outcome-details")).toBe("Traumatic wound to Leroy: chest");
    expect(await applied.locator(".cy-phase-card-applied li").allTextContents()).toEqual(["Leroy: flesh +9, a traumatic wound (chest).", "SMG: 3 rounds spent."]);
    expect(await applied.locator("button.cy-card-button").allTextContents()).toEqual(["Undo"]);
    await applied.close();
    // 22.2: after the phase moved on, undo takes back the sheets only, and its button says so.
    const movedOn = await open("phase-card-moved-on");
    expect(await movedOn.locator("button.cy-card-button").allTextContents()).toEqual(["Undo on the sheets (the phase has moved on)"]);
    await movedOn.close();
    // Leroy's player: no GM buttons, the same card.
    const player = await open("phase-card-traumatic-light");
    expect(await player.locator("button").count()).toBe(0);
    await player.close();
  });
});
