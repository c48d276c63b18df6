/**
 * Shared vocabulary of the phase-based rules core. Rule ids (P1…P41): the
 * rule index of docs/rulesets/phase.md.
 */

/** P18–P21: the body areas a hit can land on (the human chart's seven). */
export type Area = "head" | "chest" | "abdomen" | "rightArm" | "leftArm" | "rightLeg" | "leftLeg";
export const AREAS: readonly Area[] = ["head", "chest", "abdomen", "rightArm", "leftArm", "rightLeg", "leftLeg"];

/** P18/P19: what kind of area it is (called-shot modifiers and drift paths are per kind). */
export type AreaKind = "head" | "chest" | "abdomen" | "arm" | "leg";
export const AREA_KINDS: readonly AreaKind[] = ["head", "chest", "abdomen", "arm", "leg"];

/** P19: a side of the body. */
export type Side = "right" | "left";
export const SIDES: readonly Side[] = ["right", "left"];

/** P1/P8: how long an action lasts, shortest first; `free` takes effect at once (P7). */
export type ActionLength = "free" | "phase" | "round" | "turn" | "minute";
export const ACTION_LENGTHS: readonly ActionLength[] = ["free", "phase", "round", "turn", "minute"];
/** P9: the lengths that resolve at the end of a phase, in the order they resolve. */
export type TimedLength = Exclude<ActionLength, "free">;
export const TIMED_LENGTHS: readonly TimedLength[] = ["phase", "round", "turn", "minute"];

/** P32/P25: a weapon is fired or swung. */
export type WeaponKind = "ranged" | "melee";
export const WEAPON_KINDS: readonly WeaponKind[] = ["ranged", "melee"];

/** P30/P37: the ways a character is put out of the fight. */
export type OutState = "collapsed" | "unconscious" | "incapacitated";
export const OUT_STATES: readonly OutState[] = ["collapsed", "unconscious", "incapacitated"];

export const isMember = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

export function areaKind(area: Area): AreaKind {
  switch (area) {
    case "rightArm":
    case "leftArm":
      return "arm";
    case "rightLeg":
    case "leftLeg":
      return "leg";
    default:
      return area;
  }
}

/** The side of a limb (null for head, chest, abdomen). */
export function areaSide(area: Area): Side | null {
  if (area === "rightArm" || area === "rightLeg") return "right";
  if (area === "leftArm" || area === "leftLeg") return "left";
  return null;
}

export const arm = (side: Side): Area => (side === "right" ? "rightArm" : "leftArm");
export const leg = (side: Side): Area => (side === "right" ? "rightLeg" : "leftLeg");
export const otherSide = (side: Side): Side => (side === "right" ? "left" : "right");
