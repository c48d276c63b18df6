/**
 * The document writes the active GM carries out for a step, as plain data,
 * the same for every ruleset. They are recorded on the card (`flow.pending`)
 * before any document changes and each is idempotent, so a GM client that
 * fails halfway can run the same list again and nothing lands twice
 * (src/core/transport/executor.ts):
 *
 * - `adjust` changes numbers by a delta clamped to their range, `set`
 *   writes values; each leaves a marker (`flags.cychosys.intents.<mark>`)
 *   in the same update, and a write whose marker is on the document already
 *   is skipped;
 * - effects are created with the ids handed in (skipped when present) and
 *   deleted only when present;
 * - round state changes with a marker on the combat.
 */

/** A number at `path` (e.g. `system.pools.hit.physical.value`) changed by `delta`, kept within min and max (a number, or the path of one). */
export interface Adjustment {
  path: string;
  delta: number;
  min: number;
  max: number | { path: string };
}

/** What a ruleset's step asks for; the transport checks it against the card's scope and turns it into writes. */
export type WriteCommand =
  | { kind: "adjust"; uuid: string; changes: Adjustment[] }
  | { kind: "set"; uuid: string; changes: { path: string; value: unknown }[] }
  | { kind: "createEffects"; actorUuid: string; effects: { id: string; data: Record<string, unknown> }[] }
  | { kind: "deleteEffects"; actorUuid: string; ids: string[] }
  /** An operation on the actor's round state in the started combat (nothing outside one). */
  | { kind: "round"; actorUuid: string; operation: unknown };

export type DocumentWrite =
  | Exclude<WriteCommand, { kind: "round" }>
  | { kind: "round"; combatId: string; combatantId: string; actorUuid: string; operation: unknown };

/** The marker a write leaves on the document it changes: the request and the write's place in it. */
export const writeMark = (requestId: string, index: number): string => `${requestId}-${index}`;

/** Markers kept per document; the oldest go first (a marker only matters while its card is pending). */
export const MAX_MARKS = 32;

/** What a step's writes may touch. */
export interface WriteScope {
  /** The actors taking part in the card (attacker and targets): the only actors a write may change. */
  participants: ReadonlySet<string>;
  /** Items a write may change, each with the participant that must own it (R25: a parry object is the defender's own). */
  objects: ReadonlyMap<string, string>;
}

/** Is this UUID an embedded item of that actor? (`Actor.x.Item.y` of `Actor.x`, token actors alike.) */
export function isItemOf(itemUuid: string, actorUuid: string): boolean {
  return itemUuid.startsWith(`${actorUuid}.Item.`) && !itemUuid.slice(actorUuid.length + 6).includes(".");
}

/** A value at a dotted path of a plain object (Foundry's `getProperty`, without Foundry). */
export function valueAt(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
