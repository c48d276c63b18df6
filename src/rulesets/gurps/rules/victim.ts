/**
 * Hits applied to one victim (G69–G83, G94): each hit's basic damage, DR,
 * penetration, blunt trauma, wounding and injury; then HP and FP, shock, the
 * thresholds crossed (major wound, reeling, 0 HP, −n × HP, death) and every
 * roll they call for — resolved when its die is given, else named as owed.
 */
import { type BasicDamage, basicDamage, bluntTrauma, corrosionDrLoss, diffuseCap, type DrFigure, effectiveDr, injuryFrom, knockbackRollModifier, knockbackYards, type Protection, woundingModifier } from "./damage.js";
import { type DamageSpec, type DiceRoll, successRoll, type SuccessRoll } from "./dice.js";
import { consciousnessModifier, deathCheckResult, deathThresholds, isMajorWound, isReeling, majorWoundResult, shockPenalty } from "./injury.js";
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

/** G69 steps 1–5 for one hit on `v` (HP not yet changed). */
export function hitFigure(v: VictimInput, hit: HitToApply, hpBefore: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): HitFigure {
  const { context: c, faces, diceTotal } = hit;
  const damage = basicDamage(c.spec, diceTotal, c.type, c.bonuses, c.halved);
  const basic = damage.basic;
  const drKey = rules.hitLocations[c.location].drKey;
  const dr = c.inside ? { cover: 0, layers: [], natural: 0, total: 0, divisor: c.divisor, effective: 0 } : effectiveDr(v, drKey, c.type, c.divisor, c.coverDr);
  const penetrating = Math.max(0, basic - dr.effective);
  // G49, G72: blunt trauma is injury, and a knockback-only shove does none (its figure is 0, not merely left out of the injury).
  const bt = penetrating === 0 && !c.inside && !c.knockbackOnly ? bluntTrauma(basic, v, drKey, c.type, c.divisor, c.coverDr, rules) : 0;
  const wounding = woundingModifier(c.type, v.woundingClass ?? "living", rules.hitLocations[c.location].wounding?.[c.type] ?? null, rules);
  const beforeCap = c.knockbackOnly ? 0 : injuryFrom(penetrating, wounding) + bt;
  const injury = v.diffuse && !c.area ? Math.min(beforeCap, diffuseCap(c.type, rules)) : beforeCap;
  const toFp = c.type === "fat";
  const knockback = c.knockback && !c.inside ? knockbackYards(basic, c.type, penetrating > 0, v.st === null || v.resisting === false ? v.hp : v.st, rules) : 0;
  return {
    payload: hit.payload, location: c.location, type: c.type, faces, damage, dr, penetrating, bluntTrauma: bt, wounding, injuryBeforeCap: beforeCap, injury, toFp, knockback,
    corrosion: corrosionDrLoss(basic, c.type, rules),
    majorWound: !toFp && isMajorWound(injury, v.hp),
    hpAfter: toFp ? hpBefore : hpBefore - injury,
  };
}

/**
 * Apply the hits of one attack (each hit's faces given) to `v`, then the
 * effects of injury (G77–G81) and the rolls they call for: knockback (DX,
 * G74), major wound (HT, G78; torso hits — other locations are out of
 * scope), death checks (HT, G81), Will to keep aim (G22) or a task (G29).
 */
