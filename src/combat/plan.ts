/**
 * The turn tracker's decisions, as plain data: the order of a round (R14),
 * what the combat start and each round start store, what the end of a round
 * changes (R17, R25), who is defeated (R33), and the two tracker controls —
 * an extra action for fatigue (R16) and waiting (R17). Each function takes
 * the few facts it needs of the combatants and returns the document updates
 * to make; src/combat/documents.ts carries them out. The arithmetic is the
 * rules core's, through src/workflow/round.ts.
 */
import { actionsLeft, compareTurnOrder, FACETS, type Facet, type FacetValues, isFacet, type OrderEntry, type RulesOptions } from "../rules/index.js";
import { buyExtraAction, closeRound, holdAction, isDefeated, type ParryBonus, recoveryChoices, type RoundState } from "../workflow/round.js";
import { extraActionsOf, FLAG_SCOPE, readRoundState, ROUND_FLAG, roundStateUpdate } from "./round-state.js";

/** A fatigue or hit pool as the data models store it. */
interface PoolSource {
  value: number;
  max: number;
}

/** What the tracker reads of an actor: its type, its pools and its derived quickness. */
export interface ActorFacts {
  uuid: string;
  type: string;
  system: {
    pools?: { hit: Record<Facet, PoolSource>; fatigue: Record<Facet, PoolSource> };
    derived?: { quickness?: { quickness: number }; actionsPerRound?: number };
  };
}

/** What the tracker reads of a combatant. */
export interface CombatantFacts {
  id: string;
  name: string;
  initiative: number | null;
  defeated: boolean;
  flags: Record<string, unknown>;
  actor: ActorFacts | null;
}

export type DocumentUpdate = Record<string, unknown>;

const scope = (c: Pick<CombatantFacts, "flags">): Record<string, unknown> => (c.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined) ?? {};
const values = (pools: Record<Facet, PoolSource>, key: "value" | "max"): FacetValues =>
  ({ physical: pools.physical[key], mental: pools.mental[key], emotional: pools.emotional[key] });

/** The actor's current quickness (R38), or null for a combatant without a fighting actor. */
export function quicknessOf(actor: ActorFacts | null): number | null {
  const q = actor?.system.derived?.quickness?.quickness;
  return typeof q === "number" ? q : null;
}

function physicalHitsOf(actor: ActorFacts | null): number {
  return actor?.system.pools?.hit.physical.value ?? 0;
}

/** R14: the entry the rules core orders by — initiative (the round's quickness) and the figures stored at round start. */
export function orderEntryOf(c: CombatantFacts): OrderEntry {
  const flags = scope(c);
  return {
    id: c.id,
    quickness: c.initiative ?? 0,
    playerCharacter: c.actor?.type === "character",
    physicalHits: typeof flags.physicalHits === "number" ? flags.physicalHits : physicalHitsOf(c.actor),
    tiebreak: typeof flags.tiebreak === "number" ? flags.tiebreak : 0,
  };
}

/** R14 as a sort callback: combatants without an initiative go last, the rest by `compareTurnOrder`. */
export function compareCombatants(a: CombatantFacts, b: CombatantFacts): number {
  const aHas = typeof a.initiative === "number";
  const bHas = typeof b.initiative === "number";
  if (aHas !== bHas) return aHas ? -1 : 1;
  return compareTurnOrder(orderEntryOf(a), orderEntryOf(b));
}

/**
 * Combat start: initiative is quickness (no roll), the R14 tiebreak is drawn
 * once from `random` (Foundry's generator) and kept, the physical hit pool is
 * noted for ties, and every budget starts fresh.
 */
export function combatStartUpdates(combatants: readonly CombatantFacts[], random: () => number, options: RulesOptions): DocumentUpdate[] {
  return combatants.map((c) => {
    const q = quicknessOf(c.actor);
    return {
      _id: c.id,
      ...(q !== null && { initiative: q }),
      [`flags.${FLAG_SCOPE}.tiebreak`]: random(),
      [`flags.${FLAG_SCOPE}.physicalHits`]: physicalHitsOf(c.actor),
      [`flags.${FLAG_SCOPE}.${ROUND_FLAG}`]: readRoundState({ flags: {}, actor: c.actor }, options),
    };
  });
}

/** R14: at the start of every round, initiative and the tie figures from the current pools (only what changed). */
export function roundStartUpdates(combatants: readonly CombatantFacts[]): DocumentUpdate[] {
  const updates: DocumentUpdate[] = [];
  for (const c of combatants) {
    const q = quicknessOf(c.actor);
    const hits = physicalHitsOf(c.actor);
    const update: DocumentUpdate = {};
    if (q !== null && c.initiative !== q) update.initiative = q;
    if (c.actor && scope(c).physicalHits !== hits) update[`flags.${FLAG_SCOPE}.physicalHits`] = hits;
    if (Object.keys(update).length > 0) updates.push({ _id: c.id, ...update });
  }
  return updates;
}

/** One combatant's end of round: its new round state, the fatigue its unused actions restored (R17). */
export interface RoundEndPlan {
  combatantId: string;
  name: string;
  combatantUpdate: DocumentUpdate;
  actorUpdate: DocumentUpdate;
  unused: number;
  restored: FacetValues;
  /** R25: the parry bonuses that lapse unused. */
  lapsed: ParryBonus[];
}

/** R17: the fatigue pool the combatant's owner chose for its unused actions (`flags.cychosys.recoverTo`), if any. */
export function recoveryPoolOf(c: Pick<CombatantFacts, "flags">): Facet | undefined {
  const value = scope(c).recoverTo;
  return isFacet(value) ? value : undefined;
}

