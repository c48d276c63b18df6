/**
 * One whole attack (a shoot or melee action of the catalogue), every die
 * given: the TN and its modifiers (P17, P26, P35), the check per shot or
 * burst (P4, P15, P22, P23, P25) with the wild-shot, Aim and wound modifiers
 * (P14, P16, P36, P39), hit or partial or miss (P18), where each hit lands
 * (P18–P21, P41), its damage, armor and trauma (P28, P29), and the target's
 * wounds after (P30). The result is plain data holding every figure;
 * outcome.ts and explain.ts only read it.
 */
import { check, type CheckResult, woundPenalty } from "./checks.js";
import type { DamageFormula } from "./damage-formula.js";
import { PhaseError } from "./errors.js";
import { calledModifier, type Obstacles, type Placement, placeCalledHit, placeRandomHit } from "./location.js";
import { type ActionSpec, PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import type { Area, WeaponKind } from "./types.js";
import { type Condition, condition, type DamageSource, damageHit, type HitDamage, takeHits, type TraumaticWound, type WoundState } from "./wounds.js";

/** The dice of one attack, consumed in order: a check per shot or burst, a chart roll per hit not placed by the call, damage per hit that lands. */
export interface AttackDice {
  checks: readonly number[];
  locations: readonly number[];
  damage: readonly (readonly number[])[];
}

export interface AttackTarget {
  /** P20: the body type's chart. */
  chart: string;
  obstacles: Obstacles;
  /** P28/P29: armor and trauma threshold at each area. */
  armor: Readonly<Record<Area, number>>;
  thresholds: Readonly<Record<Area, number>>;
  wounds: WoundState;
}

export interface AttackInput {
  phase: number;
  /** The catalogue entry's key (a shoot or melee action). */
  action: string;
  attacker: { attribute: number; skill: number; traumaticWounds: number };
  weapon: DamageSource & { kind: WeaponKind };
  /** P13/P14: valid Targeting on this target as the attack resolves (ranged); without it the shot is wild. */
  targeting: boolean;
  /** P16: the Aim bonus held on this target. */
  aim: number;
  /** P18: the called area, or null. */
  called: Area | null;
  /** P17/P35: the GM's TN modifiers. */
  range: number;
  cover: number;
  other: number;
  /** P26: the target is Defending this phase. */
  defending: boolean;
  target: AttackTarget;
  dice: AttackDice;
}

export interface HitFigure {
  placement: Placement;
  /** The chart roll's face, when the hit was not placed by the call. */
  locationFace: number | null;
  /** Null when the hit strikes the cover or finds nothing (P21, P41), or while damage is pending. */
  damage: HitDamage | null;
}

export interface CheckFigure {
  check: CheckResult;
  /** P16/P39: the Aim bonus this check took (the first check only). */
  aim: number;
  result: "hit" | "partial" | "miss";
  /** P35: total − plain TN. */
  margin: number;
  /** P19: points short of the raised TN on a partial success. */
  shortfall: number;
  /** Hits this check scored (P22: up to three for a burst); `hits` holds those placed so far. */
  scored: number;
  hits: HitFigure[];
}

export interface AttackPending {
  roll: "check" | "location" | "damage";
  /** 0-based check, and hit within it. */
  check: number;
  hit: number;
}

export interface AttackResolution {
  phase: number;
  action: string;
  kind: "shoot" | "melee";
  burst: boolean;
  /** P28: the weapon's damage formula, and whether it stuns. */
  damage: DamageFormula;
  stun: boolean;
  /** P14: fired without valid Targeting. */
  wild: boolean;
  /** P18: the area called (null when none, or dropped on a wild shot). */
  called: Area | null;
  /** P14: the call a wild shot could not make. */
  callDropped: Area | null;
  /** P14/P16: the Aim bonus held, and whether the wild shot lost it. */
  aimHeld: number;
  aimDropped: boolean;
  tn: { attack: number; range: number; cover: number; other: number; defend: number; plain: number; calledModifier: number; raised: number };
  /** P35: modifiers to the total besides Aim. */
  modifiers: { wild: number; woundPenalty: number };
  checks: CheckFigure[];
  /** Hits scored, and hits that struck an area. */
  hits: number;
  landed: number;
  /** P39: rounds spent (every check fired, hit or miss). */
  ammoSpent: number;
  before: WoundState;
  after: WoundState;
  conditionBefore: Condition;
  conditionAfter: Condition;
  newTraumas: TraumaticWound[];
  pending: AttackPending | null;
}

/** The catalogue entry of an attack action, or a PhaseError. */
export function attackSpec(action: string, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): ActionSpec {
  const spec = Object.hasOwn(rules.actions, action) ? rules.actions[action] : undefined;
  if (!spec) throw new PhaseError("unknownAction", { action, known: Object.keys(rules.actions).join(", ") });
  if (spec.kind !== "shoot" && spec.kind !== "melee") throw new PhaseError("notAnAttack", { action });
  return spec;
}

/** P22: hits a burst scores with this margin over the plain TN. */
export function burstHits(margin: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  if (margin < 0) return 0;
  return Math.min(rules.burstMaxHits, 1 + Math.floor(margin / rules.burstHitMarginStep));
}

/** P17/P26/P35: the plain TN of an attack, and the raised TN when an area is called. */
export function attackTN(mods: { range: number; cover: number; other: number; defending: boolean; called: Area | null }, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES) {
  const defend = mods.defending ? rules.defendBonus : 0;
  const plain = rules.attackTN + mods.range + mods.cover + mods.other + defend;
  const called = mods.called ? calledModifier(mods.called, rules) : 0;
  return { attack: rules.attackTN, range: mods.range, cover: mods.cover, other: mods.other, defend, plain, calledModifier: called, raised: plain + called };
}

/** A die's name in an error message (`checks[0]`, `damage[2]`), made once each: the labels are passed on every roll, used only on a bad face. */
function labels(kind: string): (i: number) => string {
  const made: string[] = [];
  return (i) => (made[i] ??= `${kind}[${i}]`);
}
const checkLabel = labels("checks");
const damageLabel = labels("damage");

export function resolveAttack(input: AttackInput, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): AttackResolution {
  const spec = attackSpec(input.action, rules);
  const kind = spec.kind as "shoot" | "melee";
  const wild = kind === "shoot" && !input.targeting;
  const called = wild ? null : input.called;
  const aimHeld = Math.min(Math.max(0, input.aim), rules.aimMax);
  const tn = attackTN({ range: input.range, cover: input.cover, other: input.other, defending: input.defending, called }, rules);
  const wildModifier = wild ? -rules.wildShotPenalty : 0;
  const target = input.target;
  const dice = input.dice;
  const before = target.wounds;
  const out: AttackResolution = {
    phase: input.phase, action: input.action, kind, burst: spec.burst, damage: input.weapon.damage, stun: input.weapon.stun, wild, called,
    callDropped: wild ? input.called : null, aimHeld, aimDropped: wild && aimHeld > 0, tn,
    modifiers: { wild: wildModifier, woundPenalty: woundPenalty(input.attacker.traumaticWounds, rules) },
    checks: [], hits: 0, landed: 0, ammoSpent: 0, before, after: before,
    conditionBefore: condition(before, rules), conditionAfter: condition(before, rules), newTraumas: [], pending: null,
  };
  let location = 0;
  let damage = 0;
  const struck: { area: Area; damage: HitDamage }[] = [];
  for (let c = 0; c < spec.checks; c++) {
    const face = dice.checks[c];
    if (face === undefined) {
      out.pending = { roll: "check", check: c, hit: 0 };
      break;
    }
    // P16/P39: the Aim bonus goes to the first check only; a wild shot cannot use it (P14); melee has none.
    const aim = c === 0 && !wild && kind === "shoot" ? aimHeld : 0;
    const result = check(
      { face, attribute: input.attacker.attribute, skill: input.attacker.skill, modifier: wildModifier + aim, traumaticWounds: input.attacker.traumaticWounds, tn: tn.plain },
      checkLabel(c),
      rules,
    );
    out.ammoSpent += spec.roundsPerCheck;
    const margin = result.total - tn.plain;
    const verdict: CheckFigure["result"] = margin < 0 ? "miss" : called && result.total < tn.raised ? "partial" : "hit";
    const shortfall = verdict === "partial" ? tn.raised - result.total : 0;
    const hits = verdict === "miss" ? 0 : spec.burst ? burstHits(margin, rules) : 1;
    const figure: CheckFigure = { check: result, aim, result: verdict, margin, shortfall, scored: hits, hits: [] };
    out.checks.push(figure);
    out.hits += hits;
    for (let h = 0; h < hits; h++) {
      // P22: the first hit takes the called or drifted area; the others roll on the chart.
      let placement: Placement;
      let locationFace: number | null = null;
      if (h === 0 && called) placement = placeCalledHit(called, shortfall, target.obstacles, rules);
      else {
        const f = dice.locations[location];
        if (f === undefined) {
          out.pending = { roll: "location", check: c, hit: h };
          return finish(out, struck, location, damage, dice, rules);
        }
        location++;
        locationFace = f;
        placement = placeRandomHit(target.chart, f, target.obstacles, rules);
      }
      const hit: HitFigure = { placement, locationFace, damage: null };
      figure.hits.push(hit);
      const area = placement.area;
      if (area === null) continue;
      const faces = dice.damage[damage];
      if (faces === undefined) {
        out.pending = { roll: "damage", check: c, hit: h };
        return finish(out, struck, location, damage, dice, rules);
      }
      damage++;
      hit.damage = damageHit(input.weapon, faces, target.armor[area], target.thresholds[area], damageLabel(damage - 1));
      out.landed++;
      struck.push({ area, damage: hit.damage });
    }
  }
  return finish(out, struck, location, damage, dice, rules);
}

/** P28–P30: the wounds after every hit; unused dice are an error when nothing is pending. */
function finish(out: AttackResolution, struck: { area: Area; damage: HitDamage }[], locations: number, damage: number, dice: AttackDice, rules: Readonly<PhaseRules>): AttackResolution {
  if (!out.pending) {
    if (dice.checks.length > out.checks.length) throw new PhaseError("diceUnused", { what: "checks", given: dice.checks.length, used: out.checks.length });
    if (dice.locations.length > locations) throw new PhaseError("diceUnused", { what: "locations", given: dice.locations.length, used: locations });
    if (dice.damage.length > damage) throw new PhaseError("diceUnused", { what: "damage", given: dice.damage.length, used: damage });
  }
  if (struck.length) {
    out.after = takeHits(out.before, struck, out.phase);
    out.newTraumas = out.after.traumas.slice(out.before.traumas.length);
    out.conditionAfter = condition(out.after, rules);
  }
  return out;
}
