/**
 * The pieces both phase scenarios share (docs/rulesets/phase.md): the
 * options a scenario may change (the reference's world data), a weapon, and a
 * body's armor, thresholds and wounds.
 */
import { checkChart } from "./chart.js";
import { parseDamageFormula } from "./damage-formula.js";
import { MAX_CHART_DIE } from "./chart.js";
import { ACTION_KINDS, type ActionSpec, type LocationChart, makePhaseRules, type PhaseRules, WEAPON_REQUIREMENTS } from "./options.js";
import { at, PhaseFieldReader, type Json, say } from "./reader.js";
import type { FighterWeapon } from "./state.js";
import { ACTION_LENGTHS, AREA_KINDS, AREAS, type Area, areaKind, SIDES, WEAPON_KINDS } from "./types.js";
import type { TraumaticWound, WoundState } from "./wounds.js";

export const MAX_NAME = 60;
export const MAX_ID = 40;
export const MAX_STAT = 99;
export const MAX_POINTS = 9999;
export const MAX_AMMO = 999;
export const MAX_TN_MODIFIER = 99;
const MAX_ACTIONS = 32;
const MAX_CHARTS = 8;
const MAX_TRAUMAS = 99;

const SCALARS = [
  "attackTN", "standardTN", "surpriseTN", "surpriseRounds", "surpriseBonusPerFailure", "woundPenaltyPerTrauma", "wildShotPenalty",
  "aimPerPhase", "aimMax", "defendBonus", "meleeReach", "burstHitMarginStep", "burstMaxHits",
] as const;
const SCALAR_MIN: Partial<Record<(typeof SCALARS)[number], number>> = { burstHitMarginStep: 1, burstMaxHits: 1, surpriseRounds: 0 };

function actionEntry(r: PhaseFieldReader, value: unknown, field: string): ActionSpec {
  const o = r.object(value, field, ["length", "kind", "checks", "burst", "roundsPerCheck", "requires", "targetingPart", "cancellable"], ["length"]);
  const length = r.oneOf(o.length, at(field, "length"), ACTION_LENGTHS);
  return {
    length,
    kind: r.has(o, "kind") ? r.oneOf(o.kind, at(field, "kind"), ACTION_KINDS) : "other",
    checks: r.has(o, "checks") ? r.integer(o.checks, at(field, "checks"), 0, 9) : 0,
    burst: r.has(o, "burst") ? r.boolean(o.burst, at(field, "burst")) : false,
    roundsPerCheck: r.has(o, "roundsPerCheck") ? r.integer(o.roundsPerCheck, at(field, "roundsPerCheck"), 0, MAX_AMMO) : 0,
    requires: r.has(o, "requires") ? r.oneOf(o.requires, at(field, "requires"), WEAPON_REQUIREMENTS) : "none",
    targetingPart: r.has(o, "targetingPart") ? r.boolean(o.targetingPart, at(field, "targetingPart")) : false,
    cancellable: r.has(o, "cancellable") ? r.boolean(o.cancellable, at(field, "cancellable")) : length !== "free" && length !== "phase",
    freeWith: null,
  };
}

function chartEntry(r: PhaseFieldReader, value: unknown, field: string): LocationChart {
  const o = r.object(value, field, ["die", "rows"], ["die", "rows"]);
  const die = r.integer(o.die, at(field, "die"), 1, MAX_CHART_DIE);
  const rows = r.list(o.rows, at(field, "rows"), MAX_CHART_DIE).map((x, i) => {
    const w = at(at(field, "rows"), i);
    const row = r.object(x, w, ["from", "to", "area"], ["from", "to", "area"]);
    return { from: r.integer(row.from, at(w, "from"), 1, die), to: r.integer(row.to, at(w, "to"), 1, die), area: r.area(row.area, at(w, "area")) };
  });
  return r.at(field, () => checkChart(field, { die, rows }));
}

