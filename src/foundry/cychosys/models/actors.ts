/**
 * Actor data models: `character`, `npc` (R10–R41 combat data) and `object`
 * (R37). Only their stored fields and the shape of what they derive, for the
 * type checker: the schema is the description's, the derived data the
 * Cychosys code's (src/foundry/cychosys/derive.ts), so these stay small.
 */
import type { CharacterSource, NpcSource, ObjectSource } from "../../../rulesets/cychosys/data/source-types.js";
import type { CombatantDerived, deriveObject } from "../../../rulesets/cychosys/data/derive/combatant.js";
import { ActorModelBase } from "../../models/base.js";

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
}

export class NpcModel extends ActorModelBase {
  static override schemaType = "npc";
  declare pools: NpcSource["pools"];
  declare natural: NpcSource["natural"];
  declare modifiers: NpcSource["modifiers"];
  declare notes: string;
  declare schemaVersion: number;
  declare derived: CombatantDerived;
}

export class ObjectModel extends ActorModelBase {
  static override schemaType = "object";
  declare hits: ObjectSource["hits"];
  declare shield: string;
  declare description: string;
  declare schemaVersion: number;
  declare derived: ReturnType<typeof deriveObject>;
}
