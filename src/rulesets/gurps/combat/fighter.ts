/**
 * A GURPS fighter as the card and the tracker read him from the GM's
 * documents: his id in round states, his items' state (the round's, else
 * what his sheet says), the figures another blow may have changed, and the
 * weapons a fall unreadies. Pure.
 */
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "../data/derived.js";
import { freshItem, type GurpsFighterRound, type ItemState, parseShots } from "../rules/index.js";
import type { VictimNow } from "../workflow/flow.js";

/**
 * The id a fighter has in round states (aim, feint, evaluate, retreat
 * "against whom"): his actor's UUID made of letters, digits, `_` and `-`
 * (a token actor's UUID has dots), its last 64 characters.
 */
export const fighterId = (actorUuid: string): string => actorUuid.replace(/[^A-Za-z0-9_-]/g, "_").slice(-64);

/** The line's shots when the weapon is full (G56), null for a weapon that does not shoot. */
export function fullShots(line: GurpsLineView): number | null {
  if (!line.shots) return null;
  try {
    return parseShots(line.shots).shots;
  } catch {
    return null;
  }
}

/** G39, G56: a weapon's state: the round's when it has one, else ready as the sheet says and full. */
export function itemStateOf(round: GurpsFighterRound | null, weapon: GurpsWeaponView, line: GurpsLineView): ItemState {
  const kept = round?.items[weapon.id];
  if (kept) return kept.shotsLeft === null && fullShots(line) !== null ? { ...kept, shotsLeft: fullShots(line) } : kept;
  return freshItem({ ready: weapon.ready, shotsLeft: fullShots(line) });
}

/** G40: the ‡ weapons, which go unready when their wielder falls or is stunned. */
export const unreadyOnFall = (d: GurpsDerived): string[] => d.weapons.filter((w) => w.lines.some((l) => l.unreadyAfterAttack)).map((w) => w.id);

/** What of a victim another blow may have changed since the attack was made (flow.ts, `refreshedInput`). */
export function victimNow(d: GurpsDerived, round: GurpsFighterRound | null): VictimNow {
  return {
    currentHp: d.hp.value, currentFp: d.fp.value, deathChecksRolled: d.deathChecksRolled, injurySinceLastTurn: round?.injurySinceLastTurn ?? 0,
    mortallyWounded: round?.mortallyWounded ?? false, dead: round?.dead ?? false,
  };
}
