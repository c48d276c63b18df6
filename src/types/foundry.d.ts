/**
 * Declaration merging with the Foundry types (fvtt-types v13): the system's
 * data models per document type, so `actor.system` is typed per `actor.type`;
 * its document classes; its settings.
 */
import type { CharacterModel, NpcModel, ObjectModel, OutfitModel, SkillModel, TrademarkModel, TrickModel, WeaponModel } from "../foundry/cychosys/models/index.js";
import type { CychosysActor } from "../foundry/cychosys/documents/actor.js";
import type { CychosysItem } from "../foundry/cychosys/documents/item.js";
import type { ChartTable, EffectsTable } from "../rulesets/cychosys/rules/index.js";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      character: typeof CharacterModel;
      npc: typeof NpcModel;
      object: typeof ObjectModel;
    };
    Item: {
      skill: typeof SkillModel;
      trademark: typeof TrademarkModel;
      weapon: typeof WeaponModel;
      trick: typeof TrickModel;
      outfit: typeof OutfitModel;
    };
  }

  interface DocumentClassConfig {
    Actor: typeof CychosysActor<Actor.ConfiguredSubType>;
    Item: typeof CychosysItem<Item.ConfiguredSubType>;
  }

  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: CychosysActor<SubType>;
  }

  interface ConfiguredItem<SubType extends Item.SubType> {
    document: CychosysItem<SubType>;
  }

  interface SettingConfig {
    "cychosys.effectsTable": EffectsTable;
    "cychosys.chart": ChartTable;
    "cychosys.actionsPerRound": number;
    "cychosys.extraActionFatigue": number;
    "cychosys.unusedActionFatigue": number;
    "cychosys.forceBonus": number;
    "cychosys.baseSoakSteps": number;
    "cychosys.parryWinsTies": boolean;
    "cychosys.surgeWinsTies": boolean;
    "cychosys.chaseNeverBackwards": boolean;
    "cychosys.systemMigrationVersion": string;
  }
}
