/**
 * The OpenD6 sheets (ApplicationV2 + Handlebars): the character (header,
 * tabs Attributes / Combat / Biography), the creature (one compact page),
 * and one sheet per item type. Their contents come from the pure view models
 * (src/rulesets/d6/views/sheets.ts) over the document's stored data and
 * `system.derived`; edits go through the data model, the codes checked first
 * (sheet-actions.ts). `registerD6Sheets()` registers them for the D6 types
 * only and loads the D6 partials.
 */
import { registerSheet } from "../card-glue.js";
import { enrichHtml, handlebarsSheetBases, type SheetContext, type SheetLike, type SheetOptions } from "../sheet-base.js";
import { format } from "../i18n.js";
import type { D6ActorType, D6ItemType } from "../../rulesets/d6/data/schema.js";
import type { D6SubmitProblem } from "../../rulesets/d6/views/sheet-submit.js";
import {
  D6_CHARACTER_PARTS,
  D6_CREATURE_PARTS,
  D6_CHARACTER_TABS,
  D6_PARTIALS,
  d6ActorSheetView,
  d6ItemParts,
  d6ItemSheetView,
} from "../../rulesets/d6/views/sheets.js";
import { bindD6ItemDragDrop, d6ActorActions, type D6ActorDoc, type D6ItemDoc, remarkInvalid, screenSubmission } from "./sheet-actions.js";

type Context = SheetContext;
type Options = SheetOptions;

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

const enrich = enrichHtml;

/** The round of the started combat (D35: a Stunned result lasts to a round's end), else 0. */
const currentRound = () => (game as unknown as { combat?: { started?: boolean; round?: number } | null }).combat?.round ?? 0;

/** Checked submissions, shared by actor and item sheets: unreadable codes left out and marked (D1); a wound set by hand lasts until changed (D35). */
function screen(sheet: SheetLike & { refused: D6SubmitProblem[] }, type: D6ActorType | D6ItemType, stored: Record<string, unknown>, form: HTMLFormElement, data: Record<string, unknown>) {
  const { accepted, problems } = screenSubmission(type, data, form);
  sheet.refused = problems;
  const wounds = stored.wounds as { level?: string } | undefined;
  if ("system.wounds.level" in accepted && accepted["system.wounds.level"] !== wounds?.level) accepted["system.wounds.untilRound"] = 0;
  return accepted;
}

let defined: ReturnType<typeof defineD6Sheets> | undefined;

export function defineD6Sheets() {
  const { ActorBase, ItemBase } = handlebarsSheetBases();

  class D6ActorSheet extends ActorBase {
    declare document: D6ActorDoc;
    refused: D6SubmitProblem[] = [];
    get actor(): D6ActorDoc {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "d6", "sheet", "actor"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      actions: d6ActorActions,
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const actor = this.actor;
      const system = actor.system;
      const character = actor.type === "d6Character";
      const text = String((character ? system.biography : system.notes) ?? "");
      const view = d6ActorSheetView({
        type: actor.type as D6ActorType,
        name: actor.name,
        img: actor.img,
        system,
        derived: system.derived,
        items: actor.items.contents.map((i) => ({ id: i.id, name: i.name, img: i.img, type: i.type, sort: i.sort, system: i.system })),
        editable: this.isEditable,
        enrichedText: await enrich(text, actor, actor.isOwner),
        round: currentRound(),
        activeTab: this.tabGroups.primary ?? "attributes",
        localize,
      });
      return Object.assign(context, view, { tabsById: view.tabs ?? {} });
    }

    override async _preparePartContext(partId: string, context: Context, options: Options): Promise<Context> {
      const partContext = await super._preparePartContext(partId, context, options);
      partContext.tab = (context.tabsById as Record<string, unknown>)[partId];
      return partContext;
    }

    override async _onFirstRender(context: Context, options: Options): Promise<void> {
      await super._onFirstRender(context, options);
      bindD6ItemDragDrop(this);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      formData.object = screen(this, this.actor.type as D6ActorType, this.actor.system, form, formData.object);
      return super._processFormData(event, form, formData);
    }
  }

  class D6CharacterSheet extends D6ActorSheet {
    static override DEFAULT_OPTIONS = { ...D6ActorSheet.DEFAULT_OPTIONS, classes: [...D6ActorSheet.DEFAULT_OPTIONS.classes, "d6-character"], position: { width: 760, height: 780 } };
    static PARTS = D6_CHARACTER_PARTS;
    static TABS = {
      primary: { tabs: D6_CHARACTER_TABS.map((t) => ({ id: t.id, icon: t.icon })), initial: "attributes", labelPrefix: "CYCHOSYS.D6.Sheet.Tab" },
    };
  }

  class D6CreatureSheet extends D6ActorSheet {
    static override DEFAULT_OPTIONS = { ...D6ActorSheet.DEFAULT_OPTIONS, classes: [...D6ActorSheet.DEFAULT_OPTIONS.classes, "d6-creature"], position: { width: 680, height: 820 } };
    static PARTS = D6_CREATURE_PARTS;
  }

  class D6ItemSheet extends ItemBase {
    declare document: D6ItemDoc & { actor: D6ActorDoc | null };
    refused: D6SubmitProblem[] = [];
    get item() {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "d6", "sheet", "item"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 520, height: 560 },
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const item = this.item;
      const view = d6ItemSheetView({
        type: item.type as D6ItemType,
        name: item.name,
        img: item.img,
        system: item.system,
        editable: this.isEditable,
        enrichedDescription: await enrich(String(item.system.description ?? ""), item, item.isOwner),
        ...(item.actor && { ownerSkills: item.actor.items.contents.filter((i) => i.type === "d6Skill").map((i) => i.name) }),
      });
      return Object.assign(context, view);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      formData.object = screen(this, this.item.type as D6ItemType, this.item.system, form, formData.object);
      return super._processFormData(event, form, formData);
    }
  }

  const itemSheetFor = (type: D6ItemType) =>
    class extends D6ItemSheet {
      static override DEFAULT_OPTIONS = {
        ...D6ItemSheet.DEFAULT_OPTIONS,
        classes: [...D6ItemSheet.DEFAULT_OPTIONS.classes, type],
        position: { width: 520, height: type === "d6Weapon" ? 720 : 500 },
      };
      static PARTS = d6ItemParts(type);
    };

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
  const sheets: [unknown, unknown, string, string][] = [
    [Actor, s.D6CharacterSheet, "d6Character", "Character"],
    [Actor, s.D6CreatureSheet, "d6Creature", "Creature"],
    [Item, s.D6SkillSheet, "d6Skill", "Skill"],
    [Item, s.D6WeaponSheet, "d6Weapon", "Weapon"],
    [Item, s.D6ArmorSheet, "d6Armor", "Armor"],
  ];
  for (const [documentClass, sheetClass, type, label] of sheets) {
    registerSheet(documentClass, sheetClass, { types: [type], makeDefault: true, label: `CYCHOSYS.D6.Sheet.Labels.${label}` });
  }
  void foundry.applications.handlebars.loadTemplates([...D6_PARTIALS]);
}
