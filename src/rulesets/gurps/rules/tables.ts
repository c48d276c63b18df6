/**
 * The GM tables of the reference as data (G3): postures (G14), speed/range
 * (G54), rapid fire (G57), wounding modifiers (G75), hit locations (G36), the
 * defense table (G60), the maneuver table (G34) and long actions (G90). Each
 * is part of `GurpsRules` (options.ts), so a world can replace it.
 */
import type { AttackKind, DamageType, HitLocation, ManeuverId, PostureRow, WoundingClass } from "./types.js";

/** A fraction: `num / den` (wounding modifiers and movement rates stay exact). */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}
const r = (num: number, den = 1): Ratio => Object.freeze({ num, den });

/** G14 [fixed, GM data]: one posture's modifiers; `move` is a fraction of Move, or a fixed Move when `fixedMove` is set. */
export interface PostureModifiers {
  readonly meleeAttack: number;
  readonly defense: number;
  readonly rangedTarget: number;
  readonly move: Ratio;
  readonly fixedMove: number | null;
}
const posture = (meleeAttack: number, defense: number, rangedTarget: number, move: Ratio, fixedMove: number | null = null): PostureModifiers =>
  Object.freeze({ meleeAttack, defense, rangedTarget, move, fixedMove });

export const POSTURE_TABLE: Readonly<Record<PostureRow, PostureModifiers>> = Object.freeze({
  standing: posture(0, 0, 0, r(1)),
  crouching: posture(-2, 0, -2, r(2, 3)),
  kneeling: posture(-2, -2, -2, r(1, 3)),
  sitting: posture(-2, -2, -2, r(0)),
  crawling: posture(-4, -3, -2, r(1, 3)),
  prone: posture(-4, -3, -2, r(0), 1),
  faceUp: posture(-4, -3, -2, r(0), 1),
});

/** G54 [fixed, GM data]: speed/range rows, "≤ yards → modifier"; beyond the last, the 1.5–2–3–5–7–10 pattern repeats. */
export interface SpeedRangeRow {
  readonly upTo: number;
  readonly modifier: number;
}
export const SPEED_RANGE_TABLE: readonly SpeedRangeRow[] = Object.freeze(
  [[2, 0], [3, -1], [5, -2], [7, -3], [10, -4], [15, -5], [20, -6], [30, -7], [50, -8], [70, -9], [100, -10], [150, -11], [200, -12], [300, -13], [500, -14], [700, -15], [1000, -16]].map(
    ([upTo, modifier]) => Object.freeze({ upTo: upTo!, modifier: modifier! }),
  ),
);
/** G54: the steps of one decade the table repeats beyond its last row (× 10 each decade). */
export const SPEED_RANGE_DECADE: readonly number[] = Object.freeze([1.5, 2, 3, 5, 7, 10]);

/** G57: shots fired → bonus to hit; past the last row +1 per further doubling (100–199 +7, 200–399 +8 …). */
export interface RapidFireRow {
  readonly upTo: number;
  readonly bonus: number;
}
export const RAPID_FIRE_TABLE: readonly RapidFireRow[] = Object.freeze(
  [[4, 0], [8, 1], [12, 2], [16, 3], [24, 4], [49, 5], [99, 6]].map(([upTo, bonus]) => Object.freeze({ upTo: upTo!, bonus: bonus! })),
);

/** G75 (seed table): the wounding modifier of each type against living, Unliving and Homogenous targets. */
export const WOUNDING_TABLE: Readonly<Record<DamageType, Readonly<Record<WoundingClass, Ratio>>>> = Object.freeze({
  "pi-": Object.freeze({ living: r(1, 2), unliving: r(1, 5), homogenous: r(1, 10) }),
  pi: Object.freeze({ living: r(1), unliving: r(1, 3), homogenous: r(1, 5) }),
  "pi+": Object.freeze({ living: r(3, 2), unliving: r(1, 2), homogenous: r(1, 3) }),
  "pi++": Object.freeze({ living: r(2), unliving: r(1), homogenous: r(1, 2) }),
  imp: Object.freeze({ living: r(2), unliving: r(1), homogenous: r(1, 2) }),
  cut: Object.freeze({ living: r(3, 2), unliving: r(3, 2), homogenous: r(3, 2) }),
  cr: Object.freeze({ living: r(1), unliving: r(1), homogenous: r(1) }),
  burn: Object.freeze({ living: r(1), unliving: r(1), homogenous: r(1) }),
  cor: Object.freeze({ living: r(1), unliving: r(1), homogenous: r(1) }),
  fat: Object.freeze({ living: r(1), unliving: r(1), homogenous: r(1) }),
  tox: Object.freeze({ living: r(1), unliving: r(1), homogenous: r(1) }),
});

/**
 * G36 [fixed, GM data]: each location's penalty to hit, the armor key its DR
 * is read from, and a wounding override (none shipped: location-based
 * wounding is out of scope, G75). The penalties are the Basic Set's.
 */
export interface HitLocationRow {
  readonly penalty: number;
  readonly drKey: HitLocation;
  readonly wounding: Partial<Readonly<Record<DamageType, Ratio>>> | null;
}
const loc = (penalty: number, drKey: HitLocation): HitLocationRow => Object.freeze({ penalty, drKey, wounding: null });
export const HIT_LOCATION_TABLE: Readonly<Record<HitLocation, HitLocationRow>> = Object.freeze({
  torso: loc(0, "torso"),
  vitals: loc(-3, "torso"),
  skull: loc(-7, "skull"),
  eye: loc(-9, "eye"),
  face: loc(-5, "face"),
  neck: loc(-5, "neck"),
  groin: loc(-3, "groin"),
  arm: loc(-2, "arm"),
  hand: loc(-4, "hand"),
  leg: loc(-2, "leg"),
  foot: loc(-4, "foot"),
});

