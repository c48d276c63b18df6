/**
 * A GURPS actor's derived data (`system.derived`, derived.ts) from its stored
 * data (schema.ts) and items, every figure through the rules core: skill
 * levels (G1), thrust/swing lines (G2), Dodge with encumbrance and reeling
 * (G61, G80), Parry and Block (G62, G63, G66), DR by location (G71), the
 * injury thresholds (G77–G81). Never throws: a stored notation the core
 * cannot read, or a number off its bounds, counts as its safe default and is
 * listed in `problems`.
 */
import { LocalizedError } from "../../../core/errors.js";
import {
  type ArmorLayer, blockScore, consciousnessModifier, type DamageSpec, DAMAGE_TYPES, figuresNow, formatDamage, GURPS_STANDARD_RULES, type GurpsRules,
  HIT_LOCATIONS, type HitLocation, isMember, parseDamage, parseReach, parseShots, parryScore,
  resolveDamage, staysReady, type UnarmedSkill, ATTACK_KINDS, HANDS, QUALITIES,
} from "../rules/index.js";
import type { GurpsDerived, GurpsLineView, GurpsProblem, GurpsShieldView, GurpsSkillView, GurpsWeaponView } from "./derived.js";
import type { DecimalField } from "../../../core/schema/description.js";
import { checkField, type KeyedProblem } from "../../../core/schema/validate.js";
import { GURPS_DIVISORS, GURPS_SHIELD_KINDS, GURPS_SKILL_BASES, type GurpsSkillBase, gurpsSpeedField, gurpsWeightField } from "./schema.js";
import { type DeriveItemInput, norm, rec, str, whole } from "../../../core/derive-input.js";

/** An item of the actor as derive reads it. */
export type GurpsItemInput = DeriveItemInput;

const flag = (v: unknown) => v === true;

/** Reads stored notations with the core, collecting what it refuses. */
class Reader {
  readonly problems: GurpsProblem[] = [];
  attempt<T>(where: string, value: unknown, read: (text: string) => T, fallback: T): T {
    try {
      return read(value as string);
    } catch (error) {
      const e = error instanceof LocalizedError ? error : undefined;
      this.problems.push({ where, value: str(value), i18nKey: e?.i18nKey ?? "CYCHOSYS.Gurps.Error.damageInvalid", params: e?.params ?? { text: str(value) } });
      return fallback;
    }
  }
  /** A stored decimal (Basic Speed, a weight) on its field, else the fallback with the field's own problem. */
  decimal(where: string, value: unknown, field: DecimalField, fallback: number): number {
    const out: KeyedProblem[] = [];
    checkField(field, value, where, out);
    if (out.length === 0) return value as number;
    this.problems.push({ where, value: str(value), i18nKey: out[0]!.key, params: out[0]!.params });
    return fallback;
  }
}

const SPEED = gurpsSpeedField(5);
const WEIGHT = gurpsWeightField(0);

const NO_DAMAGE: DamageSpec = { base: "dice", dice: 1, adds: 0, multiplier: 1 };

function skillsOf(items: readonly GurpsItemInput[], scores: Record<GurpsSkillBase, number>): GurpsSkillView[] {
  return items
    .filter((i) => i.type === "gurpsSkill")
    .map((item) => {
      const s = rec(item.system);
      const base = isMember(GURPS_SKILL_BASES, s.base) ? s.base : "dx";
      const relativeLevel = whole(s.relativeLevel, 0, -20, 40);
      const unarmed = s.unarmed === "none" || !isMember(["boxing", "brawling", "judo", "karate", "sumo", "wrestling"] as const, s.unarmed) ? null : s.unarmed;
      return { id: item.id, name: item.name, base, relativeLevel, level: scores[base] + relativeLevel, unarmed, fencing: flag(s.fencing) };
    });
}

/** Skills by their name as a weapon or shield names them (the first of a name wins): one look-up per item, not a search of every skill. */
function skillsByName(skills: readonly GurpsSkillView[]): ReadonlyMap<string, GurpsSkillView> {
  const byName = new Map<string, GurpsSkillView>();
  for (const s of skills) if (!byName.has(norm(s.name))) byName.set(norm(s.name), s);
  return byName;
}

