/**
 * Preview pages of the OpenD6 sheets: Kira's character sheet (dark and
 * light, and as a viewer who may not edit it), the thug's creature sheet
 * (with its unreadable skill code listed), and each item sheet — the real
 * templates and view models over the real derive (test/fixtures/d6-sheets.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { D6_CHARACTER_PARTS, D6_CREATURE_PARTS, d6ActorSheetView, d6ItemParts, d6ItemSheetView, type D6SheetItem } from "../../src/rulesets/d6/views/sheets.js";
import type { D6ItemType } from "../../src/rulesets/d6/data/schema.js";
import { derivedOf, kira, thug, type D6SheetActor } from "../../test/fixtures/d6-sheets.js";
import type { PreviewSheet } from "./fixtures.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang, renderPage, ROOT } from "./render.js";

type Env = ReturnType<typeof makeEnvironment>;

const svg = (body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3a3947"/>${body}</svg>`).toString("base64")}`;
const PORTRAIT = svg('<circle cx="32" cy="24" r="12" fill="#c9a27a"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#c9a27a"/>');
const ITEM_IMG = svg('<path d="M14 50L44 14l6 6-36 30z" fill="#b9b2a6"/>');

export const D6_SHEET_TABS = ["attributes", "combat", "biography"];

const withImages = (items: readonly D6SheetItem[]) => items.map((i) => ({ ...i, img: ITEM_IMG }));

function actorPage(id: string, actor: D6SheetActor, theme: "dark" | "light", editable: boolean, localize: (k: string, p?: Record<string, unknown>) => string): PreviewSheet {
  const items = withImages(actor.items);
  const character = actor.type === "d6Character";
  const text = String((character ? actor.system.biography : actor.system.notes) ?? "");
  const view = d6ActorSheetView({ type: actor.type, name: actor.name, img: PORTRAIT, system: actor.system, derived: derivedOf(actor), items, editable, enrichedText: text, localize });
  return {
    id,
    title: actor.name,
    classes: ["cychosys", "d6", "sheet", "actor", character ? "d6-character" : "d6-creature"],
    width: character ? 760 : 680,
    height: character ? 780 : 820,
    parts: character ? D6_CHARACTER_PARTS : D6_CREATURE_PARTS,
    context: { ...view, tabsById: view.tabs ?? {} },
    ...(character && { tabs: D6_SHEET_TABS }),
    theme,
  };
}

function itemPage(id: string, item: D6SheetItem, theme: "dark" | "light", ownerSkills: string[]): PreviewSheet {
  const type = item.type as D6ItemType;
  const description = `<p>${item.name}: kept in good order.</p>`;
  return {
    id,
    title: item.name,
    classes: ["cychosys", "d6", "sheet", "item", type],
    width: 520,
    height: type === "d6Weapon" ? 720 : 500,
    parts: d6ItemParts(type),
    context: d6ItemSheetView({ type, name: item.name, img: ITEM_IMG, system: { ...item.system, description }, editable: true, enrichedDescription: description, ownerSkills }),
    theme,
  };
}

export function d6SheetPages(): PreviewSheet[] {
  const i18n = makeI18n(readLang());
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const byId = (id: string) => kira.items.find((i) => i.id === id)!;
  const skills = kira.items.filter((i) => i.type === "d6Skill").map((i) => i.name);
  return [
    actorPage("d6-character", kira, "dark", true, localize),
    actorPage("d6-character-light", kira, "light", true, localize),
    actorPage("d6-character-readonly", kira, "dark", false, localize),
    actorPage("d6-creature", thug, "dark", true, localize),
    actorPage("d6-creature-light", thug, "light", true, localize),
    itemPage("d6-item-skill", byId("sDodge"), "dark", skills),
    itemPage("d6-item-weapon", byId("wPistol"), "dark", skills),
    itemPage("d6-item-weapon-light", byId("wKnife"), "light", skills),
    itemPage("d6-item-armor", byId("aVest"), "dark", skills),
  ];
}

export function buildD6SheetPages(env: Env, systemCss: string, outDir: string): { id: string; file: string; tabs?: string[] }[] {
  const css = [systemCss, ...["styles/ruleset-sheets.css", "styles/d6.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  return d6SheetPages().map((sheet) => {
    const file = join(outDir, `${sheet.id}.html`);
    writeFileSync(file, renderPage(env, sheet, css));
    return { id: sheet.id, file, ...(sheet.tabs && { tabs: sheet.tabs }) };
  });
}
