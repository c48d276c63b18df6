/**
 * The OpenD6 skill roll card (tools/preview/d6-roll.ts) in headless
 * Chromium, dark and light: every die, the Wild Die's exploded 6s (D2), the
 * dice the penalties removed (D12, D37), the complication struck in the
 * removing mode, the total. No raw keys, nothing overflowing.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("d6-roll");
const IDS = ["d6-roll-exploding", "d6-roll-exploding-light", "d6-roll-complication", "d6-roll-complication-light", "d6-initiative-roll", "d6-initiative-roll-light", "d6-initiative-point", "d6-initiative-point-light", "d6-initiative-group", "d6-initiative-group-light"];

describe.skipIf(!available)("the OpenD6 roll card in Chromium", () => {
  const { open } = previewBrowser({ width: 600, height: 600 });

  rendersCleanly(open, IDS, "d6-roll-");

  it("Kira's dodge: 5D+1 − 1D (D12) − 1D (D37) = 3D+1; two plain dice, the Wild Die's chain 6, 6, 3; two removed dice; total 4+2+15+1+1 = 23", async () => {
    const page = await open("d6-roll-exploding");
    expect(await page.textContent(".cy-card-title")).toBe("Kira rolls dodge");
    expect(await page.textContent(".d6-roll-plan")).toContain("= 3D+1");
    expect(await page.$$eval(".cy-die:not(.is-wild):not(.is-dropped)", (d) => d.map((x) => x.textContent))).toEqual(["4", "2"]);
    expect(await page.$$eval(".cy-die.is-wild", (d) => d.map((x) => [x.textContent, x.classList.contains("is-exploded")]))).toEqual([["6", true], ["6", true], ["3", false]]);
    expect(await page.$$eval(".cy-die.is-dropped", (d) => d.map((x) => x.textContent?.trim()))).toEqual(["D12", "D37"]);
    expect(await page.textContent(".cy-roll-total")).toBe("23");
    expect(await page.textContent(".d6-roll-extras")).toBe("+1 pip · modifier +1");
    expect(await page.$(".d6-complication")).toBeNull();
    await page.close();
  });

  it("the thug's complication in the removing mode: the 1 and his 5 struck, total 3 + 1 pip = 4", async () => {
    const page = await open("d6-roll-complication");
    expect(await page.textContent(".cy-card-title")).toBe("The thug rolls brawling");
    expect(await page.$$eval(".cy-die.is-dropped", (d) => d.map((x) => x.textContent))).toEqual(["5", "1"]);
    expect(await page.textContent(".d6-complication")).toContain("removed");
    expect(await page.$(".d6-roll-plan")).toBeNull();
    expect(await page.textContent(".cy-roll-total")).toBe("4");
    await page.close();
  });

  it("D6, D9: the initiative cards the GM posts — Mara's 2 + 3 + (6 + 4) + 1 = 16, her Character Point's (6 + 3) → 25, the thugs' one group roll, 5 + 1 + 1 pip = 7, with a complication", async () => {
    const roll = await open("d6-initiative-roll");
    expect(await roll.textContent(".cy-card-title")).toBe("Mara rolls initiative");
    expect(await roll.textContent(".cy-card-subtitle")).toBe("Round 1 · Perception 3D · bonus +1");
    expect(await roll.textContent(".cy-roll-total")).toBe("16");
    expect(await roll.textContent(".d6-roll-extras")).toBe("Perception 15 + bonus +1 = 16 (D6, D8, D9).");
    await roll.close();
    const point = await open("d6-initiative-point");
    expect(await point.textContent(".cy-card-title")).toBe("Mara spends a Character Point on initiative");
    expect(await point.$$eval(".cy-die.is-key", (d) => d.map((x) => x.textContent))).toEqual(["6", "3"]);
    expect(await point.textContent(".cy-roll-total")).toBe("25");
    await point.close();
    const group = await open("d6-initiative-group");
    expect(await group.textContent(".cy-card-title")).toBe("Thug rolls initiative for Thug and Thug (second)");
    expect(await group.textContent(".d6-complication")).toContain("a 1 on the Wild Die");
    expect(await group.textContent(".cy-roll-total")).toBe("7");
    await group.close();
  });
});