/** A skill's level by name, else DX + the item's default (GM data on the item). */
function levelOf(name: string, fallback: number, skills: ReadonlyMap<string, GurpsSkillView>, dx: number): { level: number; defaulted: boolean; skill: GurpsSkillView | null } {
  const found = skills.get(norm(name));
  return found ? { level: found.level, defaulted: false, skill: found } : { level: dx + fallback, defaulted: true, skill: null };
}

function linesOf(item: GurpsItemInput, level: number, fencingSkill: boolean, st: number, thrust: DamageSpec, swing: DamageSpec, read: Reader, rules: Readonly<GurpsRules>): GurpsLineView[] {
  const stored = Array.isArray(rec(item.system).lines) ? (rec(item.system).lines as unknown[]) : [];
  return stored.map((raw, index) => {
    const l = rec(raw);
    const where = `item:${item.id}.lines.${index}`;
    const spec = read.attempt(`${where}.damage`, l.damage, parseDamage, NO_DAMAGE);
    // The wielder's thrust and swing are always dice here (an unreadable one counted as 1d).
    const resolved = resolveDamage(spec, thrust, swing);
    const reach = read.attempt(`${where}.reach`, l.reach, parseReach, { reaches: [1], changeNeedsReady: false });
    const shots = str(l.shots).trim() === "" ? "" : read.attempt(`${where}.shots`, l.shots, (t) => (parseShots(t), t.trim()), "");
    const divisor = Number(isMember(GURPS_DIVISORS, l.divisor) ? l.divisor : "1");
    const fencing = flag(l.fencing) || fencingSkill;
    const minSt = whole(l.minSt, 0, 0, 999);
    const unready = flag(l.unreadyAfterAttack);
    const opt = (v: unknown) => {
      const n = whole(v, 0, 0, 1_000_000);
      return n === 0 ? null : n;
    };
    return {
      index, name: str(l.name), kind: isMember(ATTACK_KINDS, l.kind) ? l.kind : "melee", damageText: str(l.damage), damage: formatDamage(resolved),
      stBased: spec.base !== "dice", type: isMember(DAMAGE_TYPES, l.type) ? l.type : "cr", divisor, reach: [...reach.reaches], reachNeedsReady: reach.changeNeedsReady,
      // G63: a ranged line does not parry; a melee one parries unless marked No.
      parry: l.parries === false || (isMember(ATTACK_KINDS, l.kind) && l.kind !== "melee") ? null : parryScore(level, whole(l.parry, 0, -10, 10), rules),
      parryModifier: whole(l.parry, 0, -10, 10),
      unbalanced: flag(l.unbalanced), unreadyAfterAttack: unready, staysReady: staysReady(unready, st, minSt, rules), fencing, minSt,
      acc: whole(l.acc, 0, 0, 30), halfDamage: opt(l.halfDamage), max: opt(l.max), minRange: opt(l.minRange), rof: whole(l.rof, 1, 1, 10_000), shots,
      rcl: whole(l.rcl, 1, 1, 100), bulk: whole(l.bulk, 0, -30, 0),
    } satisfies GurpsLineView;
  });
}

/** G66: the best bare-handed parry skill — Boxing, Brawling, Judo, Karate (one hand), or DX when higher. */
function unarmedParryOf(skills: readonly GurpsSkillView[], dx: number, rules: Readonly<GurpsRules>): GurpsDerived["unarmedParry"] {
  let best: { skill: UnarmedSkill; level: number } = { skill: "dx", level: dx };
  for (const s of skills) if (s.unarmed && s.unarmed !== "sumo" && s.unarmed !== "wrestling" && s.level > best.level) best = { skill: s.unarmed, level: s.level };
  return { ...best, parry: parryScore(best.level, 0, rules) };
}

