/**
 * The sheet of a document made for rules this world does not play: a banner
 * ("Made for OpenD6 rules — read-only in this world") and its stored data,
 * with nothing to edit, so it opens whatever it holds and never breaks.
 * Registered as the default sheet of every other ruleset's types.
 */
import type { RulesetId } from "../core/ruleset.js";
import { typesOf } from "../core/schema/registry.js";
import { inactiveSheetView } from "../core/views/inactive.js";
import { registerSheet } from "./card-glue.js";
import { systemNamed } from "./class-name.js";
import { format, localize } from "./i18n.js";
import { templatePath } from "../core/views/templates.js";

export const INACTIVE_TEMPLATE = templatePath("core/inactive-sheet.hbs");

type SheetBase = new (options?: object) => { document: { name: string; img?: string | null; type: string; system: unknown } };

function defineInactiveSheet(documentName: "Actor" | "Item", Base: unknown, rulesetOf: (type: string) => RulesetId | undefined) {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  const Mixed = HandlebarsApplicationMixin(Base as never) as unknown as SheetBase;
  class InactiveSheet extends Mixed {
    static DEFAULT_OPTIONS = { classes: ["cychosys", "sheet", "inactive"], position: { width: 480, height: 520 }, window: { resizable: true } };
    static PARTS = { body: { template: INACTIVE_TEMPLATE, scrollable: [".cy-inactive-data"] } };

    /** Nothing here can be edited. */
    get isEditable(): boolean {
      return false;
    }

    protected async _prepareContext(): Promise<object> {
      const ruleset = rulesetOf(this.document.type);
      return inactiveSheetView(this.document, format("CYCHOSYS.Ruleset.banner", { ruleset: localize(`CYCHOSYS.Ruleset.${ruleset ?? "cychosys"}.name`) }));
    }
  }
  return systemNamed(InactiveSheet, `Inactive${documentName}Sheet`);
}

/** Register the read-only sheet for every type that is not the active ruleset's. */
export function registerInactiveSheets(active: RulesetId, rulesetOf: (documentName: "Actor" | "Item", type: string) => RulesetId | undefined): void {
  const sheets = foundry.applications.sheets as unknown as { ActorSheetV2: unknown; ItemSheetV2: unknown };
  for (const [documentName, cls, base] of [["Actor", Actor, sheets.ActorSheetV2], ["Item", Item, sheets.ItemSheetV2]] as const) {
    const types = typesOf(documentName).filter((t) => rulesetOf(documentName, t) !== active);
    if (types.length) registerSheet(cls, defineInactiveSheet(documentName, base, (t) => rulesetOf(documentName, t)), { types, makeDefault: true, label: "CYCHOSYS.Ruleset.inactiveSheet" });
  }
}
