/**
 * What every ruleset's ApplicationV2 sheets share, so a ruleset writes only
 * its own context preparation: the Handlebars actor and item sheet bases
 * (`defineRulesetSheetBases`) with the checked submission (refused values
 * left out and marked, marked again after the render), the tab of each part,
 * the items dragged in and out; the variants per document type
 * (`sheetVariant`, `primaryTabs`); the rich-text enrichment and the
 * registration for the ruleset's types only (`registerRulesetSheets`).
 */
import type { SubmitProblem } from "../core/schema/submission.js";
import { registerSheet } from "./card-glue.js";
import { systemNamed } from "./class-name.js";
import { loadHousePartials } from "./house.js";
import { format } from "./i18n.js";

export type Context = Record<string, unknown>;
export type Options = Record<string, unknown>;

/** The members of DocumentSheetV2 the sheets use (the mixed class is cast to this: typing it in full is very slow for tsc). */
export interface SheetLike {
  element: HTMLElement;
  isEditable: boolean;
  tabGroups: Record<string, string>;
  _prepareContext(options: Options): Promise<Context>;
  _preparePartContext(partId: string, context: Context, options: Options): Promise<Context>;
  _onFirstRender(context: Context, options: Options): Promise<void>;
  _onRender(context: Context, options: Options): Promise<void>;
  _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must take `...any[]`
type SheetConstructor = new (...args: any[]) => SheetLike;

/** The options every ruleset sheet starts from (ApplicationV2's DEFAULT_OPTIONS). */
export interface SheetDefaults {
  classes: string[];
  form: { submitOnChange: boolean; closeOnSubmit: boolean };
  window: { resizable: boolean };
  position?: { width: number; height: number };
}

/** `format` in the shape the view models take. */
export const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

/** Rich text enriched for display (secrets shown to owners only). */
export async function enrich(text: string, relativeTo: unknown, owner: boolean): Promise<string> {
  const editor = foundry.applications.ux.TextEditor.implementation as unknown as { enrichHTML(content: string, options: Options): Promise<string> };
  return editor.enrichHTML(text ?? "", { relativeTo, secrets: owner });
}

/** An owned item as the view models list it. */
export const itemRowOf = <S>(i: { id: string; name: string; img: string; type: string; sort: number; system: S }) => ({ id: i.id, name: i.name, img: i.img, type: i.type, sort: i.sort, system: i.system });

/** What an actor sheet reads of its actor. */
export interface SheetActor extends SheetDocument {
  name: string;
  img: string;
  isOwner: boolean;
  system: Record<string, unknown> & { derived?: unknown };
  items: { contents: readonly { id: string; name: string; img: string; type: string; sort: number; system: Record<string, unknown> }[] };
}

/**
 * The input every ruleset's actor view model takes: the actor's type, name,
 * image, stored and derived data, owned items, whether it is editable, its
 * biography (a `characterType` actor) or notes enriched, the active tab
 * (`initialTab` before one is chosen), and the translator.
 */
export async function actorSheetInput<T extends string, A extends SheetActor>(sheet: { readonly actor: A; isEditable: boolean; tabGroups: Record<string, string> }, characterType: T, initialTab: string) {
  const actor = sheet.actor;
  const text = String((actor.type === characterType ? actor.system.biography : actor.system.notes) ?? "");
  return {
    type: actor.type as T,
    name: actor.name,
    img: actor.img,
    system: actor.system,
    derived: actor.system.derived as A["system"]["derived"],
    items: actor.items.contents.map(itemRowOf),
    editable: sheet.isEditable,
    enrichedText: await enrich(text, actor, actor.isOwner),
    activeTab: sheet.tabGroups.primary ?? initialTab,
    localize,
  };
}

/** The input every ruleset's item view model takes: the item's type, name, image, stored data, whether it is editable, its description enriched. */
export async function itemSheetInput<T extends string, I extends SheetDocument & { name: string; img: string; isOwner: boolean }>(sheet: { readonly item: I; isEditable: boolean }) {
  const item = sheet.item;
  return {
    type: item.type as T,
    name: item.name,
    img: item.img,
    system: item.system,
    editable: sheet.isEditable,
    enrichedDescription: await enrich(String(item.system.description ?? ""), item, item.isOwner),
  };
}

export interface SheetDocument {
  type: string;
  system: Record<string, unknown>;
}

/** What a ruleset gives its sheet bases. */
export interface RulesetSheetSpec<A extends SheetDocument, I extends SheetDocument, ActorActions extends object, ItemActions extends object> {
  /** The ruleset's class on every sheet ("d6"), after "cychosys". */
  cssClass: string;
  /** Check a submission of this document's sheet: what goes on, what is refused (each input marked, the user warned). */
  screen(document: A | I, data: Record<string, unknown>, form: HTMLFormElement): { accepted: Record<string, unknown>; problems: SubmitProblem[] };
  /** Mark the refused inputs again after a render, keeping what was typed. */
  remark(element: HTMLElement, refused: readonly SubmitProblem[]): void;
  /** The actor sheets' `actions` (ApplicationV2 data-action handlers). */
  actorActions: ActorActions;
  itemActions?: ItemActions;
  /** The item sheets' size (a variant may change it). */
  itemPosition: { width: number; height: number };
  /** Items dragged in and out of an actor sheet (src/foundry/item-drag-drop.ts), bound on first render. */
  bindItemDragDrop?(sheet: { element: HTMLElement; isEditable: boolean; readonly actor: A }): void;
}

const sheetDefaults = (cssClass: string, kind: "actor" | "item"): SheetDefaults => ({
  classes: ["cychosys", cssClass, "sheet", kind],
  form: { submitOnChange: true, closeOnSubmit: false },
  window: { resizable: true },
});

/** The ruleset's actor and item sheet bases; subclass them with the ruleset's `_prepareContext`. Call after `init` (the classes mix Foundry's). */
export function defineRulesetSheetBases<A extends SheetDocument, I extends SheetDocument, ActorActions extends object, ItemActions extends object = never>(
  spec: RulesetSheetSpec<A, I, ActorActions, ItemActions>,
) {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  const ActorBase = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as never) as unknown as SheetConstructor;
  const ItemBase = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as never) as unknown as SheetConstructor;

  /** The submission screened: what is refused is kept on the sheet (marked again after the render), the rest goes on. */
  const screened = (sheet: { refused: SubmitProblem[] }, document: A | I, form: HTMLFormElement, data: Record<string, unknown>) => {
    const { accepted, problems } = spec.screen(document, data, form);
    sheet.refused = problems;
    return accepted;
  };

  class RulesetActorSheet extends ActorBase {
    declare document: A;
    refused: SubmitProblem[] = [];
    get actor(): A {
      return this.document;
    }
    static DEFAULT_OPTIONS: SheetDefaults & { actions: ActorActions } = { ...sheetDefaults(spec.cssClass, "actor"), actions: spec.actorActions };

    /** Each part gets its tab (`context.tabsById`, set by the ruleset's context). */
    override async _preparePartContext(partId: string, context: Context, options: Options): Promise<Context> {
      const partContext = await super._preparePartContext(partId, context, options);
      partContext.tab = ((context.tabsById ?? {}) as Record<string, unknown>)[partId];
      return partContext;
    }

    override async _onFirstRender(context: Context, options: Options): Promise<void> {
      await super._onFirstRender(context, options);
      spec.bindItemDragDrop?.(this);
    }

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      spec.remark(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      formData.object = screened(this, this.document, form, formData.object);
      return super._processFormData(event, form, formData);
    }
  }

  class RulesetItemSheet extends ItemBase {
    declare document: I;
    refused: SubmitProblem[] = [];
    get item(): I {
      return this.document;
    }
    static DEFAULT_OPTIONS: SheetDefaults & { actions?: ItemActions } = { ...sheetDefaults(spec.cssClass, "item"), position: spec.itemPosition, ...(spec.itemActions && { actions: spec.itemActions }) };

    override async _onRender(context: Context, options: Options): Promise<void> {
      await super._onRender(context, options);
      spec.remark(this.element, this.refused);
    }

    override _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown> {
      formData.object = screened(this, this.document, form, formData.object);
      return super._processFormData(event, form, formData);
    }
  }

  // Named per ruleset ("CychosysD6ActorSheetBase"): Foundry fires render hooks by every class name in the chain.
  return { RulesetActorSheet: systemNamed(RulesetActorSheet, `${spec.cssClass}ActorSheetBase`), RulesetItemSheet: systemNamed(RulesetItemSheet, `${spec.cssClass}ItemSheetBase`) };
}

