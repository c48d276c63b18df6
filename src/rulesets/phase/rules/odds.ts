/**
 * Exact odds of one phase-based attack (docs/odds.md, "Phase-based
 * homebrew") before its dice are rolled, against each choice the target has:
 * no Defend, or Defend (P26) — declared in its slot, in force for every
 * attack resolving at the end of that phase. The same steps as
 * `resolveAttack`, with the dice as distributions: each check's d10 (P4,
 * P14, P16, P35, P36), hit, partial or miss (P18), a burst's hits (P22),
 * where each hit lands — the call and its drift (P18, P19, P41) or the
 * chart (P20, P21) — and each hit's damage less armor at that area, and
 * whether it is traumatic (P28, P29). Every placement is the core's own
 * function; nothing is sampled. Pure.
 *
 * Injury is counted in the weapon's points: flesh, or stun for a stunning
 * weapon (P28).
 */
import { convolvePower, type Distribution, uniformFaces } from "../../../core/distribution.js";
import type { AttackOdds, DefenseOdds } from "../../../core/ruleset.js";
import { type AttackInput, attackSpec, attackTN, burstHits } from "./attack.js";
import { woundPenalty } from "./checks.js";
import type { DamageFormula } from "./damage-formula.js";
import { placeCalledHit, placeRandomHit } from "./location.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import type { Area } from "./types.js";

/** The target's answer to the attack (P26): Defend declared for that phase, still open to it, or not. */
export type PhaseDefendChoice = "inForce" | "open" | "closed";

/** One attack as the core reads it, before its dice: `resolveAttack`'s input without the dice, the phase and the Defend. */
export interface PhaseOddsQuery {
  attack: Omit<AttackInput, "dice" | "defending" | "phase">;
  defend: PhaseDefendChoice;
}

/** The choices (P26): "none" keeps the target's phase action for something else; "defend" spends it on Defend. */
export const PHASE_DEFENSES = ["none", "defend"] as const;
export type PhaseDefense = (typeof PHASE_DEFENSES)[number];

/** Every figure of one choice; chances exact. */
export interface PhaseChoiceOdds {
  defense: PhaseDefense;
  /** Some check scores a hit (P18: a partial success counts). */
  hit: number;
  /** At least one hit lands on the target (not the cover, not a missing area: P21, P41). */
  struck: number;
  /** Expected points the hits add (flesh, or stun for a stunning weapon, P28). */
  points: number;
  /** At least one hit strikes the cover or finds nothing to hit (P21, P41). */
  cover: number;
  /** At least one new traumatic wound (P29). */
  traumatic: number;
  /** Out of action after it: collapsed, unconscious or incapacitated (P30, P37). */
  out: number;
  /** A hit lands on the called area (P18), when one is called and the shot is not wild. */
  called: number | null;
}

/** A hit's landing: where (null: the cover or nothing), as the core places it. */
type Landing = Area | null;

/** Where a hit lands, with its chance (several faces of the chart may give one landing). */
type Landings = ReadonlyMap<Landing, number>;

/** The damage one landed hit does at an area (P28, P29). */
interface AreaDamage {
  /** P(points after armor = v) for v = 0…. */
  points: Float64Array;
  mean: number;
  /** P(the hit is a traumatic wound). */
  traumatic: number;
  /** Points at or above which the hit is traumatic (Infinity: never; 0: always). */
  traumaFrom: number;
}

/**
 * One hit as a kernel over (points, traumatic wound): where it may land and
 * what it does there, landings that strike nothing adding (0, 0).
 */
interface HitKernel {
  /** Which hit it is ("chart", or "called" and the shortfall): faces scoring the same hits share a tally. */
  id: string;
  /** `p[v * 2 + t]`: the chance of `v` points and `t` (0 or 1) traumatic wounds. */
  p: Float64Array;
  /** P(it lands on the target), P(it strikes the cover or nothing), P(traumatic), P(it lands on `called`). */
  struck: number;
  cover: number;
  traumatic: number;
  onCalled: number;
  /** Expected points. */
  mean: number;
}

/** The odds of the attack in `query` against each choice open to the target. */
export function phaseAttackOdds(query: PhaseOddsQuery, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): AttackOdds {
  const choices: PhaseDefense[] = query.defend === "inForce" ? ["defend"] : query.defend === "open" ? ["none", "defend"] : ["none"];
  const unit = query.attack.weapon.stun ? "stun" : "flesh";
  const defenses: DefenseOdds[] = choices.map((defense) => {
    const o = phaseChoiceOdds(query.attack, defense, rules);
    const outcomes: Record<string, number> = { hit: o.hit, miss: 1 - o.hit, cover: o.cover, traumatic: o.traumatic, out: o.out };
    if (o.called !== null) outcomes.called = o.called;
    return { defense, struck: o.struck, injury: o.points, attackerStruck: 0, attackerInjury: 0, outcomes };
  });
  return { unit, defenses };
}

/** A fair die of `faces` faces, made once per size. */
const DICE = new Map<number, Distribution>();

