/**
 * Hits applied to one victim (G69–G83, G94): each hit's basic damage, DR,
 * penetration, blunt trauma, wounding and injury; then HP and FP, shock, the
 * thresholds crossed (major wound, reeling, 0 HP, −n × HP, death) and every
 * roll they call for — resolved when its die is given, else named as owed.
 */
import {
  type ArmorLayer, type BasicDamage, basicDamage, bluntTraumaBehind, corrosionDrLoss, diffuseCap, type DrFigure, drFigure, injuryFrom, knockbackRollModifier, knockbackYards, type Protection,
  woundingModifier,
} from "./damage.js";
import { type DamageSpec, type DiceRoll, successRoll, type SuccessRoll } from "./dice.js";
import { consciousnessModifier, deathCheckResult, type DeathThresholds, deathThresholds, isMajorWound, isReeling, majorWoundResult, shockPenalty } from "./injury.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import type { Ratio } from "./tables.js";
import type { DamageType, HitLocation, Modifier, Posture, Roller, StunKind, WoundingClass } from "./types.js";

export interface VictimInput extends Protection {
  id: string;
  /** Full HP (G94) and current HP; full and current FP. */
  hp: number;
  currentHp: number;
  fp: number;
  currentFp: number;
  ht: number;
  /** G74: ST for knockback (null: no ST — HP replaces it); not resisting also uses HP. */
  st: number | null;
  resisting?: boolean;
  /** G74: the best of DX, Acrobatics and Judo; Perfect Balance. */
  knockbackSkill: number;
  perfectBalance?: boolean;
  woundingClass?: WoundingClass;
  diffuse?: boolean;
  /** G77: HP lost since his last turn before this attack. */
  injurySinceLastTurn?: number;
  /** G81: −n × HP thresholds already rolled. */
  deathChecksRolled?: number;
  posture?: Posture;
  stunned?: StunKind | null;
  unconscious?: boolean;
  mortallyWounded?: boolean;
  dead?: boolean;
  /** G22, G29: injury forces a Will roll (aiming) or Will−3 (concentrating). */
  aiming?: boolean;
  concentrating?: boolean;
  will?: number;
}

/** How the hits of one attack do damage. */
export interface HitsContext {
  spec: DamageSpec;
  type: DamageType;
  divisor: number;
  bonuses: readonly Modifier[];
  /** G70: at or beyond 1/2D. */
  halved: boolean;
  location: HitLocation;
  coverDr: number;
  /** G74: knockback from these hits (not a slam's, not an internal follow-up). */
  knockback: boolean;
  /** G49: knockback only, no injury (a shove). */
  knockbackOnly?: boolean;
  /** G76: an area, cone or explosion attack is not capped by Diffuse. */
  area?: boolean;
  /** G82: an internal follow-up: DR 0, no knockback or blunt trauma. */
  inside?: boolean;
}

/** One hit to apply: its damage context (the primary payload, a G82 follow-up or linked one) and its dice. */
export interface HitToApply {
  readonly payload: "primary" | "followUp" | "linked";
  readonly context: HitsContext;
  readonly faces: readonly number[];
  readonly diceTotal: number;
}

export interface HitFigure {
  readonly payload: "primary" | "followUp" | "linked";
  readonly location: HitLocation;
  readonly type: DamageType;
  readonly faces: readonly number[];
  readonly damage: BasicDamage;
  readonly dr: DrFigure;
  readonly penetrating: number;
  readonly bluntTrauma: number;
  readonly wounding: Ratio;
  /** Before the Diffuse cap. */
  readonly injuryBeforeCap: number;
  readonly injury: number;
  /** G75 [fixed]: fatigue damage comes off FP. */
  readonly toFp: boolean;
  readonly knockback: number;
  readonly corrosion: number;
  readonly majorWound: boolean;
  readonly hpAfter: number;
}

export type ThresholdKind = "majorWound" | "reeling" | "zeroHp" | "deathCheck" | "dead";
export interface Threshold {
  readonly kind: ThresholdKind;
  /** The hit that crossed it (major wounds), or the HP multiple (death checks). */
  readonly at: number;
  readonly rule: string;
}

export interface VictimRolls {
  knockback?: DiceRoll | null;
  majorWound?: readonly DiceRoll[];
  deathChecks?: readonly DiceRoll[];
  aimWill?: DiceRoll | null;
  concentrateWill?: DiceRoll | null;
  /** G81: his HT roll to stay conscious at the start of his next turn, when this blow leaves him at 0 HP or below. */
  consciousness?: DiceRoll | null;
}

