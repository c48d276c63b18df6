/**
 * What every browser test checks on a preview page, shared by the sheet,
 * combat and workflow tests: Chromium's path and flags, where pages and
 * screenshots go (test/browser/global-setup.ts empties the screenshots once
 * per run), and `inspect`, run in the page — raw lang keys, overflowing or
 * clipped elements, inputs without a label — then the screenshot.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { mkdirSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT } from "../../tools/preview/render.js";

export const CHROMIUM = "/usr/bin/chromium";
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const SCREENSHOTS = join(ROOT, "test-results/screenshots");
export const PREVIEW = join(ROOT, "test-results/preview");

/** Is Chromium here? If not, say so loudly (CI always has it: .ci/run installs it). */
export function chromiumAvailable(what: string): boolean {
  const available = existsSync(CHROMIUM);
  if (!available) console.warn(`\n*** SKIPPED: ${what} browser tests — ${CHROMIUM} is missing (apt-get install -y chromium) ***\n`);
  return available;
}

/** Controls and figures that must be wholly inside every ancestor that clips horizontally. */
export const WHOLE = "input, select, button, .cy-total, .cy-notation, dd, img, .cy-track-marker, .cy-track-barrier";

/** Problems found on the visible part of the sheet. */
export interface Findings {
  rawKeys: string[];
  overflow: string[];
  unlabelled: string[];
}

/** Runs in the page: raw lang keys in text or attributes, overflowing elements, inputs without a label. */
export function inspect(whole: string): Findings {
  const app = document.querySelector(".application") as HTMLElement;
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = el.classList.length ? `.${[...el.classList].join(".")}` : "";
    const text = (el.textContent ?? "").trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
  };
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 || rect.height > 0;
  };
  const rawKeys: string[] = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest("script, style")) continue;
    if (/CYCHOSYS\./.test(node.textContent ?? "")) rawKeys.push(`text: ${node.textContent?.trim()}`);
  }
  for (const el of document.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      if (/CYCHOSYS\./.test(attr.value)) rawKeys.push(`${el.tagName.toLowerCase()}[${attr.name}]: ${attr.value}`);
    }
  }

  const overflow: string[] = [];
  const frame = app.getBoundingClientRect();
  for (const el of app.querySelectorAll("*")) {
    if (!visible(el) || el.closest(".visually-hidden")) continue;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (rect.left < frame.left - 0.5 || rect.right > frame.right + 0.5) {
      overflow.push(`outside the window: ${describe(el)} (${Math.round(rect.left)}–${Math.round(rect.right)} of ${Math.round(frame.left)}–${Math.round(frame.right)})`);
    }
    const isField = el instanceof HTMLInputElement && (el.type === "text" || el.type === "number");
    if ((style.display === "inline" && !isField) || el instanceof HTMLImageElement) continue;
    const wide = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
    const tall = el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0;
    if (isField) {
      if (wide) overflow.push(`value cut off: ${describe(el)} value="${(el as HTMLInputElement).value}"`);
      continue;
    }
    if (wide && style.overflowX === "visible") overflow.push(`content wider than its box: ${describe(el)}`);
    if (wide && (style.overflowX === "hidden" || style.overflowX === "clip") && style.textOverflow !== "ellipsis") {
      overflow.push(`content clipped: ${describe(el)}`);
    }
    if (tall && style.overflowY === "visible") overflow.push(`content taller than its box: ${describe(el)}`);
  }
  // Controls and figures must be wholly inside every ancestor that clips horizontally
  // (a cell with an ellipsis may shorten a name, never hide a figure or an input).
  for (const el of app.querySelectorAll(whole)) {
    if (!visible(el) || el.closest(".visually-hidden")) continue;
    const rect = el.getBoundingClientRect();
    for (let parent = el.parentElement; parent && parent !== app; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === "visible") continue;
      const box = parent.getBoundingClientRect();
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
        overflow.push(`hidden by ${describe(parent).split(" ")[0]}: ${describe(el)}`);
        break;
      }
    }
  }

  const unlabelled: string[] = [];
  for (const el of app.querySelectorAll("input, select, textarea, prose-mirror")) {
    if (el instanceof HTMLInputElement && el.type === "hidden") continue;
    const labelled =
      ((el as HTMLInputElement).labels?.length ?? 0) > 0 ||
      !!el.getAttribute("aria-label")?.trim() ||
      !!el.getAttribute("aria-labelledby") ||
      !!el.closest("label");
    if (!labelled) unlabelled.push(describe(el));
  }
  return { rawKeys, overflow, unlabelled };
}

export interface PreviewPage {
  id: string;
  file: string;
  tabs?: string[];
}

/**
 * For one describe block: before all, write its preview pages (`build`, into
 * PREVIEW) and launch Chromium; after all, close it. `open(id)` shows a page
 * in a new tab of `viewport`; `pages()` lists what was built.
 */
export function previewBrowser(build: () => PreviewPage[], viewport: { width: number; height: number }) {
  let browser: Browser | undefined;
  let pages: PreviewPage[] = [];
  beforeAll(async () => {
    mkdirSync(PREVIEW, { recursive: true });
    pages = build();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    pages: () => pages,
    async open(id: string): Promise<Page> {
      const entry = pages.find((p) => p.id === id);
      if (!entry || !browser) throw new Error(`no preview page ${id}`);
      const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
      await page.goto(pathToFileURL(entry.file).href);
      return page;
    },
  };
}

/** One test per page id: it opens, is screenshot as `<prefix><id>.png`, and has no raw key, overflow or unlabelled input. */
export function rendersCleanly(open: (id: string) => Promise<Page>, ids: readonly string[], prefix = "", what = "renders cleanly"): void {
  for (const id of ids) {
    it(`${id}: ${what}`, async () => {
      const page = await open(id);
      await check(page, `${prefix}${id}`);
      await page.close();
    });
  }
}

/**
 * One test per sheet id: its tabs are exactly `tabs`; clicking each shows that
 * tab alone, marked selected, and each is screenshot as `<id>-<tab>.png` and
 * checked like `rendersCleanly`.
 */
export function tabsRenderCleanly(open: (id: string) => Promise<Page>, pages: () => PreviewPage[], ids: readonly string[], tabs: readonly string[]): void {
  for (const id of ids) {
    it(`${id}: every tab switches and renders cleanly`, async () => {
      const page = await open(id);
      expect(pages().find((p) => p.id === id)?.tabs ?? []).toEqual(tabs);
      for (const tab of tabs) {
        await page.click(`nav [data-action="tab"][data-tab="${tab}"]`);
        const shown = await page.$$eval('section.tab[data-group="primary"]', (sections) =>
          sections.filter((s) => getComputedStyle(s).display !== "none").map((s) => (s as HTMLElement).dataset.tab),
        );
        expect(shown).toEqual([tab]);
        expect(await page.getAttribute(`nav [data-tab="${tab}"]`, "aria-selected")).toBe("true");
        await check(page, `${id}-${tab}`);
      }
      await page.close();
    });
  }
}

/** Inspect the page, screenshot its `.application` as `<shot>.png`, and fail on any finding. */
export async function check(page: Page, shot: string): Promise<void> {
  const findings = await page.evaluate(inspect, WHOLE);
  await page.locator(".application").screenshot({ path: join(SCREENSHOTS, `${shot}.png`) });
  expect(findings.rawKeys, "raw lang keys").toEqual([]);
  expect(findings.overflow, "overflowing elements").toEqual([]);
  expect(findings.unlabelled, "inputs without a label").toEqual([]);
}