/** ApplicationV2's TABS for one "primary" group. */
export const primaryTabs = (tabs: readonly { id: string; icon: string }[], initial: string, labelPrefix: string) => ({
  primary: { tabs: tabs.map((t) => ({ id: t.id, icon: t.icon })), initial, labelPrefix },
});

/** A sheet for one document type (named `Cychosys<Type>Sheet`): the base's options plus its own classes and size, its parts, and its tabs if any. */
export function sheetVariant<B extends SheetConstructor & { DEFAULT_OPTIONS: SheetDefaults }>(
  Base: B,
  variant: { type: string; classes: string[]; position: { width: number; height: number }; parts: unknown; tabs?: unknown },
): B {
  const Variant = class extends Base {
    static override DEFAULT_OPTIONS: B["DEFAULT_OPTIONS"] = { ...Base.DEFAULT_OPTIONS, classes: [...Base.DEFAULT_OPTIONS.classes, ...variant.classes], position: variant.position };
    static PARTS = variant.parts;
  };
  // Only a tabbed sheet defines TABS (ApplicationV2's default stays otherwise).
  if (variant.tabs) Object.defineProperty(Variant, "TABS", { value: variant.tabs, writable: true, configurable: true, enumerable: true });
  return systemNamed(Variant, `${variant.type}Sheet`);
}

