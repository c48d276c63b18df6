/**
 * Everything a character's or NPC's sheet shows that the rules compute,
 * derived from stored data by calling the rules core. Pure: no Foundry; the
 * data models call it from `prepareDerivedData`, the sheets' previews and the
 * pack checks call it directly.
 */
import {
  ALL_LOCATIONS,
  BODY_LOCATIONS,
  type BurdenBreakdown,
  burden as burdenOf,
  conditionPenalties,
  countLetter,
  type EffectPenalty,
  type Facet,
  formatBundle,
  formatLetters,
  type HitLocation,
  largeSize,
  mark,
  type OutfitPiece,
  outOfFight,
  parseBundle,
  piecesAt,
  type Pools,
  type QuicknessBreakdown,
  quickness as quicknessOf,
  type Rules,
  RulesError,
  sealOutfit,
  shieldAt,
  smallSize,
  soakStepsFor,
  sortMarks,
  STANDARD_RULES,
} from "../../rules/index.js";
import type { CombatantSource, ConditionView, FacetPoolsSource, GearSource, ItemView, OutfitSource, SkillSource } from "../source-types.js";

export interface LocationView {
  location: HitLocation;
  /** Canonical shield notation there (R30), "0" when nothing covers it. */
  shield: string;
  soakSteps: number;
  /** Names of the pieces covering it, natural layers included. */
  pieces: string[];
}

/** A static part plus dice: the action total before the roll (R13). */
export interface ActionTotalView {
  /** Stable key: `skill:<id>`, `skill:<id>:<finesse index>`, `gear:<id>`. */
  key: string;
  skillId?: string;
  skillName: string;
  finesseName?: string;
  gearId?: string;
  gearName?: string;
  facet: Facet;
  dice: number;
  /** Everything but the dice: base + finesse + speed − condition penalties. */
  static: number;
  /** Foundry roll formula, e.g. `3dc + 12`. */
  formula: string;
  terms: { kind: "base" | "finesse" | "speed" | "conditions"; value: number }[];
  /** The gear names a skill the actor does not have: rolled untrained (base 0, 1 die). */
  missingSkill?: boolean;
}

/** A stored notation that does not parse (only possible in data from before validation). */
export interface InvalidField {
  itemId?: string;
  field: string;
  message: string;
}

export interface CombatantDerived {
  pools: Pools;
  outfit: readonly OutfitPiece[];
  quickness: QuicknessBreakdown;
  movement: number;
  burden: BurdenBreakdown;
  locations: Record<HitLocation, LocationView>;
  penalties: EffectPenalty & { incapacitated: boolean };
  conditions: string;
  size: { small: number; large: number };
  out: { facets: Facet[]; defeated: boolean };
  actionsPerRound: number;
  totals: ActionTotalView[];
  invalid: InvalidField[];
}

/** Current pool values in the rules core's shape. */
export function currentPools(pools: { hit: FacetPoolsSource; fatigue: FacetPoolsSource }): Pools {
  return {
    hit: { physical: pools.hit.physical.value, mental: pools.hit.mental.value, emotional: pools.hit.emotional.value },
    fatigue: { physical: pools.fatigue.physical.value, mental: pools.fatigue.mental.value, emotional: pools.fatigue.emotional.value },
  };
}

/** The outfit the rules see (R30): natural skin and will, then every equipped piece. */
export function outfitPieces(
  system: CombatantSource,
  items: readonly ItemView[],
  labels: { skin: string; will: string },
  rules: Rules = STANDARD_RULES,
  invalid: InvalidField[] = [],
): OutfitPiece[] {
  const pieces: OutfitPiece[] = [];
  const parse = (text: string, field: string, itemId?: string) => {
    try {
      return parseBundle(text, rules.effects);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      invalid.push({ ...(itemId && { itemId }), field, message: error.message });
      return undefined;
    }
  };
  const skin = parse(system.natural.skin, "natural.skin");
  if (skin && (skin.hits > 0 || skin.effects.length > 0)) {
    pieces.push({ name: labels.skin, shield: skin, covers: [...BODY_LOCATIONS], layer: "skin", weight: 0 });
  }
  const will = parse(system.natural.will, "natural.will");
  if (will && (will.hits > 0 || will.effects.length > 0)) {
    pieces.push({ name: labels.will, shield: will, covers: ["mind", "ego"], layer: "will", weight: 0 });
  }
  for (const item of items) {
    if (item.type !== "outfit") continue;
    const outfit = item.system as OutfitSource;
    if (!outfit.equipped) continue;
    const shield = parse(outfit.shield, "shield", item.id);
    if (!shield) continue;
    pieces.push({ name: item.name, shield, covers: [...outfit.covers], layer: outfit.layer, weight: outfit.weight });
  }
  return pieces;
}

