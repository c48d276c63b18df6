/**
 * Which templates make up each sheet (ApplicationV2 PARTS) and the character
 * sheet's tabs. Shared by the sheet classes and the preview harness, so both
 * render the same parts in the same order.
 */
import { type PartSpec, tabsView as coreTabsView, type TabView, TEMPLATE_ROOT, templatePath as t } from "../../../core/views/templates.js";

export { type PartSpec, TEMPLATE_ROOT };

export const CHARACTER_PARTS = {
  header: { template: t("actor/character/header.hbs") },
  tabs: { template: t("actor/character/tabs.hbs") },
  stats: { template: t("actor/character/stats.hbs"), scrollable: [""] },
  skills: { template: t("actor/character/skills.hbs"), scrollable: [""] },
  gear: { template: t("actor/character/gear.hbs"), scrollable: [""] },
  outfit: { template: t("actor/character/outfit.hbs"), scrollable: [""] },
  biography: { template: t("actor/character/biography.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const NPC_PARTS = {
  sheet: { template: t("actor/npc/sheet.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const OBJECT_PARTS = {
  sheet: { template: t("actor/object-sheet.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

/** Item sheets: a shared header, the type's body, then the description. */
export const ITEM_BODY_TEMPLATES = {
  skill: t("item/skill.hbs"),
  trademark: t("item/trademark.hbs"),
  weapon: t("item/gear.hbs"),
  trick: t("item/gear.hbs"),
  outfit: t("item/outfit.hbs"),
} as const;

export function itemParts(type: keyof typeof ITEM_BODY_TEMPLATES): Record<string, PartSpec> {
  return {
    header: { template: t("item/header.hbs") },
    body: { template: ITEM_BODY_TEMPLATES[type], scrollable: [""] },
    description: { template: t("item/description.hbs") },
  };
}

/** Every partial the templates include (Foundry's loadTemplates registers them by path). */
export const PARTIALS = [
  t("partials/tabs.hbs"),
  t("partials/pool.hbs"),
  t("partials/total.hbs"),
  t("partials/item-controls.hbs"),
  t("partials/body-table.hbs"),
  t("partials/conditions.hbs"),
  t("actor/character/header.hbs"),
] as const;

export interface TabSpec {
  id: string;
  icon: string;
}

export const CHARACTER_TABS: readonly TabSpec[] = [
  { id: "stats", icon: "fa-solid fa-heart-pulse" },
  { id: "skills", icon: "fa-solid fa-dice" },
  { id: "gear", icon: "fa-solid fa-crosshairs" },
  { id: "outfit", icon: "fa-solid fa-shirt" },
  { id: "biography", icon: "fa-solid fa-book-open" },
];

export type { TabView } from "../../../core/views/templates.js";

/** The character sheet's tabs, the active one marked (the shared `tabsView` with Cychosys's labels). */
export const tabsView = (specs: readonly TabSpec[], active: string): Record<string, TabView> => coreTabsView(specs, active, "CYCHOSYS.Sheet.Tab");
