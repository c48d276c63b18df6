/**
 * The GURPS sheets (ApplicationV2 + Handlebars): the character (header with
 * HP, FP, Dodge, Move and the conditions; tabs Attributes / Combat / Traits /
 * Notes) and one sheet per item type (skill, weapon with its attack lines,
 * armor with DR by location, shield). Their contents are the pure view
 * models (src/rulesets/gurps/views/) over the stored data (`_source`: an
 * advantage's effect is never saved into a base score) and `system.derived`;
 * edits are screened first (sheet-actions.ts) and validated by the data model.
 */
import type { GurpsItemType } from "../../rulesets/gurps/data/schema.js";
import { GURPS_CHARACTER_PARTS, GURPS_CHARACTER_TABS, GURPS_PARTIALS, gurpsItemParts } from "../../rulesets/gurps/views/sheet-parts.js";
import { gurpsActorSheetView } from "../../rulesets/gurps/views/sheet-actor.js";
import { gurpsItemSheetView } from "../../rulesets/gurps/views/sheet-items.js";
import type { GurpsSheetEffect } from "../../rulesets/gurps/views/sheet-effects.js";
import { enrich, itemRowOf, localize, primaryTabs, rulesetSheets } from "../ruleset-sheets.js";
import { bindGurpsItemDragDrop, type GurpsActorDoc, type GurpsItemDoc, gurpsActorActions, gurpsItemActions, remarkGurpsInvalid, screenGurpsSubmission } from "./sheet-actions.js";
import { gurpsRules } from "./rules-source.js";
import { gurpsRoundOf } from "./status.js";

/** An item as its sheet reads it: the stored data too, and the character who owns it. */
type GurpsItemSheetDoc = GurpsItemDoc & { _source: { system: Record<string, unknown> }; actor: GurpsActorDoc | null };

/** The actor's effects as the Traits tab lists them: his own and those his items transfer. */
function effectsOf(actor: GurpsActorDoc): GurpsSheetEffect[] {
  const all = actor.allApplicableEffects ? [...actor.allApplicableEffects()] : actor.effects.contents;
  return all.map((e) => {
    const parent = (e as { parent?: { name?: string; documentName?: string } }).parent;
    return {
      id: e.id, name: e.name, img: e.img, disabled: e.disabled, changes: e.changes.map((c) => ({ key: c.key, mode: c.mode, value: String(c.value) })),
      statuses: [...(e.statuses ?? [])], fromItem: parent?.documentName === "Item" ? (parent.name ?? null) : null,
    };
  });
}

const itemSheet = (type: GurpsItemType, label: string) => ({
  type,
  label,
  position: { width: type === "gurpsWeapon" ? 640 : 560, height: type === "gurpsWeapon" ? 760 : type === "gurpsArmor" ? 780 : 560 },
  parts: gurpsItemParts(type),
});

const GURPS_SHEETS = rulesetSheets<GurpsActorDoc, GurpsItemSheetDoc, typeof gurpsActorActions, typeof gurpsItemActions>(() => ({
  cssClass: "gurps",
  // The stored data (`_source`): an advantage's effect is never saved into a base score.
  screen: (document, data, form) => screenGurpsSubmission(document.type as "gurpsCharacter" | GurpsItemType, document._source.system, data, form),
  remark: remarkGurpsInvalid,
  actorActions: gurpsActorActions,
  itemActions: gurpsItemActions,
  itemPosition: { width: 560, height: 600 },
  bindItemDragDrop: bindGurpsItemDragDrop,
  actorView: async (sheet) => {
    const actor = sheet.actor;
    const source = actor._source.system;
    return gurpsActorSheetView({
      name: actor.name, img: actor.img, source, derived: actor.system.derived,
      items: actor.items.contents.map(itemRowOf),
      effects: effectsOf(actor),
      editable: sheet.isEditable,
      enriched: { advantages: await enrich(String(source.advantages ?? ""), actor, actor.isOwner), notes: await enrich(String(source.notes ?? ""), actor, actor.isOwner) },
      round: gurpsRoundOf(actor),
      activeTab: sheet.tabGroups.primary ?? "attributes",
      localize,
      rules: gurpsRules(),
    });
  },
  itemView: async (sheet) => {
    const item = sheet.item;
    const owner = item.actor;
    return gurpsItemSheetView({
      type: item.type as GurpsItemType, id: item.id, name: item.name, img: item.img, system: item._source.system, editable: sheet.isEditable,
      enrichedDescription: await enrich(String(item._source.system.description ?? ""), item, item.isOwner),
      ...(owner && { owner: { name: owner.name, derived: owner.system.derived, skills: owner.items.contents.filter((i) => i.type === "gurpsSkill").map((i) => i.name) } }),
    });
  },
  actors: [
    { type: "gurpsCharacter", label: "Character", classes: ["gurps-character"], position: { width: 780, height: 820 }, parts: GURPS_CHARACTER_PARTS, tabs: primaryTabs(GURPS_CHARACTER_TABS, "attributes", "CYCHOSYS.Gurps.Sheet.Tab") },
  ],
  items: [itemSheet("gurpsSkill", "Skill"), itemSheet("gurpsWeapon", "Weapon"), itemSheet("gurpsArmor", "Armor"), itemSheet("gurpsShield", "Shield")],
  labelPrefix: "CYCHOSYS.Gurps.Sheet.Labels",
  partials: GURPS_PARTIALS,
}));

/** The GURPS sheet classes by type (made once Foundry runs). */
export const defineGurpsSheets = GURPS_SHEETS.define;
/** Register the GURPS sheets (default for the GURPS types only, scope "cychosys") and load the GURPS partials. Call once, from `init`. */
export const registerGurpsSheets = GURPS_SHEETS.register;
