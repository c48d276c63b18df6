/**
 * The document writes the active GM carries out for a step, as plain data.
 * They are recorded on the card (`flow.pending`) before any document changes
 * and each is idempotent, so a GM client that fails halfway can run the same
 * list again and nothing lands twice (src/chat/executor.ts):
 *
 * - pools and an object's hits change by a delta, clamped to their range,
 *   with a marker (`flags.cychosys.intents.<mark>`) written in the same
 *   update: a write whose marker is on the document already is skipped;
 * - conditions are created with the ids handed in (skipped when present) and
 *   deleted only when present;
 * - round state changes with a marker on the combat.
 */
import type { Pools } from "../rulesets/cychosys/rules/index.js";

export type RoundOperation =
  /** R15: an attack spends an action and, against one target, uses the parry bonus held against it (R25). */
  | { kind: "attack"; targetUuids: string[] }
  /** R15: a second defense against one attack costs an action. */
  | { kind: "spendAction"; attackId: string }
  /** R25: a won parry's bonus against the attacker. */
  | { kind: "grantParryBonus"; againstUuid: string; bonus: number };

export type DocumentWrite =
  | { kind: "pools"; actorUuid: string; delta: Pools }
  | { kind: "createConditions"; actorUuid: string; conditions: { id: string; letter: string; piercing: boolean }[] }
  | { kind: "deleteConditions"; actorUuid: string; ids: string[] }
  /** An object actor's `system.hits.value` or a parrying item's `system.parry.hits` (R25, R37). */
  | { kind: "objectHits"; uuid: string; delta: number }
  | { kind: "round"; combatId: string; combatantId: string; actorUuid: string; operation: RoundOperation }
  /** R40: experience a surge or crash on the key die earns a character. */
  | { kind: "experience"; actorUuid: string; earned: number };

/** The marker a write leaves on the document it changes: the request and the write's place in it. */
export const writeMark = (requestId: string, index: number): string => `${requestId}-${index}`;

/** Markers kept per document; the oldest go first (a marker only matters while its card is pending). */
export const MAX_MARKS = 32;
