/**
 * The preview harness: renders each sheet's parts with the real `handlebars`
 * package, Foundry's helpers stood in (helpers.ts), inside a minimal
 * Foundry-like window, with the system's stylesheet. Pages are static HTML.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import Handlebars from "handlebars";
import { TEMPLATE_ROOT } from "../../src/rulesets/cychosys/views/index.js";
import type { PreviewSheet } from "./fixtures.js";
import { registerFoundryHelpers } from "./helpers.js";

export const ROOT = resolve(import.meta.dirname, "../..");

export function readLang(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;
}

function listTemplates(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listTemplates(path));
    else if (name.endsWith(".hbs")) out.push(path);
  }
  return out;
}

/** Every template under templates/, by the path Foundry knows it by (`systems/cychosys/templates/...`). */
export function templateSources(): Map<string, string> {
  const dir = join(ROOT, "templates");
  const map = new Map<string, string>();
  for (const file of listTemplates(dir)) {
    map.set(`${TEMPLATE_ROOT}/${relative(dir, file).split("\\").join("/")}`, readFileSync(file, "utf8"));
  }
  return map;
}

/** A Handlebars environment like Foundry's: helpers, and every template registered as a partial by path. */
export function makeEnvironment(lang = readLang()) {
  const hbs = Handlebars.create();
  registerFoundryHelpers(hbs, lang);
  const sources = templateSources();
  for (const [path, source] of sources) hbs.registerPartial(path, source);
  const cache = new Map<string, HandlebarsTemplateDelegate>();
  const render = (path: string, context: unknown): string => {
    let template = cache.get(path);
    if (!template) {
      const source = sources.get(path);
      if (source === undefined) throw new Error(`No template ${path}`);
      template = hbs.compile(source, { strict: false });
      cache.set(path, template);
    }
    return template(context, { allowProtoPropertiesByDefault: true });
  };
  return { hbs, sources, render };
}

type HandlebarsTemplateDelegate = (context: unknown, options?: Handlebars.RuntimeOptions) => string;

/** The parts of one sheet, rendered as ApplicationV2 would put them in the window content. */
export function renderParts(env: ReturnType<typeof makeEnvironment>, sheet: PreviewSheet): string {
  const tabsById = (sheet.context.tabsById ?? {}) as Record<string, unknown>;
  return Object.entries(sheet.parts)
    .map(([partId, part]) => {
      const context = { ...sheet.context, partId, tab: tabsById[partId] };
      return `<div class="cy-part" data-application-part="${partId}">${env.render(part.template, context)}</div>`;
    })
    .join("\n");
}

/**
 * Where preview pages find the repository's files (the icon font, axe-core):
 * the repository's file URL by default (pages opened from disk); the browser
 * tests serve them over HTTP (test/browser/static-server.ts) and set that.
 */
let assetBase = pathToFileURL(ROOT).href + "/";
export function useAssetBase(base: string): void {
  assetBase = base.endsWith("/") ? base : `${base}/`;
}
/** A repository file's URL as preview pages load it. */
export const assetUrl = (path: string): string => new URL(path, assetBase).href;

/** Font Awesome Free's stylesheet in the repository (its fonts sit beside it, in ../webfonts). */
export const ICON_FONT_CSS = relative(ROOT, createRequire(import.meta.url).resolve("@fortawesome/fontawesome-free/css/all.min.css")).split("\\").join("/");
const FOUNDRY_STANDIN_CSS = readFileSync(join(import.meta.dirname, "foundry-standin.css"), "utf8");

/**
 * Harness-only CSS: the icon font Foundry v13 ships (Font Awesome 6, the
 * free set from node_modules), our stand-in for Foundry's form and button
 * look (foundry-standin.css), the page and the Foundry window frame.
 */
export const frameCss = (): string => `@import url("${assetUrl(ICON_FONT_CSS)}");
${FOUNDRY_STANDIN_CSS}
${FRAME_CSS}`;

