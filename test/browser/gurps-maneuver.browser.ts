/**
 * The GURPS maneuver dialog (tools/preview/gurps-combat.ts's
 * `gurps-maneuver` pages) in headless Chromium, dark and light, checked for
 * what axe cannot see (it exempts disabled controls' labels): each radio on
 * its maneuver's name line, one column edge per column, the fifteen
 * maneuvers read down each column in G10's order; a refused maneuver's name
 * and reason (G50) never faded — full opacity — and at 4.5:1 or more against
 * the dialog (docs/style.md, "Colours").
 */
import { describe, expect, it } from "vitest";
import { MANEUVERS } from "../../src/rulesets/gurps/rules/index.js";
import { chromiumAvailable, previewBrowser } from "./page-checks.js";

const available = chromiumAvailable("gurps-maneuver");

/** Runs in the page: each maneuver's radio and name boxes, its text's opacity and contrast against what is behind it. */
function measure() {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const background = (el: Element | null): number[] => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c[3] ?? 1) > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const contrast = (el: Element) => {
    const a = luminance(rgb(getComputedStyle(el).color));
    const b = luminance(background(el));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  const opacity = (el: Element) => {
    let o = 1;
    for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  return [...document.querySelectorAll<HTMLElement>(".gurps-maneuver")].map((row) => {
    const radio = row.querySelector("input")!.getBoundingClientRect();
    const name = row.querySelector(".gurps-maneuver-name")!;
    const line = name.getClientRects()[0]!;
    const reason = row.querySelector(".gurps-maneuver-permits")!;
    return {
      id: row.dataset.maneuver!, refused: row.classList.contains("is-refused"),
      radioCenter: radio.top + radio.height / 2, radioLeft: Math.round(radio.left), nameCenter: line.top + line.height / 2, nameTop: line.top,
      text: [name, reason].map((e) => ({ opacity: opacity(e), contrast: contrast(e) })),
    };
  });
}

describe.skipIf(!available)("the GURPS maneuver dialog in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 900 });

  it.each(["gurps-maneuver", "gurps-maneuver-light"])("%s: radios on their names' lines, two straight columns read top to bottom; refused reasons unfaded at 4.5:1 (G50)", async (id) => {
    const page = await open(id);
    const rows = await page.evaluate(measure);
    expect(rows.map((r) => r.id)).toEqual([...MANEUVERS]);
    for (const r of rows) expect(Math.abs(r.radioCenter - r.nameCenter), r.id).toBeLessThanOrEqual(3);
    const lefts = [...new Set(rows.map((r) => r.radioLeft))];
    expect(lefts).toHaveLength(2);
    // Down the first column, then the second (grid-auto-flow: column): each next maneuver lower, or at the top of the next column.
    const columns = lefts.sort((a, b) => a - b).map((left) => rows.filter((r) => r.radioLeft === left));
    expect(columns[0]!.map((r) => r.id)).toEqual(MANEUVERS.slice(0, columns[0]!.length));
    for (const column of columns) for (let i = 1; i < column.length; i++) expect(column[i]!.nameTop).toBeGreaterThan(column[i - 1]!.nameTop);
    const refused = rows.filter((r) => r.refused);
    expect(refused.map((r) => r.id)).toEqual(["move", "aim", "feint", "concentrate", "wait"]);
    for (const r of rows) {
      for (const t of r.text) {
        expect(t.opacity, r.id).toBe(1);
        expect(t.contrast, r.id).toBeGreaterThanOrEqual(4.5);
      }
    }
    await page.close();
  });
});
