/**
 * The documented outcome JSON (docs/rulesets/phase.md, version 1) of an
 * attack resolution: every figure a GM checks.
 */
import type { AttackResolution, CheckFigure, HitFigure } from "./attack.js";
import type { Area, OutState } from "./types.js";
import { type Condition, type WoundState } from "./wounds.js";

export interface PhaseWoundsJson {
  flesh: number;
  stun: number;
  fleshMax: number;
  traumaticWounds: { area: Area; phase: number }[];
  traumaLimit: number;
  /** P30/P36: the check penalty. */
  penalty: number;
  states: OutState[];
  outOfAction: boolean;
}

export interface PhaseHitJson {
  area: Area | null;
  how: "called" | "drift" | "chart";
  locationRoll: number | null;
  landed: Area;
  walked: Area[];
  stoppedBy: "cover" | "missing" | null;
  damage: { faces: number[]; rolled: number; armor: number; afterArmor: number; flesh: number; stun: number; threshold: number; traumatic: boolean; reason: "threshold" | "always" | null } | null;
}

export interface PhaseCheckJson {
  face: number;
  attribute: number;
  skill: number;
  wild: number;
  aim: number;
  woundPenalty: number;
  total: number;
  result: "hit" | "partial" | "miss";
  margin: number;
  shortfall: number;
  /** Hits scored (P22); `hits` lists them. */
  scored: number;
  hits: PhaseHitJson[];
}

export interface PhaseAttackJson {
  phase: number;
  action: string;
  kind: "shoot" | "melee";
  burst: boolean;
  wild: boolean;
  called: Area | null;
  callDropped: Area | null;
  aim: { held: number; dropped: boolean };
  tn: AttackResolution["tn"];
  checks: PhaseCheckJson[];
  hits: number;
  landed: number;
  ammoSpent: number;
  target: { before: PhaseWoundsJson; after: PhaseWoundsJson; newTraumas: { area: Area; phase: number }[] };
  pending: AttackResolution["pending"];
}

export function woundsJson(w: WoundState, c: Condition): PhaseWoundsJson {
  return {
    flesh: w.flesh, stun: w.stun, fleshMax: w.fleshMax, traumaticWounds: w.traumas.map((t) => ({ ...t })), traumaLimit: w.traumaLimit,
    penalty: c.penalty, states: [...c.states], outOfAction: c.out,
  };
}

function hitJson(h: HitFigure): PhaseHitJson {
  const p = h.placement;
  return {
    area: p.area, how: p.how, locationRoll: h.locationFace, landed: p.landed, walked: [...p.walked], stoppedBy: p.stoppedBy,
    damage: h.damage && { ...h.damage, faces: [...h.damage.faces] },
  };
}

function checkJson(c: CheckFigure, wild: number): PhaseCheckJson {
  return {
    face: c.check.face, attribute: c.check.attribute, skill: c.check.skill, wild, aim: c.aim, woundPenalty: c.check.woundPenalty,
    total: c.check.total, result: c.result, margin: c.margin, shortfall: c.shortfall, scored: c.scored, hits: c.hits.map(hitJson),
  };
}

export function phaseAttackJson(res: AttackResolution): PhaseAttackJson {
  return {
    phase: res.phase, action: res.action, kind: res.kind, burst: res.burst, wild: res.wild, called: res.called, callDropped: res.callDropped,
    aim: { held: res.aimHeld, dropped: res.aimDropped }, tn: { ...res.tn },
    checks: res.checks.map((c) => checkJson(c, res.modifiers.wild)),
    hits: res.hits, landed: res.landed, ammoSpent: res.ammoSpent,
    target: { before: woundsJson(res.before, res.conditionBefore), after: woundsJson(res.after, res.conditionAfter), newTraumas: res.newTraumas.map((t) => ({ ...t })) },
    pending: res.pending && { ...res.pending },
  };
}
