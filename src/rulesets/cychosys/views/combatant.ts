/**
 * The template context of the character and NPC sheets, built from what the
 * actor stores (`system`), what its data model derived (`derived`, from
 * `deriveCombatant`), its items and its conditions. Pure: no Foundry. The real
 * sheets and the preview harness (tools/preview) both call it, so what the
 * screenshots show is what Foundry shows.
 *
 * No rules arithmetic here: every figure is read from `derived` or the stored
 * data. Labels are lang keys; the templates localize them.
 */
import type { CombatantDerived } from "../data/derive/combatant.js";
import type {
  CharacterSource,
  CombatantSource,
  GearSource,
  ItemView,
  NpcSource,
  OutfitSource,
  SkillSource,
} from "../data/source-types.js";
import {
  ALL_LOCATIONS,
  type EffectDefinition,
  type Facet,
  FACETS,
  type HitLocation,
  type Rules,
  STANDARD_RULES,
} from "../rules/index.js";
import { facetLabel, layerLabel, locationLabel, locationShortLabel } from "./labels.js";

/** An owned item as a sheet sees it: the derive view plus its image and sort order. */
export type SheetItem = ItemView & { img?: string; sort?: number };

/** A condition ActiveEffect on the actor (status `cychosys-<letter>`). */
export interface SheetCondition {
  /** The ActiveEffect's id (what `actor.removeCondition` takes). */
  id: string;
  letter: string;
  piercing: boolean;
}

export interface CombatantSheetInput {
  kind: "character" | "npc";
  name: string;
  img: string;
  system: CharacterSource | NpcSource;
  /** `system.derived`, as the data model prepared it; `experience` only for characters. */
  derived: CombatantDerived & { experience?: { total: number } };
  items: readonly SheetItem[];
  conditions: readonly SheetCondition[];
  inCombat: boolean;
  editable: boolean;
  /** The world's rules (effect names, powers); the standard ones by default. */
  rules?: Rules;
  /** Enriched HTML of the biography (character) or notes (NPC); the raw text when absent. */
  enrichedText?: string;
}

export interface TermView {
  label: string;
  value: number;
}

export interface TotalView {
  key: string;
  formula: string;
  dice: number;
  static: number;
  terms: TermView[];
  missingSkill: boolean;
}

export interface PoolView {
  facet: Facet;
  label: string;
  value: number;
  max: number;
  /** Width of the bar, 0–100 (presentation only). */
  percent: number;
  valuePath: string;
  maxPath: string;
  empty: boolean;
}

export interface SkillRowView {
  id: string;
  name: string;
  img: string;
  facetLabel: string;
  base: number;
  dice: number;
  total: TotalView | undefined;
  finesses: { index: number; name: string; bonus: number; total: TotalView | undefined }[];
}

export interface GearRowView {
  id: string;
  name: string;
  img: string;
  type: "weapon" | "trick";
  typeLabel: string;
  edge: string;
  speed: number;
  skillName: string;
  finesseName: string;
  canParry: boolean;
  parryHits: number;
  parryShield: string;
  total: TotalView | undefined;
}

export interface OutfitRowView {
  id: string;
  name: string;
  img: string;
  layerLabel: string;
  weight: number;
  shield: string;
  covers: string[];
  equipped: boolean;
}

export interface LocationRowView {
  location: HitLocation;
  label: string;
  shortLabel: string;
  shield: string;
  soakSteps: number;
  pieces: string;
  bare: boolean;
  /** The mind and ego rows (will layer) close the table. */
  mental: boolean;
}

export interface ConditionRowView {
  id: string;
  letter: string;
  piercing: boolean;
  notation: string;
  name: string;
  description: string;
}