/** P28: a damage formula's roll as a distribution. */
function damageDistribution(f: DamageFormula): Distribution {
  if (f.dice === 0) return { min: f.flat, p: Float64Array.of(1) };
  let die = DICE.get(f.faces);
  if (!die) DICE.set(f.faces, (die = uniformFaces(Array.from({ length: f.faces }, (_, i) => i + 1))));
  const sum = convolvePower(die, f.dice);
  return { min: sum.min + f.flat, p: sum.p };
}

/** P28/P29: what a landed hit does at an area: points after armor (never below 0), traumatic at the threshold or always. */
function areaDamage(rolled: Distribution, armor: number, threshold: number, stun: boolean, always: boolean): AreaDamage {
  const top = Math.max(0, rolled.min + rolled.p.length - 1 - armor);
  const points = new Float64Array(top + 1);
  let mean = 0;
  for (let i = 0; i < rolled.p.length; i++) {
    const after = Math.max(0, rolled.min + i - armor);
    points[after]! += rolled.p[i]!;
    mean += after * rolled.p[i]!;
  }
  // A stunning weapon never wounds traumatically (P28); an always-traumatic one does with every hit, 0 points included (P29).
  const traumaFrom = stun ? Infinity : always ? 0 : threshold;
  let traumatic = 0;
  for (let v = Math.min(points.length, traumaFrom); v < points.length; v++) traumatic += points[v]!;
  return { points, mean, traumatic, traumaFrom };
}

/** One hit landing as `landings` say, as a kernel. */
function hitKernel(id: string, landings: Landings, damageAt: (area: Area) => AreaDamage, called: Area | null): HitKernel {
  let width = 1;
  for (const landing of landings.keys()) if (landing !== null) width = Math.max(width, damageAt(landing).points.length);
  const p = new Float64Array(width * 2);
  const k: HitKernel = { id, p, struck: 0, cover: 0, traumatic: 0, onCalled: 0, mean: 0 };
  for (const [landing, chance] of landings) {
    if (landing === null) {
      p[0]! += chance;
      k.cover += chance;
      continue;
    }
    const d = damageAt(landing);
    k.struck += chance;
    k.traumatic += chance * d.traumatic;
    k.mean += chance * d.mean;
    if (landing === called) k.onCalled += chance;
    for (let v = 0; v < d.points.length; v++) p[v * 2 + (v >= d.traumaFrom ? 1 : 0)]! += chance * d.points[v]!;
  }
  return k;
}

/**
 * (points, traumatic wounds) so far, each capped at what puts the target out
 * of action — points at `pointsCap` (flesh, or stun, reaching fleshMax), wounds
 * at `traumaCap` (the trauma limit) — as a flat array `p[pts * (traumaCap + 1) + t]`.
 */
interface Tally {
  pointsCap: number;
  traumaCap: number;
  p: Float64Array;
}

const startTally = (pointsCap: number, traumaCap: number): Tally => {
  const p = new Float64Array((pointsCap + 1) * (traumaCap + 1));
  p[0] = 1;
  return { pointsCap, traumaCap, p };
};

/** The tally after one more hit. */
function withHit(t: Tally, hit: HitKernel): Tally {
  const width = t.traumaCap + 1;
  const out = new Float64Array(t.p.length);
  for (let i = 0; i < t.p.length; i++) {
    const w = t.p[i]!;
    if (w === 0) continue;
    const pts = Math.floor(i / width);
    const tr = i % width;
    for (let j = 0; j < hit.p.length; j++) {
      const c = hit.p[j]!;
      if (c === 0) continue;
      const np = Math.min(t.pointsCap, pts + (j >> 1));
      const nt = Math.min(t.traumaCap, tr + (j & 1));
      out[np * width + nt]! += w * c;
    }
  }
  return { pointsCap: t.pointsCap, traumaCap: t.traumaCap, p: out };
}

/** P30: the chance the points or the wounds reach their caps (a cap of 0 never counts: that measure cannot put this target out). */
function reachedCaps(t: Tally): number {
  const width = t.traumaCap + 1;
  let sum = 0;
  for (let i = 0; i < t.p.length; i++) {
    if ((t.pointsCap > 0 && Math.floor(i / width) >= t.pointsCap) || (t.traumaCap > 0 && i % width >= t.traumaCap)) sum += t.p[i]!;
  }
  return sum;
}

/** Chances of landings, gathered by where they land. */
function gather(placements: readonly { landing: Landing; chance: number }[]): Map<Landing, number> {
  const out = new Map<Landing, number>();
  for (const { landing, chance } of placements) out.set(landing, (out.get(landing) ?? 0) + chance);
  return out;
}