export interface VictimAfter {
  readonly hp: number;
  readonly fp: number;
  /** G77: injury since his last turn, and the shock penalty on his next turn. */
  readonly injurySinceLastTurn: number;
  readonly shock: number;
  readonly reeling: boolean;
  readonly stunned: StunKind | null;
  readonly posture: Posture;
  readonly unconscious: boolean;
  readonly mortallyWounded: boolean;
  readonly dead: boolean;
  readonly deathChecksRolled: number;
  /** G73: DR lost to corrosion (armor first). */
  readonly drLost: number;
  /** G22, G29: aim lost, concentration broken (null: not aiming / not concentrating / roll owed). */
  readonly aimLost: boolean | null;
  readonly taskBroken: boolean | null;
}

export interface VictimResult {
  readonly hits: readonly HitFigure[];
  readonly injury: number;
  readonly fpLost: number;
  readonly hpBefore: number;
  readonly knockback: { readonly yards: number; readonly effective: number; readonly roll: SuccessRoll | null; readonly fell: boolean | null } | null;
  readonly majorWounds: readonly { readonly hit: number; readonly effective: number; readonly roll: SuccessRoll | null; readonly result: "none" | "stunned" | "unconscious" | null }[];
  readonly deathChecks: readonly { readonly multiple: number; readonly hpAt: number; readonly effective: number; readonly roll: SuccessRoll | null; readonly result: "survives" | "mortallyWounded" | "dies" | null }[];
  /**
   * G81: the HT roll at the start of each of his turns while at 0 HP or below, its modifier, and — when
   * given — the roll at the start of his next turn and whether he stays conscious (`after` is the state
   * right after this attack: the roll comes later, and a Do Nothing turn may excuse it, G81).
   */
  readonly consciousness: { readonly effective: number; readonly modifier: number; readonly roll: SuccessRoll | null; readonly stays: boolean | null } | null;
  readonly thresholds: readonly Threshold[];
  /** Knocked down by this attack (G48 a slam, G74 knockback, G78 a major wound), whatever his posture before. */
  readonly fell: boolean;
  readonly after: VictimAfter;
  readonly owed: readonly OwedRoll[];
}

/**
 * What a hit reads of its victim, read once per victim: the victim comes in
 * the input's shapes, and each read of one of those is slow (resolve.ts).
 */
interface Target {
  readonly armor: readonly ArmorLayer[];
  readonly naturalDr: number;
  readonly woundingClass: WoundingClass;
  readonly diffuse: boolean;
  /** G74: ST for knockback, HP for a target without ST or not resisting. */
  readonly knockbackSt: number;
  readonly hp: number;
}

const NO_LAYERS: readonly ArmorLayer[] = Object.freeze([]);
const NO_ROLLS: VictimRolls = Object.freeze({});
const NO_THRESHOLDS_DUE: readonly never[] = Object.freeze([]);

function targetOf(v: VictimInput): Target {
  const hp = v.hp;
  const st = v.st;
  return {
    armor: v.armor ?? NO_LAYERS, naturalDr: v.naturalDr ?? 0, woundingClass: v.woundingClass ?? "living", diffuse: !!v.diffuse,
    knockbackSt: st === null || v.resisting === false ? hp : st, hp,
  };
}

/** G69 steps 1–5 for one hit on `v` (HP not yet changed). */
export function hitFigure(v: VictimInput, hit: HitToApply, hpBefore: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): HitFigure {
  return hitOn(targetOf(v), hit, hpBefore, rules);
}

function hitOn(t: Target, hit: HitToApply, hpBefore: number, rules: Readonly<GurpsRules>): HitFigure {
  const c = hit.context;
  const type = c.type;
  const location = c.location;
  const inside = !!c.inside;
  const knockbackOnly = !!c.knockbackOnly;
  const damage = basicDamage(c.spec, hit.diceTotal, type, c.bonuses, c.halved);
  const basic = damage.basic;
  const row = rules.hitLocations[location];
  const drKey = row.drKey;
  const dr = inside ? { cover: 0, layers: [], natural: 0, total: 0, divisor: c.divisor, effective: 0 } : drFigure(t.armor, t.naturalDr, drKey, type, c.divisor, c.coverDr);
  const penetrating = Math.max(0, basic - dr.effective);
  // G49, G72: blunt trauma is injury, and a knockback-only shove does none (its figure is 0, not merely left out of the injury).
  const bt = penetrating === 0 && !inside && !knockbackOnly ? bluntTraumaBehind(basic, t.armor, drKey, type, c.divisor, c.coverDr, rules) : 0;
  const wounding = woundingModifier(type, t.woundingClass, row.wounding?.[type] ?? null, rules);
  const beforeCap = knockbackOnly ? 0 : injuryFrom(penetrating, wounding) + bt;
  const injury = t.diffuse && !c.area ? Math.min(beforeCap, diffuseCap(type, rules)) : beforeCap;
  const toFp = type === "fat";
  const knockback = c.knockback && !inside ? knockbackYards(basic, type, penetrating > 0, t.knockbackSt, rules) : 0;
  return {
    payload: hit.payload, location, type, faces: hit.faces, damage, dr, penetrating, bluntTrauma: bt, wounding, injuryBeforeCap: beforeCap, injury, toFp, knockback,
    corrosion: corrosionDrLoss(basic, type, rules),
    majorWound: !toFp && isMajorWound(injury, t.hp),
    hpAfter: toFp ? hpBefore : hpBefore - injury,
  };
}

