/**
 * Which templates make up the GURPS sheets (pure): the character's parts
 * and tabs, each item type's parts, and the partials the templates include.
 */
import { itemSheetParts, type SheetItem } from "../../../core/views/sheet.js";
import { type PartSpec, type TabView, tabsView, templatePath } from "../../../core/views/templates.js";
import type { GurpsItemType } from "../data/schema.js";

export const GURPS_TEMPLATE_ROOT = templatePath("gurps");
const t = (path: string) => `${GURPS_TEMPLATE_ROOT}/${path}`;

export const GURPS_CHARACTER_TABS = [
  { id: "attributes", icon: "fa-solid fa-dice" },
  { id: "combat", icon: "fa-solid fa-crosshairs" },
  { id: "traits", icon: "fa-solid fa-star" },
  { id: "notes", icon: "fa-solid fa-book-open" },
] as const;
export type GurpsTabId = (typeof GURPS_CHARACTER_TABS)[number]["id"];

export const GURPS_CHARACTER_PARTS = {
  header: { template: t("actor/header.hbs") },
  tabs: { template: templatePath("partials/tabs.hbs") },
  attributes: { template: t("actor/attributes.hbs"), scrollable: [""] },
  combat: { template: t("actor/combat.hbs"), scrollable: [""] },
  traits: { template: t("actor/traits.hbs"), scrollable: [""] },
  notes: { template: t("actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

const ITEM_BODIES: Readonly<Record<GurpsItemType, string>> = {
  gurpsSkill: t("item/skill.hbs"),
  gurpsWeapon: t("item/weapon.hbs"),
  gurpsArmor: t("item/armor.hbs"),
  gurpsShield: t("item/shield.hbs"),
};

/**
 * An item sheet: the shared header, then one scrolling body — the type's
 * fields with its description at the end (the body template includes
 * item/description.hbs), so a long weapon's attack lines are never cut by a
 * scroll pane above a fixed description (docs/style.md, "Sheet anatomy").
 */
export const gurpsItemParts = (type: GurpsItemType): Record<string, PartSpec> => {
  const { header, body } = itemSheetParts(GURPS_TEMPLATE_ROOT, ITEM_BODIES[type]);
  return { header: header!, body: body! };
};

/** The description every item body ends with (a partial, loaded with the others). */
export const GURPS_ITEM_DESCRIPTION = t("item/description.hbs");

/** Every partial the GURPS templates include (loaded by path). */
export const GURPS_PARTIALS = [
  t("partials/problems.hbs"),
  t("partials/item-controls.hbs"),
  t("partials/weapons.hbs"),
  t("partials/armor.hbs"),
  t("partials/conditions.hbs"),
  GURPS_ITEM_DESCRIPTION,
] as const;

export const gurpsTabsView = (active: string): Record<string, TabView> => tabsView(GURPS_CHARACTER_TABS, active, "CYCHOSYS.Gurps.Sheet.Tab");

/** An owned item as a sheet receives it. */
export type GurpsSheetItem = SheetItem;
