/**
 * Temporary states and their expiry (W25–W27): Total Defense (+2 AC, immune
 * to Shock), a Charge (−2 AC) and screening an ally (its uses) last until
 * the start of the owner's next turn. A state set in round R lapses when the
 * owner's turn starts (or it passes) in round R + 1 — whether it was set in
 * its own turn or, as an Instant, before it (W27: the Main it spent was that
 * round's). They also end with the combat.
 */
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";

export type TimedEffectKind = "totalDefense" | "charging" | "screening";

export interface TimedEffect {
  readonly kind: TimedEffectKind;
  /** The round it was set in. */
  readonly since: number;
  /** It lapses when the owner's turn starts in this round or a later one. */
  readonly lapsesAtTurnIn: number;
  /** W26: the ally screened and the uses left. */
  readonly allyId?: string;
  readonly usesLeft?: number;
}

export function timedEffect(kind: TimedEffectKind, round: number): TimedEffect {
  return { kind, since: round, lapsesAtTurnIn: round + 1 };
}

/** A new state replaces one of the same kind. */
export function addEffect(effects: readonly TimedEffect[], effect: TimedEffect): TimedEffect[] {
  return [...effects.filter((e) => e.kind !== effect.kind), effect];
}

/** The states still in force when the owner's turn starts in `round`. */
export function lapseAtTurnStart(effects: readonly TimedEffect[], round: number): readonly TimedEffect[] {
  return effects.some((e) => e.lapsesAtTurnIn <= round) ? effects.filter((e) => e.lapsesAtTurnIn > round) : effects;
}

/** What the states in force do to the owner when attacked (W25, W27), and its screen (W26). */
export interface StateFigures {
  acModifier: number;
  totalDefense: boolean;
  charging: boolean;
  /** W27: immune to Shock from Total Defense (a shield or Focus is actor data). */
  shockImmune: boolean;
  screening: { allyId: string; usesLeft: number } | null;
}

export function stateFigures(effects: readonly TimedEffect[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): StateFigures {
  let acModifier = 0;
  let totalDefense = false;
  let charging = false;
  let screening: StateFigures["screening"] = null;
  for (const e of effects) {
    if (e.kind === "totalDefense") {
      totalDefense = true;
      acModifier += rules.totalDefenseAcModifier;
    } else if (e.kind === "charging") {
      charging = true;
      acModifier += rules.chargeAcModifier;
    } else if (e.allyId !== undefined) {
      screening = { allyId: e.allyId, usesLeft: e.usesLeft ?? 0 };
    }
  }
  return { acModifier, totalDefense, charging, shockImmune: totalDefense, screening };
}

/** W26/W40: a screener that rolled spends one use. */
export function spendScreenUse(effects: readonly TimedEffect[]): TimedEffect[] {
  return effects.map((e) => (e.kind === "screening" ? { ...e, usesLeft: Math.max(0, (e.usesLeft ?? 0) - 1) } : e));
}
