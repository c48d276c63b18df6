/**
 * The OpenD6 sheets (ApplicationV2 + Handlebars): the character (header,
 * tabs Attributes / Combat / Biography), the creature (one compact page),
 * and one sheet per item type. Their contents come from the pure view models
 * (src/rulesets/d6/views/sheets.ts) over the document's stored data and
 * `system.derived`; edits go through the data model, the codes checked first
 * (sheet-actions.ts). `registerD6Sheets()` registers them for the D6 types
 * only and loads the D6 partials.
 */
import type { D6ActorType, D6ItemType } from "../../rulesets/d6/data/schema.js";
import {
  D6_CHARACTER_PARTS,
  D6_CREATURE_PARTS,
  D6_CHARACTER_TABS,
  D6_PARTIALS,
  d6ActorSheetView,
  d6ItemParts,
  d6ItemSheetView,
} from "../../rulesets/d6/views/sheets.js";
import { actorSheetInput, itemSheetInput, primaryTabs, rulesetSheets } from "../ruleset-sheets.js";
import { bindD6ItemDragDrop, d6ActorActions, type D6ActorDoc, type D6ItemDoc, remarkInvalid, screenSubmission } from "./sheet-actions.js";

/** The round of the started combat (D35: a Stunned result lasts to a round's end), else 0. */
const currentRound = () => (game as unknown as { combat?: { started?: boolean; round?: number } | null }).combat?.round ?? 0;

type D6ItemSheetDoc = D6ItemDoc & { actor: D6ActorDoc | null };

/** Checked submissions, for actor and item sheets: unreadable codes left out and marked (D1); a wound set by hand lasts until changed (D35). */
function screen(document: D6ActorDoc | D6ItemSheetDoc, data: Record<string, unknown>, form: HTMLFormElement) {
  const result = screenSubmission(document.type as D6ActorType | D6ItemType, data, form);
  const { accepted } = result;
  const wounds = document.system.wounds as { level?: string } | undefined;
  if ("system.wounds.level" in accepted && accepted["system.wounds.level"] !== wounds?.level) accepted["system.wounds.untilRound"] = 0;
  return result;
}

const itemSheet = (type: D6ItemType, label: string) => ({ type, label, position: { width: 520, height: type === "d6Weapon" ? 720 : 500 }, parts: d6ItemParts(type) });

const D6_SHEETS = rulesetSheets<D6ActorDoc, D6ItemSheetDoc, typeof d6ActorActions>(() => ({
  cssClass: "d6",
  screen,
  remark: remarkInvalid,
  actorActions: d6ActorActions,
  itemPosition: { width: 520, height: 560 },
  bindItemDragDrop: bindD6ItemDragDrop,
  actorView: async (sheet) => d6ActorSheetView({ ...(await actorSheetInput(sheet, "d6Character" as D6ActorType, "attributes")), round: currentRound() }),
  itemView: async (sheet) =>
    d6ItemSheetView({
      ...(await itemSheetInput<D6ItemType, D6ItemSheetDoc>(sheet)),
      ...(sheet.item.actor && { ownerSkills: sheet.item.actor.items.contents.filter((i) => i.type === "d6Skill").map((i) => i.name) }),
    }),
  actors: [
    { type: "d6Character", label: "Character", classes: ["d6-character"], position: { width: 760, height: 780 }, parts: D6_CHARACTER_PARTS, tabs: primaryTabs(D6_CHARACTER_TABS, "attributes", "CYCHOSYS.D6.Sheet.Tab") },
    { type: "d6Creature", label: "Creature", classes: ["d6-creature"], position: { width: 680, height: 820 }, parts: D6_CREATURE_PARTS },
  ],
  items: [itemSheet("d6Skill", "Skill"), itemSheet("d6Weapon", "Weapon"), itemSheet("d6Armor", "Armor")],
  labelPrefix: "CYCHOSYS.D6.Sheet.Labels",
  partials: D6_PARTIALS,
}));

/** The OpenD6 sheet classes by type (made once Foundry runs). */
export const defineD6Sheets = D6_SHEETS.define;
/** Register the OpenD6 sheets (default for the D6 types only, scope "cychosys") and load the D6 partials. Call once, from `init`. */
export const registerD6Sheets = D6_SHEETS.register;
