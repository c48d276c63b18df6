/**
 * Ranged attacks (G22, G51–G57): aim, the speed/range table, rapid fire and
 * recoil, shots and reloading.
 */
import type { ShotsSpec } from "./notation.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { AttackKind } from "./types.js";

export interface AimInput {
  /** Consecutive seconds of Aim before this attack (1 or more). */
  seconds: number;
  /** G22: braced (firearm or crossbow only). */
  braced?: boolean;
  /** G22: scope, sight or targeting computer bonus (their sum). */
  sight?: number;
}

export interface AimBonus {
  readonly acc: number;
  /** The sight bonus counted: capped at base Acc. */
  readonly sight: number;
  readonly braced: number;
  readonly seconds: number;
  /** Acc + bonuses before the cap of 2 × Acc. */
  readonly beforeCap: number;
  readonly total: number;
  readonly capped: boolean;
}

/**
 * G22: + Acc; + targeting systems capped at base Acc; +1 braced (firearm or
 * crossbow); +1 for the second second, +2 for three or more; the whole never
 * above 2 × Acc (so Acc 0 gains nothing).
 */
export function aimBonus(aim: AimInput, acc: number, kind: AttackKind, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): AimBonus {
  const table = rules.aimSecondsBonus;
  const seconds = aim.seconds <= 0 ? 0 : table[Math.min(aim.seconds, table.length - 1)]!;
  const sight = Math.max(0, Math.min(aim.sight ?? 0, acc));
  const braced = aim.braced && (kind === "firearm" || kind === "musclePowered") ? rules.aimBraced : 0;
  const beforeCap = aim.seconds <= 0 ? 0 : acc + sight + braced + seconds;
  const cap = rules.aimCapMultiple * acc;
  const total = Math.min(beforeCap, cap);
  return { acc, sight, braced, seconds, beforeCap, total, capped: total < beforeCap };
}

/**
 * G53, G54: the speed/range modifier of range + speed (yards, yards per
 * second) looked up as one sum; between two rows the larger penalty; beyond
 * the table the 1.5–2–3–5–7–10 pattern repeats each decade.
 */
export function speedRangeModifier(yardsPlusSpeed: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const rows = rules.speedRange;
  for (let i = 0; i < rows.length; i++) if (yardsPlusSpeed <= rows[i]!.upTo) return rows[i]!.modifier;
  const last = rows[rows.length - 1]!;
  let modifier = last.modifier;
  let decade = last.upTo / rules.speedRangeDecade[rules.speedRangeDecade.length - 1]!;
  for (;;) {
    decade *= 10;
    for (const step of rules.speedRangeDecade) {
      const upTo = step * decade;
      if (upTo <= last.upTo) continue;
      modifier -= 1;
      if (yardsPlusSpeed <= upTo) return modifier;
    }
    if (decade > 1e12) return modifier; // a sanity bound: no table reaches this far
  }
}

/** G53: does the target's speed count? Only above human Move (10) or when flying or sprinting. */
export function speedCounts(targetMove: number, flyingOrSprinting: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): boolean {
  return flyingOrSprinting || targetMove > rules.humanSpeedMove;
}

/** G57: the bonus for shots fired in one attack; +1 per further doubling past the table. */
export function rapidFireBonus(shots: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (shots < 2) return 0;
  const rows = rules.rapidFire;
  for (let i = 0; i < rows.length; i++) if (shots <= rows[i]!.upTo) return rows[i]!.bonus;
  const last = rows[rows.length - 1]!;
  let from = last.upTo + 1;
  let bonus = last.bonus + 1;
  while (shots >= from * 2) {
    from *= 2;
    bonus++;
  }
  return bonus;
}

/** G57: hits = min(shots, 1 + ⌊margin of success / Rcl⌋); a failed roll scores none. */
export function rapidFireHits(margin: number, shots: number, rcl: number): number {
  if (margin < 0) return 0;
  if (shots <= 1) return 1;
  return Math.min(shots, 1 + Math.floor(margin / Math.max(1, rcl)));
}

/** G56: the shots an attack may fire (1..RoF, never more than remain). */
export function checkShots(shots: number, rof: number, left: number | null): number {
  if (left !== null && left <= 0) throw new GurpsError("noShotsLeft");
  const max = left === null ? rof : Math.min(rof, left);
  if (!Number.isInteger(shots) || shots < 1 || shots > max) throw new GurpsError("shotsTooMany", { shots: String(shots), max });
  return shots;
}

export interface ReloadPlan {
  /** Ready maneuvers to fill the weapon again. */
  readonly readies: number;
  /** Readies per cartridge for an `i` weapon (0 otherwise). */
  readonly perShot: number;
  /** G87: the turn (counting this one as 1) on which it can attack again when reloading starts next turn. */
  readonly attackOnTurn: number;
}

/** G56, G87: Ready maneuvers to reload `missing` shots; `(n)` restores every shot at once, `(ni)` is per shot. */
export function reloadPlan(spec: ShotsSpec, missing: number): ReloadPlan {
  const need = Math.max(0, Math.min(missing, spec.shots));
  const readies = need === 0 ? 0 : spec.perShot ? spec.reload * need : spec.reload;
  return { readies, perShot: spec.perShot ? spec.reload : 0, attackOnTurn: readies + 1 };
}
