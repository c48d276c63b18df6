/**
 * What the CWN sheets do when clicked or submitted, apart from the sheet
 * classes (sheets.ts): attack with a weapon (the card, attack.ts), create,
 * edit and delete owned items, Ready or Stow a weapon (W31), wear armor,
 * add and remove abilities limited to a scene (W1), drag items in and out;
 * and the check of a submitted form's dice (W15, W16) before the document
 * is asked to change.
 */
import { escapeHtml } from "../../core/html.js";
import type { SubmitProblem } from "../../core/schema/submission.js";
import type { CwnActorType, CwnItemType } from "../../rulesets/cwn/data/schema.js";
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { checkCwnSubmission } from "../../rulesets/cwn/views/sheet-submit.js";
import { confirmDialog } from "../dialogs.js";
import { format } from "../i18n.js";
import { bindItemDragDrop, type SheetItemLike } from "../item-drag-drop.js";
import { markSubmission, remarkRefused } from "../sheet-submit.js";
import { promptCwnSkillCheck } from "./skill-check.js";

export interface CwnItemDoc extends SheetItemLike {
  system: Record<string, unknown>;
}

export interface CwnActorDoc {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown> & { derived?: CwnDerived };
  items: { contents: CwnItemDoc[]; get(id: string): CwnItemDoc | undefined };
  isOwner: boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[], options?: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown>;
}

export interface CwnSheetHost {
  element: HTMLElement;
  isEditable: boolean;
  readonly actor: CwnActorDoc;
}

/** Where the attack card starts (attack.ts registers it; sheets need not import the card). */
let startAttack: (actor: CwnActorDoc, itemId: string) => Promise<void> = async () => undefined;
export const setSheetAttack = (fn: typeof startAttack): void => void (startAttack = fn);

const INVALID = "CYCHOSYS.Cwn.Sheet.InvalidDice";
const localize = (key: string, params: Record<string, string | number> = {}) => format(key, params);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const itemIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
const itemOf = (sheet: CwnSheetHost, target: HTMLElement) => sheet.actor.items.get(itemIdOf(target));
export const CWN_SHEET_ITEM_TYPES: readonly string[] = ["cwnWeapon", "cwnArmor", "cwnSkill"];

type Action = (this: CwnSheetHost, event: PointerEvent, target: HTMLElement) => unknown;
const abilities = (actor: CwnActorDoc) => (Array.isArray(actor.system.sceneAbilities) ? (actor.system.sceneAbilities as Record<string, unknown>[]) : []);

export const cwnActorActions: Record<string, Action> = {
  /** The attack card from this weapon at the user's target. */
  async attack(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "cwnWeapon") await startAttack(this.actor, item.id);
  },
  /** W30: a check with this skill (Shift-click: no dialog). */
  async rollSkill(event, target) {
    const item = itemOf(this, target);
    if (item?.type === "cwnSkill") await promptCwnSkillCheck(this.actor, item.id, event);
  },
  editItem(_event, target) {
    itemOf(this, target)?.sheet?.render({ force: true });
  },
  async deleteItem(_event, target) {
    const item = itemOf(this, target);
    if (!item) return;
    const ok = await confirmDialog(localize("CYCHOSYS.Cwn.Sheet.DeleteTitle", { name: item.name }), escapeHtml(localize("CYCHOSYS.Cwn.Sheet.DeleteContent", { name: item.name, actor: this.actor.name })));
    if (ok) await item.delete();
  },
  async createItem(_event, target) {
    const type = target.dataset.type ?? "";
    if (!CWN_SHEET_ITEM_TYPES.includes(type)) return;
    const name = localize("CYCHOSYS.Cwn.Sheet.NewItem", { type: localize(`CYCHOSYS.Cwn.Sheet.Type.${type}`) });
    await this.actor.createEmbeddedDocuments("Item", [{ name, type }], { renderSheet: true });
  },
  /** W31 outside a fight (in one, the tracker's Ready/Stow pays the Main). */
  async toggleReadied(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "cwnWeapon") await item.update({ "system.state": item.system.state === "stowed" ? "readied" : "stowed" });
  },
  /** W13, W15, W19: only worn armor counts. */
  async toggleWorn(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "cwnArmor") await item.update({ "system.worn": item.system.worn === false });
  },
  /** W1 */
  async addAbility() {
    await this.actor.update({ "system.sceneAbilities": [...abilities(this.actor), { name: "", uses: 1, used: 0 }] });
  },
  async removeAbility(_event, target) {
    const index = Number(target.closest<HTMLElement>("[data-ability-index]")?.dataset.abilityIndex);
    if (!Number.isInteger(index)) return;
    await this.actor.update({ "system.sceneAbilities": abilities(this.actor).filter((_, i) => i !== index) });
  },
};

/** Check a submission's dice (W15, W16): the readable ones and every other field go on; each refused one is marked and announced. */
export function screenCwnSubmission(type: CwnActorType | CwnItemType, stored: Record<string, unknown>, data: Record<string, unknown>, form: HTMLElement | null): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const result = checkCwnSubmission(type, data, stored);
  markSubmission(form, result.problems, INVALID);
  return result;
}

export const remarkCwnInvalid = (form: HTMLElement, refused: readonly SubmitProblem[]): void => remarkRefused(form, refused, INVALID);

/** Items in and out of a CWN actor: only CWN skills, weapons and armor come in. */
export function bindCwnItemDragDrop(sheet: CwnSheetHost & { actor: CwnActorDoc }): void {
  bindItemDragDrop(sheet as never, (item: { type: string; name: string }) => {
    if (CWN_SHEET_ITEM_TYPES.includes(item.type)) return true;
    notify("warn", localize("CYCHOSYS.Cwn.Sheet.WrongItemType", { name: item.name }));
    return false;
  });
}