/** The world data a scenario may change for itself (PhaseRules). */
export function readOptions(r: PhaseFieldReader, value: unknown, base: Readonly<PhaseRules>): PhaseRules {
  const o = r.object(value, "options", [...SCALARS, "firstSide", "openDeclarations", "phasesPer", "calledShotModifiers", "actions", "locationCharts"]);
  const parts: Partial<PhaseRules> = {};
  for (const key of SCALARS) if (r.has(o, key)) parts[key] = r.integer(o[key], `options.${key}`, SCALAR_MIN[key] ?? 0, MAX_STAT);
  if (r.has(o, "firstSide")) parts.firstSide = r.oneOf(o.firstSide, "options.firstSide", SIDES);
  if (r.has(o, "openDeclarations")) parts.openDeclarations = r.boolean(o.openDeclarations, "options.openDeclarations");
  if (r.has(o, "phasesPer")) {
    const p = r.object(o.phasesPer, "options.phasesPer", ["round", "turn", "minute"]);
    const next = { ...base.phasesPer };
    for (const key of ["round", "turn", "minute"] as const) if (r.has(p, key)) next[key] = r.integer(p[key], `options.phasesPer.${key}`, 1, 3600);
    parts.phasesPer = next;
  }
  if (r.has(o, "calledShotModifiers")) {
    const m = r.object(o.calledShotModifiers, "options.calledShotModifiers", AREA_KINDS);
    const next = { ...base.calledShotModifiers };
    for (const key of AREA_KINDS) if (r.has(m, key)) next[key] = r.integer(m[key], `options.calledShotModifiers.${key}`, 0, MAX_STAT);
    parts.calledShotModifiers = next;
  }
  if (r.has(o, "actions")) {
    const a = r.record(o.actions, "options.actions", MAX_ACTIONS);
    const next = { ...base.actions };
    for (const key of Object.keys(a)) next[key] = actionEntry(r, a[key], at("options.actions", key));
    parts.actions = next;
  }
  if (r.has(o, "locationCharts")) {
    const c = r.record(o.locationCharts, "options.locationCharts", MAX_CHARTS);
    const next = { ...base.locationCharts };
    for (const key of Object.keys(c)) next[key] = chartEntry(r, c[key], at("options.locationCharts", key));
    parts.locationCharts = next;
  }
  return makePhaseRules(parts, base);
}

/** A per-area figure: the areas given, the default for the rest. */
export function readAreaMap(r: PhaseFieldReader, o: Json, key: string, field: string, byDefault: (area: Area) => number, max: number): Record<Area, number> {
  const given = r.has(o, key) ? r.object(o[key], at(field, key), AREAS) : {};
  return Object.fromEntries(AREAS.map((a) => [a, r.has(given, a) ? r.integer(given[a], at(at(field, key), a), 0, max) : byDefault(a)])) as Record<Area, number>;
}

export const BODY_FIELDS = ["bodyType", "missing", "armor", "traumaThresholds", "flesh", "stun", "fleshMax", "traumaticWounds", "traumaLimit"];

export interface Body {
  chart: string;
  missing: Area[];
  armor: Record<Area, number>;
  thresholds: Record<Area, number>;
  wounds: WoundState;
}