export interface CombatantSheetView {
  kind: "character" | "npc";
  isCharacter: boolean;
  name: string;
  img: string;
  editable: boolean;
  inCombat: boolean;
  quickness: { value: number; highestPool: number; burden: number; trademark: number; conditions: number };
  movement: number;
  burden: { value: number; commonWeight: number; extraLayers: number; mostCovered: string; hasWorn: boolean };
  actionsPerRound: number;
  conditionsText: string;
  defeated: boolean;
  outFacets: string[];
  experience?: { unspent: number; spent: number; total: number | undefined };
  /** R18: spending experience and improving gear are blocked in combat. */
  advancement: { locked: boolean; reason: string };
  pools: { hit: PoolView[]; fatigue: PoolView[] };
  penalties: { label: string; value: number }[];
  incapacitated: boolean;
  skills: SkillRowView[];
  trademarks: { id: string; name: string; img: string; description: string }[];
  gear: GearRowView[];
  outfit: OutfitRowView[];
  body: LocationRowView[];
  conditions: ConditionRowView[];
  conditionChoices: { letter: string; name: string; power: number }[];
  improvementPowers: { letter: string; name: string; power: number }[];
  invalid: { field: string; itemName: string; message: string }[];
  natural: { skin: string; will: string };
  modifiers: CombatantSource["modifiers"];
  text: { path: string; raw: string; enriched: string; label: string };
}

const DEFAULT_IMG = "icons/svg/item-bag.svg";

function totalView(totals: ReadonlyMap<string, CombatantDerived["totals"][number]>, key: string): TotalView | undefined {
  const total = totals.get(key);
  if (!total) return undefined;
  return {
    key: total.key,
    formula: total.formula,
    dice: total.dice,
    static: total.static,
    terms: [
      { label: "CYCHOSYS.Term.dice", value: total.dice },
      ...total.terms.map((t) => ({ label: `CYCHOSYS.Term.${t.kind}`, value: t.value })),
    ],
    missingSkill: total.missingSkill === true,
  };
}

function poolView(kind: "hit" | "fatigue", facet: Facet, pool: { value: number; max: number }): PoolView {
  const percent = pool.max > 0 ? Math.round((Math.min(pool.value, pool.max) / pool.max) * 100) : 0;
  return {
    facet,
    label: facetLabel(facet),
    value: pool.value,
    max: pool.max,
    percent: Math.max(0, percent),
    valuePath: `system.pools.${kind}.${facet}.value`,
    maxPath: `system.pools.${kind}.${facet}.max`,
    empty: pool.value <= 0,
  };
}

const byName = (effects: readonly EffectDefinition[]) => new Map(effects.map((e) => [e.letter, e]));