/** R13: the action totals the sheet shows, one per skill, skill + finesse, and weapon or trick. */
export function actionTotals(
  items: readonly ItemView[],
  penalties: EffectPenalty,
): ActionTotalView[] {
  const skills = items.filter((i): i is ItemView<"skill"> => i.type === "skill");
  const totals: ActionTotalView[] = [];
  const build = (
    key: string,
    skill: { id?: string; name: string; system: Pick<SkillSource, "base" | "dice" | "facet"> },
    finesse: { name: string; bonus: number } | undefined,
    gear: { id: string; name: string; speed: number } | undefined,
    missingSkill = false,
  ): ActionTotalView => {
    const penalty = penalties[skill.system.facet];
    const terms: ActionTotalView["terms"] = [{ kind: "base", value: skill.system.base }];
    if (finesse && finesse.bonus) terms.push({ kind: "finesse", value: finesse.bonus });
    if (gear && gear.speed) terms.push({ kind: "speed", value: gear.speed });
    if (penalty) terms.push({ kind: "conditions", value: -penalty });
    const staticPart = terms.reduce((sum, t) => sum + t.value, 0);
    const view: ActionTotalView = {
      key,
      skillName: skill.name,
      facet: skill.system.facet,
      dice: Math.max(1, skill.system.dice),
      static: staticPart,
      formula: rollFormula(Math.max(1, skill.system.dice), staticPart),
      terms,
    };
    if (skill.id) view.skillId = skill.id;
    if (finesse) view.finesseName = finesse.name;
    if (gear) {
      view.gearId = gear.id;
      view.gearName = gear.name;
    }
    if (missingSkill) view.missingSkill = true;
    return view;
  };
  for (const skill of skills) {
    totals.push(build(`skill:${skill.id}`, skill, undefined, undefined));
    skill.system.finesses.forEach((finesse, index) => totals.push(build(`skill:${skill.id}:${index}`, skill, finesse, undefined)));
  }
  // Each gear names its skill and finesse: looked up by name in maps built once (the first of a name wins).
  const skillNamed = byName(skills);
  const finesseNamed = new Map<ItemView<"skill">, ReadonlyMap<string, SkillSource["finesses"][number]>>();
  const finesseOf = (skill: ItemView<"skill">, name: string) => {
    let named = finesseNamed.get(skill);
    if (!named) finesseNamed.set(skill, (named = byName(skill.system.finesses)));
    return named.get(nameKey(name));
  };
  for (const item of items) {
    if (item.type !== "weapon" && item.type !== "trick") continue;
    const gear = item.system as GearSource;
    const skill = skillNamed.get(nameKey(gear.skill));
    const finesse = skill && gear.finesse ? finesseOf(skill, gear.finesse) : undefined;
    const speed = { id: item.id, name: item.name, speed: gear.speed };
    totals.push(
      skill
        ? build(`gear:${item.id}`, skill, finesse, speed)
        : build(`gear:${item.id}`, { name: gear.skill, system: { base: 0, dice: 1, facet: "physical" } }, undefined, speed, true),
    );
  }
  return totals;
}

/** `3dc + 12`, `1dc − 2`, `2dc`: the formula Foundry's Roll reads with the `dc` die (R11). */
export function rollFormula(dice: number, staticPart: number): string {
  const die = `${Math.max(1, dice)}dc`;
  if (staticPart === 0) return die;
  return staticPart > 0 ? `${die} + ${staticPart}` : `${die} - ${-staticPart}`;
}

/** How a gear's skill or finesse name matches: trimmed, case-insensitive; an empty name matches nothing. */
const nameKey = (name: string) => name.trim().toLowerCase();

/** Entries by `nameKey`, the first of each name kept (as a search from the start finds it). */
function byName<T extends { name: string }>(list: readonly T[]): ReadonlyMap<string, T> {
  const named = new Map<string, T>();
  for (const entry of list) {
    const key = nameKey(entry.name);
    if (key && !named.has(key)) named.set(key, entry);
  }
  return named;
}

/** Everything R10, R13, R15, R30–R31, R33–R35 and R38 derive for a character or NPC. */
export function deriveCombatant(
  system: CombatantSource,
  items: readonly ItemView[],
  conditions: readonly ConditionView[],
  labels: { skin: string; will: string } = { skin: "skin", will: "will" },
  rules: Rules = STANDARD_RULES,
): CombatantDerived {
  const invalid: InvalidField[] = [];
  const pools = currentPools(system.pools);
  // Sealed (frozen): the rules core works each location out once for every attack on this actor (R30, R35).
  const outfit = sealOutfit(outfitPieces(system, items, labels, rules, invalid), rules.effects);
  const letters = conditions.map((c) => c.letter);
  const penalties = conditionPenalties(letters, rules.effects);
  const quickness = quicknessOf(
    { hitPools: pools.hit, outfit, trademarkModifier: system.modifiers.quickness, conditions: letters },
    rules.effects,
  );
  const locations = {} as Record<HitLocation, LocationView>;
  for (const location of ALL_LOCATIONS) {
    const shield = shieldAt(outfit, location, rules.effects);
    locations[location] = {
      location,
      shield: formatBundle(shield, rules.effects),
      soakSteps: soakStepsFor(shield, system.modifiers.soakSteps, rules.options),
      pieces: piecesAt(outfit, location).map((p) => p.name ?? ""),
    };
  }
  return {
    pools,
    outfit,
    quickness,
    movement: quickness.quickness,
    burden: quickness.burden,
    locations,
    penalties,
    conditions: formatLetters(sortMarks(conditions.map((c) => mark(c.letter, c.piercing)), rules.effects)),
    // R34–R35: a summary (the most T and V at any one location); strikes decide R35 where the blow lands.
    size: { small: smallSize(outfit), large: largeSize(outfit) },
    out: outOfFight(pools.hit),
    actionsPerRound: rules.options.actionsPerRound + Math.max(0, system.modifiers.actions),
    totals: actionTotals(items, penalties),
    invalid,
  };
}

/** R37: what an object's sheet shows. */
export function deriveObject(system: { hits: { value: number; max: number }; shield: string }, rules: Rules = STANDARD_RULES) {
  let shield;
  try {
    shield = parseBundle(system.shield, rules.effects);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    shield = undefined;
  }
  return {
    destroyed: system.hits.value <= 0,
    soakSteps: shield ? soakStepsFor(shield, 0, rules.options) : rules.options.baseSoakSteps,
    size: { small: shield ? countLetter(shield, "T") : 0, large: shield ? countLetter(shield, "V") : 0 },
  };
}
