/**
 * The Cities Without Number sheets (ApplicationV2 + Handlebars): the
 * character (header with the fighter's figures, tabs Combat / Attributes
 * and skills / Biography), the NPC group (one page), and one sheet per item
 * type. Their contents come from the pure view models
 * (src/rulesets/cwn/views/sheets.ts) over the stored data and
 * `system.derived`; edits go through the data model, the dice checked
 * first (sheet-actions.ts). Registered for the CWN types only.
 */
import type { SubmitProblem } from "../../core/schema/submission.js";
import type { CwnActorType, CwnItemType } from "../../rulesets/cwn/data/schema.js";
import { CWN_CHARACTER_PARTS, CWN_CHARACTER_TABS, CWN_NPC_PARTS, CWN_PARTIALS, cwnActorSheetView, cwnItemParts, cwnItemSheetView } from "../../rulesets/cwn/views/sheets.js";
import { registerSheet } from "../card-glue.js";
import { format } from "../i18n.js";
import { bindCwnItemDragDrop, type CwnActorDoc, cwnActorActions, type CwnItemDoc, remarkCwnInvalid, screenCwnSubmission } from "./sheet-actions.js";
import { CWN_SKILL_CHECK_TEMPLATES } from "./skill-check.js";

type Context = Record<string, unknown>;
type Options = Record<string, unknown>;

/** The members of DocumentSheetV2 the sheets use (the mixed class is cast to this: typing it in full is very slow for tsc). */
interface SheetLike {
  element: HTMLElement;
  isEditable: boolean;
  tabGroups: Record<string, string>;
  _prepareContext(options: Options): Promise<Context>;
  _preparePartContext(partId: string, context: Context, options: Options): Promise<Context>;
  _onFirstRender(context: Context, options: Options): Promise<void>;
  _onRender(context: Context, options: Options): Promise<void>;
  _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown>;
}
type SheetConstructor = new (options?: Options) => SheetLike;

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

async function enrich(text: string, relativeTo: unknown, owner: boolean): Promise<string> {
  const editor = foundry.applications.ux.TextEditor.implementation as unknown as { enrichHTML(content: string, options: Options): Promise<string> };
  return editor.enrichHTML(text ?? "", { relativeTo, secrets: owner });
}

let defined: ReturnType<typeof defineCwnSheets> | undefined;

export function defineCwnSheets() {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  const ActorBase = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as never) as unknown as SheetConstructor;
  const ItemBase = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as never) as unknown as SheetConstructor;

  class CwnActorSheet extends ActorBase {
    declare document: CwnActorDoc;
    refused: SubmitProblem[] = [];
    get actor(): CwnActorDoc {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "cwn", "sheet", "actor"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      actions: cwnActorActions,
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const actor = this.actor;
      const character = actor.type === "cwnCharacter";
      const text = String((character ? actor.system.biography : actor.system.notes) ?? "");
      const view = cwnActorSheetView({
        type: actor.type as CwnActorType,
        name: actor.name,
        img: actor.img,
        system: actor.system,
        derived: actor.system.derived,
        items: actor.items.contents.map((i) => ({ id: i.id, name: i.name, img: i.img, type: i.type, sort: i.sort, system: i.system })),
        editable: this.isEditable,
        enrichedText: await enrich(text, actor, actor.isOwner),
        activeTab: this.tabGroups.primary ?? "combat",
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
      bindCwnItemDragDrop(this);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkCwnInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      const { accepted, problems } = screenCwnSubmission(this.actor.type as CwnActorType, this.actor.system, formData.object, form);
      this.refused = problems;
      formData.object = accepted;
      return super._processFormData(event, form, formData);
    }
  }

  class CwnCharacterSheet extends CwnActorSheet {
    static override DEFAULT_OPTIONS = { ...CwnActorSheet.DEFAULT_OPTIONS, classes: [...CwnActorSheet.DEFAULT_OPTIONS.classes, "cwn-character"], position: { width: 780, height: 800 } };
    static PARTS = CWN_CHARACTER_PARTS;
    static TABS = {
      primary: { tabs: CWN_CHARACTER_TABS.map((t) => ({ id: t.id, icon: t.icon })), initial: "combat", labelPrefix: "CYCHOSYS.Cwn.Sheet.Tab" },
    };
  }

  class CwnNpcSheet extends CwnActorSheet {
    static override DEFAULT_OPTIONS = { ...CwnActorSheet.DEFAULT_OPTIONS, classes: [...CwnActorSheet.DEFAULT_OPTIONS.classes, "cwn-npc"], position: { width: 760, height: 820 } };
    static PARTS = CWN_NPC_PARTS;
  }

  class CwnItemSheet extends ItemBase {
    declare document: CwnItemDoc;
    refused: SubmitProblem[] = [];
    get item() {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "cwn", "sheet", "item"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 540, height: 560 },
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const item = this.item;
      const view = cwnItemSheetView({
        type: item.type as CwnItemType,
        name: item.name,
        img: item.img,
        system: item.system,
        editable: this.isEditable,
        enrichedDescription: await enrich(String(item.system.description ?? ""), item, item.isOwner),
      });
      return Object.assign(context, view);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkCwnInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      const { accepted, problems } = screenCwnSubmission(this.item.type as CwnItemType, this.item.system, formData.object, form);
      this.refused = problems;
      formData.object = accepted;
      return super._processFormData(event, form, formData);
    }
  }

  const itemSheetFor = (type: CwnItemType) =>
    class extends CwnItemSheet {
      static override DEFAULT_OPTIONS = {
        ...CwnItemSheet.DEFAULT_OPTIONS,
        classes: [...CwnItemSheet.DEFAULT_OPTIONS.classes, type],
        position: { width: 560, height: type === "cwnWeapon" ? 820 : 560 },
      };
      static PARTS = cwnItemParts(type);
    };

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
  const sheets: [unknown, unknown, string, string][] = [
    [Actor, s.CwnCharacterSheet, "cwnCharacter", "Character"],
    [Actor, s.CwnNpcSheet, "cwnNpc", "Npc"],
    [Item, s.CwnWeaponSheet, "cwnWeapon", "Weapon"],
    [Item, s.CwnArmorSheet, "cwnArmor", "Armor"],
    [Item, s.CwnSkillSheet, "cwnSkill", "Skill"],
  ];
  for (const [documentClass, sheetClass, type, label] of sheets) {
    registerSheet(documentClass, sheetClass, { types: [type], makeDefault: true, label: `CYCHOSYS.Cwn.Sheet.Labels.${label}` });
  }
  void foundry.applications.handlebars.loadTemplates([...CWN_PARTIALS, ...CWN_SKILL_CHECK_TEMPLATES]);
}
