/**
 * The board as the rules read it (W12, W22, W36, W39): how far the target
 * is from the attacker, and whether a foe stands next to the attacker — one
 * holding a melee or body weapon ("armed") or only fists. The Foundry side
 * hands in the tokens on the scene and its grid's measure; the attacker's
 * client uses it to fill the dialog and the GM to check the card. Pure.
 */
import type { CwnDerived } from "../data/derived.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import type { AdjacentFoe } from "../rules/resolve.js";
import { adjacentFoeOf } from "./inputs.js";

export interface BoardToken {
  actorUuid: string;
  /** Foundry's token disposition: 1 friendly, 0 neutral, −1 hostile, −2 secret (counts hostile). */
  disposition: number;
  /** The actor's derived data (a CWN fighter), if any. */
  derived: CwnDerived | undefined;
}

const side = (disposition: number) => (disposition > 0 ? 1 : disposition < 0 ? -1 : 0);
/** Two tokens are foes when one is friendly and the other hostile (neutral ones are nobody's foe). */
export const foes = (a: BoardToken, b: BoardToken) => side(a.disposition) * side(b.disposition) < 0;

/** Grid units to metres: feet (the usual 5-foot square) or metres; anything else is read as metres. */
export function metresOf(distance: number, units: string): number {
  return /^(ft|feet|foot|')$/i.test(units.trim()) ? distance * 0.3048 : distance;
}

export function measureBoard<T extends BoardToken>(
  tokens: readonly T[],
  attackerUuid: string,
  targetUuid: string,
  metresBetween: (a: T, b: T) => number,
  rules: Readonly<CwnRules> = CWN_STANDARD_RULES,
): { metres: number; adjacentFoe: AdjacentFoe } | undefined {
  const attacker = tokens.find((t) => t.actorUuid === attackerUuid);
  const target = tokens.find((t) => t.actorUuid === targetUuid);
  if (!attacker || !target) return undefined;
  const next = tokens.filter((t) => t !== attacker && foes(attacker, t) && t.derived && t.derived.downed === "none" && metresBetween(attacker, t) <= rules.meleeRangeMetres);
  return { metres: metresBetween(attacker, target), adjacentFoe: adjacentFoeOf(next.map((t) => t.derived!)) };
}
