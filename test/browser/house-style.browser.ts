/**
 * The house style (docs/style.md) in headless Chromium: the shared kit's
 * page in both themes — checked like every page (no raw key, no overflow,
 * every icon drawn, axe-core clean) — with its anatomy measured: the
 * outcome the biggest line, the total next, the working collapsed, the
 * controls only on the viewer's own row; then the side-by-side pages, one
 * card, one sheet and one tracker per ruleset, screenshot whole as
 * house-style-dark.png and house-style-light.png.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOUSE_STYLE_SET } from "../../tools/preview/house-style.js";
import { chromiumAvailable, previewBrowser, rendersCleanly, SCREENSHOTS } from "./page-checks.js";

const available = chromiumAvailable("house style");

describe.skipIf(!available)("the house style in Chromium", () => {
  const { open } = previewBrowser({ width: 1800, height: 1000 });

  rendersCleanly(open, ["house-kit", "house-kit-light"]);

  it("the card: the outcome is the biggest line, the total next, the title after; the working is collapsed; tones are coloured, not the ink", async () => {
    for (const id of ["house-kit", "house-kit-light"]) {
      const page = await open(id);
      const size = (selector: string) => page.$eval(selector, (el) => Number.parseFloat(getComputedStyle(el).fontSize));
      const outcome = await size(".cy-outcome");
      const others = await page.$$eval(".cy-house-card *", (els) =>
        els.filter((el) => !el.closest(".cy-outcome") && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim())).map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
      );
      expect(others.length).toBeGreaterThan(5);
      expect(Math.max(...others)).toBeLessThan(outcome);
      expect(await size(".cy-roll-total")).toBeGreaterThan(await size(".cy-card-title"));
      expect(await page.$eval("details.cy-working", (d) => (d as HTMLDetailsElement).open)).toBe(false);
      const colour = (selector: string) => page.$eval(selector, (el) => getComputedStyle(el).color);
      const ink = await colour(".cy-card-title");
      expect(new Set([ink, await colour(".cy-outcome.is-hit"), await colour(".cy-outcome-details .is-shock"), await colour(".cy-outcome-details .is-wound")]).size).toBe(4);
      await page.close();
    }
  });

  it("the tracker: one line of figures per row; controls, each named, only on the viewer's own fighter", async () => {
    const page = await open("house-kit");
    expect(await page.$$eval(".cy-tracker-row", (rows) => rows.map((r) => r.querySelectorAll(".cy-tracker-control").length))).toEqual([2, 0, 0]);
    expect(await page.$$eval(".cy-tracker-control", (b) => b.map((x) => x.getAttribute("aria-label")))).toEqual(["Choose maneuver", "Roll"]);
    // One line: each row's figures no taller than one figure.
    const oneLine = await page.$$eval(".cy-tracker-figures", (lists) => lists.map((l) => l.getBoundingClientRect().height < 1.5 * l.firstElementChild!.getBoundingClientRect().height));
    expect(oneLine).toEqual([true, true, true]);
    await page.close();
  });

  for (const theme of ["dark", "light"] as const) {
    it(`side by side (${theme}): every ruleset's card, sheet and tracker framed and screenshot as house-style-${theme}.png`, async () => {
      const page = await open(`house-style-${theme}`);
      await page.waitForSelector("body[data-ready='true']");
      const shown = await page.$$eval("iframe", (frames) => frames.map((f) => !!(f as HTMLIFrameElement).contentDocument?.querySelector(".application")));
      expect(shown).toEqual(Array(HOUSE_STYLE_SET.length * 3).fill(true));
      await page.screenshot({ path: join(SCREENSHOTS, `house-style-${theme}.png`), fullPage: true });
      await page.close();
    });
  }
});
