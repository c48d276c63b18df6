/**
 * The attack workflow's cards and dialogs (tools/preview/workflow.ts) in
 * headless Chromium: no raw `CYCHOSYS.` keys, nothing overflowing, every
 * input labelled, and the figures the workflow computed on the page.
 * Screenshots go to test-results/screenshots/ (the folder is shared: created
 * if missing, never emptied here).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPreview } from "../../tools/preview/build.js";
import { ROOT } from "../../tools/preview/render.js";
import { workflowFlows } from "../../tools/preview/workflow.js";

const CHROMIUM = "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const available = existsSync(CHROMIUM);
if (!available) console.warn(`\n*** SKIPPED: workflow browser tests — ${CHROMIUM} is missing (apt-get install -y chromium) ***\n`);

const SCREENSHOTS = join(ROOT, "test-results/screenshots");
const PREVIEW = join(ROOT, "test-results/preview");

interface Findings {
  rawKeys: string[];
  overflow: string[];
  unlabelled: string[];
}

function inspect(): Findings {
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
  for (const el of app.querySelectorAll("input, select, button, .cy-total, .cy-notation, dd, img")) {
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

let browser: Browser;
let pages: { id: string; file: string }[] = [];

async function open(id: string): Promise<Page> {
  const entry = pages.find((p) => p.id === id);
  if (!entry) throw new Error(`no preview page ${id}`);
  const page = await browser.newPage({ viewport: { width: 1000, height: 1100 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(entry.file).href);
  return page;
}

async function check(page: Page, shot: string) {
  const findings = await page.evaluate(inspect);
  await page.locator(".application").screenshot({ path: join(SCREENSHOTS, `${shot}.png`) });
  expect(findings.rawKeys, "raw lang keys").toEqual([]);
  expect(findings.overflow, "overflowing elements").toEqual([]);
  expect(findings.unlabelled, "inputs without a label").toEqual([]);
}

const IDS = ["card-awaiting", "card-exchange", "card-resolved", "card-resolved-light", "card-applied", "card-smallTarget", "dialog-attack", "dialog-defense", "dialog-counter", "dialog-apply"];

describe.skipIf(!available)("attack workflow cards and dialogs in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    pages = buildPreview(PREVIEW).pages;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const id of IDS) {
    it(`${id}: renders cleanly`, async () => {
      const page = await open(id);
      await check(page, `workflow-${id}`);
      await page.close();
    });
  }

  it("the card awaiting a defense shows the attack's figures and the defender's four buttons", async () => {
    const { flow } = workflowFlows().awaiting;
    const page = await open("card-awaiting");
    expect((await page.textContent(".cy-attack-figures .total strong"))?.trim()).toBe(String(flow.attack.total));
    expect((await page.textContent(".cy-attack-figures .cy-notation"))?.trim()).toBe(flow.attack.edge);
    expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.form))).toEqual(["evade", "brave", "parry", "counter"]);
    expect(await page.getAttribute(".dice li:first-child", "class")).toContain("key");
    await page.close();
  });

  it("the exchange card offers the GM 'counter again' with the next handicap, and 'take the blow'", async () => {
    const page = await open("card-exchange");
    const labels = await page.$$eval(".cy-card-button", (b) => b.map((x) => x.textContent?.trim()));
    expect(labels).toEqual(["Counter again (handicap 16)", "Take the blow"]);
    await page.close();
  });

  it("the applied card explains the injury and offers undo; the dialogs show costs and the R15 note", async () => {
    const card = await open("card-applied");
    expect(await card.$$eval(".cy-applied .cy-explain li", (l) => l.length)).toBeGreaterThan(3);
    expect(await card.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toEqual(["undo"]);
    await card.close();
    const attack = await open("dialog-attack");
    expect(await attack.$$eval(".cy-costs li", (l) => l.map((x) => x.textContent?.trim()))).toEqual(["B (#2): −4", "D (#1): −2"]);
    await attack.close();
    const defense = await open("dialog-defense");
    expect(await defense.textContent(".cy-warn")).toContain("costs an action (R15)");
    await defense.close();
  });

  it("the settled card shows each total's arithmetic and, before anyone applies, the default injury step by step", async () => {
    const page = await open("card-resolved");
    const lines = await page.$$eval(".cy-roll-line", (l) => l.map((x) => x.textContent?.trim()));
    expect(lines[0]).toBe("pistol · shoot: 9 Skill base − 2 Conditions + 19 Dice − 2 Added effects = 24");
    expect(lines[1]).toBe("evade: 4 Skill base + 5 Dice = 9");
    const preview = await page.$$eval(".cy-preview .cy-explain li", (l) => l.map((x) => x.textContent?.trim()));
    expect(preview.some((t) => t?.startsWith("Injury: edge BD2"))).toBe(true);
    expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toContain("apply");
    await page.close();
  });

  it("R35: the card against a small target says why the blow cannot land, and offers nothing to apply", async () => {
    const page = await open("card-smallTarget");
    expect(await page.textContent(".cy-explain")).toContain("Sewer rat is small: an attack needs 2 T or any V to strike");
    expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).not.toContain("apply");
    await page.close();
  });
});
