/**
 * D26–D28: range bands and reach, cover, other modifiers (rolled or standard
 * numbers), and the floor of 3 applied last.
 */
import { type DieModifier, formatDieCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import type { AttackMode, CoverLevel, RangeBand } from "./types.js";
import { readModifierDice, standardNumber } from "./wild-die.js";

/** D27: a weapon's upper limits of Short, Medium and Long in metres (item data, inclusive). */
export interface WeaponRanges {
  short: number;
  medium: number;
  long: number;
}

/** D27: where the target stands: a band named outright, or a distance read against the weapon's limits. */
export type RangeInput = { band: RangeBand } | { metres: number };

/** Check that a weapon's limits rise from Point Blank to Long. */
export function checkRanges(ranges: WeaponRanges, rules: Readonly<D6Rules> = D6_STANDARD_RULES): WeaponRanges {
  const { short, medium, long } = ranges;
  if (!(rules.pointBlankMaxMetres <= short && short <= medium && medium <= long)) {
    throw new D6Error("rangeLimits", { pointBlank: rules.pointBlankMaxMetres, short, medium, long });
  }
  return ranges;
}

/**
 * D27: the band of a distance; a limit belongs to its band (3 m is Point
 * Blank). Beyond Point Blank the weapon's limits are needed; beyond Long
 * there is no attack.
 */
export function rangeBandAt(metres: number, ranges: WeaponRanges | null, rules: Readonly<D6Rules> = D6_STANDARD_RULES): RangeBand | "beyond" {
  if (metres <= rules.pointBlankMaxMetres) return "pointBlank";
  if (!ranges) throw new D6Error("rangeRequired", { metres, pointBlank: rules.pointBlankMaxMetres });
  if (metres <= ranges.short) return "short";
  if (metres <= ranges.medium) return "medium";
  if (metres <= ranges.long) return "long";
  return "beyond";
}

const ALL_BANDS: readonly RangeBand[] = Object.freeze(["pointBlank", "short", "medium", "long"] as RangeBand[]);
const POINT_BLANK: readonly RangeBand[] = Object.freeze(["pointBlank"] as RangeBand[]);
const LONG_REACH: readonly RangeBand[] = Object.freeze(["pointBlank", "short"] as RangeBand[]);

/** D27: the bands an attack reaches: unarmed Point Blank; melee also Short when longer than 2 m; ranged all four. */
export function reachBands(mode: AttackMode, lengthMetres = 0, rules: Readonly<D6Rules> = D6_STANDARD_RULES): readonly RangeBand[] {
  if (mode === "ranged") return ALL_BANDS;
  if (mode === "melee" && lengthMetres > rules.longMeleeWeaponMetres) return LONG_REACH;
  return POINT_BLANK;
}

/** D27: the band's modifier for a ranged attack; melee and unarmed take none unless `rangeModifierOnMelee`. */
export function rangeModifier(band: RangeBand, mode: AttackMode, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return mode === "ranged" || rules.rangeModifierOnMelee ? rules.rangeModifiers[band] : 0;
}

/** The cover modifier as a die modifier (D28: light +1D, medium +2D, heavy +4D); null for none or full. */
export function coverModifierCode(level: CoverLevel, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieModifier | null {
  if (level === "none" || level === "full") return null;
  return { sign: 1, code: { dice: rules.coverDice[level], pips: 0 } };
}

/** A difficulty modifier (D26, D38's free modifier): a flat number, or a die code with its faces when rolled. */
export type DifficultyModifier = { value: number; label?: string } | { code: DieModifier; faces?: readonly number[]; label?: string };

export interface ModifierValue {
  readonly value: number;
  /** D26: rolled (the world rolls modifiers and dice were given) or its standard number. */
  readonly rolled: boolean;
}

/**
 * D26: a die-code modifier is rolled as plain dice when the world rolls
 * difficulty modifiers (faces required), else its standard number (no faces
 * accepted). A flat number is never rolled.
 */
export function modifierValue(
  modifier: DifficultyModifier,
  what = "modifier",
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): ModifierValue {
  if ("value" in modifier) return { value: modifier.value, rolled: false };
  if (rules.rollDifficultyModifiers) {
    if (!modifier.faces) throw new D6Error("modifierDice", { what, code: formatDieCode(modifier.code.code), expected: modifier.code.code.dice, got: 0 });
    return { value: readModifierDice(modifier.code, modifier.faces, what, rules), rolled: true };
  }
  if (modifier.faces) throw new D6Error("modifierDiceNotRolled", { what });
  return { value: standardNumber(modifier.code, rules), rolled: false };
}

/** D28: the cover modifier; dice faces only when the world rolls modifiers. */
export function coverModifier(
  level: CoverLevel,
  faces: readonly number[] | undefined,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): ModifierValue {
  const code = coverModifierCode(level, rules);
  if (!code) {
    if (faces) throw new D6Error("modifierDiceNotRolled", { what: "cover" });
    return { value: 0, rolled: false };
  }
  return modifierValue(faces ? { code, faces } : { code }, "cover", rules);
}

/** D26: the floor of 3, applied last to passive, active and full defense difficulties alike. */
export function applyFloor(beforeFloor: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return beforeFloor < rules.difficultyFloor ? rules.difficultyFloor : beforeFloor;
}

/** D26: base + every modifier, then the floor. */
export function combatDifficulty(base: number, modifiers: readonly number[], rules: Readonly<D6Rules> = D6_STANDARD_RULES): { beforeFloor: number; final: number } {
  let beforeFloor = base;
  for (const m of modifiers) beforeFloor += m;
  return { beforeFloor, final: applyFloor(beforeFloor, rules) };
}
