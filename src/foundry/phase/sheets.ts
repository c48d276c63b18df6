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
import { actorSheetInput, itemSheetInput, primaryTabs, rulesetSheets } from "../ruleset-sheets.js";
import { bindPhaseItemDragDrop, type PhaseActorDoc, phaseActorActions, type PhaseItemDoc, remarkInvalid, screenSubmission } from "./sheet-actions.js";
import { phaseRules } from "./rules-source.js";

const itemSheet = (type: PhaseItemType, label: string) => ({ type, label, position: { width: 540, height: type === "phaseWeapon" ? 700 : 560 }, parts: phaseItemParts(type) });

const PHASE_SHEETS = rulesetSheets<PhaseActorDoc, PhaseItemDoc, typeof phaseActorActions>(() => ({
  cssClass: "phase",
  screen: (document, data, form) => screenSubmission(document.type as PhaseActorType | PhaseItemType, data, form),
  remark: remarkInvalid,
  actorActions: phaseActorActions,
  itemPosition: { width: 540, height: 620 },
  bindItemDragDrop: bindPhaseItemDragDrop,
  actorView: async (sheet) => phaseActorSheetView({ ...(await actorSheetInput(sheet, "phaseCharacter" as PhaseActorType, "combat")), rules: phaseRules() }),
  itemView: async (sheet) => phaseItemSheetView(await itemSheetInput<PhaseItemType, PhaseItemDoc>(sheet)),
  actors: [
    { type: "phaseCharacter", label: "Character", classes: ["phase-character"], position: { width: 780, height: 800 }, parts: PHASE_CHARACTER_PARTS, tabs: primaryTabs(PHASE_CHARACTER_TABS, "combat", "CYCHOSYS.Phase.Sheet.Tab") },
    { type: "phaseCreature", label: "Creature", classes: ["phase-creature"], position: { width: 760, height: 860 }, parts: PHASE_CREATURE_PARTS },
  ],
  items: [itemSheet("phaseWeapon", "Weapon"), itemSheet("phaseArmor", "Armor")],
  labelPrefix: "CYCHOSYS.Phase.Sheet.Labels",
  partials: PHASE_PARTIALS,
}));

/** The phase-based sheet classes by type (made once Foundry runs). */
export const definePhaseSheets = PHASE_SHEETS.define;
/** Register the phase-based sheets (default for its types only) and load its partials. */
export const registerPhaseSheets = PHASE_SHEETS.register;
