/**
 * The shape of a phase-based actor's derived data (`system.derived`),
 * computed by `derivePhaseActor` (derive.ts) from its stored data and items:
 * what the sheets show, and what the tracker and the attack card read (the
 * `Fighter` of the rules core comes from it). Never stored.
 */
import type { DamageFormula } from "../rules/damage-formula.js";
import type { PhaseWoundsJson } from "../rules/outcome.js";
import type { Area, WeaponKind } from "../rules/types.js";

/** A stored figure derive could not use as it stands (it fell back, and says so). */
export interface PhaseProblem {
  /** `bodyType`, `item:<id>.damage`, `item:<id>.attribute` … */
  where: string;
  value: string;
  /** A lang/en.json key (the core's error, or `CYCHOSYS.Phase.Data.*`) and its parameters. */
  i18nKey: string;
  params: Readonly<Record<string, string | number>>;
}

export interface PhaseWeaponView {
  id: string;
  name: string;
  kind: WeaponKind;
  /** P32: the attribute and skill named, and their values (0 when the actor has none: a problem). */
  attribute: string;
  attributeValue: number;
  skill: string;
  skillValue: number;
  /** P4/P36: attribute + skill + the wound penalty: what the d10 is added to. */
  checkBase: number;
  /** P17: the chance to hit the plain attack TN with no other modifier (0–1). */
  chance: number;
  /** P28: `2d6+1` as stored, whether it is readable, and as read (nothing when not). */
  damage: string;
  damageOk: boolean;
  damageFormula: DamageFormula;
  stun: boolean;
  alwaysTraumatic: boolean;
  semiAuto: boolean;
  auto: boolean;
  ammo: number;
  ammoMax: number;
  suppressAmmo: number;
  ready: boolean;
  /** P8/P39: the catalogue's actions this weapon can be declared with now (weapon kind, drawn, rounds loaded). */
  actions: string[];
}

export interface PhaseDerived {
  reflexes: number;
  /** Every attribute by lower-case name, `reflexes` included (P32). */
  attributes: Record<string, number>;
  /** Every skill by lower-case name. */
  skills: Record<string, number>;
  weapons: PhaseWeaponView[];
  /** P28: armor at each area — natural armor plus every equipped piece. */
  armor: Record<Area, number>;
  /** P29 */
  thresholds: Record<Area, number>;
  /** P20/P21: the chart used (the stored body type, or `human` when the world has no such chart), and the missing areas. */
  chart: string;
  missing: Area[];
  /** P28–P30, P36, P37: as the outcome JSON writes them (the penalty to every check, the out-of-action states). */
  wounds: PhaseWoundsJson;
  /** P30: flesh and stun left before `fleshMax` — the token bars. */
  track: { flesh: { value: number; max: number }; stun: { value: number; max: number } };
  /** P5: initiative is 2d10 + this (no wound penalty, P36). */
  initiativeBonus: number;
  /** P3/P36: the surprise roll adds this (Reflexes + wound penalty) and the failures' bonus. */
  surpriseBase: number;
  problems: PhaseProblem[];
}
