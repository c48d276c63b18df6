/**
 * One sheet per item type: skill (with its finesse list), weapon and trick,
 * outfit (locations and layer), trademark (its ActiveEffects listed). The
 * context comes from the pure `itemSheetView`.
 */
import type { OutfitSource, SkillSource } from "../../../rulesets/cychosys/data/source-types.js";
import { ALL_LOCATIONS } from "../../../rulesets/cychosys/rules/index.js";
import { ITEM_BODY_TEMPLATES, itemParts, itemSheetView, type SheetEffect, type TotalView } from "../../../rulesets/cychosys/views/index.js";
import type { ActorDocumentLike, DocumentSheetLike, ItemDocumentLike, RenderContext, RenderOptions } from "./foundry-types.js";
import { improveDialog } from "./actor-sheets.js";
import { confirmDialog, enrich, escapeHtml, itemSheetBase, localize } from "./shared.js";
import { systemNamed } from "../../class-name.js";

type ItemType = keyof typeof ITEM_BODY_TEMPLATES;
interface ItemSheetInstance extends DocumentSheetLike {
  readonly item: ItemDocumentLike & { actor: ActorDocumentLike | null };
}
type Action = (this: ItemSheetInstance, event: PointerEvent, target: HTMLElement) => unknown;

const effectOf = (sheet: ItemSheetInstance, target: HTMLElement) =>
  sheet.item.effects.get(target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "");

const actions: Record<string, Action> = {
  async addFinesse() {
    const finesses = [...(this.item.system as SkillSource).finesses, { name: localize("CYCHOSYS.Sheet.Finesse"), bonus: 0 }];
    await this.item.update({ "system.finesses": finesses });
  },
  async removeFinesse(_event, target) {
    const index = Number(target.dataset.index);
    const finesses = (this.item.system as SkillSource).finesses.filter((_f, i) => i !== index);
    await this.item.update({ "system.finesses": finesses });
  },
  async toggleCover(_event, target) {
    const boxes = target.closest(".cy-location-grid")?.querySelectorAll<HTMLInputElement>("input[data-location]") ?? [];
    const checked = new Set([...boxes].filter((b) => b.checked).map((b) => b.dataset.location));
    const covers = ALL_LOCATIONS.filter((l) => checked.has(l));
    if (covers.join() !== (this.item.system as OutfitSource).covers.join()) await this.item.update({ "system.covers": covers });
  },
  async createEffect() {
    await this.item.createEmbeddedDocuments("ActiveEffect", [
      { name: this.item.name, img: this.item.img, transfer: true, changes: [{ key: "system.modifiers.quickness", mode: 2, value: "0" }] },
    ]);
  },
  editEffect(_event, target) {
    effectOf(this, target)?.sheet?.render({ force: true });
  },
  async toggleEffect(_event, target) {
    const effect = effectOf(this, target);
    if (effect) await effect.update({ disabled: !effect.disabled });
  },
  async deleteEffect(_event, target) {
    const effect = effectOf(this, target);
    if (!effect) return;
    const ok = await confirmDialog(
      localize("CYCHOSYS.Sheet.DeleteTitle", { name: effect.name }),
      escapeHtml(localize("CYCHOSYS.Sheet.DeleteContent", { name: effect.name, actor: this.item.name })),
    );
    if (ok) await effect.delete();
  },
  async improveGear() {
    const actor = this.item.actor;
    if (actor) await improveDialog(actor, this.item);
  },
};

export function defineItemSheets() {
  const Base = itemSheetBase();

  abstract class CychosysItemSheet extends Base implements ItemSheetInstance {
    declare document: ItemDocumentLike & { actor: ActorDocumentLike | null };
    get item() {
      return this.document;
    }
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "sheet", "item"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 520, height: 600 },
      actions,
    };

    override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
      const context = await super._prepareContext(options);
      const item = this.item;
      const actor = item.actor;
      const type = item.type as ItemType;
      const description = (item.system as { description?: string }).description ?? "";
      const effects: SheetEffect[] = item.effects.contents.map((e) => ({
        id: e.id,
        name: e.name,
        img: e.img ?? "icons/svg/aura.svg",
        disabled: e.disabled,
        changes: e.changes.map((c) => ({ key: c.key, mode: c.mode, value: String(c.value) })),
      }));
      const total: TotalView | undefined = actor
        ? (() => {
            const t = actor.system.derived.totals.find((x) => x.key === `gear:${item.id}`);
            return t && {
              key: t.key,
              formula: t.formula,
              dice: t.dice,
              static: t.static,
              terms: [{ label: "CYCHOSYS.Term.dice", value: t.dice }, ...t.terms.map((x) => ({ label: `CYCHOSYS.Term.${x.kind}`, value: x.value }))],
              missingSkill: t.missingSkill === true,
            };
          })()
        : undefined;
      const view = itemSheetView({
        name: item.name,
        img: item.img,
        type,
        system: item.system as never,
        editable: this.isEditable,
        enrichedText: await enrich(description, item, item.isOwner),
        effects,
        ...(actor && { ownerSkills: actor.items.contents.filter((i) => i.type === "skill").map((i) => i.name), inCombat: actor.inCombat }),
        ...(total && { total }),
      });
      return Object.assign(context, view);
    }
  }

  systemNamed(CychosysItemSheet, "ItemSheetBase");
  const sheetFor = (type: ItemType, name: string) =>
    systemNamed(
      class extends CychosysItemSheet {
        static override DEFAULT_OPTIONS = { ...CychosysItemSheet.DEFAULT_OPTIONS, classes: ["cychosys", "sheet", "item", type] };
        static PARTS = itemParts(type);
      },
      name,
    );

  return {
    SkillSheet: sheetFor("skill", "SkillSheet"),
    GearSheet: sheetFor("weapon", "GearSheet"),
    OutfitSheet: sheetFor("outfit", "OutfitSheet"),
    TrademarkSheet: sheetFor("trademark", "TrademarkSheet"),
  };
}
