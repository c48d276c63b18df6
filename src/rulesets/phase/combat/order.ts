/**
 * Foundry's turn list in a phase-based combat only mirrors the tracker
 * (there are no turns, P1–P11): the declaration order first, lowest
 * initiative first (P5), then the combatants without a slot in the record's
 * order, then anyone the record does not hold. The places are worked out
 * once from the stored projection; a sort then compares numbers — never
 * reads the record again per comparison. Pure.
 */
import type { PhaseProjection } from "./projection.js";

/** Each combatant's place in the tracker, from one read of the projection (none: all equal). */
export function trackerPlaces(projection: Pick<PhaseProjection, "order" | "combatants"> | null): ReadonlyMap<string, number> {
  const places = new Map<string, number>();
  if (!projection) return places;
  projection.order.forEach((id, i) => places.set(id, i));
  let next = projection.order.length;
  for (const c of projection.combatants) if (!places.has(c.id)) places.set(c.id, next++);
  return places;
}

/** The order of two combatants by their places; one the record does not hold comes after every one it holds. */
export function compareByPlace(places: ReadonlyMap<string, number>, a: string, b: string): number {
  if (!places.size) return 0;
  return (places.get(a) ?? places.size) - (places.get(b) ?? places.size);
}

/** The combatant ids in the tracker's order (a stable sort: equals keep the order given). */
export function sortByPlace(ids: readonly string[], places: ReadonlyMap<string, number>): string[] {
  return [...ids].sort((a, b) => compareByPlace(places, a, b));
}
