/**
 * The Cities Without Number sheets (ApplicationV2 + Handlebars): the
 * character (header with the fighter's figures, tabs Combat / Attributes
 * and skills / Biography), the NPC group (one page), and one sheet per item
 * type. Their contents come from the pure view models
 * (src/rulesets/cwn/views/sheets.ts) over the stored data and
 * `system.derived`; edits go through the data model, the dice checked
 * first (sheet-actions.ts). Registered for the CWN types only.
 */
import type { CwnActorType, CwnItemType } from "../../rulesets/cwn/data/schema.js";
import { CWN_CHARACTER_PARTS, CWN_CHARACTER_TABS, CWN_INITIAL_TAB, CWN_NPC_PARTS, CWN_PARTIALS, cwnActorSheetView, cwnItemParts, cwnItemSheetView } from "../../rulesets/cwn/views/sheets.js";
import { actorSheetInput, itemSheetInput, primaryTabs, rulesetSheets } from "../ruleset-sheets.js";
import { bindCwnItemDragDrop, type CwnActorDoc, cwnActorActions, type CwnItemDoc, remarkCwnInvalid, screenCwnSubmission } from "./sheet-actions.js";
import { CWN_SKILL_CHECK_TEMPLATES } from "./skill-check.js";

const itemSheet = (type: CwnItemType, label: string) => ({ type, label, position: { width: 560, height: type === "cwnWeapon" ? 820 : 560 }, parts: cwnItemParts(type) });

const CWN_SHEETS = rulesetSheets<CwnActorDoc, CwnItemDoc, typeof cwnActorActions>(() => ({
  cssClass: "cwn",
  screen: (document, data, form) => screenCwnSubmission(document.type as CwnActorType | CwnItemType, document.system, data, form),
  remark: remarkCwnInvalid,
  actorActions: cwnActorActions,
  itemPosition: { width: 540, height: 560 },
  bindItemDragDrop: bindCwnItemDragDrop,
  actorView: async (sheet) => cwnActorSheetView(await actorSheetInput(sheet, "cwnCharacter" as CwnActorType, CWN_INITIAL_TAB)),
  itemView: async (sheet) => cwnItemSheetView(await itemSheetInput<CwnItemType, CwnItemDoc>(sheet)),
  actors: [
    { type: "cwnCharacter", label: "Character", classes: ["cwn-character"], position: { width: 780, height: 800 }, parts: CWN_CHARACTER_PARTS, tabs: primaryTabs(CWN_CHARACTER_TABS, CWN_INITIAL_TAB, "CYCHOSYS.Cwn.Sheet.Tab") },
    { type: "cwnNpc", label: "Npc", classes: ["cwn-npc"], position: { width: 760, height: 820 }, parts: CWN_NPC_PARTS },
  ],
  items: [itemSheet("cwnWeapon", "Weapon"), itemSheet("cwnArmor", "Armor"), itemSheet("cwnSkill", "Skill")],
  labelPrefix: "CYCHOSYS.Cwn.Sheet.Labels",
  partials: [...CWN_PARTIALS, ...CWN_SKILL_CHECK_TEMPLATES],
}));

/** The CWN sheet classes by type (made once Foundry runs). */
export const defineCwnSheets = CWN_SHEETS.define;
/** Register the CWN sheets (default for the CWN types only, scope "cychosys") and load the CWN partials. Call once, from the adapter's `register`. */
export const registerCwnSheets = CWN_SHEETS.register;
