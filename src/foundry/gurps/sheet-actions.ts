/**
 * What the GURPS sheets do when clicked or submitted, apart from the sheet
 * classes (sheets.ts): roll (G4–G6) and roll damage (G69) from the sheet,
 * create, edit and delete owned items and an advantage's effects, ready a
 * weapon or shield (G39) and wear armor (G71), add and delete a weapon's
 * attack lines, drag items in and out; and the check of a submission
 * (notations by the core's parsers, numbers by bounds and step) before the
 * document is asked to change, a list's edits folded into the whole list.
 */
import { hasTarget, startGurpsAttack } from "./card.js";
import { checkSubmission, foldListEdits, type SubmitProblem } from "../../core/schema/submission.js";
import { GURPS_ACTOR_SCHEMAS, GURPS_ITEM_SCHEMAS, GURPS_ITEM_TYPES, type GurpsActorType, type GurpsItemType } from "../../rulesets/gurps/data/schema.js";
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import { confirmDialog } from "../dialogs.js";
import { escapeHtml } from "../../core/html.js";
import { format } from "../i18n.js";
import { bindItemDragDrop, type SheetItemLike } from "../item-drag-drop.js";
import { markSubmission, remarkRefused } from "../sheet-submit.js";
import { promptGurpsDamage, promptGurpsRoll } from "./roll.js";

export interface GurpsItemDoc extends SheetItemLike {
  system: Record<string, unknown>;
}
export interface GurpsEffectDoc {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  changes: { key: string; mode: number; value: string }[];
  statuses: Set<string>;
  origin?: string | null;
  sheet: { render(options: { force: boolean }): unknown } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}
export interface GurpsActorDoc {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown> & { derived?: GurpsDerived };
  _source: { system: Record<string, unknown> };
  items: { contents: GurpsItemDoc[]; get(id: string): GurpsItemDoc | undefined };
  effects: { contents: GurpsEffectDoc[]; get(id: string): GurpsEffectDoc | undefined };
  allApplicableEffects?(): Iterable<GurpsEffectDoc & { parent?: { name?: string; documentName?: string } }>;
  isOwner: boolean;
  createEmbeddedDocuments(name: "Item" | "ActiveEffect", data: Record<string, unknown>[], options?: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown>;
}
export interface GurpsSheetHost {
  element: HTMLElement;
  isEditable: boolean;
  readonly actor: GurpsActorDoc;
}

const localize = (key: string, params: Record<string, string | number> = {}) => format(key, params);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const idOf = (target: HTMLElement, attribute: "itemId" | "effectId") => target.closest<HTMLElement>(`[data-${attribute === "itemId" ? "item-id" : "effect-id"}]`)?.dataset[attribute] ?? "";
const itemOf = (sheet: GurpsSheetHost, target: HTMLElement) => sheet.actor.items.get(idOf(target, "itemId"));
const effectOf = (sheet: GurpsSheetHost, target: HTMLElement) => sheet.actor.effects.get(idOf(target, "effectId"));

function confirmDelete(name: string, actor: GurpsActorDoc): Promise<boolean> {
  return confirmDialog(localize("CYCHOSYS.Gurps.Sheet.DeleteTitle", { name }), escapeHtml(localize("CYCHOSYS.Gurps.Sheet.DeleteContent", { name, actor: actor.name })));
}

type Action = (this: GurpsSheetHost, event: PointerEvent, target: HTMLElement) => unknown;

export const gurpsActorActions: Record<string, Action> = {
  /** G4–G6: a success roll by its key (`attribute:dx`, `skill:<id>`, `dodge`, `parry:<weapon>:<line>`, `block:<shield>`, `attack:<weapon>:<line>`); Shift skips the dialog. */
  async roll(event, target) {
    const key = target.dataset.rollKey;
    // An attack line with a token targeted opens the attack card (card.ts); without one, a plain roll.
    const attack = key ? /^attack:([A-Za-z0-9]+):(\d+)$/.exec(key) : null;
    if (attack && hasTarget()) return startGurpsAttack(this.actor as never, attack[1]!, Number(attack[2]));
    if (key) await promptGurpsRoll(this.actor, key, event);
  },
  /** G69: a line's damage (`damage:<weapon>:<line>`). */
  async rollDamage(event, target) {
    const key = target.dataset.rollKey;
    if (key) await promptGurpsDamage(this.actor, key, event);
  },
  editItem(_event, target) {
    itemOf(this, target)?.sheet?.render({ force: true });
  },
  async deleteItem(_event, target) {
    const item = itemOf(this, target);
    if (item && (await confirmDelete(item.name, this.actor))) await item.delete();
  },
  async createItem(_event, target) {
    const type = target.dataset.type ?? "";
    if (!(GURPS_ITEM_TYPES as readonly string[]).includes(type)) return;
    const name = localize("CYCHOSYS.Gurps.Sheet.NewItem", { type: localize(`CYCHOSYS.Gurps.Sheet.Type.${type}`) });
    await this.actor.createEmbeddedDocuments("Item", [{ name, type }], { renderSheet: true });
  },
  /** G39: in hand when a fight starts (the round tracks readiness in one). */
  async toggleReady(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "gurpsWeapon" || item?.type === "gurpsShield") await item.update({ "system.ready": item.system.ready === false });
  },
  /** G71: only worn armor counts. */
  async toggleEquipped(_event, target) {
    const item = itemOf(this, target);
    if (item?.type === "gurpsArmor") await item.update({ "system.equipped": item.system.equipped === false });
  },
  /** G1: an advantage that changes a combat figure, as an effect (opened to edit its changes). */
  async createEffect() {
    await this.actor.createEmbeddedDocuments("ActiveEffect", [{ name: localize("CYCHOSYS.Gurps.Sheet.NewEffect"), img: "icons/svg/upgrade.svg" }], { renderSheet: true });
  },
  editEffect(_event, target) {
    effectOf(this, target)?.sheet?.render({ force: true });
  },
  async deleteEffect(_event, target) {
    const effect = effectOf(this, target);
    if (effect && (await confirmDelete(effect.name, this.actor))) await effect.delete();
  },
  async toggleEffect(_event, target) {
    const effect = effectOf(this, target);
    if (effect) await effect.update({ disabled: !effect.disabled });
  },
};

