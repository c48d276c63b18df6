/**
 * What every ruleset's cards and weapons share in Foundry: a card's buttons
 * bound to the ruleset's handler (disabled while the step runs, a refusal
 * shown), a hotbar macro made from a dragged weapon, and the sheet
 * registration call.
 */
import { localizeWith } from "../core/localize.js";
import { format } from "./i18n.js";
import { fromUuidSync } from "./uuid.js";

const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const syncUuid = (uuid: string) => fromUuidSync<unknown>(uuid);

/** Draw a card's markup into the message and send its buttons' clicks to `onAction(button)`. */
export function drawCard(html: HTMLElement, markup: Promise<string>, onAction: (button: HTMLButtonElement) => Promise<void>): void {
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return;
  void markup.then((text) => {
    content.innerHTML = text;
  });
  content.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
    if (!button || !content.contains(button)) return;
    event.preventDefault();
    button.disabled = true;
    void onAction(button)
      .catch((error: unknown) => notify("error", localizeWith(format, error)))
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** A `hotbarDrop` hook: a dragged weapon of one of `types` owned by an actor becomes a macro running `cychosys.attack(uuid)`. */
export function attackMacroOnDrop(types: readonly string[]) {
  return (_bar: unknown, data: { type?: string; uuid?: string }, slot: number): boolean | void => {
    if (data.type !== "Item" || !data.uuid) return;
    const item = syncUuid(data.uuid) as { name: string; img: string; type: string; parent: unknown } | null;
    if (!item || !types.includes(item.type) || !item.parent) return;
    void (async () => {
      const command = `cychosys.attack(${JSON.stringify(data.uuid)});`;
      const macro = (await Macro.implementation.create({ name: item.name, type: "script", img: item.img, command, flags: { cychosys: { attackItem: data.uuid } } } as never)) as unknown;
      const user = game.user as unknown as { assignHotbarMacro(macro: unknown, slot: number): Promise<unknown> };
      if (macro) await user.assignHotbarMacro(macro, slot);
    })();
    return false;
  };
}

/** `DocumentSheetConfig.registerSheet` for this system, typed narrowly. */
export function registerSheet(documentClass: unknown, sheetClass: unknown, options: { types: string[]; makeDefault: boolean; label: string }): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  (DocumentSheetConfig.registerSheet as unknown as (d: unknown, scope: string, s: unknown, o: object) => void).call(DocumentSheetConfig, documentClass, "cychosys", sheetClass, options);
}
