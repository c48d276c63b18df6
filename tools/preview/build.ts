/**
 * `npx tsx tools/preview/build.ts [outDir]`: writes one static HTML page per
 * sheet (default test-results/preview/) and an index page linking them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderChatPage } from "./chat.js";
import { previewSheets } from "./fixtures.js";
import { chatCardExists, frameCss, makeEnvironment, readLang, renderPage, ROOT, systemCss } from "./render.js";

export function buildPreview(outDir = join(ROOT, "test-results/preview")): { dir: string; pages: { id: string; file: string; tabs?: string[] }[] } {
  const lang = readLang();
  const env = makeEnvironment(lang);
  const css = systemCss();
  mkdirSync(outDir, { recursive: true });
  const pages = previewSheets(lang).map((sheet) => {
    const file = join(outDir, `${sheet.id}.html`);
    writeFileSync(file, renderPage(env, sheet, css));
    return { id: sheet.id, file, ...(sheet.tabs && { tabs: sheet.tabs }) };
  });
  if (chatCardExists()) {
    for (const theme of ["dark", "light"] as const) {
      const id = theme === "dark" ? "chat" : "chat-light";
      const file = join(outDir, `${id}.html`);
      writeFileSync(file, renderChatPage(env, css, frameCss(), theme));
      pages.push({ id, file });
    }
  }
  const index = pages.map((p) => `<li><a href="${p.id}.html">${p.id}</a></li>`).join("\n");
  writeFileSync(join(outDir, "index.html"), `<!doctype html><meta charset="utf-8"><title>Cychosys sheet previews</title><ul>${index}</ul>\n`);
  return { dir: outDir, pages };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { dir, pages } = buildPreview(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`preview: ${pages.length} pages in ${dir}`);
}