/** Screen a submission: refused values left out and marked (what was typed stays, with the message); a weapon's lines and an armor's DR by type folded whole. */
export function screenGurpsSubmission(type: GurpsActorType | GurpsItemType, stored: Record<string, unknown>, data: Record<string, unknown>, form: HTMLElement | null): { accepted: Record<string, unknown>; problems: SubmitProblem[] } {
  const schema = type === "gurpsCharacter" ? GURPS_ACTOR_SCHEMAS.gurpsCharacter : GURPS_ITEM_SCHEMAS[type];
  const { accepted, problems } = checkSubmission(schema, data);
  markSubmission(form, problems, "CYCHOSYS.Gurps.Sheet.InvalidInput");
  let out = accepted;
  for (const list of ["lines", "drByType"]) if (Array.isArray(stored[list])) out = foldListEdits(out, `system.${list}`, stored[list] as unknown[]);
  return { accepted: out, problems };
}

export function remarkGurpsInvalid(form: HTMLElement, refused: readonly SubmitProblem[]): void {
  remarkRefused(form, refused, "CYCHOSYS.Gurps.Sheet.InvalidInput");
}

/** Items in and out of a GURPS character: only GURPS skills, weapons, armor and shields come in. */
export function bindGurpsItemDragDrop(sheet: GurpsSheetHost): void {
  bindItemDragDrop(sheet as never, (item: GurpsItemDoc) => {
    if ((GURPS_ITEM_TYPES as readonly string[]).includes(item.type)) return true;
    notify("warn", localize("CYCHOSYS.Gurps.Sheet.WrongItemType", { name: item.name }));
    return false;
  });
}

/** The lists an item sheet adds to and deletes from: a weapon's attack lines (G2), an armor's DR by damage type (G71). */
const ITEM_LISTS: Readonly<Record<string, string>> = { gurpsWeapon: "lines", gurpsArmor: "drByType" };

const listOf = (item: GurpsItemDoc): { key: string; list: unknown[] } | null => {
  const key = ITEM_LISTS[item.type];
  if (!key) return null;
  const stored = item.system[key];
  return { key, list: Array.isArray(stored) ? stored : [] };
};

/** An item sheet's actions: add an entry to its list (the data model fills the defaults), delete one by its index. */
export const gurpsItemActions: Record<string, (this: { document: GurpsItemDoc }, event: PointerEvent, target: HTMLElement) => unknown> = {
  async addEntry() {
    const found = listOf(this.document);
    if (found) await this.document.update({ [`system.${found.key}`]: [...structuredClone(found.list), {}] });
  },
  async deleteEntry(_event, target) {
    const found = listOf(this.document);
    const index = Number(target.dataset.index);
    if (!found || !Number.isInteger(index) || index < 0 || index >= found.list.length) return;
    await this.document.update({ [`system.${found.key}`]: found.list.filter((_, i) => i !== index) });
  },
};