/** The odds of one choice (P26: Defend raises the plain and the raised TN). */
export function phaseChoiceOdds(attack: PhaseOddsQuery["attack"], defense: PhaseDefense, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseChoiceOdds {
  const spec = attackSpec(attack.action, rules);
  const shoot = spec.kind === "shoot";
  // As resolveAttack: a shot without Targeting is wild, calls nothing and takes no Aim (P14).
  const wild = shoot && !attack.targeting;
  const called = wild ? null : attack.called;
  const aimHeld = Math.min(Math.max(0, attack.aim), rules.aimMax);
  const tn = attackTN({ range: attack.range, cover: attack.cover, other: attack.other, defending: defense === "defend", called }, rules);
  const wildModifier = wild ? -rules.wildShotPenalty : 0;
  const base = attack.attacker.attribute + attack.attacker.skill + woundPenalty(attack.attacker.traumaticWounds, rules);
  const target = attack.target;
  const weapon = attack.weapon;

  const rolled = damageDistribution(weapon.damage);
  const atArea = new Map<Area, AreaDamage>();
  const damageAt = (area: Area): AreaDamage => {
    let d = atArea.get(area);
    if (!d) atArea.set(area, (d = areaDamage(rolled, target.armor[area], target.thresholds[area], weapon.stun, weapon.alwaysTraumatic)));
    return d;
  };
  // A hit the call does not place rolls on the chart, each face walked as the core walks it (P20, P21).
  const die = rules.locationCharts[target.chart]!.die;
  const chart = hitKernel("chart", gather(Array.from({ length: die }, (_, i) => ({ landing: placeRandomHit(target.chart, i + 1, target.obstacles, rules).area, chance: 1 / die }))), damageAt, called);
  // The called hit by how far short of the raised TN it fell (P18, P19, P41).
  const calledHits = new Map<number, HitKernel>();
  const calledHit = (shortfall: number): HitKernel => {
    let k = calledHits.get(shortfall);
    if (!k) calledHits.set(shortfall, (k = hitKernel(`called${shortfall}`, new Map([[placeCalledHit(called!, shortfall, target.obstacles, rules).area, 1]]), damageAt, called)));
    return k;
  };

  // P30: out of action once flesh (or stun) reaches fleshMax or traumatic wounds reach the limit.
  const w = target.wounds;
  const outBefore = w.flesh >= w.fleshMax || w.stun >= w.fleshMax || w.traumas.length >= w.traumaLimit;
  const pointsCap = w.fleshMax - (weapon.stun ? w.stun : w.flesh);
  const traumaCap = weapon.stun ? 0 : w.traumaLimit - w.traumas.length;

  const chance = 1 / rules.checkDie;
  let noHit = 1;
  let noStruck = 1;
  let noCover = 1;
  let noTrauma = 1;
  let noCalled = 1;
  let points = 0;
  let tally = outBefore ? null : startTally(pointsCap, traumaCap);
  for (let c = 0; c < spec.checks; c++) {
    // P16/P39: the Aim helps the first check only.
    const aim = c === 0 && !wild && shoot ? aimHeld : 0;
    const miss = { hit: 0, struck: 0, cover: 0, trauma: 0, called: 0 };
    const mixed = tally && new Float64Array(tally.p.length);
    const shapes = new Map<string, Tally>();
    for (let face = 1; face <= rules.checkDie; face++) {
      const total = face + base + wildModifier + aim;
      const margin = total - tn.plain;
      let hits: HitKernel[] = [];
      if (margin >= 0) {
        const first = called ? calledHit(total < tn.raised ? tn.raised - total : 0) : chart;
        // P22: a burst's first hit takes the call; the others roll on the chart.
        hits = [first, ...Array.from({ length: (spec.burst ? burstHits(margin, rules) : 1) - 1 }, () => chart)];
      } else miss.hit += chance;
      let struck = 1;
      let cover = 1;
      let trauma = 1;
      let onCalled = 1;
      for (const k of hits) {
        struck *= 1 - k.struck;
        cover *= 1 - k.cover;
        trauma *= 1 - k.traumatic;
        onCalled *= 1 - k.onCalled;
        points += chance * k.mean;
      }
      miss.struck += chance * struck;
      miss.cover += chance * cover;
      miss.trauma += chance * trauma;
      miss.called += chance * onCalled;
      if (tally && mixed) {
        // Faces that score alike (their hits' kernels) share one tally.
        const key = hits.map((k) => k.id).join();
        let after = shapes.get(key);
        if (!after) {
          after = tally;
          for (const k of hits) after = withHit(after, k);
          shapes.set(key, after);
        }
        for (let i = 0; i < mixed.length; i++) mixed[i]! += chance * after.p[i]!;
      }
    }
    noHit *= miss.hit;
    noStruck *= miss.struck;
    noCover *= miss.cover;
    noTrauma *= miss.trauma;
    noCalled *= miss.called;
    if (tally && mixed) tally = { pointsCap, traumaCap, p: mixed };
  }
  return {
    defense,
    hit: 1 - noHit,
    struck: 1 - noStruck,
    points,
    cover: 1 - noCover,
    traumatic: 1 - noTrauma,
    out: tally ? reachedCaps(tally) : 1,
    called: called === null ? null : 1 - noCalled,
  };
}
