/**
 * Every [fixed], [fixed — ours] and (fill) value of the phase-combat
 * reference in one data object, so a world setting or a GM's table can change
 * any of them. Logic never writes these numbers as literals: it reads them
 * from a `PhaseRules` passed as the last parameter, defaulting to
 * `PHASE_STANDARD_RULES`.
 */
import type { ActionLength, Area, AreaKind, Side, TimedLength } from "./types.js";

/** P8: what an action of the catalogue does when it resolves. */
export type ActionKind = "draw" | "holster" | "speak" | "targeting" | "aim" | "shoot" | "melee" | "defend" | "suppress" | "other";
export const ACTION_KINDS: readonly ActionKind[] = ["draw", "holster", "speak", "targeting", "aim", "shoot", "melee", "defend", "suppress", "other"];

/** What the weapon of an action must be. */
export type WeaponRequirement = "none" | "ranged" | "melee" | "semiAuto" | "auto";
export const WEAPON_REQUIREMENTS: readonly WeaponRequirement[] = ["none", "ranged", "melee", "semiAuto", "auto"];

/** One entry of the action catalogue (P8, P12, P15, P22–P26, P39). */
export interface ActionSpec {
  length: ActionLength;
  kind: ActionKind;
  /** shoot / melee: checks the action makes (P12: two shots; P23: two bursts). */
  checks: number;
  /** P22: each check is a three-round burst. */
  burst: boolean;
  /** P39: rounds each check spends (a suppress action spends the weapon's `suppressAmmo`, P24). */
  roundsPerCheck: number;
  requires: WeaponRequirement;
  /** P12: its first phase is a Targeting that takes effect at the end of that phase. */
  targetingPart: boolean;
  /** P10/P38: may be cancelled in a later declaration slot (actions longer than a phase). */
  cancellable: boolean;
  /** P7/P33: a skill whose success makes this action free (fastdraw); `tn` null = the standard TN. */
  freeWith: { skill: string; attribute: string; tn: number | null } | null;
}

/** P19: a step of a drift path: an area, or an arm or leg named by side. */
export type DriftStep =
  | "head" | "chest" | "abdomen"
  /** "one arm … the other arm" with no side given: the world's first side, then the other (P19 [fixed]). */
  | "firstArm" | "secondArm" | "firstLeg" | "secondLeg"
  /** From a limb: the limb on its own side, or on the other side. */
  | "sameArm" | "otherArm" | "sameLeg" | "otherLeg";
export const DRIFT_STEPS: readonly DriftStep[] = [
  "head", "chest", "abdomen", "firstArm", "secondArm", "firstLeg", "secondLeg", "sameArm", "otherArm", "sameLeg", "otherLeg",
];

/** P20: one row of a location chart: faces `from`–`to` hit `area`. */
export interface ChartRow {
  from: number;
  to: number;
  area: Area;
}
export interface LocationChart {
  /** Faces of the die rolled on it. */
  die: number;
  rows: readonly ChartRow[];
}

export interface PhaseRules {
  /** P1 [fixed]: phases in each length (a phase is one second). */
  phasesPer: Readonly<Record<TimedLength, number>>;
  /** P4 [fixed]: the check is 1d(this) + attribute + skill. */
  checkDie: number;
  /** P33 (fill): the TN of a check without its own (fastdraw, any skill roll). */
  standardTN: number;
  /** P17 [fixed — ours]: the attack TN. */
  attackTN: number;
  /** P3 [seed]: the surprise roll's TN. */
  surpriseTN: number;
  /** P3 [fixed]: rounds a surprised character can do nothing ("at least one round"). */
  surpriseRounds: number;
  /** P3 [seed]: added to later surprise rolls for each failed phase. */
  surpriseBonusPerFailure: number;
  /** P5 [fixed]: initiative is Nd(faces) + Reflexes. */
  initiativeDice: number;
  initiativeFaces: number;
  /** P30/P36: subtracted from every check per traumatic wound. */
  woundPenaltyPerTrauma: number;
  /** P14 [seed]: a wild shot's penalty to the total. */
  wildShotPenalty: number;
  /** P16 [fixed — ours]: Aim per consecutive phase, and its most. */
  aimPerPhase: number;
  aimMax: number;
  /** P26 [fixed — ours]: Defend adds this to the TN of every attack on the defender. */
  defendBonus: number;
  /** P25 [fixed — ours]: melee reach in grid squares (adjacent = 1). */
  meleeReach: number;
  /** P32 (fill): the attribute a weapon uses when it names none. */
  defaultAttribute: string;
  /** P18 [fixed]: the area's modifier added to the TN of a called shot. */
  calledShotModifiers: Readonly<Record<AreaKind, number>>;
  /** P19 [fixed]: the side "one arm" / "one leg" means first. */
  firstSide: Side;
  /** P19 [seed]: the drift path of each kind of area. */
  driftPaths: Readonly<Record<AreaKind, readonly DriftStep[]>>;
  /** P20 [fixed]: location charts by body type. */
  locationCharts: Readonly<Record<string, LocationChart>>;
  /** P22 [fixed — ours]: a burst scores 1 + ⌊margin ÷ step⌋ hits, at most `burstMaxHits`. */
  burstHitMarginStep: number;
  burstMaxHits: number;
  /** P28/P29/P30 [fixed — ours]: actor defaults. */
  defaultArmor: number;
  defaultTraumaThresholds: Readonly<Record<AreaKind, number>>;
  defaultFleshMax: number;
  defaultTraumaLimit: number;
  /** P24 [out of scope]: rounds a suppressive burst spends when the weapon does not say. */
  defaultSuppressAmmo: number;
  /** P8 [fixed]: the action catalogue (the GM may add entries). */
  actions: Readonly<Record<string, ActionSpec>>;
  /**
   * P6 says declarations are made aloud; the issue asks the tracker to hide
   * them from other players until they resolve. false (default): a player
   * sees only their own until then; true: everyone sees every declaration.
   */
  openDeclarations: boolean;
}

