/**
 * Foundry glue the sheets share: localization, enrichment, confirmation and
 * prompt dialogs, the mixed Handlebars base classes (created on first use, so
 * importing this module touches no Foundry global).
 */
import type { DocumentSheetConstructor } from "./foundry-types.js";

export const localize = (key: string, data?: Record<string, unknown>): string =>
  data ? game.i18n!.format(key, data as Record<string, string>) : game.i18n!.localize(key);

/** Rich text as Foundry shows it (links, rolls, secrets for owners). */
export async function enrich(text: string, relativeTo: unknown, owner: boolean): Promise<string> {
  const editor = foundry.applications.ux.TextEditor.implementation as unknown as {
    enrichHTML(content: string, options: Record<string, unknown>): Promise<string>;
  };
  return editor.enrichHTML(text ?? "", { relativeTo, secrets: owner });
}

export { confirmDialog, promptForm } from "../../dialogs.js";
export { escapeHtml } from "../../../core/html.js";

let actorBase: DocumentSheetConstructor | undefined;
let itemBase: DocumentSheetConstructor | undefined;

/** HandlebarsApplicationMixin(ActorSheetV2), cast to the narrow constructor type. */
export function actorSheetBase(): DocumentSheetConstructor {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  actorBase ??= HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as never) as unknown as DocumentSheetConstructor;
  return actorBase;
}

/** HandlebarsApplicationMixin(ItemSheetV2), cast to the narrow constructor type. */
export function itemSheetBase(): DocumentSheetConstructor {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  itemBase ??= HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as never) as unknown as DocumentSheetConstructor;
  return itemBase;
}
