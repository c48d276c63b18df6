/** Item data models: `skill`, `trademark`, `weapon`, `trick`, `outfit` (docs/data-model.md). */
import type { FinesseSource, GearSource, OutfitSource, SkillSource } from "../../../rulesets/cychosys/data/source-types.js";
import { ItemModelBase } from "../../models/base.js";

export class SkillModel extends ItemModelBase {
  static override schemaType = "skill";
  declare base: number;
  declare dice: SkillSource["dice"];
  declare facet: SkillSource["facet"];
  declare finesses: FinesseSource[];
  declare schemaVersion: number;
}

export class TrademarkModel extends ItemModelBase {
  static override schemaType = "trademark";
  declare description: string;
  declare schemaVersion: number;
}

/** Weapons and tricks store the same fields (docs/data-model.md). */
class GearModel extends ItemModelBase {
  declare speed: number;
  declare edge: string;
  declare skill: string;
  declare finesse: string;
  declare parry: GearSource["parry"];
  declare description: string;
  declare schemaVersion: number;
}

export class WeaponModel extends GearModel {
  static override schemaType = "weapon";
}

export class TrickModel extends GearModel {
  static override schemaType = "trick";
}

export class OutfitModel extends ItemModelBase {
  static override schemaType = "outfit";
  declare weight: number;
  declare shield: string;
  declare covers: OutfitSource["covers"];
  declare layer: OutfitSource["layer"];
  declare equipped: boolean;
  declare description: string;
  declare schemaVersion: number;
}
