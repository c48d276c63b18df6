/**
 * P27–P30, P36, P37: damage and wounds. Each hit rolls the weapon's damage,
 * less the armor at the area (never below 0): flesh points, or stun points
 * for a `stun` weapon, which never wounds traumatically (P28). A hit whose
 * damage after armor reaches the area's trauma threshold, or any hit of an
 * `alwaysTraumatic` weapon, is a traumatic wound (P29). Flesh reaching
 * `fleshMax` collapses the character; stun reaching it knocks them out;
 * traumatic wounds reaching `traumaLimit` incapacitate them, dying (P30).
 */
import { woundPenalty } from "./checks.js";
import { type DamageFormula, rollDamage } from "./damage-formula.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import type { Area, OutState } from "./types.js";

export interface TraumaticWound {
  area: Area;
  phase: number;
}

/** What a character's sheet holds of its wounds (P30). */
export interface WoundState {
  flesh: number;
  stun: number;
  fleshMax: number;
  traumas: readonly TraumaticWound[];
  traumaLimit: number;
}

/** P30/P37: what the wounds do. */
export interface Condition {
  collapsed: boolean;
  unconscious: boolean;
  /** Incapacitated and dying. */
  incapacitated: boolean;
  /** Any of the three: out of the fight (P37). */
  out: boolean;
  /** The states in force, in P30's order. */
  states: OutState[];
  /** P30/P36: the penalty to every check (0 or negative). */
  penalty: number;
}

/** P30/P37: is the character out of action (collapsed, unconscious or incapacitated)? `condition(w).out`, asked without building the states. */
export function outOfAction(w: WoundState): boolean {
  return w.flesh >= w.fleshMax || w.stun >= w.fleshMax || w.traumas.length >= w.traumaLimit;
}

export function condition(w: WoundState, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Condition {
  const collapsed = w.flesh >= w.fleshMax;
  const unconscious = w.stun >= w.fleshMax;
  const incapacitated = w.traumas.length >= w.traumaLimit;
  const states: OutState[] = [];
  if (collapsed) states.push("collapsed");
  if (unconscious) states.push("unconscious");
  if (incapacitated) states.push("incapacitated");
  return { collapsed, unconscious, incapacitated, out: states.length > 0, states, penalty: woundPenalty(w.traumas.length, rules) };
}

/** The weapon's part in damage (item data). */
export interface DamageSource {
  damage: DamageFormula;
  /** P28: adds stun points instead of flesh, never traumatic. */
  stun: boolean;
  /** P29: every hit is a traumatic wound. */
  alwaysTraumatic: boolean;
}

export interface HitDamage {
  faces: number[];
  /** P28: the formula's total. */
  rolled: number;
  armor: number;
  /** max(0, rolled − armor). */
  afterArmor: number;
  /** Points added to flesh or to stun. */
  flesh: number;
  stun: number;
  threshold: number;
  traumatic: boolean;
  /** Why it is traumatic (P29). */
  reason: "threshold" | "always" | null;
}

/** P28/P29: one hit's damage at an area with this armor and trauma threshold. */
export function damageHit(source: DamageSource, faces: readonly number[], armor: number, threshold: number, what = "damage roll"): HitDamage {
  const rolled = rollDamage(source.damage, faces, what);
  const afterArmor = Math.max(0, rolled - armor);
  let reason: HitDamage["reason"] = null;
  if (!source.stun) {
    if (source.alwaysTraumatic) reason = "always";
    else if (afterArmor >= threshold) reason = "threshold";
  }
  return {
    faces: [...faces], rolled, armor, afterArmor,
    flesh: source.stun ? 0 : afterArmor, stun: source.stun ? afterArmor : 0,
    threshold, traumatic: reason !== null, reason,
  };
}

/** P28–P30: the wound state after these hits (each traumatic one recorded with its area and phase). */
export function takeHits(w: WoundState, hits: readonly { area: Area; damage: HitDamage }[], phase: number): WoundState {
  let flesh = w.flesh;
  let stun = w.stun;
  const traumas = [...w.traumas];
  for (const h of hits) {
    flesh += h.damage.flesh;
    stun += h.damage.stun;
    if (h.damage.traumatic) traumas.push({ area: h.area, phase });
  }
  return { flesh, stun, fleshMax: w.fleshMax, traumas, traumaLimit: w.traumaLimit };
}

/** P30: stun clears when the fight ends. */
export function endFight(w: WoundState): WoundState {
  return { ...w, stun: 0 };
}