/** G71, G72: equipped armor outermost first, DR by location with natural DR, and where flexible armor lies. */
function armorOf(items: readonly GurpsItemInput[], naturalDr: number): { layers: ArmorLayer[]; dr: Record<HitLocation, number>; flexible: Record<HitLocation, boolean> } {
  const pieces = items
    .filter((i) => i.type === "gurpsArmor" && rec(i.system).equipped !== false)
    .map((i) => ({ item: i, s: rec(i.system) }))
    .sort((a, b) => whole(a.s.layer, 0, 0, 20) - whole(b.s.layer, 0, 0, 20));
  const dr = Object.fromEntries(HIT_LOCATIONS.map((l) => [l, naturalDr])) as Record<HitLocation, number>;
  const flexible = Object.fromEntries(HIT_LOCATIONS.map((l) => [l, false])) as Record<HitLocation, boolean>;
  const layers: ArmorLayer[] = pieces.map(({ item, s }) => {
    const stored = rec(s.dr);
    const byLocation: Partial<Record<HitLocation, number>> = {};
    for (const l of HIT_LOCATIONS) {
      const n = whole(stored[l], 0, 0, 9999);
      if (n > 0) {
        byLocation[l] = n;
        dr[l] += n;
        if (flag(s.flexible)) flexible[l] = true;
      }
    }
    const byType: Partial<Record<(typeof DAMAGE_TYPES)[number], number>> = {};
    for (const t of Array.isArray(s.drByType) ? s.drByType : []) {
      const r = rec(t);
      if (isMember(DAMAGE_TYPES, r.type)) byType[r.type] = whole(r.dr, 0, 0, 9999);
    }
    return { name: item.name, dr: byLocation, flexible: flag(s.flexible), toughSkin: flag(s.toughSkin), ...(Object.keys(byType).length && { byType }) };
  });
  return { layers, dr, flexible };
}

