/**
 * Cychosys's Foundry side, registered only in a world that plays Cychosys
 * (src/foundry/rulesets.ts registers it on `init`): the rules data and its settings, the `dc` die,
 * the conditions as status effects, the sheets, the attack cards, the turn
 * tracker's rules and the chase window, and the actor's own methods.
 *
 * Note: the Cychosys die is registered as `CONFIG.Dice.terms.c`, which
 * replaces Foundry's coin term (`dc`) in a Cychosys world (R11).
 */
import type { RulesetAdapter } from "../adapter.js";
import { addDocumentMethods, worldClasses } from "../documents.js";
import { whenDiceSoNiceReady } from "../dice-so-nice.js";
import * as rules from "../../rulesets/cychosys/rules/index.js";
import * as schema from "../../rulesets/cychosys/data/schema/index.js";
import { createCychosysRuleset } from "../../rulesets/cychosys/ruleset.js";
import type { AttackFlow } from "../../rulesets/cychosys/workflow/attack-flow.js";
import { cardContent, registerAttackWorkflow, renderCard } from "./attack.js";
import { cychosysCombatRules, registerCombat } from "./combat/index.js";
import { deriveCychosys } from "./derive.js";
import { CychosysDie, CychosysRoll, registerDiceSoNice } from "./dice.js";
import { CychosysActor } from "./documents/actor.js";
import { CychosysItem } from "./documents/item.js";
import { RulesSettingsApp } from "./rules-settings-app.js";
import { applyRulesSettings, registerSettings, registerStatusEffects } from "./settings.js";
import { registerSheets } from "./sheets/index.js";
import { registerOdds } from "../odds.js";

function register(): void {
  // The rules data a world plays with; the world settings replace parts of it
  // on `setup`, and a module may replace a part (e.g. its own effects table).
  CONFIG.CYCHOSYS = rules.makeRules();
  // Notation fields are read with the world's effects table (R10), whatever a setting made it.
  schema.useEffectsTable(() => CONFIG.CYCHOSYS.effects);
  // The rules core and the data schema for macros and modules: `cychosys.rules.parseBundle("VD6")`.
  Object.assign(globalThis.cychosys, { rules, schema });

  if (worldClasses.Actor) addDocumentMethods(worldClasses.Actor, CychosysActor);
  if (worldClasses.Item) addDocumentMethods(worldClasses.Item, CychosysItem);

  // R11: `3dc` rolls three Cychosys dice (this replaces the coin term `dc`).
  CONFIG.Dice.terms.c = CychosysDie as never;
  CONFIG.Dice.rolls.push(CychosysRoll as never);

  registerStatusEffects(CONFIG.CYCHOSYS.effects);
  // Their descriptions in the user's language once the translations are loaded.
  Hooks.once("i18nInit", () => registerStatusEffects(CONFIG.CYCHOSYS.effects));
  registerSettings(RulesSettingsApp as never);
  registerSheets();
  registerAttackWorkflow();
  // Odds before you roll (docs/odds.md): the world setting and the partials; the cost readout the attack and defense dialogs include.
  registerOdds();
  void foundry.applications.handlebars.loadTemplates(["systems/cychosys/templates/dialog/cost-readout.hbs"]);
  registerCombat();
  // The world's settings replace parts of CONFIG.CYCHOSYS now, before any actor is prepared with them.
  applyRulesSettings();
  // Dice So Nice (optional): the dc die with 11 and 12 marked S and C.
  whenDiceSoNiceReady((dice3d) => void registerDiceSoNice(dice3d));
}

export const adapter: RulesetAdapter<AttackFlow> = {
  ruleset: createCychosysRuleset(() => CONFIG.CYCHOSYS),
  register,
  cardContent,
  renderCard,
  combat: cychosysCombatRules,
  derive: deriveCychosys,
};
