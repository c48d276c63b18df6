/**
 * The character, NPC and object sheets (ApplicationV2 + Handlebars). They
 * gather the document's data and hand it to the pure view models
 * (src/applications/view/); every figure comes from `actor.system.derived`.
 * Document behaviour (rolling, conditions, experience) is the actor's own
 * (src/documents/): the sheets only call it.
 */
import type { CharacterSource, NpcSource, ObjectSource } from "../../../rulesets/cychosys/data/source-types.js";
import { parseLetters, RulesError } from "../../../rulesets/cychosys/rules/index.js";
import {
  CHARACTER_PARTS,
  CHARACTER_TABS,
  combatantSheetView,
  NPC_PARTS,
  OBJECT_PARTS,
  objectSheetView,
  type SheetCondition,
  type SheetItem,
  tabsView,
} from "../../../rulesets/cychosys/views/index.js";
import type { ActorDocumentLike, DocumentSheetLike, ItemDocumentLike, RenderContext, RenderOptions } from "./foundry-types.js";
import { startAttack } from "../attack.js";
import { actorSheetBase, confirmDialog, enrich, escapeHtml, localize, promptForm } from "./shared.js";
import { systemNamed } from "../../class-name.js";
import { bindItemDragDrop } from "../../item-drag-drop.js";

type Action = (this: ActorSheetInstance, event: PointerEvent, target: HTMLElement) => unknown;
interface ActorSheetInstance extends DocumentSheetLike {
  readonly actor: ActorDocumentLike;
}

const itemIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

function itemOf(sheet: ActorSheetInstance, target: HTMLElement): ItemDocumentLike | undefined {
  return sheet.actor.items.get(itemIdOf(target));
}

/** Show a rules error (e.g. R18 in combat, not enough experience) as Foundry's warning. */
function warnOnRulesError(error: unknown): void {
  if (error instanceof RulesError || (error instanceof Error && error.name === "RulesError")) {
    ui.notifications?.warn(error.message);
    return;
  }
  throw error;
}

const actions: Record<string, Action> = {
  async roll(_event, target) {
    const key = target.dataset.totalKey;
    if (key) await this.actor.rollAction(key);
  },
  /** The attack workflow: the attack dialog, the roll, the attack card with the user's targets (src/chat/). */
  async attack(_event, target) {
    const item = itemOf(this, target);
    if (item) await startAttack(this.actor as never, item as never);
  },
  editItem(_event, target) {
    itemOf(this, target)?.sheet?.render({ force: true });
  },
  async deleteItem(_event, target) {
    const item = itemOf(this, target);
    if (!item) return;
    const ok = await confirmDialog(
      localize("CYCHOSYS.Sheet.DeleteTitle", { name: item.name }),
      escapeHtml(localize("CYCHOSYS.Sheet.DeleteContent", { name: item.name, actor: this.actor.name })),
    );
    if (ok) await item.delete();
  },
  async createItem(_event, target) {
    const type = target.dataset.type;
    if (!type) return;
    const name = localize("CYCHOSYS.Sheet.NewItem", { type: localize(`CYCHOSYS.Sheet.ItemType.${type}`) });
    await this.actor.createEmbeddedDocuments("Item", [{ name, type }], { renderSheet: true });
  },
  async toggleEquipped(_event, target) {
    const item = itemOf(this, target);
    if (item) await item.update({ "system.equipped": !(item.system as { equipped: boolean }).equipped });
  },
  async removeCondition(_event, target) {
    const id = target.dataset.effectId;
    if (id) await this.actor.removeCondition(id);
  },
  async addCondition(_event, target) {
    const box = target.closest(".cy-add-condition");
    const letter = box?.querySelector<HTMLSelectElement>(".cy-condition-letter")?.value;
    const piercing = box?.querySelector<HTMLInputElement>(".cy-condition-piercing")?.checked ?? false;
    if (letter) await this.actor.addCondition(letter, piercing);
  },
  async spendExperience() {
    if (this.actor.inCombat) return void ui.notifications?.warn(localize("CYCHOSYS.Error.inCombat"));
    const unspent = (this.actor.system as unknown as CharacterSource).experience.unspent;
    const content = `<label class="cy-field">${escapeHtml(localize("CYCHOSYS.Sheet.SpendCost"))}
      <input type="number" name="cost" min="1" max="${unspent}" step="1" value="1" autofocus></label>
      <p class="hint">${escapeHtml(localize("CYCHOSYS.Sheet.SpendHint", { unspent }))}</p>`;
    const cost = await promptForm(localize("CYCHOSYS.Sheet.SpendTitle"), content, localize("CYCHOSYS.Sheet.Spend"), (form) =>
      Number((form.elements.namedItem("cost") as HTMLInputElement).value),
    );
    if (cost === null || !Number.isInteger(cost) || cost <= 0) return;
    await this.actor.spendExperience(cost).catch(warnOnRulesError);
  },
  async improveGear(_event, target) {
    const item = itemOf(this, target);
    if (!item) return;
    await improveDialog(this.actor, item);
  },
};

