/**
 * What the phase-based sheets do when clicked or submitted, apart from the
 * sheet classes (sheets.ts): edit, delete and create owned items, wear or
 * stow armor (P28), draw or put away a weapon by hand (P8), add and remove
 * attribute and skill rows (P4, P32) and traumatic wounds (P29, P31: the GM
 * edits them by hand), drag items in and out; and the check of a submitted
 * form (sheet-submit.ts) before the document is asked to change, which keeps
 * what was typed on screen with the parser's message.
 */
import { format } from "../i18n.js";
import { bindItemDragDrop, type SheetItemLike } from "../item-drag-drop.js";
import { confirmDialog } from "../dialogs.js";
import { escapeHtml } from "../../core/html.js";
import type { SubmitProblem } from "../../core/schema/submission.js";
import { checkPhaseSubmission } from "../../rulesets/phase/views/sheet-submit.js";
import type { PhaseActorType, PhaseItemType } from "../../rulesets/phase/data/schema.js";
import type { PhaseDerived } from "../../rulesets/phase/data/derived.js";

export interface PhaseItemDoc extends SheetItemLike {
  system: Record<string, unknown>;
}

export interface PhaseActorDoc {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown> & { derived?: PhaseDerived };
  items: { contents: PhaseItemDoc[]; get(id: string): PhaseItemDoc | undefined };
  isOwner: boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[], options?: Record<string, unknown>): Promise<unknown>;
}

export interface PhaseSheetHost {
  element: HTMLElement;
  isEditable: boolean;
  readonly actor: PhaseActorDoc;
}

const localize = (key: string, params: Record<string, string | number> = {}) => format(key, params);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const itemOf = (sheet: PhaseSheetHost, target: HTMLElement) => sheet.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
const ITEM_TYPES: readonly string[] = ["phaseWeapon", "phaseArmor"];
const LISTS = ["attributes", "skills"] as const;

type Action = (this: PhaseSheetHost, event: PointerEvent, target: HTMLElement) => unknown;

const listOf = (actor: PhaseActorDoc, key: string): Record<string, unknown>[] => (Array.isArray(actor.system[key]) ? (actor.system[key] as Record<string, unknown>[]).map((e) => ({ ...e })) : []);
/** The phase of the started combat (a traumatic wound is recorded with it, P29), else 0. */
const currentPhase = () => {
  const combat = (game as unknown as { combat?: { started?: boolean; flags?: { cychosys?: { phase?: { phase?: unknown } } } } | null }).combat;
  const phase = combat?.started ? combat.flags?.cychosys?.phase?.phase : 0;
  return typeof phase === "number" ? phase : 0;
};

export const phaseActorActions: Record<string, Action> = {
  editItem(_event, target) {
    itemOf(this, target)?.sheet?.render({ force: true });
  },
  async deleteItem(_event, target) {
    const item = itemOf(this, target);
    if (!item) return;
    const title = localize("CYCHOSYS.Phase.Sheet.DeleteTitle", { name: item.name });
    if (await confirmDialog(title, escapeHtml(localize("CYCHOSYS.Phase.Sheet.DeleteContent", { name: item.name, actor: this.actor.name })))) await item.delete();
  },
  async createItem(_event, target) {
    const type = target.dataset.type ?? "";
    if (!ITEM_TYPES.includes(type)) return;
    await this.actor.createEmbeddedDocuments("Item", [{ name: localize("CYCHOSYS.Phase.Sheet.NewItem", { type: localize(`CYCHOSYS.Phase.Sheet.Type.${type}`) }), type }], { renderSheet: true });
  },
  /** P28: only worn armor counts. */
  async toggleEquipped(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "phaseArmor") await item.update({ "system.equipped": item.system.equipped === false });
  },
  /** P8: drawn and ready, by hand (in a fight the tracker's draw and holster do it). */
  async toggleReady(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "phaseWeapon") await item.update({ "system.ready": item.system.ready !== true });
  },
  async addRow(_event, target) {
    const list = target.dataset.list as (typeof LISTS)[number];
    if (!LISTS.includes(list)) return;
    const rows = listOf(this.actor, list);
    await this.actor.update({ [`system.${list}`]: [...rows, { name: localize(`CYCHOSYS.Phase.Sheet.New.${list}`, { n: rows.length + 1 }), value: 0 }] });
  },
  async removeRow(_event, target) {
    const list = target.dataset.list as (typeof LISTS)[number];
    const index = Number(target.dataset.index);
    if (!LISTS.includes(list) || !Number.isInteger(index)) return;
    await this.actor.update({ [`system.${list}`]: listOf(this.actor, list).filter((_, i) => i !== index) });
  },
  /** P29/P31: a traumatic wound by hand (the card adds the ones hits make). */
  async addTrauma() {
    await this.actor.update({ "system.traumaticWounds": [...listOf(this.actor, "traumaticWounds"), { area: "chest", phase: currentPhase() }] });
  },
  async removeTrauma(_event, target) {
    const index = Number(target.dataset.index);
    if (Number.isInteger(index)) await this.actor.update({ "system.traumaticWounds": listOf(this.actor, "traumaticWounds").filter((_, i) => i !== index) });
  },
};

/** Check a submission (sheet-submit.ts); an unreadable damage formula is left out and its input marked with the parser's message. */
export function screenSubmission(type: PhaseActorType | PhaseItemType, data: Record<string, unknown>, form: HTMLElement | null): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const result = checkPhaseSubmission(type, data);
  for (const input of form?.querySelectorAll<HTMLInputElement>("input.is-invalid") ?? []) {
    if (result.problems.some((p) => p.name === input.name)) continue;
    input.classList.remove("is-invalid");
    input.removeAttribute("aria-invalid");
  }
  for (const problem of result.problems) notify("warn", localize("CYCHOSYS.Phase.Sheet.Invalid", { field: problem.value, message: localize(problem.key, problem.params) }));
  remarkInvalid(form, result.problems);
  return result;
}

/** Mark the refused inputs again after a render (the update of the other fields re-renders), keeping what was typed. */
export function remarkInvalid(form: HTMLElement | null, refused: readonly SubmitProblem[]): void {
  for (const problem of refused) {
    const input = form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(problem.name)}"]`);
    if (!input) continue;
    input.value = problem.value;
    input.classList.add("is-invalid");
    input.setAttribute("aria-invalid", "true");
    input.dataset.tooltip = localize("CYCHOSYS.Phase.Sheet.Invalid", { field: problem.value, message: localize(problem.key, problem.params) });
  }
}

/** Only phase-based weapons and armor come in. */
export function bindPhaseItemDragDrop(sheet: PhaseSheetHost): void {
  bindItemDragDrop(sheet as never, (item: { type: string; name: string }) => {
    if (ITEM_TYPES.includes(item.type)) return true;
    notify("warn", localize("CYCHOSYS.Phase.Sheet.WrongItemType", { name: item.name }));
    return false;
  });
}
