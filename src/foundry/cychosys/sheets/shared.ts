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

interface DialogApi {
  confirm(config: Record<string, unknown>): Promise<unknown>;
  prompt(config: Record<string, unknown>): Promise<unknown>;
}
const dialogs = () => foundry.applications.api.DialogV2 as unknown as DialogApi;

/** DialogV2.confirm: true only when the user confirms. */
export async function confirmDialog(title: string, content: string): Promise<boolean> {
  return (await dialogs().confirm({ window: { title }, content: `<p>${content}</p>`, rejectClose: false, modal: true })) === true;
}

/** DialogV2.prompt with a form: the callback reads the submitted form; null when dismissed. */
export async function promptForm<T>(title: string, content: string, okLabel: string, read: (form: HTMLFormElement) => T): Promise<T | null> {
  const result = await dialogs().prompt({
    window: { title },
    content,
    rejectClose: false,
    modal: true,
    ok: {
      label: okLabel,
      callback: (_event: Event, button: HTMLButtonElement) => read(button.form as HTMLFormElement),
    },
  });
  return (result ?? null) as T | null;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

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