/** R41: choose the effects to add to a weapon's edge or an outfit's shield; the actor pays and applies them. */
export async function improveDialog(actor: ActorDocumentLike, item: ItemDocumentLike): Promise<void> {
  if (actor.inCombat) return void ui.notifications?.warn(localize("CYCHOSYS.Error.inCombat"));
  const rules = CONFIG.CYCHOSYS;
  const unspent = (actor.system as unknown as Partial<CharacterSource>).experience?.unspent ?? 0;
  const powers = rules.effects.effects.map((e) => `<li><b>${escapeHtml(e.letter)}</b> ${escapeHtml(e.name)}: ${e.power}</li>`).join("");
  const content = `<label class="cy-field">${escapeHtml(localize("CYCHOSYS.Sheet.ImproveLetters"))}
      <input type="text" name="letters" autofocus spellcheck="false" placeholder="D"></label>
    <p class="hint">${escapeHtml(localize("CYCHOSYS.Sheet.ImproveHint", { unspent }))}</p>
    <p>${escapeHtml(localize("CYCHOSYS.Sheet.ImprovePowers"))}</p><ul class="cy-powers">${powers}</ul>`;
  const text = await promptForm(localize("CYCHOSYS.Sheet.ImproveTitle", { name: item.name }), content, localize("CYCHOSYS.Sheet.Improve"), (form) =>
    String((form.elements.namedItem("letters") as HTMLInputElement).value),
  );
  if (text === null || text.trim() === "") return;
  try {
    const letters = parseLetters(text.trim(), rules.effects);
    await actor.improveGear(item.id, letters);
  } catch (error) {
    warnOnRulesError(error);
  }
}

/** The actor's owned items and condition effects in the view models' shapes. */
function sheetItems(actor: ActorDocumentLike): SheetItem[] {
  return actor.items.contents.map((item) => ({
    id: item.id,
    name: item.name,
    img: item.img,
    sort: item.sort,
    type: item.type as SheetItem["type"],
    system: item.system as SheetItem["system"],
  }));
}

/** The letter of a condition status id (`cychosys-D` → `D`, docs/data-model.md); undefined for other statuses. */
const letterOfStatus = (status: string): string | undefined => /^cychosys-([A-Z])$/.exec(status)?.[1];

function sheetConditions(actor: ActorDocumentLike): SheetCondition[] {
  const out: SheetCondition[] = [];
  for (const effect of actor.effects.contents) {
    if (effect.disabled) continue;
    const piercing = (effect.flags as { cychosys?: { piercing?: unknown } }).cychosys?.piercing === true;
    for (const status of effect.statuses) {
      const letter = letterOfStatus(status);
      if (letter) out.push({ id: effect.id, letter, piercing });
    }
  }
  return out;
}

