/**
 * What the system registers with Foundry on `init`: rules data, data models,
 * document classes, the `dc` die, status effects, token bars, settings and sheets.
 * Registration only: no rules arithmetic lives here.
 *
 * Note: the Cychosys die is registered as `CONFIG.Dice.terms.c`, which
 * replaces Foundry's coin term (`dc`) in a Cychosys world (R11).
 */
import * as rules from "../rulesets/cychosys/rules/index.js";
import * as schema from "../rulesets/cychosys/data/schema/index.js";
import { ACTOR_MODELS, ITEM_MODELS } from "./cychosys/models/index.js";
import { CychosysDie, CychosysRoll } from "./cychosys/dice.js";
import { CychosysActor } from "./cychosys/documents/actor.js";
import { CychosysItem } from "./cychosys/documents/item.js";
import { registerSheets } from "./cychosys/sheets/index.js";
import { registerAttackWorkflow } from "./cychosys/attack.js";
import { registerCombat } from "./cychosys/combat/index.js";
import { RulesSettingsApp } from "./cychosys/rules-settings-app.js";
import { registerSettings, registerStatusEffects } from "./settings.js";

/** Token bars (hit pools) and values each actor type offers. */
export const TRACKABLE_ATTRIBUTES = {
  character: {
    bar: ["pools.hit.physical", "pools.hit.mental", "pools.hit.emotional", "pools.fatigue.physical", "pools.fatigue.mental", "pools.fatigue.emotional"],
    value: [],
  },
  npc: {
    bar: ["pools.hit.physical", "pools.hit.mental", "pools.hit.emotional", "pools.fatigue.physical", "pools.fatigue.mental", "pools.fatigue.emotional"],
    value: [],
  },
  object: { bar: ["hits"], value: [] },
};

export function init(): void {
  // The rules data a world plays with; the world settings replace parts of it
  // on `setup`, and a module may replace a part (e.g. its own effects table).
  CONFIG.CYCHOSYS = rules.makeRules();
  // The rules core and the data schema for macros and modules: `cychosys.rules.parseBundle("VD6")`.
  globalThis.cychosys = { rules, schema };

  CONFIG.Actor.documentClass = CychosysActor as never;
  CONFIG.Item.documentClass = CychosysItem as never;
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  CONFIG.Actor.trackableAttributes = TRACKABLE_ATTRIBUTES as never;

  // R11: `3dc` rolls three Cychosys dice (this replaces the coin term `dc`).
  CONFIG.Dice.terms.c = CychosysDie as never;
  CONFIG.Dice.rolls.push(CychosysRoll as never);

  registerStatusEffects(CONFIG.CYCHOSYS.effects);
  registerSettings(RulesSettingsApp as never);
  registerSheets();
  registerAttackWorkflow();
  registerCombat();
  console.log("Cychosys | Initializing the Cychosys game system");
}
