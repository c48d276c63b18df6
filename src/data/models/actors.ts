/** Actor data models: `character`, `npc` (R10–R41 combat data) and `object` (R37). */
import type { CharacterSource, NpcSource, ObjectSource } from "../source-types.js";
import { conditionsFromEffects, type EffectLike } from "../conditions.js";
import { type CombatantDerived, deriveCombatant, deriveObject } from "../derive/combatant.js";
import { experienceTotal } from "../derive/experience.js";
import type { ItemView } from "../source-types.js";
import { localize } from "../../foundry/i18n.js";
import { modelStatics, worldRules } from "./base.js";

const characterStatics = modelStatics("Actor", "character");
const npcStatics = modelStatics("Actor", "npc");
const objectStatics = modelStatics("Actor", "object");

/** What the models read of their actor: its items and its effects (conditions). */
interface ActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
  effects?: Iterable<EffectLike>;
}

function itemViews(actor: ActorLike | null | undefined): ItemView[] {
  const views: ItemView[] = [];
  for (const item of actor?.items ?? []) {
    views.push({ id: item.id ?? "", name: item.name, type: item.type as ItemView["type"], system: item.system as ItemView["system"] });
  }
  return views;
}

/** Derived data of a character or NPC, from its (effect-modified) system data, items and condition effects. */
export function deriveForActor(system: CharacterSource | NpcSource, actor: ActorLike | null | undefined): CombatantDerived {
  const labels = { skin: localize("CYCHOSYS.Layer.skin"), will: localize("CYCHOSYS.Layer.will") };
  return deriveCombatant(system, itemViews(actor), conditionsFromEffects(actor?.effects ?? []), labels, worldRules());
}

// The TypeDataModel base classes are Foundry's; the schema's precise types are
// declared from source-types.ts (the one description of the stored shapes).
type AnySchema = foundry.data.fields.DataSchema;
type AnyObject = Record<string, unknown>;

export class CharacterModel extends foundry.abstract.TypeDataModel<AnySchema, Actor.Implementation> {
  declare pools: CharacterSource["pools"];
  declare natural: CharacterSource["natural"];
  declare modifiers: CharacterSource["modifiers"];
  declare experience: CharacterSource["experience"];
  declare biography: string;
  declare schemaVersion: number;
  declare derived: CombatantDerived & { experience: { total: number } };

  static override defineSchema(): AnySchema {
    return characterStatics.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(characterStatics.migrateData(source));
  }

  static override validateJoint(data: AnyObject): void {
    characterStatics.validateJoint(data);
  }

  override prepareDerivedData(): void {
    this.derived = { ...deriveForActor(this, this.parent as unknown as ActorLike), experience: experienceTotal(this.experience) };
  }
}

export class NpcModel extends foundry.abstract.TypeDataModel<AnySchema, Actor.Implementation> {
  declare pools: NpcSource["pools"];
  declare natural: NpcSource["natural"];
  declare modifiers: NpcSource["modifiers"];
  declare notes: string;
  declare schemaVersion: number;
  declare derived: CombatantDerived;

  static override defineSchema(): AnySchema {
    return npcStatics.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(npcStatics.migrateData(source));
  }

  static override validateJoint(data: AnyObject): void {
    npcStatics.validateJoint(data);
  }

  override prepareDerivedData(): void {
    this.derived = deriveForActor(this, this.parent as unknown as ActorLike);
  }
}

export class ObjectModel extends foundry.abstract.TypeDataModel<AnySchema, Actor.Implementation> {
  declare hits: ObjectSource["hits"];
  declare shield: string;
  declare description: string;
  declare schemaVersion: number;
  declare derived: ReturnType<typeof deriveObject>;

  static override defineSchema(): AnySchema {
    return objectStatics.defineSchema();
  }

  static override migrateData(source: AnyObject): AnyObject {
    return super.migrateData(objectStatics.migrateData(source));
  }

  static override validateJoint(data: AnyObject): void {
    objectStatics.validateJoint(data);
  }

  override prepareDerivedData(): void {
    this.derived = deriveObject(this, worldRules());
  }
}
