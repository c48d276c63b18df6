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
import { CWN_CHARACTER_PARTS, CWN_CHARACTER_TABS, CWN_NPC_PARTS, CWN_PARTIALS, cwnActorSheetView, cwnItemParts, cwnItemSheetView } from "../../rulesets/cwn/views/sheets.js";
import { actorSheetInput, type Context, defineRulesetSheetBases, itemSheetInput, type Options, primaryTabs, registerRulesetSheets, sheetVariant } from "../ruleset-sheets.js";
import { bindCwnItemDragDrop, type CwnActorDoc, cwnActorActions, type CwnItemDoc, remarkCwnInvalid, screenCwnSubmission } from "./sheet-actions.js";
import { CWN_SKILL_CHECK_TEMPLATES } from "./skill-check.js";

let defined: ReturnType<typeof defineCwnSheets> | undefined;

export function defineCwnSheets() {
  const { RulesetActorSheet, RulesetItemSheet } = defineRulesetSheetBases<CwnActorDoc, CwnItemDoc, typeof cwnActorActions>({
    cssClass: "cwn",
    screen: (document, data, form) => screenCwnSubmission(document.type as CwnActorType | CwnItemType, document.system, data, form),
    remark: remarkCwnInvalid,
    actorActions: cwnActorActions,
    itemPosition: { width: 540, height: 560 },
    bindItemDragDrop: bindCwnItemDragDrop,
  });

  class CwnActorSheet extends RulesetActorSheet {
    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const view = cwnActorSheetView(await actorSheetInput(this, "cwnCharacter" as CwnActorType, "combat"));
      return Object.assign(context, view, { tabsById: view.tabs ?? {} });
    }
  }

  const CwnCharacterSheet = sheetVariant(CwnActorSheet, {
    classes: ["cwn-character"],
    position: { width: 780, height: 800 },
    parts: CWN_CHARACTER_PARTS,
    tabs: primaryTabs(CWN_CHARACTER_TABS, "combat", "CYCHOSYS.Cwn.Sheet.Tab"),
  });
  const CwnNpcSheet = sheetVariant(CwnActorSheet, { classes: ["cwn-npc"], position: { width: 760, height: 820 }, parts: CWN_NPC_PARTS });

  class CwnItemSheet extends RulesetItemSheet {
    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      return Object.assign(context, cwnItemSheetView(await itemSheetInput<CwnItemType, CwnItemDoc>(this)));
    }
  }

  const itemSheetFor = (type: CwnItemType) =>
    sheetVariant(CwnItemSheet, { classes: [type], position: { width: 560, height: type === "cwnWeapon" ? 820 : 560 }, parts: cwnItemParts(type) });

  return {
    CwnCharacterSheet,
    CwnNpcSheet,
    CwnWeaponSheet: itemSheetFor("cwnWeapon"),
    CwnArmorSheet: itemSheetFor("cwnArmor"),
    CwnSkillSheet: itemSheetFor("cwnSkill"),
  };
}

/** Register the CWN sheets (default for the CWN types only, scope "cychosys") and load the CWN partials. Call once, from the adapter's `register`. */
export function registerCwnSheets(): void {
  defined ??= defineCwnSheets();
  const s = defined;
  registerRulesetSheets(
    "CYCHOSYS.Cwn.Sheet.Labels",
    [
      [Actor, s.CwnCharacterSheet, "cwnCharacter", "Character"],
      [Actor, s.CwnNpcSheet, "cwnNpc", "Npc"],
      [Item, s.CwnWeaponSheet, "cwnWeapon", "Weapon"],
      [Item, s.CwnArmorSheet, "cwnArmor", "Armor"],
      [Item, s.CwnSkillSheet, "cwnSkill", "Skill"],
    ],
    [...CWN_PARTIALS, ...CWN_SKILL_CHECK_TEMPLATES],
  );
}
