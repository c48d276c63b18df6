/**
 * What the OpenD6 sheets do when clicked or submitted, apart from the sheet
 * classes (src/foundry/d6/sheets.ts): roll a skill or attribute, attack with
 * a weapon (the attack workflow, src/foundry/d6/attack.ts), create, edit and
 * delete owned items, wear or stow armor, drag items in and out; and the
 * check of a submitted form's die codes (D1) before the document is asked to
 * change, which keeps what was typed on screen with the parser's message.
 */
import { format } from "../i18n.js";
import { checkD6Submission, type D6SubmitProblem } from "../../rulesets/d6/views/sheet-submit.js";
import type { D6ActorType, D6ItemType } from "../../rulesets/d6/data/schema.js";
import type { D6Derived } from "../../rulesets/d6/data/derived.js";
import { startD6Attack } from "./attack.js";
import { promptD6Roll } from "./roll.js";
import { bindItemDragDrop, type SheetItemLike } from "../item-drag-drop.js";
import { confirmDialog } from "../dialogs.js";
import { escapeHtml } from "../../core/html.js";
import { markSubmission, remarkRefused } from "../sheet-submit.js";

export interface D6ItemDoc extends SheetItemLike {
  system: Record<string, unknown>;
}

export interface D6ActorDoc {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown> & { derived?: D6Derived };
  items: { contents: D6ItemDoc[]; get(id: string): D6ItemDoc | undefined };
  isOwner: boolean;
  createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[], options?: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown>;
}

export interface D6SheetHost {
  element: HTMLElement;
  isEditable: boolean;
  readonly actor: D6ActorDoc;
}

const localize = (key: string, params: Record<string, string | number> = {}) => format(key, params);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const itemIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
const itemOf = (sheet: D6SheetHost, target: HTMLElement) => sheet.actor.items.get(itemIdOf(target));

function confirmDelete(item: D6ItemDoc, actor: D6ActorDoc): Promise<boolean> {
  return confirmDialog(localize("CYCHOSYS.D6.Sheet.DeleteTitle", { name: item.name }), escapeHtml(localize("CYCHOSYS.D6.Sheet.DeleteContent", { name: item.name, actor: actor.name })));
}

const ITEM_TYPES: readonly string[] = ["d6Skill", "d6Weapon", "d6Armor"];

type Action = (this: D6SheetHost, event: PointerEvent, target: HTMLElement) => unknown;

export const d6ActorActions: Record<string, Action> = {
  /** D41: a skill or attribute roll, by its key (`attribute:<id>`, `skill:<item id>`, `untrained:<name>`): the roll dialog, or straight away with Shift. */
  async roll(event, target) {
    const key = target.dataset.rollKey;
    if (key) await promptD6Roll(this.actor, key, event);
  },
  /** D30: the attack workflow from this weapon at the user's targets. */
  async attack(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "d6Weapon") await startD6Attack(this.actor as never, item.id);
  },
  editItem(_event, target) {
    itemOf(this, target)?.sheet?.render({ force: true });
  },
  async deleteItem(_event, target) {
    const item = itemOf(this, target);
    if (item && (await confirmDelete(item, this.actor))) await item.delete();
  },
  async createItem(_event, target) {
    const type = target.dataset.type ?? "";
    if (!ITEM_TYPES.includes(type)) return;
    const name = localize("CYCHOSYS.D6.Sheet.NewItem", { type: localize(`CYCHOSYS.D6.Sheet.Type.${type}`) });
    await this.actor.createEmbeddedDocuments("Item", [{ name, type }], { renderSheet: true });
  },
  /** D34: only worn armor counts. */
  async toggleEquipped(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "d6Armor") await item.update({ "system.equipped": item.system.equipped !== true });
  },
};

/**
 * Check a submission's codes (D1); the readable ones and every other field
 * go on, each unreadable one is left out, its input marked with the
 * parser's message (what was typed stays on screen) and the user warned.
 */
export function screenSubmission(type: D6ActorType | D6ItemType, data: Record<string, unknown>, form: HTMLElement | null): { accepted: Record<string, unknown>; problems: D6SubmitProblem[] } {
  const result = checkD6Submission(type, data);
  markSubmission(form, result.problems, "CYCHOSYS.D6.Sheet.InvalidCode");
  return result;
}

/** The inputs refused at the last submission, to mark again after a render (the update of other fields re-renders). */
export function remarkInvalid(form: HTMLElement, refused: readonly D6SubmitProblem[]): void {
  remarkRefused(form, refused, "CYCHOSYS.D6.Sheet.InvalidCode");
}

/** Items in and out of an OpenD6 actor (src/foundry/item-drag-drop.ts): only OpenD6 skills, weapons and armor come in. */
export function bindD6ItemDragDrop(sheet: D6SheetHost): void {
  bindItemDragDrop(sheet, (item) => {
    if (ITEM_TYPES.includes(item.type)) return true;
    notify("warn", localize("CYCHOSYS.D6.Sheet.WrongItemType", { name: item.name }));
    return false;
  });
}
