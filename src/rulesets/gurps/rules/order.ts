/**
 * Turn sequence (G8, G9): set once at the start of the fight by Basic Speed,
 * then DX, then a random draw made at the start and kept; never re-sorted
 * (not even when reeling halves Basic Speed, G80); a late joiner is slotted
 * in by the same key; the knocked-out keep their slot but are skipped.
 */
import { GurpsError } from "./errors.js";

export interface OrderEntry {
  id: string;
  /** G9: Basic Speed when the fight started (kept). */
  basicSpeed: number;
  dx: number;
  /** G9: the random draw made at the start and kept (0 ≤ draw < 1; higher goes first). */
  draw: number;
}

/** G9 [fixed]: Basic Speed, then DX, then the kept draw, highest first; the GM may reorder by hand afterwards. */
export function compareTurnOrder(a: OrderEntry, b: OrderEntry): number {
  return b.basicSpeed - a.basicSpeed || b.dx - a.dx || b.draw - a.draw;
}

export function turnOrder(entries: readonly OrderEntry[]): OrderEntry[] {
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e.id)) throw new GurpsError("duplicateCombatant", { id: e.id.slice(0, 40) });
    ids.add(e.id);
  }
  return [...entries].sort(compareTurnOrder);
}

/** G9 [fixed]: a late joiner goes where the same key puts him among the kept order (the others do not move). */
export function insertLateJoiner(order: readonly OrderEntry[], joiner: OrderEntry): OrderEntry[] {
  if (order.some((e) => e.id === joiner.id)) throw new GurpsError("duplicateCombatant", { id: joiner.id.slice(0, 40) });
  const at = order.findIndex((e) => compareTurnOrder(joiner, e) < 0);
  return at < 0 ? [...order, joiner] : [...order.slice(0, at), joiner, ...order.slice(at)];
}

/**
 * G8, G9: the next turn after `current` (−1 before the first), skipping
 * combatants who cannot act; `newSecond` when it wraps (everyone active has
 * had a turn: one second has passed). Null when nobody can act.
 */
export function nextTurn(order: readonly OrderEntry[], current: number, canAct: (id: string) => boolean): { index: number; newSecond: boolean } | null {
  const n = order.length;
  for (let step = 1; step <= n; step++) {
    const index = (current + step) % n;
    if (canAct(order[index]!.id)) return { index, newSecond: current < 0 ? false : current + step >= n };
  }
  return null;
}
