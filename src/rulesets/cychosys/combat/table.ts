/**
 * The tracker's work over a whole combat, as pure functions the Foundry glue
 * calls and the bench times without Foundry (issue 21): the turn order
 * (R14), a round's end and the next round's start (R14, R17, R25, R33), and
 * a turn's redraw of every row. Each is linear in the combatants (the sort
 * N log N): the combat's stored order figures are read once, each sort key
 * is computed once per combatant, and every lookup by id goes through a Map.
 */
import { type Localize, type RulesOptions, ZERO_FACETS } from "../rules/index.js";
import { isDefeated } from "../workflow/round.js";
import {
  type CombatantFacts,
  compareTurnKeys,
  defeatUpdate,
  type DocumentUpdate,
  type Interrupt,
  planRoundEnd,
  type RoundEndPlan,
  roundStartOrderUpdate,
  roundStartUpdates,
  type TurnKey,
  turnKeyOf,
} from "./plan.js";
import type { RoundStateSource } from "./round-state.js";
import { roundEndSummary, type TrackerRowView, trackerRowView } from "./tracker-view.js";

/**
 * A comparator for one sort: each item's key computed the first time the
 * sort meets it and kept for the rest of that sort (the Foundry glue
 * prepares one per `setupTurns`).
 */
export function turnComparator<T>(factsOf: (item: T) => CombatantFacts): (a: T, b: T) => number {
  const keys = new Map<T, TurnKey>();
  const keyOf = (item: T) => {
    let key = keys.get(item);
    if (!key) keys.set(item, (key = turnKeyOf(factsOf(item))));
    return key;
  };
  return (a, b) => compareTurnKeys(keyOf(a), keyOf(b));
}

/** R14: the combatants in turn order (a new array; keys computed once each). */
export function sortTurns(combatants: readonly CombatantFacts[]): CombatantFacts[] {
  const keyed = combatants.map((c) => ({ c, key: turnKeyOf(c) }));
  keyed.sort((a, b) => compareTurnKeys(a.key, b.key));
  return keyed.map((k) => k.c);
}

/** What the end of a round writes and says, planned from one read of the combat (R17, R25, R33). */
export interface RoundEndWork {
  plans: RoundEndPlan[];
  /** The combat's update: every budget fresh. */
  combatUpdate: DocumentUpdate;
  /** R33: each combatant to mark or unmark, by id. */
  defeatUpdates: DocumentUpdate[];
  /** The names of those out of the fight. */
  out: string[];
}

/** R17, R25, R33: the end of a round for every combatant (before any write). */
export function planRoundEndWork(combat: RoundStateSource, combatants: readonly CombatantFacts[], options: RulesOptions): RoundEndWork {
  const { plans, combatUpdate } = planRoundEnd(combat, combatants, options);
  const defeatUpdates: DocumentUpdate[] = [];
  for (const c of combatants) {
    const update = defeatUpdate(c);
    if (update) defeatUpdates.push({ _id: c.id, ...update });
  }
  return { plans, combatUpdate, defeatUpdates, out: outOfFightNames(combatants) };
}

/** R33: the names of the combatants whose actors have a hit pool at 0. */
export function outOfFightNames(combatants: readonly CombatantFacts[]): string[] {
  const out: string[] = [];
  for (const c of combatants) {
    const hit = c.actor?.system.pools?.hit;
    if (hit && isDefeated({ physical: hit.physical.value, mental: hit.mental.value, emotional: hit.emotional.value })) out.push(c.name);
  }
  return out;
}

/** The combatants' names by their actors' UUIDs (the first combatant of an actor named), for a round's note. */
export function namesByActor(combatants: readonly { name: string; actor?: { uuid: string } | null }[]): (actorUuid: string) => string {
  const names = new Map<string, string>();
  for (const c of combatants) if (c.actor && !names.has(c.actor.uuid)) names.set(c.actor.uuid, c.name);
  return (uuid) => names.get(uuid) ?? uuid;
}

/**
 * The round's note (R17, R25, R33): what unused actions restored (a failed
 * actor's line says it failed instead), the bonuses that lapsed, who is out.
 */
export function roundEndNote(
  round: number,
  work: Pick<RoundEndWork, "plans" | "out">,
  combatants: readonly { name: string; actor?: { uuid: string } | null }[],
  localize: Localize,
  failed: ReadonlySet<string> = new Set(),
): { title: string; lines: string[] } {
  const shown = work.plans.map((p) => (failed.has(p.combatantId) ? { ...p, restored: { ...ZERO_FACETS } } : p));
  const failedNames = work.plans.filter((p) => failed.has(p.combatantId)).map((p) => p.name);
  return roundEndSummary(round, shown, namesByActor(combatants), work.out, localize, failedNames);
}

/** R14: the next round's start — the combat's order figures and the combatants' initiative from current figures (only what changed). */
export function roundStartWork(combatFlags: Record<string, unknown> | null | undefined, combatants: readonly CombatantFacts[]): { combatUpdate: DocumentUpdate; combatantUpdates: DocumentUpdate[] } {
  return { combatUpdate: roundStartOrderUpdate(combatFlags, combatants), combatantUpdates: roundStartUpdates(combatants) };
}

/** A turn's redraw: every row of the tracker (R14–R17), for one viewer. */
export function trackerRowViews(
  combat: RoundStateSource & { started: boolean },
  combatants: readonly CombatantFacts[],
  options: RulesOptions,
  viewer: { canControl: (c: CombatantFacts) => boolean; interrupt: Interrupt | null },
): TrackerRowView[] {
  return combatants.map((c) =>
    trackerRowView(combat, c, options, { canControl: viewer.canControl(c), interrupting: viewer.interrupt?.combatantId === c.id, started: combat.started }),
  );
}
