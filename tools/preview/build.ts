/**
 * `npx tsx tools/preview/build.ts [outDir]`: writes one static HTML page per
 * sheet (default test-results/preview/) and an index page linking them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { STANDARD_CHART, STANDARD_EFFECTS } from "../../src/rulesets/cychosys/rules/index.js";
import { rulesFormContext, rulesFormProblems } from "../../src/foundry/cychosys/rules-form.js";
import { renderChatPage } from "./chat.js";
import { buildCombatPages } from "./combat.js";
import { buildWorkflowPages } from "./workflow.js";
import { buildRulesetPages } from "./rulesets.js";
import { buildD6SheetPages } from "./d6-sheets.js";
import { buildD6RollPages } from "./d6-roll.js";
import { buildD6OddsPages } from "./d6-odds.js";
import { buildPhasePages } from "./phase.js";
import { buildCwnSheetPages } from "./cwn-sheets.js";
import { buildCwnCombatPages } from "./cwn-combat.js";
import { buildD6CombatPages } from "./d6-combat.js";
import { buildGurpsCombatPages } from "./gurps-combat.js";
import { buildHouseKitPages, buildHouseStylePage } from "./house-style.js";
import { buildCwnCardPages } from "./cwn-cards.js";
import { buildGurpsCardPages } from "./gurps-card.js";
import { buildGurpsSheetPages } from "./gurps-sheets.js";
import type { PreviewSheet } from "./fixtures.js";
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
  for (const sheet of settingsPages()) {
    const file = join(outDir, `${sheet.id}.html`);
    writeFileSync(file, renderPage(env, sheet, css));
    pages.push({ id: sheet.id, file });
  }
  if (chatCardExists()) {
    for (const theme of ["dark", "light"] as const) {
      const id = theme === "dark" ? "chat" : "chat-light";
      const file = join(outDir, `${id}.html`);
      writeFileSync(file, renderChatPage(env, css, frameCss(), theme));
      pages.push({ id, file });
    }
  }
  pages.push(...buildWorkflowPages(env, css, frameCss(), outDir));
  pages.push(...buildCombatPages(env, css, frameCss(), outDir));
  pages.push(...buildRulesetPages(env, css, frameCss(), outDir));
  pages.push(...buildD6SheetPages(env, css, outDir));
  pages.push(...buildD6RollPages(env, css, frameCss(), outDir));
  pages.push(...buildD6OddsPages(env, css, frameCss(), outDir));
  pages.push(...buildPhasePages(env, css, frameCss(), outDir));
  pages.push(...buildCwnSheetPages(env, css, outDir));
  pages.push(...buildCwnCombatPages(env, css, frameCss(), outDir));
  pages.push(...buildCwnCardPages(env, css, frameCss(), outDir));
  pages.push(...buildGurpsCardPages(env, css, frameCss(), outDir));
  pages.push(...buildGurpsSheetPages(env, css, frameCss(), outDir));
  pages.push(...buildD6CombatPages(env, css, frameCss(), outDir));
  pages.push(...buildGurpsCombatPages(env, css, frameCss(), outDir));
  pages.push(...buildHouseKitPages(env, css, frameCss(), outDir));
  // The side-by-side pages frame the pages above, so they come last.
  pages.push(buildHouseStylePage("dark", outDir), buildHouseStylePage("light", outDir));
  const seen = new Set<string>();
  for (const { id } of pages) {
    if (seen.has(id)) throw new Error(`two preview pages are called ${id}`);
    seen.add(id);
  }
  const index = pages.map((p) => `<li><a href="${p.id}.html">${p.id}</a></li>`).join("\n");
  writeFileSync(join(outDir, "index.html"), `<!doctype html><meta charset="utf-8"><title>Cychosys sheet previews</title><ul>${index}</ul>\n`);
  return { dir: outDir, pages };
}

/** The rules settings menu (effects table, chart): as stored, and after an invalid submission. */
function settingsPages(): PreviewSheet[] {
  const page = (id: string, context: object): PreviewSheet => ({
    id,
    title: "Cychosys rules",
    classes: ["cychosys", "rules-settings"],
    width: 760,
    height: 680,
    parts: { form: { template: "systems/cychosys/templates/settings/rules-settings.hbs", scrollable: [".rules-body"] } },
    context: context as Record<string, unknown>,
    theme: "dark",
  });
  const broken = { effects: STANDARD_EFFECTS.effects.map((e) => (e.letter === "D" ? { ...e, power: 0 } : e)) };
  const chart = { ...STANDARD_CHART, impactThresholds: [1, 5, 5, 22] };
  return [
    page("settings", rulesFormContext(STANDARD_EFFECTS, STANDARD_CHART)),
    page("settings-invalid", rulesFormContext(broken, chart, rulesFormProblems(broken, chart))),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { dir, pages } = buildPreview(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`preview: ${pages.length} pages in ${dir}`);
}