/** G60: which defenses an attack kind allows; `parry` "inReach" means only when the attacker is within reach. */
export interface DefenseTableRow {
  readonly dodge: boolean;
  readonly block: boolean;
  readonly parry: "yes" | "inReach";
  readonly retreat: boolean;
  readonly dodgeAndDrop: boolean;
  /** G59: a ready shield's DB counts against this kind. */
  readonly shieldDb: boolean;
}
const row = (block: boolean, parry: "yes" | "inReach", retreat: boolean, dodgeAndDrop: boolean, shieldDb: boolean): DefenseTableRow =>
  Object.freeze({ dodge: true, block, parry, retreat, dodgeAndDrop, shieldDb });
export const DEFENSE_TABLE: Readonly<Record<AttackKind, DefenseTableRow>> = Object.freeze({
  melee: row(true, "yes", true, false, true),
  thrown: row(true, "yes", false, true, true),
  musclePowered: row(true, "inReach", false, true, true),
  firearm: row(false, "inReach", false, true, false),
  projectedLiquid: row(true, "inReach", false, true, false),
});

/** G34: movement a maneuver allows. */
export type ManeuverMovement = "none" | "step" | "full" | "halfForward" | "halfOrStep" | "allOutReady" | "stepUnlessBraced";
/** G34: active defenses a maneuver leaves. */
export type ManeuverDefenses = "any" | "none" | "dodgeOrBlock" | "notReadiedItem";

/** G34 [fixed]: one row of the maneuver table, with what it permits (G10, G19–G33, G44, G50). */
export interface ManeuverRow {
  readonly movement: ManeuverMovement;
  readonly defenses: ManeuverDefenses;
  /** G67: retreat allowed (besides the maneuver's defenses). */
  readonly retreat: boolean;
  /** G35: attacks (Attack, All-Out Attack, Move and Attack, a Wait converted into one). */
  readonly attacks: boolean;
  /** G10: a full-turn maneuver (Aim, Concentrate; All-Out Attack only with Suppression Fire). */
  readonly fullTurn: boolean;
  /** G50: needs physical movement (a pinned fighter cannot take it). */
  readonly physical: boolean;
  /** G44, G50: impossible while grappled, or while grappling an unpinned foe (Aim, Feint, Concentrate, Wait). */
  readonly notWhileGrappling: boolean;
  /** What a defense under it costs: spoils the aim (G22), Will−3 to keep the task (G29), no All-Out Attack after (G31). */
  readonly onDefense: "spoilsAim" | "concentrateCheck" | "waitBecomesAttack" | null;
  /** The options the maneuver offers (G26, G28); empty when none. */
  readonly options: readonly string[];
}
const m = (movement: ManeuverMovement, defenses: ManeuverDefenses, more: Partial<ManeuverRow> = {}): ManeuverRow =>
  Object.freeze({
    movement, defenses, retreat: defenses !== "none", attacks: false, fullTurn: false, physical: true, notWhileGrappling: false, onDefense: null,
    options: Object.freeze([]), ...more,
  });
export const MANEUVER_TABLE: Readonly<Record<ManeuverId, ManeuverRow>> = Object.freeze({
  doNothing: m("none", "any", { physical: false }),
  move: m("full", "any"),
  changePosture: m("none", "any"),
  aim: m("stepUnlessBraced", "any", { fullTurn: true, notWhileGrappling: true, onDefense: "spoilsAim" }),
  evaluate: m("step", "any"),
  attack: m("step", "any", { attacks: true }),
  feint: m("step", "any", { notWhileGrappling: true }),
  allOutAttack: m("halfForward", "none", { attacks: true, options: Object.freeze(["determined", "double", "feint", "strong", "suppressionFire"]) }),
  moveAndAttack: m("full", "dodgeOrBlock", { retreat: false, attacks: true }),
  allOutDefense: m("halfOrStep", "any", { options: Object.freeze(["increasedDodge", "increasedParry", "increasedBlock", "doubleDefense"]) }),
  concentrate: m("step", "any", { fullTurn: true, physical: false, notWhileGrappling: true, onDefense: "concentrateCheck" }),
  ready: m("step", "any"),
  wait: m("none", "any", { notWhileGrappling: true, onDefense: "waitBecomesAttack" }),
  allOutReady: m("allOutReady", "none"),
  moveAndReady: m("full", "notReadiedItem", { retreat: false }),
});

/** G90 (seed table): seconds of typical long actions; dice entries are rolled (`2d`), `perUnit` multiplies. */
export interface LongActionRow {
  readonly seconds: number;
  /** Seconds rolled on this many dice instead of a fixed number (find an item). */
  readonly dice: number;
  /** Per sentence, per piece … (1 when the time is for the whole action). */
  readonly perUnit: boolean;
}
const la = (seconds: number, dice = 0, perUnit = false): LongActionRow => Object.freeze({ seconds, dice, perUnit });
export const LONG_ACTION_TABLE = Object.freeze({
  liftHeavyOneHand: la(2),
  liftHeavyTwoHands: la(4),
  openUnlocked: la(1),
  findInPack: la(0, 2),
  findInPocket: la(0, 1),
  writeNote: la(5, 0, true),
  readNote: la(2, 0, true),
  swallowPotion: la(2),
  lightFire: la(2),
  sheatheWeapon: la(2),
  pocketSmallItem: la(2),
  holsterPistol: la(1),
  searchPerson: la(60),
  putOnArmor: la(3, 0, true),
  putOnVaccSuit: la(30, 0, true),
} satisfies Record<string, LongActionRow>);
export type LongActionId = keyof typeof LONG_ACTION_TABLE;
