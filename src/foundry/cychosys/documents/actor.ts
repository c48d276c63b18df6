/**
 * The Actor document class. Document-level behaviour only — rolling an action
 * total, taking and removing conditions, spending experience — and every
 * figure comes from the rules core or the pure derive functions.
 */
import {
  effectDefinition,
  formatBundle,
  improveGear as improveBundle,
  parseBundle,
  RulesError,
  spendExperience as spendXp,
  earnExperience,
} from "../../../rulesets/cychosys/rules/index.js";
import { rollCardContext } from "../../../rulesets/cychosys/views/roll-card.js";
import { rollFormula } from "../../../rulesets/cychosys/data/derive/combatant.js";
import type { CharacterModel, NpcModel, ObjectModel } from "../models/index.js";
import { worldRules } from "../derive.js";
import { CychosysRoll } from "../dice.js";
import { format, localize, localizeError } from "../../i18n.js";
import { conditionEffectData } from "../../../rulesets/cychosys/data/status-effects.js";
import { isInActiveCombat } from "./in-combat.js";

export const ROLL_CARD_TEMPLATE = "systems/cychosys/templates/chat/action-roll.hbs";

type Model = CharacterModel | NpcModel | ObjectModel;

function notify(level: "info" | "warn" | "error", message: string): void {
  ui.notifications?.[level](message);
}

export class CychosysActor<SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The system data as this system's models (typed per type in src/types/foundry.d.ts). */
  get model(): Model {
    return this.system as unknown as Model;
  }

  /** R18: the actor is a combatant of a combat that has started. */
  override get inCombat(): boolean {
    return isInActiveCombat((game.combats?.contents ?? []) as never, { uuid: this.uuid, id: this.id });
  }

  /**
   * R8, R11–R13: roll the derived action total `totalKey` (`skill:<id>`,
   * `skill:<id>:<finesse>`, `gear:<id>`) with the `dc` die and post the chat
   * card. A surge or crash on the key die earns a character 1 experience
   * (R12, R40), in combat too.
   */
  async rollAction(totalKey: string, options: { modifier?: number } = {}): Promise<ChatMessage.Implementation | undefined> {
    const model = this.model;
    if (!("pools" in model)) return undefined;
    const total = model.derived.totals.find((t) => t.key === totalKey);
    if (!total) {
      notify("warn", format("CYCHOSYS.Roll.unknownTotal", { actor: this.name, key: totalKey }));
      return undefined;
    }
    const modifier = options.modifier ?? 0;
    if (!Number.isInteger(modifier) || Math.abs(modifier) > 999) {
      notify("error", format("CYCHOSYS.Roll.badModifier", { value: String(modifier) }));
      return undefined;
    }
    const roll = new CychosysRoll(rollFormula(total.dice, total.static + modifier));
    await roll.evaluate();
    const faces = roll.keyTerm?.faces12 ?? [];
    const card = rollCardContext({
      actorName: this.name,
      total,
      faces,
      modifier,
      earnsExperience: this.type === "character",
      chart: worldRules().chart,
      localize: (key, params) => format(key, (params ?? {}) as Record<string, string | number>),
    });
    const content = await foundry.applications.handlebars.renderTemplate(ROLL_CARD_TEMPLATE, card as never);
    const message = await ChatMessage.implementation.create({
      speaker: ChatMessage.implementation.getSpeaker({ actor: this }),
      content,
      rolls: [roll],
      flags: { cychosys: { totalKey, total: card.total, surge: card.surge, crash: card.crash } },
    } as never);
    if (card.experience > 0 && this.type === "character") {
      const xp = (model as CharacterModel).experience;
      await this.update({ "system.experience.unspent": earnExperience(xp, card.experience).unspent } as never);
    }
    return message ?? undefined;
  }

  /** R33: take a wounding effect as a condition: one ActiveEffect with its status id and penalty. */
  async addCondition(letter: string, piercing = false): Promise<ActiveEffect.Implementation | undefined> {
    const effect = effectDefinition(letter, worldRules().effects);
    if (!effect || effect.kind !== "wounding") {
      notify("warn", format("CYCHOSYS.Condition.notWounding", { letter }));
      return undefined;
    }
    const created = await this.createEmbeddedDocuments("ActiveEffect", [conditionEffectData(effect, piercing, format) as never]);
    return created?.[0] as ActiveEffect.Implementation | undefined;
  }

  /** Remove a condition (treated, or worn off). */
  async removeCondition(effectId: string): Promise<ActiveEffect.Implementation | undefined> {
    const effect = this.effects.get(effectId);
    if (!effect) {
      notify("warn", format("CYCHOSYS.Condition.noCondition", { id: effectId }));
      return undefined;
    }
    return (await effect.delete()) ?? undefined;
  }

  /** R18, R40: spend unspent experience; refused (with the reason) in combat or beyond what is unspent. */
  async spendExperience(cost: number): Promise<boolean> {
    if (this.type !== "character") {
      notify("warn", localize("CYCHOSYS.Experience.notCharacter"));
      return false;
    }
    const model = this.model as CharacterModel;
    try {
      const xp = spendXp(model.experience, cost, this.inCombat);
      await this.update({ "system.experience.unspent": xp.unspent, "system.experience.spent": xp.spent } as never);
      return true;
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      notify("warn", localizeError(error));
      return false;
    }
  }

  /** R41: add effect letters to a weapon's or trick's edge or an outfit piece's shield, paying their powers in experience. */
  async improveGear(itemId: string, letters: string[]): Promise<boolean> {
    if (this.type !== "character") {
      notify("warn", localize("CYCHOSYS.Experience.notCharacter"));
      return false;
    }
    const item = this.items.get(itemId);
    const field = item?.type === "outfit" ? "shield" : item?.type === "weapon" || item?.type === "trick" ? "edge" : undefined;
    if (!item || !field) {
      notify("warn", format("CYCHOSYS.Experience.noGear", { id: itemId }));
      return false;
    }
    const rules = worldRules();
    const model = this.model as CharacterModel;
    const current = (item.system as unknown as Record<string, string>)[field]!;
    try {
      const result = improveBundle(parseBundle(current, rules.effects), letters, model.experience, this.inCombat, rules.effects);
      const improved = formatBundle(result.gear, rules.effects);
      await item.update({ [`system.${field}`]: improved } as never);
      await this.update({ "system.experience.unspent": result.xp.unspent, "system.experience.spent": result.xp.spent } as never);
      notify("info", format("CYCHOSYS.Experience.improved", { actor: this.name, item: item.name, from: current, to: improved, cost: result.cost }));
      return true;
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      notify("warn", localizeError(error));
      return false;
    }
  }
}
