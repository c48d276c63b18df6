/** Actor data models: `character`, `npc` (R10–R41 combat data) and `object` (R37). */
import type { CharacterSource, NpcSource, ObjectSource } from "../../../rulesets/cychosys/data/source-types.js";
import { conditionsFromEffects, type EffectLike } from "../../../rulesets/cychosys/data/conditions.js";
import { type CombatantDerived, deriveCombatant, deriveObject } from "../../../rulesets/cychosys/data/derive/combatant.js";
import { experienceTotal } from "../../../rulesets/cychosys/data/derive/experience.js";
import type { ItemView } from "../../../rulesets/cychosys/data/source-types.js";
import { localize } from "../../i18n.js";
import { ActorModelBase, worldRules } from "./base.js";

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

// The schema's precise types are declared from source-types.ts (the one
// description of the stored shapes); ActorModelBase builds the schema.

export class CharacterModel extends ActorModelBase {
  static override schemaType = "character";
  declare pools: CharacterSource["pools"];
  declare natural: CharacterSource["natural"];
  declare modifiers: CharacterSource["modifiers"];
  declare experience: CharacterSource["experience"];
  declare biography: string;
  declare schemaVersion: number;
  declare derived: CombatantDerived & { experience: { total: number } };

  override prepareDerivedData(): void {
    this.derived = { ...deriveForActor(this, this.parent as unknown as ActorLike), experience: experienceTotal(this.experience) };
  }
}

export class NpcModel extends ActorModelBase {
  static override schemaType = "npc";
  declare pools: NpcSource["pools"];
  declare natural: NpcSource["natural"];
  declare modifiers: NpcSource["modifiers"];
  declare notes: string;
  declare schemaVersion: number;
  declare derived: CombatantDerived;

  override prepareDerivedData(): void {
    this.derived = deriveForActor(this, this.parent as unknown as ActorLike);
  }
}

export class ObjectModel extends ActorModelBase {
  static override schemaType = "object";
  declare hits: ObjectSource["hits"];
  declare shield: string;
  declare description: string;
  declare schemaVersion: number;
  declare derived: ReturnType<typeof deriveObject>;

  override prepareDerivedData(): void {
    this.derived = deriveObject(this, worldRules());
  }
}