/** Register a ruleset's sheets (default for its types only, scope "cychosys", labelled `<labelPrefix>.<label>`) and load its partials. */
export function registerRulesetSheets(labelPrefix: string, sheets: readonly (readonly [documentClass: unknown, sheetClass: unknown, type: string, label: string])[], partials: readonly string[]): void {
  for (const [documentClass, sheetClass, type, label] of sheets) registerSheet(documentClass, sheetClass, { types: [type], makeDefault: true, label: `${labelPrefix}.${label}` });
  void foundry.applications.handlebars.loadTemplates([...partials]);
  loadHousePartials();
}

/** One document type's sheet: its label key (`<labelPrefix>.<label>`), extra classes, size, parts and tabs. */
export interface SheetTypeSpec {
  type: string;
  label: string;
  /** Classes after the base's; an item sheet gets its type when none are given. */
  classes?: string[];
  position: { width: number; height: number };
  parts: unknown;
  tabs?: unknown;
}

/** A ruleset's whole set of sheets: the bases' spec, the pure views that fill them, and one entry per document type. */
export interface RulesetSheetsSpec<A extends SheetDocument, I extends SheetDocument, ActorActions extends object, ItemActions extends object>
  extends RulesetSheetSpec<A, I, ActorActions, ItemActions> {
  /** The actor sheet's view model (its `tabs`, if any, become the parts' tabs). */
  actorView(sheet: { readonly actor: A; isEditable: boolean; tabGroups: Record<string, string> }): Promise<Context>;
  /** The item sheet's view model. */
  itemView(sheet: { readonly item: I; isEditable: boolean }): Promise<Context>;
  actors: readonly SheetTypeSpec[];
  items: readonly SheetTypeSpec[];
  /** Lang prefix of the sheets' labels ("CYCHOSYS.Cwn.Sheet.Labels"). */
  labelPrefix: string;
  /** Handlebars partials (and other templates) loaded with the sheets. */
  partials: readonly string[];
}

/**
 * A ruleset's sheets from its spec, made once Foundry runs: `define()` the
 * sheet class of each type (by type), `register()` them as the defaults for
 * the ruleset's types and load its partials. Each ruleset's sheets.ts is then
 * only its spec: the bases, views and sizes it differs in.
 */
export function rulesetSheets<A extends SheetDocument, I extends SheetDocument, ActorActions extends object, ItemActions extends object = never>(
  spec: () => RulesetSheetsSpec<A, I, ActorActions, ItemActions>,
) {
  let defined: { spec: RulesetSheetsSpec<A, I, ActorActions, ItemActions>; sheets: Record<string, SheetConstructor & { DEFAULT_OPTIONS: SheetDefaults & { actions?: ActorActions | ItemActions } }> } | undefined;
  const define = () => {
    if (defined) return defined;
    const s = spec();
    const { RulesetActorSheet, RulesetItemSheet } = defineRulesetSheetBases<A, I, ActorActions, ItemActions>(s);
    class ActorSheet extends RulesetActorSheet {
      override async _prepareContext(options: Options): Promise<Context> {
        const context = await super._prepareContext(options);
        const view = await s.actorView(this);
        return Object.assign(context, view, { tabsById: view.tabs ?? {} });
      }
    }
    class ItemSheet extends RulesetItemSheet {
      override async _prepareContext(options: Options): Promise<Context> {
        const context = await super._prepareContext(options);
        return Object.assign(context, await s.itemView(this));
      }
    }
    systemNamed(ActorSheet, `${s.cssClass}ActorSheet`);
    systemNamed(ItemSheet, `${s.cssClass}ItemSheet`);
    const variant = (Base: typeof ActorSheet | typeof ItemSheet, t: SheetTypeSpec, item: boolean) =>
      sheetVariant(Base as SheetConstructor & { DEFAULT_OPTIONS: SheetDefaults }, { type: t.type, classes: t.classes ?? (item ? [t.type] : []), position: t.position, parts: t.parts, ...(t.tabs !== undefined && { tabs: t.tabs }) });
    const sheets = Object.fromEntries([...s.actors.map((t) => [t.type, variant(ActorSheet, t, false)]), ...s.items.map((t) => [t.type, variant(ItemSheet, t, true)])]);
    return (defined = { spec: s, sheets: sheets as NonNullable<typeof defined>["sheets"] });
  };
  return {
    /** The sheet class of each document type (made once). */
    define: () => define().sheets,
    /** Register the ruleset's sheets (default for its types only) and load its partials. Call once, from the adapter's `register`. */
    register(): void {
      const { spec: s, sheets } = define();
      registerRulesetSheets(
        s.labelPrefix,
        [...s.actors.map((t) => [Actor, sheets[t.type], t.type, t.label] as const), ...s.items.map((t) => [Item, sheets[t.type], t.type, t.label] as const)],
        s.partials,
      );
    },
  };
}
