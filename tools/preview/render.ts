/**
 * The preview harness: renders each sheet's parts with the real `handlebars`
 * package, Foundry's helpers stood in (helpers.ts), inside a minimal
 * Foundry-like window, with the system's stylesheet. Pages are static HTML.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
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

/** Harness-only CSS: the page, the Foundry window frame and glyphs standing in for Font Awesome. */
export const frameCss = (): string => FRAME_CSS;

/** Foundry's chat log, reduced to what our cards sit in (the chat, workflow and round-end previews). */
export const CHAT_LOG_CSS = `
  .chat-log { list-style: none; margin: 0; padding: 0.5rem; display: flex; flex-direction: column; gap: 0.5rem; }
  .chat-message { border: 1px solid var(--cychosys-border); border-radius: 6px; padding: 0.5rem; background: var(--cychosys-panel); }
  .message-header h4 { margin: 0 0 0.35rem; font-size: 0.85rem; color: var(--cychosys-muted); }
`;
const FRAME_CSS = `
  html, body { margin: 0; padding: 0; }
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
  i[class*="fa-"] { font-style: normal; display: inline-block; min-width: 1em; text-align: center; }
  i[class*="fa-"]::before { content: "•"; }
  i.fa-dice::before { content: "⚄"; } i.fa-crosshairs::before { content: "◎"; } i.fa-trash::before { content: "✕"; }
  i.fa-pen-to-square::before, i.fa-edit::before { content: "✎"; } i.fa-plus::before { content: "+"; } i.fa-xmark::before { content: "✕"; }
  i.fa-heart-pulse::before { content: "♥"; } i.fa-shirt::before { content: "▤"; } i.fa-book-open::before { content: "❡"; }
  i.fa-arrow-up-from-bracket::before, i.fa-arrow-up-right-dots::before { content: "⇧"; } i.fa-lock::before { content: "⚿"; }
  i.fa-turn-up::before { content: "↳"; } i.fa-rotate-90 { transform: none; } i.fa-swords::before { content: "⚔"; }
  i.fa-toggle-on::before { content: "◉"; } i.fa-toggle-off::before { content: "○"; }
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
<style>${FRAME_CSS}</style>
<style>${css}</style>
</head>
<body class="theme-${sheet.theme}">
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
</body>
</html>
`;
}

/**
 * The Cychosys stylesheets (styles/cychosys.css and its styles/cychosys-*.css
 * continuations), in the order system.json loads them.
 */
export function systemStylesheets(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { styles: string[] };
  return manifest.styles.filter((f) => /^styles\/cychosys(-[a-z-]+)?\.css$/.test(f));
}

export function systemCss(): string {
  return systemStylesheets()
    .map((f) => readFileSync(join(ROOT, f), "utf8"))
    .join("\n");
}

/** The roll chat card, when the data engineer's template exists. */
export const CHAT_CARD = `${TEMPLATE_ROOT}/chat/action-roll.hbs`;
export const chatCardExists = () => existsSync(join(ROOT, "templates/chat/action-roll.hbs"));
