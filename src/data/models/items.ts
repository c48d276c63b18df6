/** Item data models: `skill`, `trademark`, `weapon`, `trick`, `outfit` (docs/data-model.md). */
import type { FinesseSource, GearSource, OutfitSource, SkillSource } from "../source-types.js";
import { modelStatics } from "./base.js";

type AnySchema = foundry.data.fields.DataSchema;
type AnyObject = Record<string, unknown>;
type Statics = ReturnType<typeof modelStatics>;

const statics: Record<"skill" | "trademark" | "weapon" | "trick" | "outfit", Statics> = {
  skill: modelStatics("Item", "skill"),
  trademark: modelStatics("Item", "trademark"),
  weapon: modelStatics("Item", "weapon"),
  trick: modelStatics("Item", "trick"),
  outfit: modelStatics("Item", "outfit"),
};

export class SkillModel extends foundry.abstract.TypeDataModel<AnySchema, Item.Implementation> {
  declare base: number;
  declare dice: SkillSource["dice"];
  declare facet: SkillSource["facet"];
  declare finesses: FinesseSource[];
  declare schemaVersion: number;

  static override defineSchema(): AnySchema {
    return statics.skill.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(statics.skill.migrateData(source));
  }
}

export class TrademarkModel extends foundry.abstract.TypeDataModel<AnySchema, Item.Implementation> {
  declare description: string;
  declare schemaVersion: number;

  static override defineSchema(): AnySchema {
    return statics.trademark.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(statics.trademark.migrateData(source));
  }
}

export class WeaponModel extends foundry.abstract.TypeDataModel<AnySchema, Item.Implementation> {
  declare speed: number;
  declare edge: string;
  declare skill: string;
  declare finesse: string;
  declare parry: GearSource["parry"];
  declare description: string;
  declare schemaVersion: number;

  static override defineSchema(): AnySchema {
    return statics.weapon.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(statics.weapon.migrateData(source));
  }
}

export class TrickModel extends foundry.abstract.TypeDataModel<AnySchema, Item.Implementation> {
  declare speed: number;
  declare edge: string;
  declare skill: string;
  declare finesse: string;
  declare parry: GearSource["parry"];
  declare description: string;
  declare schemaVersion: number;

  static override defineSchema(): AnySchema {
    return statics.trick.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(statics.trick.migrateData(source));
  }
}

export class OutfitModel extends foundry.abstract.TypeDataModel<AnySchema, Item.Implementation> {
  declare weight: number;
  declare shield: string;
  declare covers: OutfitSource["covers"];
  declare layer: OutfitSource["layer"];
  declare equipped: boolean;
  declare description: string;
  declare schemaVersion: number;

  static override defineSchema(): AnySchema {
    return statics.outfit.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(statics.outfit.migrateData(source));
  }
}
