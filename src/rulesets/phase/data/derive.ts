/**
 * A phase-based actor's derived data (`system.derived`, data/derived.ts) from
 * its stored data (data/schema.ts) and its items, every figure through the
 * rules core: the check base and chance of each weapon (P4, P17, P32, P36),
 * the actions it can be declared with now (P8, P39), armor per area with the
 * worn pieces (P28), trauma thresholds (P29), the wound penalty and the out-
 * of-action states (P30, P37). Never throws: a stored value the core cannot
 * use falls back (an unreadable damage formula rolls nothing, an unknown body
 * type uses the human chart, a missing attribute or skill counts 0) and is
 * listed in `problems`. `phaseFighter` turns it into the core's `Fighter`.
 */
import { LocalizedError } from "../../../core/errors.js";
import {
  AREAS, type Area, areaKind, checkChance, condition, type DamageFormula, type Fighter, type FighterWeapon, isMember, parseDamageFormula,
  PHASE_STANDARD_RULES, type PhaseRules, roundsNeeded, type TraumaticWound, WEAPON_KINDS, weaponFits, woundPenalty, woundsJson,
} from "../rules/index.js";
import type { PhaseDerived, PhaseProblem, PhaseWeaponView } from "./derived.js";
import { PHASE_LIMITS } from "./schema.js";
import { type DeriveItemInput, rec, str, whole } from "../../../core/derive-input.js";

/** An item of the actor as derive reads it. */
export type PhaseItemInput = DeriveItemInput;

/** Names are matched without case or surrounding spaces (a weapon's "Pistol" is the skill "pistol"). */
export const statKey = (name: string) => name.trim().toLowerCase();
const NOTHING: DamageFormula = Object.freeze({ dice: 0, faces: 0, flat: 0 });

/** A list of `{ name, value }` as a record by lower-case name; the first of a repeated name counts. */
function namedStats(value: unknown, where: string, problems: PhaseProblem[]): Record<string, number> {
  const out: Record<string, number> = {};
  (Array.isArray(value) ? value : []).forEach((entry, i) => {
    const e = rec(entry);
    const key = statKey(str(e.name));
    if (!key) return;
    if (Object.hasOwn(out, key)) {
      problems.push({ where: `${where}.${i}.name`, value: str(e.name), i18nKey: "CYCHOSYS.Phase.Data.repeatedName", params: { name: str(e.name) } });
      return;
    }
    out[key] = whole(e.value, 0, -PHASE_LIMITS.stat, PHASE_LIMITS.stat);
  });
  return out;
}

function perArea(value: unknown, fallback: (a: Area) => number, min: number): Record<Area, number> {
  const o = rec(value);
  return Object.fromEntries(AREAS.map((a) => [a, whole(o[a], fallback(a), min, PHASE_LIMITS.perArea)])) as Record<Area, number>;
}

function weaponOf(item: PhaseItemInput, attributes: Record<string, number>, skills: Record<string, number>, penalty: number, problems: PhaseProblem[], rules: Readonly<PhaseRules>): PhaseWeaponView {
  const s = rec(item.system);
  const kind = isMember(WEAPON_KINDS, s.kind) ? s.kind : "ranged";
  const attribute = statKey(str(s.attribute)) || rules.defaultAttribute;
  const skill = statKey(str(s.skill)) || kind;
  if (!Object.hasOwn(attributes, attribute)) problems.push({ where: `item:${item.id}.attribute`, value: attribute, i18nKey: "CYCHOSYS.Phase.Data.noAttribute", params: { name: attribute, weapon: item.name } });
  if (!Object.hasOwn(skills, skill)) problems.push({ where: `item:${item.id}.skill`, value: skill, i18nKey: "CYCHOSYS.Phase.Data.noSkill", params: { name: skill, weapon: item.name } });
  let damageFormula = NOTHING;
  let damageOk = true;
  try {
    damageFormula = parseDamageFormula(str(s.damage));
  } catch (error) {
    damageOk = false;
    const e = error instanceof LocalizedError ? error : undefined;
    problems.push({ where: `item:${item.id}.damage`, value: str(s.damage), i18nKey: e?.i18nKey ?? "CYCHOSYS.Phase.Error.damageFormula", params: e?.params ?? {} });
  }
  const ammo = rec(s.ammo);
  const attributeValue = Object.hasOwn(attributes, attribute) ? attributes[attribute]! : 0;
  const skillValue = Object.hasOwn(skills, skill) ? skills[skill]! : 0;
  const checkBase = attributeValue + skillValue + penalty;
  const view: PhaseWeaponView = {
    id: item.id, name: item.name, kind, attribute, attributeValue, skill, skillValue, checkBase, chance: checkChance(checkBase, rules.attackTN, rules),
    damage: str(s.damage), damageOk, damageFormula, stun: s.stun === true, alwaysTraumatic: s.alwaysTraumatic === true,
    semiAuto: s.semiAuto === true, auto: s.auto === true,
    ammo: whole(ammo.value, 0, 0, PHASE_LIMITS.ammo), ammoMax: whole(ammo.max, 0, 0, PHASE_LIMITS.ammo),
    suppressAmmo: whole(s.suppressAmmo, rules.defaultSuppressAmmo, 1, PHASE_LIMITS.ammo), ready: s.ready === true, actions: [],
  };
  view.actions = weaponActions(toFighterWeapon(view), rules);
  return view;
}