/** A body's chart, missing areas, armor and trauma thresholds per area, and wounds (P20, P21, P28–P30). */
export function readBody(r: PhaseFieldReader, o: Json, field: string, rules: Readonly<PhaseRules>): Body {
  const chart = r.has(o, "bodyType") ? r.text(o.bodyType, at(field, "bodyType"), MAX_ID) : "human";
  if (!Object.hasOwn(rules.locationCharts, chart)) r.fail(at(field, "bodyType"), say("unknownChart", { value: chart, known: Object.keys(rules.locationCharts).join(", ") }));
  const traumas: TraumaticWound[] = r.has(o, "traumaticWounds")
    ? r.list(o.traumaticWounds, at(field, "traumaticWounds"), MAX_TRAUMAS).map((x, i) => {
        const w = at(at(field, "traumaticWounds"), i);
        const t = r.object(x, w, ["area", "phase"], ["area"]);
        return { area: r.area(t.area, at(w, "area")), phase: r.has(t, "phase") ? r.integer(t.phase, at(w, "phase"), 0, 86_400) : 0 };
      })
    : [];
  return {
    chart,
    missing: r.has(o, "missing") ? r.areas(o.missing, at(field, "missing")) : [],
    armor: readAreaMap(r, o, "armor", field, () => rules.defaultArmor, MAX_STAT),
    thresholds: readAreaMap(r, o, "traumaThresholds", field, (a) => rules.defaultTraumaThresholds[areaKind(a)], MAX_STAT),
    wounds: {
      flesh: r.has(o, "flesh") ? r.integer(o.flesh, at(field, "flesh"), 0, MAX_POINTS) : 0,
      stun: r.has(o, "stun") ? r.integer(o.stun, at(field, "stun"), 0, MAX_POINTS) : 0,
      fleshMax: r.has(o, "fleshMax") ? r.integer(o.fleshMax, at(field, "fleshMax"), 1, MAX_POINTS) : rules.defaultFleshMax,
      traumas,
      traumaLimit: r.has(o, "traumaLimit") ? r.integer(o.traumaLimit, at(field, "traumaLimit"), 1, MAX_TRAUMAS) : rules.defaultTraumaLimit,
    },
  };
}

export const WEAPON_FIELDS = ["id", "name", "kind", "attribute", "skill", "damage", "stun", "alwaysTraumatic", "semiAuto", "auto", "ammo", "suppressAmmo", "ready"];

/** A weapon (item data: P15, P22–P24, P28, P29, P32, P39); `id` required in a sequence. */
export function readWeapon(r: PhaseFieldReader, value: unknown, field: string, rules: Readonly<PhaseRules>, needsId: boolean): FighterWeapon {
  const o = r.object(value, field, WEAPON_FIELDS, needsId ? ["id", "kind", "damage"] : ["kind", "damage"]);
  const kind = r.oneOf(o.kind, at(field, "kind"), WEAPON_KINDS);
  const damageText = r.text(o.damage, at(field, "damage"), 20);
  const flag = (key: string, byDefault: boolean) => (r.has(o, key) ? r.boolean(o[key], at(field, key)) : byDefault);
  const id = r.has(o, "id") ? r.text(o.id, at(field, "id"), MAX_ID) : "weapon";
  return {
    id,
    name: r.has(o, "name") ? r.text(o.name, at(field, "name"), MAX_NAME) : id,
    kind,
    attribute: r.has(o, "attribute") ? r.text(o.attribute, at(field, "attribute"), MAX_ID) : rules.defaultAttribute,
    skill: r.has(o, "skill") ? r.text(o.skill, at(field, "skill"), MAX_ID) : kind,
    damage: r.at(at(field, "damage"), () => parseDamageFormula(damageText)),
    stun: flag("stun", false),
    alwaysTraumatic: flag("alwaysTraumatic", false),
    semiAuto: flag("semiAuto", false),
    auto: flag("auto", false),
    ammo: r.has(o, "ammo") ? r.integer(o.ammo, at(field, "ammo"), 0, MAX_AMMO) : kind === "ranged" ? MAX_AMMO : 0,
    suppressAmmo: r.has(o, "suppressAmmo") ? r.integer(o.suppressAmmo, at(field, "suppressAmmo"), 1, MAX_AMMO) : rules.defaultSuppressAmmo,
    ready: flag("ready", true),
  };
}

/** A named set of whole numbers (attributes, skills). */
export function readStats(r: PhaseFieldReader, value: unknown, field: string): Record<string, number> {
  const o = r.record(value, field, 64);
  return Object.fromEntries(Object.keys(o).map((k) => [k, r.integer(o[k], at(field, k), -MAX_STAT, MAX_STAT)]));
}
