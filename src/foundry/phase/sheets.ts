/**
 * The phase-based sheets (ApplicationV2 + Handlebars): the character (header,
 * tabs Combat / Gear / Biography), the creature (one page), the weapon and
 * the armor. Their contents come from the pure view models
 * (src/rulesets/phase/views/sheets.ts) over the stored data and
 * `system.derived`; edits go through the data model, the damage formula
 * checked first (sheet-actions.ts). Registered for the phase types only.
 */
import type { PhaseActorType, PhaseItemType } from "../../rulesets/phase/data/schema.js";
import { PHASE_CHARACTER_PARTS, PHASE_CHARACTER_TABS, PHASE_CREATURE_PARTS, PHASE_PARTIALS, phaseActorSheetView, phaseItemParts, phaseItemSheetView } from "../../rulesets/phase/views/sheets.js";
import { actorSheetInput, type Context, defineRulesetSheetBases, itemSheetInput, type Options, primaryTabs, registerRulesetSheets, sheetVariant } from "../ruleset-sheets.js";
import { bindPhaseItemDragDrop, type PhaseActorDoc, phaseActorActions, type PhaseItemDoc, remarkInvalid, screenSubmission } from "./sheet-actions.js";
import { phaseRules } from "./rules-source.js";

let defined: ReturnType<typeof definePhaseSheets> | undefined;

export function definePhaseSheets() {
  const { RulesetActorSheet, RulesetItemSheet } = defineRulesetSheetBases<PhaseActorDoc, PhaseItemDoc, typeof phaseActorActions>({
    cssClass: "phase",
    screen: (document, data, form) => screenSubmission(document.type as PhaseActorType | PhaseItemType, data, form),
    remark: remarkInvalid,
    actorActions: phaseActorActions,
    itemPosition: { width: 540, height: 620 },
    bindItemDragDrop: bindPhaseItemDragDrop,
  });

  class PhaseActorSheet extends RulesetActorSheet {
    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const view = phaseActorSheetView({ ...(await actorSheetInput(this, "phaseCharacter" as PhaseActorType, "combat")), rules: phaseRules() });
      return Object.assign(context, view, { tabsById: view.tabs ?? {} });
    }
  }

  const PhaseCharacterSheet = sheetVariant(PhaseActorSheet, {
    classes: ["phase-character"],
    position: { width: 780, height: 800 },
    parts: PHASE_CHARACTER_PARTS,
    tabs: primaryTabs(PHASE_CHARACTER_TABS, "combat", "CYCHOSYS.Phase.Sheet.Tab"),
  });
  const PhaseCreatureSheet = sheetVariant(PhaseActorSheet, { classes: ["phase-creature"], position: { width: 760, height: 860 }, parts: PHASE_CREATURE_PARTS });

  class PhaseItemSheet extends RulesetItemSheet {
    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      return Object.assign(context, phaseItemSheetView(await itemSheetInput<PhaseItemType, PhaseItemDoc>(this)));
    }
  }

  const itemSheetFor = (type: PhaseItemType) =>
    sheetVariant(PhaseItemSheet, { classes: [type], position: { width: 540, height: type === "phaseWeapon" ? 700 : 560 }, parts: phaseItemParts(type) });

  return { PhaseCharacterSheet, PhaseCreatureSheet, PhaseWeaponSheet: itemSheetFor("phaseWeapon"), PhaseArmorSheet: itemSheetFor("phaseArmor") };
}

/** Register the phase-based sheets (default for its types only) and load its partials. */
export function registerPhaseSheets(): void {
  defined ??= definePhaseSheets();
  const s = defined;
  registerRulesetSheets(
    "CYCHOSYS.Phase.Sheet.Labels",
    [
      [Actor, s.PhaseCharacterSheet, "phaseCharacter", "Character"],
      [Actor, s.PhaseCreatureSheet, "phaseCreature", "Creature"],
      [Item, s.PhaseWeaponSheet, "phaseWeapon", "Weapon"],
      [Item, s.PhaseArmorSheet, "phaseArmor", "Armor"],
    ],
    PHASE_PARTIALS,
  );
}