/** P8/P39: the catalogue's actions a weapon can be declared with as it is now. */
export function weaponActions(w: FighterWeapon, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): string[] {
  return Object.entries(rules.actions)
    .filter(([, spec]) => {
      if (spec.kind === "draw") return !w.ready;
      if (spec.kind === "holster") return w.ready;
      if (spec.kind !== "shoot" && spec.kind !== "melee" && spec.kind !== "suppress") return false;
      return w.ready && weaponFits(spec, w) && w.ammo >= roundsNeeded(spec, w);
    })
    .map(([key]) => key);
}

function toFighterWeapon(v: PhaseWeaponView): FighterWeapon {
  return {
    id: v.id, name: v.name, kind: v.kind, attribute: v.attribute, skill: v.skill, damage: v.damageFormula, stun: v.stun, alwaysTraumatic: v.alwaysTraumatic,
    semiAuto: v.semiAuto, auto: v.auto, ammo: v.ammo, suppressAmmo: v.suppressAmmo, ready: v.ready,
  };
}

/** The derived data of a phaseCharacter or phaseCreature. */
export function derivePhaseActor(system: unknown, itemList: readonly PhaseItemInput[], rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseDerived {
  const problems: PhaseProblem[] = [];
  const items: PhaseItemInput[] = (Array.isArray(itemList) ? itemList : [])
    .filter((i): i is PhaseItemInput => i !== null && typeof i === "object")
    .map((i) => ({ id: str(i.id), name: str(i.name), type: str(i.type), system: i.system }));
  const stored = rec(system);
  const reflexes = whole(stored.reflexes, 0, -PHASE_LIMITS.stat, PHASE_LIMITS.stat);
  const attributes = { ...namedStats(stored.attributes, "attributes", problems), reflexes };
  const skills = namedStats(stored.skills, "skills", problems);

  // P29/P30: wounds as stored; the penalty and the states by the core.
  const traumas: TraumaticWound[] = (Array.isArray(stored.traumaticWounds) ? stored.traumaticWounds : [])
    .map((t) => rec(t))
    .filter((t) => isMember(AREAS, t.area))
    .map((t) => ({ area: t.area as Area, phase: whole(t.phase, 0, 0, PHASE_LIMITS.phase) }));
  const wounds = {
    flesh: whole(stored.flesh, 0, 0, PHASE_LIMITS.points),
    stun: whole(stored.stun, 0, 0, PHASE_LIMITS.points),
    fleshMax: whole(stored.fleshMax, rules.defaultFleshMax, 1, PHASE_LIMITS.points),
    traumas,
    traumaLimit: whole(stored.traumaLimit, rules.defaultTraumaLimit, 1, PHASE_LIMITS.traumaLimit),
  };
  const cond = condition(wounds, rules);
  const penalty = woundPenalty(traumas.length, rules);

  // P28: natural armor plus every equipped piece, area by area.
  const armor = perArea(stored.naturalArmor, () => rules.defaultArmor, 0);
  for (const item of items) {
    if (item.type !== "phaseArmor" || rec(item.system).equipped === false) continue;
    const worn = perArea(rec(item.system).areas, () => 0, 0);
    for (const a of AREAS) armor[a] = Math.min(PHASE_LIMITS.perArea, armor[a] + worn[a]);
  }

  // P20/P21: the chart must be one the world has.
  let chart = str(stored.bodyType).trim() || "human";
  if (!Object.hasOwn(rules.locationCharts, chart)) {
    problems.push({ where: "bodyType", value: chart, i18nKey: "CYCHOSYS.Phase.Error.unknownChart", params: { chart, known: Object.keys(rules.locationCharts).join(", ") } });
    chart = Object.hasOwn(rules.locationCharts, "human") ? "human" : Object.keys(rules.locationCharts)[0]!;
  }
  const missing = [...new Set((Array.isArray(stored.missingAreas) ? stored.missingAreas : []).filter((a): a is Area => isMember(AREAS, a)))];

  return {
    reflexes, attributes, skills,
    weapons: items.filter((i) => i.type === "phaseWeapon").map((i) => weaponOf(i, attributes, skills, penalty, problems, rules)),
    armor,
    thresholds: perArea(stored.traumaThresholds, (a) => rules.defaultTraumaThresholds[areaKind(a)], 1),
    chart, missing,
    wounds: woundsJson(wounds, cond),
    track: woundTrack(wounds),
    initiativeBonus: reflexes,
    surpriseBase: reflexes + penalty,
    problems,
  };
}

/** P30: what is left of flesh and of stun before `fleshMax` (the token bars, manifest.ts). */
export function woundTrack(w: { flesh: number; stun: number; fleshMax: number }): PhaseDerived["track"] {
  return { flesh: { value: Math.max(0, w.fleshMax - w.flesh), max: w.fleshMax }, stun: { value: Math.max(0, w.fleshMax - w.stun), max: w.fleshMax } };
}

/** The rules core's view of the actor, for the tracker and the cards (`Fighter`). */
export function phaseFighter(id: string, name: string, d: PhaseDerived): Fighter {
  return {
    id, name, reflexes: d.reflexes, attributes: { ...d.attributes }, skills: { ...d.skills },
    weapons: Object.fromEntries(d.weapons.map((w) => [w.id, toFighterWeapon(w)])),
    chart: d.chart, missing: [...d.missing], armor: { ...d.armor }, thresholds: { ...d.thresholds },
    wounds: { flesh: d.wounds.flesh, stun: d.wounds.stun, fleshMax: d.wounds.fleshMax, traumas: d.wounds.traumaticWounds.map((t) => ({ ...t })), traumaLimit: d.wounds.traumaLimit },
  };
}
