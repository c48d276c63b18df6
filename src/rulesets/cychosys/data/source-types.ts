/**
 * The stored (`system`) data of every actor and item type, as plain
 * TypeScript — no Foundry. docs/data-model.md explains each field. The data
 * models store exactly these shapes; the pure derive functions read them.
 */
import type { Facet, HitLocation, Layer } from "../rules/index.js";

export interface PoolSource {
  value: number;
  max: number;
}

export interface FacetPoolsSource {
  physical: PoolSource;
  mental: PoolSource;
  emotional: PoolSource;
}

/** What characters and NPCs share: everything combat needs. */
export interface CombatantSource {
  pools: { hit: FacetPoolsSource; fatigue: FacetPoolsSource };
  /** Natural outfit layers (R30): skin over the six body locations, will over mind and ego. */
  natural: { skin: string; will: string };
  /** Trademark ActiveEffects add to these (R15, R31, R38). */
  modifiers: { quickness: number; soakSteps: number; actions: number };
  schemaVersion: number;
}

export interface CharacterSource extends CombatantSource {
  experience: { unspent: number; spent: number };
  biography: string;
}

export interface NpcSource extends CombatantSource {
  notes: string;
}

export interface ObjectSource {
  hits: PoolSource;
  shield: string;
  description: string;
  schemaVersion: number;
}

export interface FinesseSource {
  name: string;
  bonus: number;
}

export interface SkillSource {
  base: number;
  dice: number;
  facet: Facet;
  finesses: FinesseSource[];
  /** What the skill covers (HTML); skills stored before it was added have none. */
  description?: string;
  schemaVersion: number;
}

export interface TrademarkSource {
  description: string;
  schemaVersion: number;
}

/** Weapons and tricks (R13: only one may add to a total). */
export interface GearSource {
  speed: number;
  edge: string;
  /** Name of the skill it is used with. */
  skill: string;
  /** Name of the finesse used by default ("" for none). */
  finesse: string;
  /** Used to parry (R25): its hits (0: it cannot parry) and shield. */
  parry: { hits: number; shield: string };
  description: string;
  schemaVersion: number;
}

export interface OutfitSource {
  weight: number;
  shield: string;
  covers: HitLocation[];
  layer: Layer;
  equipped: boolean;
  description: string;
  schemaVersion: number;
}

export interface ItemSourceByType {
  skill: SkillSource;
  trademark: TrademarkSource;
  weapon: GearSource;
  trick: GearSource;
  outfit: OutfitSource;
}

export type ItemType = keyof ItemSourceByType;

/** An owned item as the derive functions see it (a Foundry Item, or a plain test fixture). */
export interface ItemView<T extends ItemType = ItemType> {
  id: string;
  name: string;
  type: T;
  system: ItemSourceByType[T];
}

/** A taken wounding effect (R33), from the actor's condition ActiveEffects. */
export interface ConditionView {
  letter: string;
  piercing: boolean;
}