/** Foundry's chat log, reduced to what our cards sit in (the chat, workflow and round-end previews). */
export const CHAT_LOG_CSS = `
  .chat-log { list-style: none; margin: 0; padding: 0.5rem; display: flex; flex-direction: column; gap: 0.5rem; }
  .chat-message { border: 1px solid var(--cychosys-border); border-radius: 6px; padding: 0.5rem; background: var(--cychosys-panel); }
  .message-header h4 { margin: 0 0 0.35rem; font-size: 0.85rem; color: var(--cychosys-muted); }
`;
const FRAME_CSS = `
  html, body { margin: 0; padding: 0; }
  /* Foundry's page is its own; ours wraps the window in <main> so the page has its landmark. */
  main { display: block; }
  body { font-family: "Signika", "Noto Sans", "DejaVu Sans", sans-serif; font-size: 14px; padding: 24px; }
  body.theme-dark { background: #0b0a13; }
  body.theme-light { background: #8a8a8a; }
  .application { position: relative; display: flex; flex-direction: column; box-sizing: border-box; border-radius: 6px; overflow: hidden;
    box-shadow: 0 0 20px #000; }
  .application.theme-dark { background: #0b0a13f2; color: #e7d1b1; }
  .application.theme-light { background: #e9e6dd; color: #191813; }
  .window-header { display: flex; align-items: center; gap: 8px; flex: 0 0 36px; padding: 0 8px; border-bottom: 1px solid #0006; }
  .theme-dark .window-header { background: #1b1a24; color: #efe6d8; }
  .theme-light .window-header { background: #2c2b33; color: #efe6d8; }
  .window-title { flex: 1; margin: 0; font-size: 15px; font-weight: 600; }
  .window-header .header-control { background: none; border: none; color: inherit; font-size: 14px; }
  .window-content { flex: 1; display: flex; flex-direction: column; min-height: 0; overflow: hidden; padding: 0; }
  .cy-part { display: contents; }
  prose-mirror { display: block; }
`;

/** Switch tabs the way ApplicationV2's "tab" action does: toggle .active on the group's nav links and sections. */
const TAB_SCRIPT = `
  document.addEventListener("click", (event) => {
    const link = event.target.closest('[data-action="tab"]');
    if (!link) return;
    event.preventDefault();
    const { group, tab } = link.dataset;
    for (const el of link.closest(".application").querySelectorAll('[data-group="' + group + '"][data-tab]')) {
      const active = el.dataset.tab === tab;
      el.classList.toggle("active", active);
      if (el.matches('[role="tab"]')) el.setAttribute("aria-selected", String(active));
    }
  });
`;

export function renderPage(env: ReturnType<typeof makeEnvironment>, sheet: PreviewSheet, css: string): string {
  const classes = ["application", "themed", `theme-${sheet.theme}`, ...sheet.classes].join(" ");
  const escape = Handlebars.Utils.escapeExpression;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(sheet.title)} — Cychosys preview</title>
<style>${frameCss()}</style>
<style>${css}</style>
</head>
<body class="theme-${sheet.theme}">
<main>
<form id="${escape(sheet.id)}" class="${classes}" style="width: ${sheet.width}px; height: ${sheet.height}px;" data-preview-sheet="${escape(sheet.id)}">
  <header class="window-header">
    <h1 class="window-title">${escape(sheet.title)}</h1>
    <button type="button" class="header-control" aria-label="Close"><i class="fa-solid fa-xmark" inert></i></button>
  </header>
  <section class="window-content">
${renderParts(env, sheet)}
  </section>
</form>
<script>${TAB_SCRIPT}</script>
</main>
</body>
</html>
`;
}

/**
 * The Cychosys stylesheets (styles/cychosys.css and its styles/cychosys-*.css
 * continuations) and the house style's shared kit (styles/house.css), in the
 * order system.json loads them.
 */
export function systemStylesheets(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { styles: string[] };
  return manifest.styles.filter((f) => /^styles\/(cychosys(-[a-z-]+)?|house)\.css$/.test(f));
}

export function systemCss(): string {
  return systemStylesheets()
    .map((f) => readFileSync(join(ROOT, f), "utf8"))
    .join("\n");
}

/** The roll chat card, when the data engineer's template exists. */
export const CHAT_CARD = `${TEMPLATE_ROOT}/chat/action-roll.hbs`;
export const chatCardExists = () => existsSync(join(ROOT, "templates/chat/action-roll.hbs"));