export function applyHits(
  v: VictimInput, toApply: readonly HitToApply[], rolls: VictimRolls = {},
  as: { who: Roller; prefix: string; concentrating?: boolean } = { who: "defender", prefix: "rolls" }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): VictimResult {
  const owe = (id: string, target: number, rule: string, when: "now" | "turnStart" = "now") =>
    owed.push({ id: `${as.prefix}.${id}`, roll: "3d6", who: as.who, victim: v.id, target, rule, when });
  const hits: HitFigure[] = [];
  const owed: OwedRoll[] = [];
  const thresholds: Threshold[] = [];
  let hp = v.currentHp;
  let fp = v.currentFp;
  let injury = 0;
  let fpLost = 0;
  let yards = 0;
  let drLost = 0;
  for (let i = 0; i < toApply.length; i++) {
    const h = hitFigure(v, toApply[i]!, hp, rules);
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

  let posture: Posture = v.posture ?? "standing";
  let stunned: StunKind | null = v.stunned ?? null;
  let unconscious = !!v.unconscious;
  let mortallyWounded = !!v.mortallyWounded;
  let dead = !!v.dead;

  // G80 reeling; G81 0 HP and the −n × HP thresholds.
  const wasReeling = isReeling(v.currentHp, v.hp, rules);
  const reeling = isReeling(hp, v.hp, rules);
  if (reeling && !wasReeling) thresholds.push({ kind: "reeling", at: hp, rule: "G80" });
  if (hp <= 0 && v.currentHp > 0) thresholds.push({ kind: "zeroHp", at: hp, rule: "G81" });
  const death = deathThresholds(hp, v.hp, v.deathChecksRolled ?? 0, rules);
  for (const k of death.checks) thresholds.push({ kind: "deathCheck", at: k, rule: "G81" });
  if (death.dead && !dead) thresholds.push({ kind: "dead", at: hp, rule: "G81" });

  // G81: one HT roll per threshold newly crossed, in order; a failed one ends the checks.
  const deathChecks: VictimResult["deathChecks"][number][] = [];
  let deathChecksRolled = v.deathChecksRolled ?? 0;
  if (death.dead) dead = true;
  for (let i = 0; i < death.checks.length && !dead; i++) {
    const k = death.checks[i]!;
    const given = rolls.deathChecks?.[i];
    const roll = given ? successRoll(v.ht, given.total, "other", rules) : null;
    const result = roll ? deathCheckResult(roll, rules) : null;
    deathChecks.push({ multiple: k, hpAt: -k * v.hp, effective: v.ht, roll, result });
    if (!roll) {
      owe(`deathChecks[${i}]`, v.ht, "G81");
      continue;
    }
    deathChecksRolled = k;
    if (result === "dies") dead = true;
    else if (result === "mortallyWounded") mortallyWounded = true;
  }
  if (death.dead) deathChecksRolled = rules.deathChecks;

  // G78: each major wound to the torso calls a HT roll (failure: stunned and knocked down; by 5+: unconscious).
  const majorWounds: VictimResult["majorWounds"][number][] = [];
  let m = 0;
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i]!;
    if (!h.majorWound || rules.hitLocations[h.location].drKey !== "torso" || dead) continue;
    const given = rolls.majorWound?.[m];
    const roll = given ? successRoll(v.ht, given.total, "other", rules) : null;
    const result = roll ? majorWoundResult(roll, rules) : null;
    majorWounds.push({ hit: i, effective: v.ht, roll, result });
    if (!roll) owe(`majorWound[${m}]`, v.ht, "G78");
    if (result === "stunned" || result === "unconscious") {
      stunned = "physical";
      posture = "prone";
    }
    if (result === "unconscious") unconscious = true;
    m++;
  }

  // G74: knockback — a roll against the best of DX, Acrobatics, Judo, −1 per yard beyond the first; failure falls.
  let knockback: VictimResult["knockback"] = null;
  if (yards > 0 && !dead) {
    const effective = v.knockbackSkill + knockbackRollModifier(yards, !!v.perfectBalance, rules);
    const roll = rolls.knockback ? successRoll(effective, rolls.knockback.total, "other", rules) : null;
    knockback = { yards, effective, roll, fell: roll ? !roll.success : null };
    if (!roll && !unconscious) owe("knockback", effective, "G74");
    if (roll && !roll.success) posture = "prone";
  }

  // G22: injured while aiming → Will or lose the aim; G29: injury while concentrating → Will−3 or restart.
  let aimLost: boolean | null = null;
  let taskBroken: boolean | null = null;
  if (injury > 0 && !dead && !unconscious) {
    const will = v.will ?? rules.averageAttribute;
    if (v.aiming) {
      const roll = rolls.aimWill ? successRoll(will, rolls.aimWill.total, "other", rules) : null;
      aimLost = roll ? !roll.success : null;
      if (!roll) owe("aimWill", will, "G22");
    }
    if (as.concentrating ?? v.concentrating) {
      const effective = will + rules.concentrateWill;
      const roll = rolls.concentrateWill ? successRoll(effective, rolls.concentrateWill.total, "other", rules) : null;
      taskBroken = roll ? !roll.success : null;
      if (!roll) owe("concentrateWill", effective, "G29");
    }
  }

  // G81: at 0 HP or below, a HT roll at the start of each of his turns (−1 per full multiple below zero).
  const modifier = consciousnessModifier(hp, v.hp);
  let consciousness: VictimResult["consciousness"] = null;
  if (hp <= 0 && !dead && !unconscious) {
    const effective = v.ht + modifier;
    const roll = rolls.consciousness ? successRoll(effective, rolls.consciousness.total, "other", rules) : null;
    consciousness = { effective, modifier, roll, stays: roll ? roll.success : null };
    if (!roll) owe("consciousness", effective, "G81", "turnStart");
  }

  const since = (v.injurySinceLastTurn ?? 0) + injury;
  const fell = knockback?.fell === true || majorWounds.some((w) => w.result === "stunned" || w.result === "unconscious");
  return {
    hits, injury, fpLost, hpBefore: v.currentHp, knockback, majorWounds, deathChecks, consciousness, thresholds, fell, owed,
    after: {
      hp, fp, injurySinceLastTurn: since, shock: shockPenalty(since, v.hp, rules), reeling, stunned, posture, unconscious, mortallyWounded, dead,
      deathChecksRolled, drLost, aimLost, taskBroken,
    },
  };
}

/** G48, G49: knocked down after the hits were applied (a slam's knockdown): the same result, lying prone. */
export function knockedDown(v: VictimResult): VictimResult {
  return { ...v, fell: true, after: v.after.posture === "prone" ? v.after : { ...v.after, posture: "prone" } };
}
