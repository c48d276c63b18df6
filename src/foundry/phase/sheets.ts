/**
 * The phase-based sheets (ApplicationV2 + Handlebars): the character (header,
 * tabs Combat / Gear / Biography), the creature (one page), the weapon and
 * the armor. Their contents come from the pure view models
 * (src/rulesets/phase/views/sheets.ts) over the stored data and
 * `system.derived`; edits go through the data model, the damage formula
 * checked first (sheet-actions.ts). Registered for the phase types only.
 */
import { registerSheet } from "../card-glue.js";
import { format } from "../i18n.js";
import type { SubmitProblem } from "../../core/schema/submission.js";
import type { PhaseActorType, PhaseItemType } from "../../rulesets/phase/data/schema.js";
import { PHASE_CHARACTER_PARTS, PHASE_CHARACTER_TABS, PHASE_CREATURE_PARTS, PHASE_PARTIALS, phaseActorSheetView, phaseItemParts, phaseItemSheetView } from "../../rulesets/phase/views/sheets.js";
import { bindPhaseItemDragDrop, type PhaseActorDoc, phaseActorActions, type PhaseItemDoc, remarkInvalid, screenSubmission } from "./sheet-actions.js";
import { phaseRules } from "./rules-source.js";

type Context = Record<string, unknown>;
type Options = Record<string, unknown>;

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

let defined: ReturnType<typeof definePhaseSheets> | undefined;

export function definePhaseSheets() {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  const ActorBase = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as never) as unknown as SheetConstructor;
  const ItemBase = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as never) as unknown as SheetConstructor;

  class PhaseActorSheet extends ActorBase {
    declare document: PhaseActorDoc;
    refused: SubmitProblem[] = [];
    get actor(): PhaseActorDoc {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "phase", "sheet", "actor"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      actions: phaseActorActions,
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const actor = this.actor;
      const character = actor.type === "phaseCharacter";
      const view = phaseActorSheetView({
        type: actor.type as PhaseActorType,
        name: actor.name,
        img: actor.img,
        system: actor.system,
        derived: actor.system.derived,
        items: actor.items.contents.map((i) => ({ id: i.id, name: i.name, img: i.img, type: i.type, sort: i.sort, system: i.system })),
        editable: this.isEditable,
        enrichedText: await enrich(String((character ? actor.system.biography : actor.system.notes) ?? ""), actor, actor.isOwner),
        activeTab: this.tabGroups.primary ?? "combat",
        localize,
        rules: phaseRules(),
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
      bindPhaseItemDragDrop(this);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      const { accepted, problems } = screenSubmission(this.actor.type as PhaseActorType, formData.object, form);
      this.refused = problems;
      formData.object = accepted;
      return super._processFormData(event, form, formData);
    }
  }

  class PhaseCharacterSheet extends PhaseActorSheet {
    static override DEFAULT_OPTIONS = { ...PhaseActorSheet.DEFAULT_OPTIONS, classes: [...PhaseActorSheet.DEFAULT_OPTIONS.classes, "phase-character"], position: { width: 780, height: 800 } };
    static PARTS = PHASE_CHARACTER_PARTS;
    static TABS = { primary: { tabs: PHASE_CHARACTER_TABS.map((t) => ({ id: t.id, icon: t.icon })), initial: "combat", labelPrefix: "CYCHOSYS.Phase.Sheet.Tab" } };
  }

  class PhaseCreatureSheet extends PhaseActorSheet {
    static override DEFAULT_OPTIONS = { ...PhaseActorSheet.DEFAULT_OPTIONS, classes: [...PhaseActorSheet.DEFAULT_OPTIONS.classes, "phase-creature"], position: { width: 760, height: 860 } };
    static PARTS = PHASE_CREATURE_PARTS;
  }

  class PhaseItemSheet extends ItemBase {
    declare document: PhaseItemDoc;
    refused: SubmitProblem[] = [];
    get item() {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "phase", "sheet", "item"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 540, height: 620 },
    };

    override async _prepareContext(options: Options): Promise<Context> {
      const context = await super._prepareContext(options);
      const item = this.item;
      return Object.assign(
        context,
        phaseItemSheetView({ type: item.type as PhaseItemType, name: item.name, img: item.img, system: item.system, editable: this.isEditable, enrichedDescription: await enrich(String(item.system.description ?? ""), item, item.isOwner) }),
      );
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      remarkInvalid(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      const { accepted, problems } = screenSubmission(this.item.type as PhaseItemType, formData.object, form);
      this.refused = problems;
      formData.object = accepted;
      return super._processFormData(event, form, formData);
    }
  }

  const itemSheetFor = (type: PhaseItemType) =>
    class extends PhaseItemSheet {
      static override DEFAULT_OPTIONS = { ...PhaseItemSheet.DEFAULT_OPTIONS, classes: [...PhaseItemSheet.DEFAULT_OPTIONS.classes, type], position: { width: 540, height: type === "phaseWeapon" ? 700 : 560 } };
      static PARTS = phaseItemParts(type);
    };

  return { PhaseCharacterSheet, PhaseCreatureSheet, PhaseWeaponSheet: itemSheetFor("phaseWeapon"), PhaseArmorSheet: itemSheetFor("phaseArmor") };
}

/** Register the phase-based sheets (default for its types only) and load its partials. */
export function registerPhaseSheets(): void {
  defined ??= definePhaseSheets();
  const s = defined;
  const sheets: [unknown, unknown, string, string][] = [
    [Actor, s.PhaseCharacterSheet, "phaseCharacter", "Character"],
    [Actor, s.PhaseCreatureSheet, "phaseCreature", "Creature"],
    [Item, s.PhaseWeaponSheet, "phaseWeapon", "Weapon"],
    [Item, s.PhaseArmorSheet, "phaseArmor", "Armor"],
  ];
  for (const [documentClass, sheetClass, type, label] of sheets) registerSheet(documentClass, sheetClass, { types: [type], makeDefault: true, label: `CYCHOSYS.Phase.Sheet.Labels.${label}` });
  void foundry.applications.handlebars.loadTemplates([...PHASE_PARTIALS]);
}