/** A 3d6 roll the victim owes (`id` under the rolls' prefix). */
function oweRoll(owed: OwedRoll[], as: { who: Roller; prefix: string }, victim: string, id: string, target: number, rule: string, when: "now" | "turnStart" = "now"): void {
  owed.push({ id: `${as.prefix}.${id}`, roll: "3d6", who: as.who, victim, target, rule, when });
}

/**
 * Apply the hits of one attack (each hit's faces given) to `v`, then the
 * effects of injury (G77–G81) and the rolls they call for: knockback (DX,
 * G74), major wound (HT, G78; torso hits — other locations are out of
 * scope), death checks (HT, G81), Will to keep aim (G22) or a task (G29).
 * `as.posture`: his posture when struck, when the attack changed it before
 * the hits (a fall in defending, a flying tackle, a pounce); his own otherwise.
 * Each field of `v` is read once.
 */
export function applyHits(
  v: VictimInput, toApply: readonly HitToApply[], rolls: VictimRolls = NO_ROLLS,
  as: { who: Roller; prefix: string; concentrating?: boolean; posture?: Posture | undefined } = { who: "defender", prefix: "rolls" }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): VictimResult {
  const target = targetOf(v);
  const fullHp = target.hp;
  const hpBefore = v.currentHp;
  const hits: HitFigure[] = [];
  const owed: OwedRoll[] = [];
  const thresholds: Threshold[] = [];
  let hp = hpBefore;
  let fp = v.currentFp;
  let injury = 0;
  let fpLost = 0;
  let yards = 0;
  let drLost = 0;
  for (let i = 0; i < toApply.length; i++) {
    const h = hitOn(target, toApply[i]!, hp, rules);
    hits.push(h);
    if (h.toFp) {
      fp -= h.injury;
      fpLost += h.injury;
    } else {
      hp = h.hpAfter;
      injury += h.injury;
    }
    yards += h.knockback;
    drLost += h.corrosion;
    if (h.majorWound) thresholds.push({ kind: "majorWound", at: i, rule: "G78" });
  }

  const id = v.id;
  const ht = v.ht;
  const struckIn = as.posture !== undefined ? as.posture : v.posture;
  let posture: Posture = struckIn ?? "standing";
  let stunned: StunKind | null = v.stunned ?? null;
  let unconscious = !!v.unconscious;
  let mortallyWounded = !!v.mortallyWounded;
  let dead = !!v.dead;

  // G80 reeling; G81 0 HP and the −n × HP thresholds.
  const wasReeling = isReeling(hpBefore, fullHp, rules);
  const reeling = isReeling(hp, fullHp, rules);
  if (reeling && !wasReeling) thresholds.push({ kind: "reeling", at: hp, rule: "G80" });
  if (hp <= 0 && hpBefore > 0) thresholds.push({ kind: "zeroHp", at: hp, rule: "G81" });
  const rolledBefore = v.deathChecksRolled ?? 0;
  // Above 0 HP no multiple of HP is crossed (the call only allocates then).
  const death = hp < 0 || rules.autoDeathMultiple <= 0 ? deathThresholds(hp, fullHp, rolledBefore, rules) : NO_DEATH;
  const checks = death.checks;
  for (let i = 0; i < checks.length; i++) thresholds.push({ kind: "deathCheck", at: checks[i]!, rule: "G81" });
  if (death.dead && !dead) thresholds.push({ kind: "dead", at: hp, rule: "G81" });

  // G81: one HT roll per threshold newly crossed, in order; a failed one ends the checks.
  const deathChecks: VictimResult["deathChecks"][number][] = [];
  let deathChecksRolled = rolledBefore;
  if (death.dead) dead = true;
  for (let i = 0; i < checks.length && !dead; i++) {
    const k = checks[i]!;
    const given = rolls.deathChecks?.[i];
    const roll = given ? successRoll(ht, given.total, "other", rules) : null;
    const result = roll ? deathCheckResult(roll, rules) : null;
    deathChecks.push({ multiple: k, hpAt: -k * fullHp, effective: ht, roll, result });
    if (!roll) {
      oweRoll(owed, as, id, `deathChecks[${i}]`, ht, "G81");
      continue;
    }
    deathChecksRolled = k;
    if (result === "dies") dead = true;
    else if (result === "mortallyWounded") mortallyWounded = true;
  }
  if (death.dead) deathChecksRolled = rules.deathChecks;

  // G78: each major wound to the torso calls a HT roll (failure: stunned and knocked down; by 5+: unconscious).
  const majorWounds: VictimResult["majorWounds"][number][] = [];
  let knockedOut = false;
  let m = 0;
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i]!;
    if (!h.majorWound || rules.hitLocations[h.location].drKey !== "torso" || dead) continue;
    const given = rolls.majorWound?.[m];
    const roll = given ? successRoll(ht, given.total, "other", rules) : null;
    const result = roll ? majorWoundResult(roll, rules) : null;
    majorWounds.push({ hit: i, effective: ht, roll, result });
    if (!roll) oweRoll(owed, as, id, `majorWound[${m}]`, ht, "G78");
    if (result === "stunned" || result === "unconscious") {
      stunned = "physical";
      posture = "prone";
      knockedOut = true;
    }
    if (result === "unconscious") unconscious = true;
    m++;
  }

  // G74: knockback — a roll against the best of DX, Acrobatics, Judo, −1 per yard beyond the first; failure falls.
  let knockback: VictimResult["knockback"] = null;
  if (yards > 0 && !dead) {
    const effective = v.knockbackSkill + knockbackRollModifier(yards, !!v.perfectBalance, rules);
    const given = rolls.knockback;
    const roll = given ? successRoll(effective, given.total, "other", rules) : null;
    knockback = { yards, effective, roll, fell: roll ? !roll.success : null };
    if (!roll && !unconscious) oweRoll(owed, as, id, "knockback", effective, "G74");
    if (roll && !roll.success) posture = "prone";
  }

  // G22: injured while aiming → Will or lose the aim; G29: injury while concentrating → Will−3 or restart.
  let aimLost: boolean | null = null;
  let taskBroken: boolean | null = null;
  if (injury > 0 && !dead && !unconscious) {
    const will = v.will ?? rules.averageAttribute;
    if (v.aiming) {
      const given = rolls.aimWill;
      const roll = given ? successRoll(will, given.total, "other", rules) : null;
      aimLost = roll ? !roll.success : null;
      if (!roll) oweRoll(owed, as, id, "aimWill", will, "G22");
    }
    if (as.concentrating ?? v.concentrating) {
      const effective = will + rules.concentrateWill;
      const given = rolls.concentrateWill;
      const roll = given ? successRoll(effective, given.total, "other", rules) : null;
      taskBroken = roll ? !roll.success : null;
      if (!roll) oweRoll(owed, as, id, "concentrateWill", effective, "G29");
    }
  }

  // G81: at 0 HP or below, a HT roll at the start of each of his turns (−1 per full multiple below zero).
  let consciousness: VictimResult["consciousness"] = null;
  if (hp <= 0 && !dead && !unconscious) {
    const modifier = consciousnessModifier(hp, fullHp);
    const effective = ht + modifier;
    const given = rolls.consciousness;
    const roll = given ? successRoll(effective, given.total, "other", rules) : null;
    consciousness = { effective, modifier, roll, stays: roll ? roll.success : null };
    if (!roll) oweRoll(owed, as, id, "consciousness", effective, "G81", "turnStart");
  }

  const since = (v.injurySinceLastTurn ?? 0) + injury;
  const fell = knockback?.fell === true || knockedOut;
  return {
    hits, injury, fpLost, hpBefore, knockback, majorWounds, deathChecks, consciousness, thresholds, fell, owed,
    after: {
      hp, fp, injurySinceLastTurn: since, shock: shockPenalty(since, fullHp, rules), reeling, stunned, posture, unconscious, mortallyWounded, dead,
      deathChecksRolled, drLost, aimLost, taskBroken,
    },
  };
}

/** No −n × HP threshold: at 0 HP or above none is crossed (G81). */
const NO_DEATH: DeathThresholds = Object.freeze({ checks: NO_THRESHOLDS_DUE, dead: false });

/** G48, G49: knocked down after the hits were applied (a slam's knockdown): the same result, lying prone. */
export function knockedDown(v: VictimResult): VictimResult {
  return { ...v, fell: true, after: v.after.posture === "prone" ? v.after : { ...v.after, posture: "prone" } };
}
