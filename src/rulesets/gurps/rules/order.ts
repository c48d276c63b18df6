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
  /** G9 [fixed]: the place the GM gave him by hand (0 first); once the GM reorders, every fighter has one. */
  rank?: number;
}

/**
 * G9 [fixed]: the GM's places first (lower first), then Basic Speed, then DX,
 * then the kept draw, highest first. A fighter with a place goes before one
 * without (only a malformed store mixes them: a late joiner is given a place
 * by his key, `placeByKey`), so the order stays total.
 */
export function compareTurnOrder(a: OrderEntry, b: OrderEntry): number {
  const ar = a.rank;
  const br = b.rank;
  // Equal (both unplaced, the common case): one comparison, then the keys.
  if (ar !== br) {
    if (ar === undefined) return 1;
    if (br === undefined) return -1;
    return ar - br;
  }
  return b.basicSpeed - a.basicSpeed || b.dx - a.dx || b.draw - a.draw;
}

/** G9 [fixed]: the order with `id` moved to place `to` (clamped) by the GM: every fighter's place, 0 first. */
export function moveInOrder(order: readonly OrderEntry[], id: string, to: number): OrderEntry[] {
  const from = order.findIndex((e) => e.id === id);
  if (from < 0) throw new GurpsError("duplicateCombatant", { id: id.slice(0, 40) });
  const rest = [...order.slice(0, from), ...order.slice(from + 1)];
  const at = Math.max(0, Math.min(Math.trunc(to), rest.length));
  return [...rest.slice(0, at), order[from]!, ...rest.slice(at)].map((e, rank) => ({ ...e, rank }));
}

/**
 * G9 [fixed]: fighters with no place yet (late joiners) slotted among an order
 * the GM placed by hand, by the same key (Basic Speed, DX, draw), then every
 * place renumbered 0…n−1. `placed` in its order; one pass over it per joiner
 * set, sorted once.
 */
export function placeByKey(placed: readonly OrderEntry[], joiners: readonly OrderEntry[]): OrderEntry[] {
  const unranked = (e: OrderEntry): OrderEntry => ({ id: e.id, basicSpeed: e.basicSpeed, dx: e.dx, draw: e.draw });
  const queue = [...joiners].map(unranked).sort(compareTurnOrder);
  const out: OrderEntry[] = [];
  let j = 0;
  for (const e of placed) {
    while (j < queue.length && compareTurnOrder(queue[j]!, unranked(e)) < 0) out.push(queue[j++]!);
    out.push(e);
  }
  while (j < queue.length) out.push(queue[j++]!);
  return out.map((e, rank) => ({ ...e, rank }));
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
