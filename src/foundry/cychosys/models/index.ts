/** Every data model, keyed by type, as Foundry's `CONFIG.<Document>.dataModels` takes them. */
import { CharacterModel, NpcModel, ObjectModel } from "./actors.js";
import { OutfitModel, SkillModel, TrademarkModel, TrickModel, WeaponModel } from "./items.js";

export { CharacterModel, NpcModel, ObjectModel } from "./actors.js";
export { OutfitModel, SkillModel, TrademarkModel, TrickModel, WeaponModel } from "./items.js";

export const ACTOR_MODELS = { character: CharacterModel, npc: NpcModel, object: ObjectModel } as const;
export const ITEM_MODELS = {
  skill: SkillModel,
  trademark: TrademarkModel,
  weapon: WeaponModel,
  trick: TrickModel,
  outfit: OutfitModel,
} as const;