/** The derived data of a gurpsCharacter. */
export function deriveGurpsActor(system: unknown, itemList: readonly GurpsItemInput[], rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsDerived {
  const read = new Reader();
  const items: GurpsItemInput[] = (Array.isArray(itemList) ? itemList : [])
    .filter((i): i is GurpsItemInput => i !== null && typeof i === "object")
    .map((i) => ({ id: str(i.id), name: str(i.name), type: str(i.type), system: i.system }));
  const s = rec(system);
  const a = rec(s.attributes);
  const attributes = { st: whole(a.st, 10, 0, 99), dx: whole(a.dx, 10, 0, 99), iq: whole(a.iq, 10, 0, 99), ht: whole(a.ht, 10, 0, 99) };
  const will = whole(s.will, 10, 0, 99);
  const per = whole(s.per, 10, 0, 99);
  const hpMax = whole(rec(s.hp).max, 10, 1, 9999);
  const hp = { max: hpMax, value: whole(rec(s.hp).value, hpMax, -99_990, hpMax) };
  const fpMax = whole(rec(s.fp).max, 10, 1, 9999);
  const fp = { max: fpMax, value: whole(rec(s.fp).value, fpMax, -9999, fpMax) };
  const basicSpeed = read.decimal("basicSpeed", s.basicSpeed, SPEED, 5);
  const basicMove = whole(s.basicMove, 5, 0, 999);
  const move = whole(s.move, basicMove, 0, 999);
  const encumbrance = whole(s.encumbrance, 0, 0, 4);
  const basicLift = read.decimal("basicLift", s.basicLift, WEIGHT, 20);
  const dmg = rec(s.damage);
  const thrust = read.attempt("damage.thrust", dmg.thrust, parseDamage, NO_DAMAGE);
  const swing = read.attempt("damage.swing", dmg.swing, parseDamage, NO_DAMAGE);
  const t = rec(s.traits);
  const traits = {
    ambidexterity: flag(t.ambidexterity), trainedByAMaster: flag(t.trainedByAMaster), weaponMaster: flag(t.weaponMaster), perfectBalance: flag(t.perfectBalance),
    constrictionAttack: flag(t.constrictionAttack), injuryTolerance: isMember(["none", "unliving", "homogenous"] as const, t.injuryTolerance) ? t.injuryTolerance : "none",
    diffuse: flag(t.diffuse), flightOrSuperJump: flag(t.flightOrSuperJump), enhancedMove: flag(t.enhancedMove),
  } as const;

  // G1: skills relative to their scores.
  const scores: Record<GurpsSkillBase, number> = { ...attributes, will, per };
  const skills = skillsOf(items, scores);
  const byName = skillsByName(skills);

  // G2, G40, G63: weapons with their lines resolved and their parries.
  const weapons: GurpsWeaponView[] = items.filter((i) => i.type === "gurpsWeapon").map((item) => {
    const w = rec(item.system);
    const skillName = str(w.skill) || "DX";
    const { level, defaulted, skill } = levelOf(skillName, whole(w.skillDefault, -4, -20, 0), byName, attributes.dx);
    return {
      id: item.id, name: item.name, skillName, skillLevel: level, defaulted, unarmed: skill?.unarmed ?? null, hand: isMember(HANDS, w.hand) ? w.hand : "main",
      weight: read.decimal(`item:${item.id}.weight`, w.weight, WEIGHT, 0), quality: isMember(QUALITIES, w.quality) ? w.quality : "good", ready: w.ready !== false,
      lines: linesOf(item, level, !!skill?.fencing, attributes.st, thrust, swing, read, rules),
    };
  });

  // G62, G88: shields and cloaks.
  const shields: GurpsShieldView[] = items.filter((i) => i.type === "gurpsShield").map((item) => {
    const sh = rec(item.system);
    const { level, defaulted } = levelOf(str(sh.skill) || "Shield", whole(sh.skillDefault, -4, -20, 0), byName, attributes.dx);
    return {
      id: item.id, name: item.name, kind: isMember(GURPS_SHIELD_KINDS, sh.kind) ? sh.kind : "shield", db: whole(sh.db, 0, 0, 10), skillLevel: level, defaulted,
      block: blockScore(level, rules), ready: sh.ready !== false, hand: isMember(HANDS, sh.hand) ? sh.hand : "off",
    };
  });

  // G61, G80: reeling halves Basic Speed (or Dodge, p419) and Move; Dodge from Basic Speed and encumbrance.
  const now = figuresNow({ basicSpeed, move, encumbrance, currentHp: hp.value, hp: hp.max }, rules);
  const acrobatics = skills.find((k) => norm(k.name) === "acrobatics" || norm(k.name) === "aerobatics")?.level ?? null;
  const naturalDr = whole(s.naturalDr, 0, 0, 9999);
  const armor = armorOf(items, naturalDr);
  const judo = skills.find((k) => k.unarmed === "judo")?.level ?? 0;

  return {
    attributes, will, per, hp, fp, basicSpeed, basicMove, move, encumbrance, basicLift, sm: whole(s.sm, 0, -15, 15), thrust: formatDamage(thrust), swing: formatDamage(swing),
    traits, reeling: now.reeling, speedNow: now.basicSpeed, moveNow: now.move, step: now.step, dodge: now.dodge,
    thresholds: {
      majorWoundOver: Math.floor(hp.max / 2), reelingBelow: Math.ceil(hp.max / rules.reelingDivisor),
      deathChecksAt: Array.from({ length: rules.deathChecks }, (_, i) => -(i + 1) * hp.max), deadAt: -rules.autoDeathMultiple * hp.max,
      shockDivisor: hp.max >= rules.shockLargeHp ? Math.floor(hp.max / rules.shockHpPerPoint) : 1,
    },
    consciousnessModifier: hp.value <= 0 ? consciousnessModifier(hp.value, hp.max) : null,
    skills, weapons, shields, unarmedParry: unarmedParryOf(skills, attributes.dx, rules), acrobatics,
    balance: Math.max(attributes.dx, acrobatics ?? 0, judo), naturalDr, deathChecksRolled: whole(s.deathChecksRolled, 0, 0, rules.deathChecks),
    dr: armor.dr, flexible: armor.flexible, armorLayers: armor.layers, problems: read.problems,
  };
}
