/**
 * The GURPS sheets (ApplicationV2 + Handlebars): the character (header with
 * HP, FP, Dodge, Move and the conditions; tabs Attributes / Combat / Traits /
 * Notes) and one sheet per item type (skill, weapon with its attack lines,
 * armor with DR by location, shield). Their contents are the pure view
 * models (src/rulesets/gurps/views/) over the stored data (`_source`: an
 * advantage's effect is never saved into a base score) and `system.derived`;
 * edits are screened first (sheet-actions.ts) and validated by the data model.
 */
import { registerSheet } from "../card-glue.js";
import { enrichHtml, handlebarsSheetBases, type SheetContext, type SheetOptions } from "../sheet-base.js";
import { format } from "../i18n.js";
import type { SubmitProblem } from "../../core/schema/submission.js";
import type { GurpsItemType } from "../../rulesets/gurps/data/schema.js";
import { GURPS_CHARACTER_PARTS, GURPS_CHARACTER_TABS, GURPS_PARTIALS, gurpsItemParts } from "../../rulesets/gurps/views/sheet-parts.js";
import { gurpsActorSheetView } from "../../rulesets/gurps/views/sheet-actor.js";
import { gurpsItemSheetView } from "../../rulesets/gurps/views/sheet-items.js";
import type { GurpsSheetEffect } from "../../rulesets/gurps/views/sheet-effects.js";
import { bindGurpsItemDragDrop, type GurpsActorDoc, type GurpsItemDoc, gurpsActorActions, gurpsItemActions, remarkGurpsInvalid, screenGurpsSubmission } from "./sheet-actions.js";
import { gurpsRules } from "./rules-source.js";
import { gurpsRoundOf } from "./status.js";

type Context = SheetContext;
type Options = SheetOptions;

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

const enrich = enrichHtml;

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

let defined: ReturnType<typeof defineGurpsSheets> | undefined;

export function defineGurpsSheets() {
  const { ActorBase, ItemBase } = handlebarsSheetBases();

  class GurpsCharacterSheet extends ActorBase {
    declare document: GurpsActorDoc;
    refused: SubmitProblem[] = [];
    get actor(): GurpsActorDoc {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "gurps", "sheet", "actor", "gurps-character"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 780, height: 820 },
      actions: gurpsActorActions,
    };
    static PARTS = GURPS_CHARACTER_PARTS;
    static TABS = { primary: { tabs: GURPS_CHARACTER_TABS.map((t) => ({ id: t.id, icon: t.icon })), initial: "attributes", labelPrefix: "CYCHOSYS.Gurps.Sheet.Tab" } };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const actor = this.actor;
      const source = actor._source.system;
      const view = gurpsActorSheetView({
        name: actor.name, img: actor.img, source, derived: actor.system.derived,
        items: actor.items.contents.map((i) => ({ id: i.id, name: i.name, img: i.img, type: i.type, sort: i.sort, system: i.system })),
        effects: effectsOf(actor),
        editable: this.isEditable,
        enriched: { advantages: await enrich(String(source.advantages ?? ""), actor, actor.isOwner), notes: await enrich(String(source.notes ?? ""), actor, actor.isOwner) },
        round: gurpsRoundOf(actor),
        activeTab: this.tabGroups.primary ?? "attributes",
        localize,
        rules: gurpsRules(),
      });
      return Object.assign(context, view, { tabsById: view.tabs });
    }

    override async _preparePartContext(partId: string, context: Context, options: Options): Promise<Context> {
      const partContext = await super._preparePartContext(partId, context, options);
      partContext.tab = (context.tabsById as Record<string, unknown>)[partId];
      return partContext;
    }

    override async _onFirstRender(context: Context, options: Options): Promise<void> {
      await super._onFirstRender(context, options);
      bindGurpsItemDragDrop(this);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkGurpsInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      const { accepted, problems } = screenGurpsSubmission("gurpsCharacter", this.actor._source.system, formData.object, form);
      this.refused = problems;
      formData.object = accepted;
      return super._processFormData(event, form, formData);
    }
  }

  class GurpsItemSheet extends ItemBase {
    declare document: GurpsItemDoc & { _source: { system: Record<string, unknown> }; actor: GurpsActorDoc | null };
    refused: SubmitProblem[] = [];
    get item() {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "gurps", "sheet", "item"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 560, height: 600 },
      actions: gurpsItemActions,
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const item = this.item;
      const owner = item.actor;
      const view = gurpsItemSheetView({
        type: item.type as GurpsItemType, id: item.id, name: item.name, img: item.img, system: item._source.system, editable: this.isEditable,
        enrichedDescription: await enrich(String(item._source.system.description ?? ""), item, item.isOwner),
        ...(owner && { owner: { name: owner.name, derived: owner.system.derived, skills: owner.items.contents.filter((i) => i.type === "gurpsSkill").map((i) => i.name) } }),
      });
      return Object.assign(context, view);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkGurpsInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      const { accepted, problems } = screenGurpsSubmission(this.item.type as GurpsItemType, this.item._source.system, formData.object, form);
      this.refused = problems;
      formData.object = accepted;
      return super._processFormData(event, form, formData);
    }
  }

  const itemSheetFor = (type: GurpsItemType) =>
    class extends GurpsItemSheet {
      static override DEFAULT_OPTIONS = {
        ...GurpsItemSheet.DEFAULT_OPTIONS,
        classes: [...GurpsItemSheet.DEFAULT_OPTIONS.classes, type],
        position: { width: type === "gurpsWeapon" ? 640 : 560, height: type === "gurpsWeapon" ? 760 : type === "gurpsArmor" ? 780 : 560 },
      };
      static PARTS = gurpsItemParts(type);
    };

  return {
    GurpsCharacterSheet,
    GurpsSkillSheet: itemSheetFor("gurpsSkill"),
    GurpsWeaponSheet: itemSheetFor("gurpsWeapon"),
    GurpsArmorSheet: itemSheetFor("gurpsArmor"),
    GurpsShieldSheet: itemSheetFor("gurpsShield"),
  };
}

/** Register the GURPS sheets (default for the GURPS types only) and load the GURPS partials. Call once, from `init`. */
export function registerGurpsSheets(): void {
  defined ??= defineGurpsSheets();
  const s = defined;
  const sheets: [unknown, unknown, string, string][] = [
    [Actor, s.GurpsCharacterSheet, "gurpsCharacter", "Character"],
    [Item, s.GurpsSkillSheet, "gurpsSkill", "Skill"],
    [Item, s.GurpsWeaponSheet, "gurpsWeapon", "Weapon"],
    [Item, s.GurpsArmorSheet, "gurpsArmor", "Armor"],
    [Item, s.GurpsShieldSheet, "gurpsShield", "Shield"],
  ];
  for (const [documentClass, sheetClass, type, label] of sheets) {
    registerSheet(documentClass, sheetClass, { types: [type], makeDefault: true, label: `CYCHOSYS.Gurps.Sheet.Labels.${label}` });
  }
  void foundry.applications.handlebars.loadTemplates([...GURPS_PARTIALS]);
}
