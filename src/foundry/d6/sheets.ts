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
import { actorSheetInput, type Context, defineRulesetSheetBases, itemSheetInput, type Options, primaryTabs, registerRulesetSheets, sheetVariant } from "../ruleset-sheets.js";
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

let defined: ReturnType<typeof defineD6Sheets> | undefined;

export function defineD6Sheets() {
  const { RulesetActorSheet, RulesetItemSheet } = defineRulesetSheetBases<D6ActorDoc, D6ItemSheetDoc, typeof d6ActorActions>({
    cssClass: "d6",
    screen,
    remark: remarkInvalid,
    actorActions: d6ActorActions,
    itemPosition: { width: 520, height: 560 },
    bindItemDragDrop: bindD6ItemDragDrop,
  });

  class D6ActorSheet extends RulesetActorSheet {
    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const view = d6ActorSheetView({ ...(await actorSheetInput(this, "d6Character" as D6ActorType, "attributes")), round: currentRound() });
      return Object.assign(context, view, { tabsById: view.tabs ?? {} });
    }
  }

  const D6CharacterSheet = sheetVariant(D6ActorSheet, {
    classes: ["d6-character"],
    position: { width: 760, height: 780 },
    parts: D6_CHARACTER_PARTS,
    tabs: primaryTabs(D6_CHARACTER_TABS, "attributes", "CYCHOSYS.D6.Sheet.Tab"),
  });
  const D6CreatureSheet = sheetVariant(D6ActorSheet, { classes: ["d6-creature"], position: { width: 680, height: 820 }, parts: D6_CREATURE_PARTS });

  class D6ItemSheet extends RulesetItemSheet {
    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const item = this.item;
      const view = d6ItemSheetView({
        ...(await itemSheetInput<D6ItemType, D6ItemSheetDoc>(this)),
        ...(item.actor && { ownerSkills: item.actor.items.contents.filter((i) => i.type === "d6Skill").map((i) => i.name) }),
      });
      return Object.assign(context, view);
    }
  }

  const itemSheetFor = (type: D6ItemType) =>
    sheetVariant(D6ItemSheet, { classes: [type], position: { width: 520, height: type === "d6Weapon" ? 720 : 500 }, parts: d6ItemParts(type) });

  return {
    D6CharacterSheet,
    D6CreatureSheet,
    D6SkillSheet: itemSheetFor("d6Skill"),
    D6WeaponSheet: itemSheetFor("d6Weapon"),
    D6ArmorSheet: itemSheetFor("d6Armor"),
  };
}

/** Register the OpenD6 sheets (default for the D6 types only, scope "cychosys") and load the D6 partials. Call once, from `init`. */
export function registerD6Sheets(): void {
  defined ??= defineD6Sheets();
  const s = defined;
  registerRulesetSheets(
    "CYCHOSYS.D6.Sheet.Labels",
    [
      [Actor, s.D6CharacterSheet, "d6Character", "Character"],
      [Actor, s.D6CreatureSheet, "d6Creature", "Creature"],
      [Item, s.D6SkillSheet, "d6Skill", "Skill"],
      [Item, s.D6WeaponSheet, "d6Weapon", "Weapon"],
      [Item, s.D6ArmorSheet, "d6Armor", "Armor"],
    ],
    D6_PARTIALS,
  );
}