const action = (length: ActionLength, kind: ActionKind, more: Partial<ActionSpec> = {}): ActionSpec =>
  Object.freeze({
    length, kind, checks: 0, burst: false, roundsPerCheck: 0, requires: "none", targetingPart: false,
    cancellable: length !== "free" && length !== "phase", freeWith: null, ...more,
  });

export const PHASE_STANDARD_ACTIONS: Readonly<Record<string, ActionSpec>> = Object.freeze({
  // P8 [seed]: drawing and readying a sidearm; P7: fastdraw makes it free.
  draw: action("phase", "draw", { freeWith: Object.freeze({ skill: "fastdraw", attribute: "reflexes", tn: null }) }),
  holster: action("phase", "holster"),
  // P7: a few spoken words.
  speak: action("free", "speak"),
  // P13 [seed]
  targeting: action("phase", "targeting"),
  // P16 [fixed — ours]
  aim: action("phase", "aim"),
  // P15 [fixed]: one shot.
  fire: action("phase", "shoot", { checks: 1, roundsPerCheck: 1, requires: "ranged" }),
  // P12 [seed]: Targeting, then two shots.
  targetAndFire: action("round", "shoot", { checks: 2, roundsPerCheck: 1, requires: "semiAuto", targetingPart: true }),
  // P22 [fixed — ours]
  burst: action("phase", "shoot", { checks: 1, burst: true, roundsPerCheck: 3, requires: "auto" }),
  // P23 [fixed — ours]: two bursts.
  fullAuto: action("round", "shoot", { checks: 2, burst: true, roundsPerCheck: 3, requires: "auto" }),
  // P24 [out of scope]: spends suppressAmmo, marks tokens.
  suppress: action("round", "suppress", { requires: "ranged" }),
  // P25 [fixed — ours]
  melee: action("phase", "melee", { checks: 1, requires: "melee" }),
  // P26 [fixed — ours]
  defend: action("phase", "defend"),
});

const row = (from: number, to: number, area: Area): ChartRow => Object.freeze({ from, to, area });

export const PHASE_STANDARD_RULES: Readonly<PhaseRules> = Object.freeze({
  phasesPer: Object.freeze({ phase: 1, round: 2, turn: 10, minute: 60 }),
  checkDie: 10,
  standardTN: 10,
  attackTN: 10,
  surpriseTN: 8,
  surpriseRounds: 1,
  surpriseBonusPerFailure: 1,
  initiativeDice: 2,
  initiativeFaces: 10,
  woundPenaltyPerTrauma: 1,
  wildShotPenalty: 2,
  aimPerPhase: 1,
  aimMax: 3,
  defendBonus: 2,
  meleeReach: 1,
  defaultAttribute: "reflexes",
  calledShotModifiers: Object.freeze({ head: 4, arm: 3, leg: 2, abdomen: 2, chest: 1 }),
  firstSide: "right",
  driftPaths: Object.freeze({
    head: Object.freeze(["chest", "firstArm", "secondArm", "abdomen"] as DriftStep[]),
    arm: Object.freeze(["chest", "abdomen", "sameLeg", "otherArm", "head"] as DriftStep[]),
    leg: Object.freeze(["otherLeg", "abdomen", "sameArm", "otherArm", "chest"] as DriftStep[]),
    chest: Object.freeze(["abdomen", "firstArm", "secondArm", "head"] as DriftStep[]),
    // "then to arms": two steps, the first side then the other (P19 [fixed]).
    abdomen: Object.freeze(["chest", "firstLeg", "secondLeg", "firstArm", "secondArm"] as DriftStep[]),
  }),
  locationCharts: Object.freeze({
    human: Object.freeze({
      die: 10,
      rows: Object.freeze([row(1, 1, "head"), row(2, 4, "chest"), row(5, 6, "abdomen"), row(7, 7, "rightArm"), row(8, 8, "leftArm"), row(9, 9, "rightLeg"), row(10, 10, "leftLeg")]),
    }),
  }),
  burstHitMarginStep: 3,
  burstMaxHits: 3,
  defaultArmor: 0,
  defaultTraumaThresholds: Object.freeze({ head: 5, chest: 7, abdomen: 7, arm: 9, leg: 9 }),
  defaultFleshMax: 20,
  defaultTraumaLimit: 3,
  defaultSuppressAmmo: 10,
  actions: PHASE_STANDARD_ACTIONS,
  openDeclarations: false,
});

/** A rules object with some values replaced (a world's settings or tables). */
export function makePhaseRules(parts: Partial<PhaseRules> = {}, base: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseRules {
  return { ...base, ...parts };
}

/** P1/P9: how many phases an action of this length lasts (free: 0). */
export function phasesOf(length: ActionLength, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  return length === "free" ? 0 : rules.phasesPer[length];
}
