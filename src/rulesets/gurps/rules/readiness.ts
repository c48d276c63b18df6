/**
 * Readiness of weapons and shields (G39–G41, G55–G56, G85, G87–G89): what
 * an attack, a parry, a fall or a Ready does to a weapon's state.
 */
import type { ShotsSpec } from "./notation.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { LongActionId } from "./tables.js";

/** A weapon's or shield's state, kept per item on the round (§15 "Readiness"). */
export interface ItemState {
  readonly ready: boolean;
  /** G39: the reach setting of a long weapon (yards). */
  readonly reach: number | null;
  readonly shotsLeft: number | null;
  /** G56, G87: Ready maneuvers spent on the current reload. */
  readonly reloadDone: number;
  /** G41: a U weapon attacked on this turn (no parry before his next turn). */
  readonly attackedThisTurn: boolean;
  /** G41: it parried since his last turn (a U weapon cannot attack on this turn). */
  readonly parriedSinceLastTurn: boolean;
  /** G63: parries since his last turn. */
  readonly parries: number;
  /** G88: Readies spent readying a shield or cloak from the back or the ground. */
  readonly readyDone: number;
}

export const freshItem = (o: { ready?: boolean; reach?: number | null; shotsLeft?: number | null } = {}): ItemState => ({
  ready: o.ready ?? false, reach: o.reach ?? null, shotsLeft: o.shotsLeft ?? null, reloadDone: 0, attackedThisTurn: false, parriedSinceLastTurn: false, parries: 0, readyDone: 0,
});

/** G40: a ‡ weapon stays ready only when ST ≥ 1.5 × its minimum ST. */
export function staysReady(unreadyAfterAttack: boolean, st: number, minSt: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): boolean {
  return !unreadyAfterAttack || st >= rules.unreadyStMultiple * minSt;
}

/** G40, G41, G55, G56: after an attack with the item. */
export function afterAttack(item: ItemState, o: { thrown?: boolean; staysReady: boolean; unbalanced?: boolean; shots?: number }): ItemState {
  return {
    ...item,
    ready: item.ready && !o.thrown && o.staysReady,
    attackedThisTurn: item.attackedThisTurn || !!o.unbalanced,
    shotsLeft: item.shotsLeft === null ? null : Math.max(0, item.shotsLeft - (o.shots ?? 1)),
  };
}

/** G41, G63: after a parry with the item. */
export const afterParry = (item: ItemState): ItemState => ({ ...item, parries: item.parries + 1, parriedSinceLastTurn: true });

/** G41: may a U weapon attack this turn (not if it parried since his last turn)? */
export const mayAttackWith = (item: ItemState, unbalanced: boolean): boolean => item.ready && !(unbalanced && item.parriedSinceLastTurn);

/** At the start of the wielder's turn: parries counted afresh; a U weapon's attack no longer bars parrying. */
export const itemTurnStart = (item: ItemState): ItemState => ({ ...item, parries: 0, attackedThisTurn: false });
/** At the end of the wielder's turn the "parried since last turn" mark has done its work (G41). */
export const itemTurnEnd = (item: ItemState): ItemState => ({ ...item, parriedSinceLastTurn: false });

/** G40, G79, G85: a ‡ weapon goes unready when its wielder falls, loses his balance or is stunned; a critically failed block loses the shield. */
export const knockedUnready = (item: ItemState): ItemState => ({ ...item, ready: false });

/**
 * G30, G56, G87: one Ready on the item: readies it (any legal reach, G39);
 * or, when it is empty, one second of reloading — `(n)` restores every shot
 * after n Readies, `(ni)` one shot per n Readies.
 */
export function readyItem(item: ItemState, shots: ShotsSpec | null = null, reach: number | null = null): ItemState {
  if (shots && item.shotsLeft !== null && item.shotsLeft < shots.shots && item.ready) {
    const done = item.reloadDone + 1;
    if (done < shots.reload) return { ...item, reloadDone: done };
    const shotsLeft = shots.perShot ? item.shotsLeft + 1 : shots.shots;
    return { ...item, shotsLeft, reloadDone: 0 };
  }
  return { ...item, ready: true, reach: reach ?? item.reach };
}

/** G39: going between 1 and 2 (or 2 and 3) yards of reach takes one extra Ready for long weapons with the flag. */
export function changeReach(item: ItemState, to: number, needsReady: boolean): { item: ItemState; readies: number } {
  if (!item.ready) return { item: { ...item, ready: true, reach: to }, readies: 1 };
  if (item.reach === to) return { item, readies: 0 };
  return { item: { ...item, reach: to }, readies: needsReady ? 1 : 0 };
}

/** G88: a shield or cloak from the ground or the back takes Readies equal to its DB (a buckler readies like a weapon). */
export function readyShield(item: ItemState, db: number, buckler: boolean): ItemState {
  if (buckler) return { ...item, ready: true };
  const done = item.readyDone + 1;
  return done >= db ? { ...item, ready: true, readyDone: 0 } : { ...item, readyDone: done };
}

/** G89–G90: seconds a long action takes (dice actions need their roll; `units` for per-sentence or per-piece actions). */
export function longActionSeconds(action: LongActionId, units = 1, rolled: number | null = null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number | null {
  const row = rules.longActions[action];
  if (row.dice > 0) return rolled;
  return row.perUnit ? row.seconds * units : row.seconds;
}