const COMMON_OPTIONS = {
  classes: ["cychosys", "sheet", "actor"],
  form: { submitOnChange: true, closeOnSubmit: false },
  window: { resizable: true },
  actions,
};

export function defineActorSheets() {
  const Base = actorSheetBase();

  /** Character and NPC sheets: everything comes from `system.derived` through `combatantSheetView`. */
  class CombatantSheet extends Base implements ActorSheetInstance {
    declare document: ActorDocumentLike;
    get actor(): ActorDocumentLike {
      return this.document;
    }

    override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
      const context = await super._prepareContext(options);
      const actor = this.actor;
      const system = actor.system as unknown as CharacterSource | NpcSource;
      const text = actor.type === "character" ? (system as CharacterSource).biography : (system as NpcSource).notes;
      const view = combatantSheetView({
        kind: actor.type === "character" ? "character" : "npc",
        name: actor.name,
        img: actor.img,
        system,
        derived: actor.system.derived,
        items: sheetItems(actor),
        conditions: sheetConditions(actor),
        inCombat: actor.inCombat,
        editable: this.isEditable,
        rules: CONFIG.CYCHOSYS,
        enrichedText: await enrich(text, actor, actor.isOwner),
      });
      return Object.assign(context, view);
    }

    override async _onFirstRender(context: RenderContext, options: RenderOptions): Promise<void> {
      await super._onFirstRender(context, options);
      bindItemDragDrop(this as never);
    }
  }

  class CharacterSheet extends CombatantSheet {
    static DEFAULT_OPTIONS = {
      ...COMMON_OPTIONS,
      classes: [...COMMON_OPTIONS.classes, "character"],
      position: { width: 720, height: 760 },
    };
    static PARTS = CHARACTER_PARTS;
    static TABS = {
      primary: { tabs: CHARACTER_TABS.map((t) => ({ id: t.id, icon: t.icon })), initial: "stats", labelPrefix: "CYCHOSYS.Sheet.Tab" },
    };

    override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
      const context = await super._prepareContext(options);
      context.tabs = tabsView(CHARACTER_TABS, this.tabGroups.primary ?? "stats");
      return context;
    }

    override async _preparePartContext(partId: string, context: RenderContext, options: RenderOptions): Promise<RenderContext> {
      const partContext = await super._preparePartContext(partId, context, options);
      const tabs = context.tabs as Record<string, unknown>;
      partContext.tab = tabs[partId];
      return partContext;
    }
  }

  class NpcSheet extends CombatantSheet {
    static DEFAULT_OPTIONS = {
      ...COMMON_OPTIONS,
      classes: [...COMMON_OPTIONS.classes, "npc"],
      position: { width: 640, height: 940 },
    };
    static PARTS = NPC_PARTS;
  }

  class ObjectSheet extends Base {
    declare document: ActorDocumentLike;
    static DEFAULT_OPTIONS = {
      classes: ["cychosys", "sheet", "actor", "object"],
      form: { submitOnChange: true, closeOnSubmit: false },
      window: { resizable: true },
      position: { width: 480, height: 560 },
    };
    static PARTS = OBJECT_PARTS;

    override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
      const context = await super._prepareContext(options);
      const actor = this.document;
      const system = actor.system as unknown as ObjectSource & { derived: Parameters<typeof objectSheetView>[0]["derived"] };
      return Object.assign(
        context,
        objectSheetView({
          name: actor.name,
          img: actor.img,
          system,
          derived: system.derived,
          editable: this.isEditable,
          enrichedText: await enrich(system.description, actor, actor.isOwner),
        }),
      );
    }
  }

  systemNamed(CombatantSheet, "CombatantSheet");
  return { CharacterSheet: systemNamed(CharacterSheet, "CharacterSheet"), NpcSheet: systemNamed(NpcSheet, "NpcSheet"), ObjectSheet: systemNamed(ObjectSheet, "ObjectSheet") };
}