/** The character or NPC sheet's whole context. */
export function combatantSheetView(input: CombatantSheetInput): CombatantSheetView {
  const { system, derived } = input;
  const rules = input.rules ?? STANDARD_RULES;
  const effects = byName(rules.effects.effects);
  const items = [...input.items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  // Each row's total by its key, found in a map built once (the first of a key, as a search finds it).
  const totals = new Map<string, CombatantDerived["totals"][number]>();
  for (const t of derived.totals) if (!totals.has(t.key)) totals.set(t.key, t);

  const skills: SkillRowView[] = items
    .filter((i): i is SheetItem & ItemView<"skill"> => i.type === "skill")
    .map((item) => {
      const skill = item.system as SkillSource;
      return {
        id: item.id,
        name: item.name,
        img: item.img ?? DEFAULT_IMG,
        facetLabel: facetLabel(skill.facet),
        base: skill.base,
        dice: skill.dice,
        total: totalView(totals, `skill:${item.id}`),
        finesses: skill.finesses.map((finesse, index) => ({
          index,
          name: finesse.name,
          bonus: finesse.bonus,
          total: totalView(totals, `skill:${item.id}:${index}`),
        })),
      };
    });

  const gear: GearRowView[] = items
    .filter((i) => i.type === "weapon" || i.type === "trick")
    .map((item) => {
      const g = item.system as GearSource;
      const type = item.type as "weapon" | "trick";
      return {
        id: item.id,
        name: item.name,
        img: item.img ?? DEFAULT_IMG,
        type,
        typeLabel: `CYCHOSYS.Sheet.ItemType.${type}`,
        edge: g.edge,
        speed: g.speed,
        skillName: g.skill,
        finesseName: g.finesse,
        canParry: g.parry.hits > 0,
        parryHits: g.parry.hits,
        parryShield: g.parry.shield,
        total: totalView(totals, `gear:${item.id}`),
      };
    });

  const outfit: OutfitRowView[] = items
    .filter((i) => i.type === "outfit")
    .map((item) => {
      const o = item.system as OutfitSource;
      return {
        id: item.id,
        name: item.name,
        img: item.img ?? DEFAULT_IMG,
        layerLabel: layerLabel(o.layer),
        weight: o.weight,
        shield: o.shield,
        covers: ALL_LOCATIONS.filter((l) => o.covers.includes(l)).map(locationShortLabel),
        equipped: o.equipped,
      };
    });

  const body: LocationRowView[] = ALL_LOCATIONS.map((location) => {
    const at = derived.locations[location];
    return {
      location,
      label: locationLabel(location),
      shortLabel: locationShortLabel(location),
      shield: at.shield,
      soakSteps: at.soakSteps,
      pieces: at.pieces.join(", "),
      bare: at.pieces.length === 0,
      mental: location === "mind" || location === "ego",
    };
  });

  const conditions: ConditionRowView[] = input.conditions.map((c) => {
    const effect = effects.get(c.letter);
    return {
      id: c.id,
      letter: c.letter,
      piercing: c.piercing,
      notation: c.piercing ? `${c.letter}*` : c.letter,
      name: effect?.name ?? c.letter,
      description: effect?.description ?? "",
    };
  });

  const penalties = [
    ...FACETS.map((facet) => ({ label: facetLabel(facet), value: derived.penalties[facet] })),
    { label: "CYCHOSYS.Sheet.Quickness", value: derived.penalties.quickness },
  ].filter((p) => p.value !== 0);

  const isCharacter = input.kind === "character";
  const character = system as CharacterSource;
  const npc = system as NpcSource;
  const quickness = derived.quickness;
  const view: CombatantSheetView = {
    kind: input.kind,
    isCharacter,
    name: input.name,
    img: input.img,
    editable: input.editable,
    inCombat: input.inCombat,
    quickness: {
      value: quickness.quickness,
      highestPool: quickness.highestPool,
      burden: quickness.burden.burden,
      trademark: quickness.trademarkModifier,
      conditions: quickness.conditionPenalty,
    },
    movement: derived.movement,
    burden: {
      value: derived.burden.burden,
      commonWeight: derived.burden.commonWeight,
      extraLayers: derived.burden.extraLayers,
      mostCovered: derived.burden.mostCovered ? locationLabel(derived.burden.mostCovered) : "",
      hasWorn: derived.burden.mostCovered !== undefined,
    },
    actionsPerRound: derived.actionsPerRound,
    conditionsText: derived.conditions,
    defeated: derived.out.defeated,
    outFacets: derived.out.facets.map(facetLabel),
    advancement: { locked: input.inCombat, reason: input.inCombat ? "CYCHOSYS.Error.inCombat" : "" },
    pools: {
      hit: FACETS.map((f) => poolView("hit", f, system.pools.hit[f])),
      fatigue: FACETS.map((f) => poolView("fatigue", f, system.pools.fatigue[f])),
    },
    penalties,
    incapacitated: derived.penalties.incapacitated,
    skills,
    trademarks: items
      .filter((i) => i.type === "trademark")
      .map((i) => ({
        id: i.id,
        name: i.name,
        img: i.img ?? DEFAULT_IMG,
        description: (i.system as { description: string }).description,
      })),
    gear,
    outfit,
    body,
    conditions,
    conditionChoices: rules.effects.effects
      .filter((e) => e.kind === "wounding")
      .map((e) => ({ letter: e.letter, name: e.name, power: e.power })),
    improvementPowers: rules.effects.effects.map((e) => ({ letter: e.letter, name: e.name, power: e.power })),
    invalid: derived.invalid.map((i) => ({
      field: i.field,
      itemName: i.itemId ? (itemName.get(i.itemId) ?? "") : "",
      message: i.message,
    })),
    natural: { ...system.natural },
    modifiers: { ...system.modifiers },
    text: isCharacter
      ? {
          path: "system.biography",
          raw: character.biography,
          enriched: input.enrichedText ?? character.biography,
          label: "CYCHOSYS.Sheet.Biography",
        }
      : { path: "system.notes", raw: npc.notes, enriched: input.enrichedText ?? npc.notes, label: "CYCHOSYS.Sheet.Notes" },
  };
  if (isCharacter) {
    view.experience = {
      unspent: character.experience.unspent,
      spent: character.experience.spent,
      total: derived.experience?.total,
    };
  }
  return view;
}
