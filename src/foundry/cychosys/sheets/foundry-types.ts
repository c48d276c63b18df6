/**
 * The narrow shapes the sheets use of Foundry's classes and of the system's
 * documents. `HandlebarsApplicationMixin(ActorSheetV2)` is cast to these
 * constructor types: typing the mixed class in full makes tsc take ~90 s
 * ("type instantiation is excessively deep"); this keeps it to seconds.
 */
import type { CombatantDerived } from "../../../rulesets/cychosys/data/derive/combatant.js";
import type { SheetItemLike } from "../../item-drag-drop.js";

export interface ItemDocumentLike extends SheetItemLike {
  system: unknown;
  effects: { contents: EffectDocumentLike[]; get(id: string): EffectDocumentLike | undefined };
  createEmbeddedDocuments(name: "ActiveEffect", data: Record<string, unknown>[]): Promise<unknown>;
}

export interface EffectDocumentLike {
  id: string;
  name: string;
  img: string | null;
  disabled: boolean;
  statuses: Set<string>;
  flags: Record<string, unknown>;
  changes: { key: string; mode: number; value: string }[];
  sheet: { render(options: { force: boolean }): unknown } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** What the data engineer's CychosysActor provides (src/documents/), as the sheets call it. */
export interface ActorDocumentLike {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  system: { derived: CombatantDerived & { experience?: { total: number } } } & Record<string, unknown>;
  items: { contents: ItemDocumentLike[]; get(id: string): ItemDocumentLike | undefined };
  effects: { contents: EffectDocumentLike[] };
  isOwner: boolean;
  inCombat: boolean;
  rollAction(totalKey: string, options?: { modifier?: number }): Promise<unknown>;
  addCondition(letter: string, piercing?: boolean): Promise<unknown>;
  removeCondition(effectId: string): Promise<unknown>;
  spendExperience(cost: number): Promise<unknown>;
  improveGear(itemId: string, letters: string[]): Promise<unknown>;
  createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[], options?: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown>;
}

export type RenderContext = Record<string, unknown>;
export type RenderOptions = Record<string, unknown> & { parts?: string[] };

/** The members of ApplicationV2 / DocumentSheetV2 the sheets use. */
export interface DocumentSheetLike {
  element: HTMLElement;
  isEditable: boolean;
  tabGroups: Record<string, string>;
  render(options?: boolean | Record<string, unknown>): Promise<unknown>;
  _prepareContext(options: RenderOptions): Promise<RenderContext>;
  _preparePartContext(partId: string, context: RenderContext, options: RenderOptions): Promise<RenderContext>;
  _onFirstRender(context: RenderContext, options: RenderOptions): Promise<void>;
  _onRender(context: RenderContext, options: RenderOptions): Promise<void>;
}

export type DocumentSheetConstructor = new (options?: Record<string, unknown>) => DocumentSheetLike;
