/**
 * What every ruleset's ApplicationV2 sheets share: the members of
 * DocumentSheetV2 they use (the mixed classes are cast to this: typing them
 * in full is very slow for tsc), the Handlebars-mixed actor and item sheet
 * bases, and the enrichment of a stored HTML field for display.
 */
export type SheetContext = Record<string, unknown>;
export type SheetOptions = Record<string, unknown>;

export interface SheetLike {
  element: HTMLElement;
  isEditable: boolean;
  tabGroups: Record<string, string>;
  _prepareContext(options: SheetOptions): Promise<SheetContext>;
  _preparePartContext(partId: string, context: SheetContext, options: SheetOptions): Promise<SheetContext>;
  _onFirstRender(context: SheetContext, options: SheetOptions): Promise<void>;
  _onRender(context: SheetContext, options: SheetOptions): Promise<void>;
  _processFormData(event: unknown, form: HTMLFormElement, formData: { object: Record<string, unknown> }): Record<string, unknown>;
}
export type SheetConstructor = new (options?: SheetOptions) => SheetLike;

/** ActorSheetV2 and ItemSheetV2 with Foundry's HandlebarsApplicationMixin (call once Foundry runs). */
export function handlebarsSheetBases(): { ActorBase: SheetConstructor; ItemBase: SheetConstructor } {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  return {
    ActorBase: HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as never) as unknown as SheetConstructor,
    ItemBase: HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as never) as unknown as SheetConstructor,
  };
}

/** A stored HTML field enriched for display (links, secrets shown to its owners). */
export async function enrichHtml(text: string, relativeTo: unknown, owner: boolean): Promise<string> {
  const editor = foundry.applications.ux.TextEditor.implementation as unknown as { enrichHTML(content: string, options: SheetOptions): Promise<string> };
  return editor.enrichHTML(text ?? "", { relativeTo, secrets: owner });
}
