/**
 * What every browser test checks on a preview page, shared by every browser
 * test file: the run's one Chromium and its pages (`previewBrowser`; see
 * test/browser/global-setup.ts), and `check` — in the page, raw lang keys,
 * overflowing or clipped elements, inputs without a label (`inspect`),
 * icons without a glyph (`iconProblems`), axe-core's accessibility
 * violations (`accessibilityViolations`: serious and critical ones fail) —
 * then the screenshot.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { ACCESSIBILITY, CHROMIUM, type PreviewPage, SCREENSHOTS } from "./harness.js";

export { ACCESSIBILITY, CHROMIUM, FLAGS, PREVIEW, type PreviewPage, SCREENSHOTS } from "./harness.js";

/** Is Chromium here (global-setup launched it)? If not, say so loudly (CI always has it: .ci/run installs it). */
export function chromiumAvailable(what: string): boolean {
  const available = inject("chromiumEndpoint") !== "";
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

/**
 * For one describe block: before all, connect to the run's one Chromium
 * (test/browser/global-setup.ts launched it and wrote every preview page)
 * and open a browser context of `viewport`; after all, close the context.
 * `open(id)` shows a page in a tab; `pages()` lists what was built. A tab
 * a test closes goes back to the file's pool and the next `open` navigates
 * it (a new tab costs more than a navigation); each navigation is a fresh
 * document.
 */
export function previewBrowser(viewport: { width: number; height: number }) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const idle: Page[] = [];
  const pages = (): PreviewPage[] => inject("previewPages");
  beforeAll(async () => {
    browser = await chromium.connect(inject("chromiumEndpoint"));
    context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  return {
    pages,
    async open(id: string): Promise<Page> {
      const entry = pages().find((p) => p.id === id);
      if (!entry || !context) throw new Error(`no preview page ${id}`);
      let page = idle.pop();
      if (!page) {
        const fresh = await context.newPage();
        fresh.close = async () => {
          idle.push(fresh);
        };
        page = fresh;
      } else {
        // A pooled tab may be behind the file's newest one, and Chromium throttles a background tab's
        // animation frames (about one a second): the screenshot's wait for a stable element took 3 s.
        await page.bringToFront();
      }
      await page.goto(entry.url ?? pathToFileURL(entry.file).href);
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

/**
 * Runs in the page: every Font Awesome icon that would show no glyph — its
 * class names no icon of the free set (no `::before` content), the icon
 * font is not applied, or (for an icon on screen) the font face did not load.
 */
export function iconProblems(): string[] {
  const problems: string[] = [];
  const styles = /(^|\s)(fa-solid|fa-regular|fa-brands|fas|far|fab|fa)(\s|$)/;
  for (const el of document.querySelectorAll("[class*='fa-']")) {
    if (!styles.test(el.className.toString())) continue;
    const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    const before = getComputedStyle(el, "::before");
    if (["none", "normal", "", '""'].includes(before.content)) {
      problems.push(`no glyph: ${name}`);
      continue;
    }
    const family = before.fontFamily.split(",")[0]!.replace(/["']/g, "").trim();
    if (!/^Font Awesome/.test(family)) {
      problems.push(`icon font not applied: ${name} (${before.fontFamily})`);
      continue;
    }
    const shown = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    const loaded = [...document.fonts].some((face) => face.family.replace(/["']/g, "") === family && String(face.weight) === before.fontWeight && face.status === "loaded");
    if (shown && !loaded) problems.push(`icon font not loaded: ${name} (${family} ${before.fontWeight})`);
  }
  return problems;
}

/**
 * Exclusions from the accessibility check, each narrow and caused by the
 * preview harness itself, never by our templates or stylesheets:
 * `{ rule, selector, why }` — the rule is skipped on that selector only.
 */
export const AXE_EXCLUSIONS: readonly { rule: string; selector: string; why: string }[] = [];

/**
 * axe-core's violations on the page (WCAG 2.x A/AA and axe's best
 * practices), one line per element: `<impact> <rule> (<help>): <element> — <fix>`.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Once per document: a sheet's tabs are checked in the same one.
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ url: inject("axeUrl") });
  return page.evaluate(async (exclusions) => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Result[] }> } }).axe;
    // No preload: axe would fetch every stylesheet again for one rule about orientation locks, which our pages never set.
    const { violations } = await axe.run(document, { resultTypes: ["violations"], preload: false });
    const excluded = (rule: string, target: string) => exclusions.some((e) => e.rule === rule && document.querySelector(target)?.matches(e.selector));
    return violations.flatMap((v) =>
        v.nodes
          .filter((n) => !excluded(v.id, n.target.join(" ")))
          .map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`),
    );
  }, AXE_EXCLUSIONS);
}

/** Each page's DevTools session, for `screenshotApplication`. */
const devtools = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The `.application` element as a PNG at `path`, straight from DevTools with
 * the fast encoder: the same pixels as Playwright's element screenshot (the
 * box rounded outwards, the caret hidden) for a third of Chromium's time,
 * since the page is already still (its fonts loaded, no animation).
 */
export async function screenshotApplication(page: Page, path: string): Promise<void> {
  const box = await page.locator(".application").evaluate((el) => {
    if (!document.getElementById("test-caret-hidden")) {
      const style = document.head.appendChild(document.createElement("style"));
      style.id = "test-caret-hidden";
      style.textContent = "*, *::before, *::after { caret-color: transparent !important; }";
    }
    const rect = el.getBoundingClientRect();
    const x = Math.floor(rect.left + window.scrollX);
    const y = Math.floor(rect.top + window.scrollY);
    const beyond = rect.right > window.innerWidth || rect.bottom > window.innerHeight;
    return { x, y, width: Math.ceil(rect.right + window.scrollX) - x, height: Math.ceil(rect.bottom + window.scrollY) - y, beyond };
  });
  let session = devtools.get(page);
  if (!session) devtools.set(page, (session = page.context().newCDPSession(page)));
  const { data } = await (await session).send("Page.captureScreenshot", {
    format: "png",
    clip: { x: box.x, y: box.y, width: box.width, height: box.height, scale: 1 },
    optimizeForSpeed: true,
    captureBeyondViewport: box.beyond,
  });
  writeFileSync(path, Buffer.from(data, "base64"));
}

/**
 * Inspect the page, screenshot its `.application` as `<shot>.png`, and fail
 * on any finding: raw keys, overflow, unlabelled inputs, icons without a
 * glyph, serious accessibility violations.
 */
export async function check(page: Page, shot: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const findings = await page.evaluate(inspect, WHOLE);
  const icons = await page.evaluate(iconProblems);
  const accessibility = await accessibilityViolations(page);
  await screenshotApplication(page, join(SCREENSHOTS, `${shot}.png`));
  // Every violation, moderate and minor too, one file per screenshot: what a ruleset's helper reads.
  writeFileSync(join(ACCESSIBILITY, `${shot}.txt`), accessibility.map((line) => `${line}\n`).join(""));
  expect(findings.rawKeys, "raw lang keys").toEqual([]);
  expect(findings.overflow, "overflowing elements").toEqual([]);
  expect(findings.unlabelled, "inputs without a label").toEqual([]);
  expect(icons, "icons without a glyph").toEqual([]);
  expect(accessibility.filter((line) => /^(serious|critical) /.test(line)), "serious accessibility violations (axe-core)").toEqual([]);
}