/** R17: set or clear (undefined) the recovery pool; anything but a facet is refused by the caller's check. */
export function recoveryPoolUpdate(pool: Facet | undefined): DocumentUpdate {
  return pool ? { [`flags.${FLAG_SCOPE}.recoverTo`]: pool } : { [`flags.${FLAG_SCOPE}.-=recoverTo`]: null };
}

/**
 * R17, R25: the end of a round for every combatant with pools: unused actions
 * restore fatigue to the pool its owner chose while that has room, else the
 * most depleted pool (never above its maximum), parry
 * bonuses lapse, the budget resets to the actor's actions per round.
 */
export function planRoundEnd(combatants: readonly CombatantFacts[], options: RulesOptions): RoundEndPlan[] {
  const plans: RoundEndPlan[] = [];
  for (const c of combatants) {
    const pools = c.actor?.system.pools;
    if (!pools) continue;
    const stored = scope(c)[ROUND_FLAG];
    const state = readRoundState(c, options);
    const fatigue = values(pools.fatigue, "value");
    const fatigueMax = values(pools.fatigue, "max");
    const choices = recoveryChoices(recoveryPoolOf(c), actionsLeft(state.budget), fatigue, fatigueMax, options);
    const end = closeRound(state, fatigue, fatigueMax, extraActionsOf(c.actor, options), choices, options);
    const actorUpdate: DocumentUpdate = {};
    for (const facet of FACETS) {
      if (end.restored[facet] > 0) actorUpdate[`system.pools.fatigue.${facet}.value`] = end.fatigue[facet];
    }
    plans.push({
      combatantId: c.id,
      name: c.name,
      combatantUpdate: roundStateUpdate(stored, end.state),
      actorUpdate,
      unused: end.unused,
      restored: end.restored,
      lapsed: state.parryBonuses,
    });
  }
  return plans;
}

/**
 * R33: a combatant whose actor has any hit pool at 0 is marked defeated (and
 * remembered as marked by the system); one the system marked is unmarked when
 * its pools recover (an undone injury). A GM's own marking is left alone.
 */
export function defeatUpdate(c: CombatantFacts): DocumentUpdate | null {
  const pools = c.actor?.system.pools;
  if (!pools) return null;
  const defeated = isDefeated(values(pools.hit, "value"));
  if (defeated && !c.defeated) return { defeated: true, [`flags.${FLAG_SCOPE}.autoDefeated`]: true };
  if (!defeated && c.defeated && scope(c).autoDefeated === true) return { defeated: false, [`flags.${FLAG_SCOPE}.-=autoDefeated`]: null };
  return null;
}

/** R17: hold the combatant's action. Throws the rules core's error when it cannot wait. */
export function planWait(c: CombatantFacts, options: RulesOptions): { state: RoundState; combatantUpdate: DocumentUpdate } {
  const state = holdAction(readRoundState(c, options));
  return { state, combatantUpdate: roundStateUpdate(scope(c)[ROUND_FLAG], state) };
}

/** R16: pay the extra-action fatigue from `pool`. Throws the rules core's error when the pool is short. */
export function planExtraAction(
  c: CombatantFacts,
  pool: Facet,
  options: RulesOptions,
): { state: RoundState; combatantUpdate: DocumentUpdate; actorUpdate: DocumentUpdate } {
  const pools = c.actor?.system.pools;
  if (!pools) throw new TypeError(`${c.name} has no fatigue pools`);
  const bought = buyExtraAction(readRoundState(c, options), values(pools.fatigue, "value"), pool, options);
  return {
    state: bought.state,
    combatantUpdate: roundStateUpdate(scope(c)[ROUND_FLAG], bought.state),
    actorUpdate: { [`system.pools.fatigue.${pool}.value`]: bought.fatigue[pool] },
  };
}

/** The fatigue pools an extra action can be paid from (R16): each with its value, and whether it can pay. */
export function extraActionChoices(c: CombatantFacts, options: RulesOptions): { facet: Facet; value: number; max: number; affordable: boolean }[] {
  const pools = c.actor?.system.pools;
  if (!pools) return [];
  return FACETS.map((facet) => ({
    facet,
    value: pools.fatigue[facet].value,
    max: pools.fatigue[facet].max,
    affordable: pools.fatigue[facet].value >= options.extraActionFatigue,
  }));
}

/** An interrupt in progress (R16): who took the turn, and whose turn it returns to. */
export interface Interrupt {
  combatantId: string;
  returnTo: string | null;
}

/** R16: the interrupting combatant takes the current turn; the interrupted one gets it back afterwards. */
export function planInterrupt(turnIds: readonly string[], turn: number | null, combatantId: string, existing?: Interrupt | null): { turn: number; interrupt: Interrupt } | null {
  const index = turnIds.indexOf(combatantId);
  if (index < 0) return null;
  const current = turn !== null && turn >= 0 ? (turnIds[turn] ?? null) : null;
  // An interrupt of an interrupt returns to the first one interrupted.
  const returnTo = existing?.returnTo ?? (current === combatantId ? null : current);
  return { turn: index, interrupt: { combatantId, returnTo } };
}

/** The turn to return to when the interrupting combatant is done, or null to advance normally. */
export function interruptReturnTurn(turnIds: readonly string[], interrupt: Interrupt | null | undefined): number | null {
  if (!interrupt?.returnTo) return null;
  const index = turnIds.indexOf(interrupt.returnTo);
  return index >= 0 ? index : null;
}

/** Parse the combat's stored interrupt flag. */
export function readInterrupt(flags: Record<string, unknown> | null | undefined): Interrupt | null {
  const value = (flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.interrupt as Partial<Interrupt> | undefined;
  if (!value || typeof value.combatantId !== "string") return null;
  return { combatantId: value.combatantId, returnTo: typeof value.returnTo === "string" ? value.returnTo : null };
}
