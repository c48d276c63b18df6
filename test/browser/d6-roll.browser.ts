/**
 * The OpenD6 skill roll card (tools/preview/d6-roll.ts) in headless
 * Chromium, dark and light: every die, the Wild Die's exploded 6s (D2), the
 * dice the penalties removed (D12, D37), the complication struck in the
 * removing mode, the total. No raw keys, nothing overflowing.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("d6-roll");
const IDS = ["d6-roll-exploding", "d6-roll-exploding-light", "d6-roll-complication", "d6-roll-complication-light"];

describe.skipIf(!available)("the OpenD6 roll card in Chromium", () => {
  const { open } = previewBrowser({ width: 600, height: 600 });

  rendersCleanly(open, IDS, "d6-roll-");

  it("Kira's dodge: 5D+1 − 1D (D12) − 1D (D37) = 3D+1; two plain dice, the Wild Die's chain 6, 6, 3; two removed dice; total 4+2+15+1+1 = 23", async () => {
    const page = await open("d6-roll-exploding");
    expect(await page.textContent(".d6-roll-plan")).toContain("= 3D+1");
    expect(await page.$$eval(".d6-die:not(.wild):not(.penalty)", (d) => d.map((x) => x.textContent))).toEqual(["4", "2"]);
    expect(await page.$$eval(".d6-die.wild", (d) => d.map((x) => [x.textContent, x.classList.contains("exploded")]))).toEqual([["6", true], ["6", true], ["3", false]]);
    expect(await page.$$eval(".d6-die.penalty", (d) => d.map((x) => x.textContent?.trim()))).toEqual(["D12", "D37"]);
    expect(await page.textContent(".d6-total strong")).toBe("23");
    expect(await page.$(".d6-complication")).toBeNull();
    await page.close();
  });

  it("the thug's complication in the removing mode: the 1 and his 5 struck, total 3 + 1 pip = 4", async () => {
    const page = await open("d6-roll-complication");
    expect(await page.$$eval(".d6-die.removed", (d) => d.map((x) => x.textContent))).toEqual(["5", "1"]);
    expect(await page.textContent(".d6-complication")).toContain("removed");
    expect(await page.$(".d6-roll-plan")).toBeNull();
    expect(await page.textContent(".d6-total strong")).toBe("4");
    await page.close();
  });
});
