/**
 * Template contexts of the item sheets (one per item type) and the object
 * actor sheet. Pure: no Foundry; the sheets and the preview harness share them.
 */
import type {
  GearSource,
  ItemSourceByType,
  ItemType,
  ObjectSource,
  OutfitSource,
  SkillSource,
} from "../data/source-types.js";
import { ALL_LOCATIONS, FACETS, type HitLocation, LAYERS } from "../rules/index.js";
import { EFFECT_MODE_LABELS, facetLabel, layerLabel, locationLabel, TRADEMARK_CHANGE_KEYS } from "./labels.js";
import type { TotalView } from "./combatant.js";

/** An ActiveEffect carried by an item (a trademark's mechanics). */
export interface SheetEffect {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  changes: { key: string; mode: number; value: string }[];
}

export interface ItemSheetInput<T extends ItemType = ItemType> {
  name: string;
  img: string;
  type: T;
  system: ItemSourceByType[T];
  editable: boolean;
  /** Enriched description HTML; the raw text when absent. */
  enrichedText?: string;
  /** The item's ActiveEffects (shown for trademarks). */
  effects?: readonly SheetEffect[];
  /** Names of the owner's skills, offered for a weapon's or trick's skill. */
  ownerSkills?: readonly string[];
  /** The owner's action total with this weapon or trick (from its `derived.totals`). */
  total?: TotalView;
  /** The owner is in an active combat (R18: no gear improvement). */
  inCombat?: boolean;
}

export interface ChoiceView {
  value: string;
  label: string;
  selected: boolean;
}

export interface ItemSheetView {
  name: string;
  img: string;
  type: ItemType;
  typeLabel: string;
  editable: boolean;
  isSkill: boolean;
  isGear: boolean;
  isOutfit: boolean;
  isTrademark: boolean;
  description: { path: string; raw: string; enriched: string };
  skill?: {
    base: number;
    dice: number;
    facets: ChoiceView[];
    finesses: { index: number; name: string; bonus: number; namePath: string; bonusPath: string }[];
  };
  gear?: {
    speed: number;
    edge: string;
    skill: string;
    finesse: string;
    parryHits: number;
    parryShield: string;
    ownerSkills: string[];
    total: TotalView | undefined;
    improvable: boolean;
  };
  outfit?: {
    weight: number;
    shield: string;
    equipped: boolean;
    layers: ChoiceView[];
    locations: { location: HitLocation; label: string; checked: boolean }[];
    improvable: boolean;
  };
  effects?: {
    id: string;
    name: string;
    img: string;
    disabled: boolean;
    changes: { keyLabel: string; knownKey: boolean; modeLabel: string; value: string }[];
  }[];
  advancement: { locked: boolean; reason: string };
}

const choice = (value: string, label: string, selected: string): ChoiceView => ({ value, label, selected: value === selected });

export function itemSheetView(input: ItemSheetInput): ItemSheetView {
  const locked = input.inCombat === true;
  const view: ItemSheetView = {
    name: input.name,
    img: input.img,
    type: input.type,
    typeLabel: `CYCHOSYS.Sheet.ItemType.${input.type}`,
    editable: input.editable,
    isSkill: input.type === "skill",
    isGear: input.type === "weapon" || input.type === "trick",
    isOutfit: input.type === "outfit",
    isTrademark: input.type === "trademark",
    description: { path: "system.description", raw: "", enriched: "" },
    advancement: { locked, reason: locked ? "CYCHOSYS.Error.inCombat" : "" },
  };
  if (input.type === "skill") {
    const s = input.system as SkillSource;
    view.skill = {
      base: s.base,
      dice: s.dice,
      facets: FACETS.map((f) => choice(f, facetLabel(f), s.facet)),
      finesses: s.finesses.map((f, index) => ({
        index,
        name: f.name,
        bonus: f.bonus,
        namePath: `system.finesses.${index}.name`,
        bonusPath: `system.finesses.${index}.bonus`,
      })),
    };
    const raw = s.description ?? "";
    view.description = { path: "system.description", raw, enriched: input.enrichedText ?? raw };
    return view;
  }
  const described = input.system as { description: string };
  view.description = { path: "system.description", raw: described.description, enriched: input.enrichedText ?? described.description };
  if (view.isGear) {
    const g = input.system as GearSource;
    view.gear = {
      speed: g.speed,
      edge: g.edge,
      skill: g.skill,
      finesse: g.finesse,
      parryHits: g.parry.hits,
      parryShield: g.parry.shield,
      ownerSkills: [...(input.ownerSkills ?? [])],
      total: input.total,
      improvable: input.ownerSkills !== undefined,
    };
  } else if (view.isOutfit) {
    const o = input.system as OutfitSource;
    view.outfit = {
      weight: o.weight,
      shield: o.shield,
      equipped: o.equipped,
      layers: LAYERS.map((l) => choice(l, layerLabel(l), o.layer)),
      locations: ALL_LOCATIONS.map((location) => ({ location, label: locationLabel(location), checked: o.covers.includes(location) })),
      improvable: input.ownerSkills !== undefined,
    };
  } else if (view.isTrademark) {
    view.effects = (input.effects ?? []).map((e) => ({
      id: e.id,
      name: e.name,
      img: e.img,
      disabled: e.disabled,
      changes: e.changes.map((c) => ({
        keyLabel: TRADEMARK_CHANGE_KEYS[c.key] ?? c.key,
        knownKey: c.key in TRADEMARK_CHANGE_KEYS,
        modeLabel: EFFECT_MODE_LABELS[c.mode] ?? String(c.mode),
        value: c.value,
      })),
    }));
  }
  return view;
}

export interface ObjectSheetInput {
  name: string;
  img: string;
  system: ObjectSource;
  /** `system.derived` of the object (from `deriveObject`). */
  derived: { destroyed: boolean; soakSteps: number; size: { small: number; large: number } };
  editable: boolean;
  enrichedText?: string;
}

export interface ObjectSheetView {
  name: string;
  img: string;
  editable: boolean;
  hits: { value: number; max: number; percent: number };
  shield: string;
  destroyed: boolean;
  soakSteps: number;
  size: { small: number; large: number };
  description: { path: string; raw: string; enriched: string };
}

export function objectSheetView(input: ObjectSheetInput): ObjectSheetView {
  const { hits } = input.system;
  return {
    name: input.name,
    img: input.img,
    editable: input.editable,
    hits: { value: hits.value, max: hits.max, percent: hits.max > 0 ? Math.round((Math.min(hits.value, hits.max) / hits.max) * 100) : 0 },
    shield: input.system.shield,
    destroyed: input.derived.destroyed,
    soakSteps: input.derived.soakSteps,
    size: input.derived.size,
    description: { path: "system.description", raw: input.system.description, enriched: input.enrichedText ?? input.system.description },
  };
}
