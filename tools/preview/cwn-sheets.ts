/**
 * Preview pages of the Cities Without Number sheets: Vee's character sheet
 * (dark and light, and as a viewer who may not edit it), the corporate
 * guards' NPC sheet (with its unreadable Trauma Die listed), and each item
 * sheet — the real templates and view models over the real derive
 * (test/fixtures/cwn-sheets.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CwnItemType } from "../../src/rulesets/cwn/data/schema.js";
import { CWN_CHARACTER_PARTS, CWN_CHARACTER_TABS, CWN_NPC_PARTS, cwnActorSheetView, cwnItemParts, cwnItemSheetView, type CwnSheetItem } from "../../src/rulesets/cwn/views/sheets.js";
import { cwnDerivedOf, type CwnSheetActor, guards, vee } from "../../test/fixtures/cwn-sheets.js";
import type { PreviewSheet } from "./fixtures.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang, renderPage, ROOT } from "./render.js";

type Env = ReturnType<typeof makeEnvironment>;

const svg = (body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2f3447"/>${body}</svg>`).toString("base64")}`;
const PORTRAIT = svg('<circle cx="32" cy="24" r="12" fill="#8fb3c9"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#8fb3c9"/>');
const ITEM_IMG = svg('<path d="M12 40h30l8-8v-6H12z" fill="#b9b2a6"/>');

export const CWN_SHEET_TABS = CWN_CHARACTER_TABS.map((t) => t.id);

const withImages = (items: readonly CwnSheetItem[]) => items.map((i) => ({ ...i, img: ITEM_IMG }));

function actorPage(id: string, actor: CwnSheetActor, theme: "dark" | "light", editable: boolean, localize: (k: string, p?: Record<string, unknown>) => string): PreviewSheet {
  const character = actor.type === "cwnCharacter";
  const text = String((character ? actor.system.biography : actor.system.notes) ?? "");
  const view = cwnActorSheetView({ type: actor.type, name: actor.name, img: PORTRAIT, system: actor.system, derived: cwnDerivedOf(actor), items: withImages(actor.items), editable, enrichedText: text, localize });
  return {
    id,
    title: actor.name,
    classes: ["cychosys", "cwn", "sheet", "actor", character ? "cwn-character" : "cwn-npc"],
    width: character ? 780 : 760,
    height: character ? 800 : 820,
    parts: character ? CWN_CHARACTER_PARTS : CWN_NPC_PARTS,
    context: { ...view, tabsById: view.tabs ?? {} },
    ...(character && { tabs: CWN_SHEET_TABS }),
    theme,
  };
}

function itemPage(id: string, item: CwnSheetItem, theme: "dark" | "light"): PreviewSheet {
  const type = item.type as CwnItemType;
  const description = `<p>${item.name}: kept clean and close.</p>`;
  return {
    id,
    title: item.name,
    classes: ["cychosys", "cwn", "sheet", "item", type],
    width: 560,
    height: type === "cwnWeapon" ? 820 : 560,
    parts: cwnItemParts(type),
    context: cwnItemSheetView({ type, name: item.name, img: ITEM_IMG, system: { ...item.system, description }, editable: true, enrichedDescription: description }),
    theme,
  };
}

export function cwnSheetPages(): PreviewSheet[] {
  const i18n = makeI18n(readLang());
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const byId = (actor: CwnSheetActor, id: string) => actor.items.find((i) => i.id === id)!;
  return [
    actorPage("cwn-character", vee, "dark", true, localize),
    actorPage("cwn-character-light", vee, "light", true, localize),
    actorPage("cwn-character-readonly", vee, "dark", false, localize),
    actorPage("cwn-npc", guards, "dark", true, localize),
    actorPage("cwn-npc-light", guards, "light", true, localize),
    itemPage("cwn-item-weapon", byId(vee, "wKnife"), "dark"),
    itemPage("cwn-item-weapon-light", byId(guards, "wRifle"), "light"),
    itemPage("cwn-item-armor", byId(vee, "aVest"), "dark"),
    itemPage("cwn-item-skill", byId(vee, "sShoot"), "dark"),
  ];
}

export function buildCwnSheetPages(env: Env, systemCss: string, outDir: string): { id: string; file: string; tabs?: string[] }[] {
  const css = [systemCss, ...["styles/ruleset-sheets.css", "styles/cwn.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  return cwnSheetPages().map((sheet) => {
    const file = join(outDir, `${sheet.id}.html`);
    writeFileSync(file, renderPage(env, sheet, css));
    return { id: sheet.id, file, ...(sheet.tabs && { tabs: sheet.tabs }) };
  });
}
