/**
 * OpenD6's odds (tools/preview/d6-odds.ts, docs/odds.md) in headless
 * Chromium: the interrupt window of the attack card shows the target's
 * owner each answer's chance of being struck and expected wound steps; the
 * attack dialog shows the chance to hit each target it may see. The
 * Cychosys odds are checked with the workflow previews
 * (workflow.browser.ts). No raw keys, nothing overflowing.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("odds");
const IDS = ["d6-card-interrupt-odds", "d6-dialog-attack-odds"];

describe.skipIf(!available)("OpenD6 odds in Chromium", () => {
  const { open } = previewBrowser({ width: 600, height: 900 });

  rendersCleanly(open, IDS, "odds-");

  it("D14: the interrupt window lists no interrupt, dodge, block and parry with their odds, the best marked", async () => {
    const page = await open("d6-card-interrupt-odds");
    const rows = await page.$$eval(".cy-odds tbody", (r) => r.map((x) => ({ answer: (x as HTMLElement).dataset.defense, cells: [...x.querySelectorAll("tr:first-child td")].map((c) => c.textContent?.trim()) })));
    expect(rows.map((r) => r.answer)).toEqual(["none", "dodge", "block", "parry"]);
    for (const row of rows) {
      expect(row.cells[0]).toMatch(/^(<1|>99|\d{1,3})%$/);
      expect(row.cells[1]).toMatch(/^\d+\.\d wound steps$/);
    }
    expect(await page.$$eval(".cy-odds tbody.best", (r) => r.length)).toBe(1);
    expect(await page.$$eval(".cy-odds tbody th", (r) => r.map((x) => x.textContent?.replace(/\s+/g, " ").trim()))).toEqual(["No interrupt best", "Dodge", "Block", "Parry"]);
    // "No interrupt" best though a dodge is struck less often: the panel says why (D18, D33).
    expect(await page.textContent(".cy-odds-note")).toContain("Letting it land is best here: a dodge lowers the chance of being struck, but its total replaces the passive 10 even when lower (D18)");
    expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toEqual(["interrupt", "interrupt", "interrupt", "announce"]);
    await page.close();
  });

  it("the attack dialog: the chance to hit Kira against her best answer; none for a sheet Dax cannot see", async () => {
    const page = await open("d6-dialog-attack-odds");
    const lines = await page.$$eval(".cy-odds-lines li", (l) => l.map((x) => x.textContent?.trim()));
    expect(lines[0]).toMatch(/^Kira: chance to strike (<1|>99|\d+)% · expected injury \d+\.\d wound steps \(against .+, their best answer\)$/);
    expect(lines[1]).toBe("Thug: no odds — you cannot see this target's sheet.");
    await page.close();
  });
});
