/**
 * What every world shares, and OpenD6's attack card (tools/preview/rulesets.ts)
 * in headless Chromium: the "Combat rules" window (first run; a change in a
 * world holding documents, which says nothing is deleted), the read-only
 * sheet of another ruleset's document, and the OpenD6 card with its Wild Die
 * and the wound applied. No raw keys, nothing overflowing, inputs labelled.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("rulesets");

const IDS = ["ruleset-first-run", "ruleset-change", "ruleset-change-light", "inactive-sheet", "d6-card-interruptible", "d6-card-interrupted", "d6-card-damage", "d6-card-applied", "d6-card-applied-light"];

describe.skipIf(!available)("rulesets: the choice, the read-only sheet, the OpenD6 card in Chromium", () => {
  const { open } = previewBrowser({ width: 900, height: 900 });

  rendersCleanly(open, IDS, "rulesets-");

  it("the first-run prompt offers each game with one line about it; a change warns that nothing is deleted", async () => {
    const first = await open("ruleset-first-run");
    expect(await first.$$eval(".cy-ruleset-name", (n) => n.map((x) => x.textContent))).toEqual(["Cychosys", "OpenD6", "Cities Without Number", "Phase-based homebrew", "GURPS 4e"]);
    expect(await first.$$eval(".cy-ruleset-blurb", (n) => n.every((x) => (x.textContent ?? "").length > 40))).toBe(true);
    expect(await first.$(".cy-ruleset-warning")).toBeNull();
    await first.close();
    const change = await open("ruleset-change");
    expect(await change.textContent(".cy-ruleset-warning")).toContain("deletes and converts nothing");
    expect(await change.$$eval(".cy-ruleset-warning li", (l) => l.map((x) => x.textContent))).toEqual(["Cychosys: 12 actor(s), 40 item(s)", "OpenD6: 1 actor(s), 3 item(s)"]);
    await change.close();
  });

  it("a document made for OpenD6 rules opens read-only with its banner", async () => {
    const page = await open("inactive-sheet");
    expect(await page.textContent(".cy-banner")).toContain("Made for OpenD6 rules — read-only in this world.");
    expect(await page.$$("input, select, textarea")).toHaveLength(0);
    await page.close();
  });

  it("the OpenD6 card in the house frame: \"The thug attacks Kira\", the Wild Die marked, Kira may answer with a capitalised Dodge, Block, Parry (D14); after her dodge the swing misses by 2; the knife's exploding Wild Die and the wound applied", async () => {
    const open1 = await open("d6-card-interruptible");
    expect(await open1.textContent(".cy-card-title")).toBe("The thug attacks Kira");
    expect(await open1.$$eval(".cy-roll-strip .cy-die.is-wild", (d) => d.length)).toBe(1);
    expect(await open1.textContent(".cy-outcome")).toBe("The result waits: Kira may interrupt");
    expect(await open1.$$eval(".cy-card-button", (b) => b.map((x) => [(x as HTMLElement).dataset.action, x.textContent]))).toEqual([["interrupt", "Dodge"], ["interrupt", "Block"], ["interrupt", "Parry"], ["announce", "Let it land"]]);
    await open1.close();
    const missed = await open("d6-card-interrupted");
    expect(await missed.textContent(".cy-outcome")).toBe("Miss: 10 against 12, short by 2");
    expect(await missed.textContent(".cy-roll-against")).toBe("vs 12");
    expect(await missed.textContent(".cy-working")).toContain("10 against 12: a miss, short by 2 (D30).");
    expect(await missed.$eval(".cy-working", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    await missed.close();
    const applied = await open("d6-card-applied");
    expect(await applied.textContent(".cy-card-title")).toBe("Kira attacks the thug");
    expect(await applied.textContent(".cy-outcome")).toBe("The thug is Mortally Wounded");
    expect(await applied.textContent(".cy-outcome-details")).toBe("Damage 23 − resistance 9 = 14 · Unconscious and dying · Applied");
    expect(await applied.$$eval(".d6-target .cy-die.is-wild", (d) => d.length)).toBeGreaterThanOrEqual(3);
    expect(await applied.$$eval(".d6-target .cy-die.is-exploded", (d) => d.length)).toBe(2);
    expect(await applied.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toEqual(["undo"]);
    await applied.close();
  });
});
