/**
 * The turn tracker's decisions, as plain data: the order of a round (R14),
 * what the combat start and each round start store, what the end of a round
 * changes (R17, R25), who is defeated (R33), and the two tracker controls —
 * an extra action for fatigue (R16) and waiting (R17). Each function takes
 * the few facts it needs of the combat and its combatants and returns the
 * document updates to make; src/combat/documents.ts and actions.ts carry
 * them out. Round states are read from and written to the combat
 * (round-state.ts), never the combatant. The arithmetic is the rules core's,
 * through src/workflow/round.ts.
 */
import { actionsLeft, compareTurnOrder, FACETS, type Facet, type FacetValues, isFacet, type OrderEntry, type RulesOptions } from "../rules/index.js";
import { buyExtraAction, closeRound, holdAction, isDefeated, type ParryBonus, recoveryChoices, type RoundState } from "../workflow/round.js";
import { extraActionsOf, FLAG_SCOPE, freshRoundState, readRoundState, type RoundStateSource, roundStatesUpdate, roundStateUpdate } from "./round-state.js";

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
  /** R14: the figures the GM holds for its place in the order (the combat's flags: no player writes them). */
  order?: OrderFigures;
}

/** What the tracker reads of a Combatant document. */
export interface CombatantLike {
  id: string;
  name: string;
  initiative: unknown;
  defeated: unknown;
  flags?: Record<string, unknown> | null;
  actor?: ActorFacts | null;
}

/**
 * A combatant's facts, with the order figures its combat holds for it:
 * `stored` is what `storedOrderFigures` read of the combat, once for all of
 * its combatants.
 */
export function combatantFacts(c: CombatantLike, stored: Readonly<Record<string, unknown>> | undefined): CombatantFacts {
  const order = orderFiguresIn(stored, c.id);
  return {
    id: c.id,
    name: c.name,
    initiative: typeof c.initiative === "number" ? c.initiative : null,
    defeated: c.defeated === true,
    flags: c.flags ?? {},
    actor: c.actor ?? null,
    ...(order && { order }),
  };
}

/** R14: what the GM stores for a combatant's place: the round's quickness, the physical pool for ties, the tiebreak drawn once. */
export interface OrderFigures {
  quickness: number | null;
  physicalHits: number;
  tiebreak: number;
}

const ORDER = "order";

/** The combat's stored order figures by combatant id, unchecked (`orderFiguresOf` checks the entry it uses). */
export function storedOrderFigures(combatFlags: Record<string, unknown> | null | undefined): Readonly<Record<string, unknown>> | undefined {
  const all = (combatFlags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[ORDER];
  return all && typeof all === "object" ? (all as Record<string, unknown>) : undefined;
}

/** The order figures the combat holds for a combatant, when well-formed (anything else: none). */
export function orderFiguresOf(combatFlags: Record<string, unknown> | null | undefined, combatantId: string): OrderFigures | undefined {
  return orderFiguresIn(storedOrderFigures(combatFlags), combatantId);
}

/** `orderFiguresOf` from what `storedOrderFigures` read of the combat once, for many combatants. */
export function orderFiguresIn(stored: Readonly<Record<string, unknown>> | undefined, combatantId: string): OrderFigures | undefined {
  const entry = stored && Object.hasOwn(stored, combatantId) ? stored[combatantId] : undefined;
  if (!entry || typeof entry !== "object") return undefined;
  const e = entry as Record<string, unknown>;
  const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  if (!(e.quickness === null || num(e.quickness)) || !num(e.physicalHits) || !num(e.tiebreak)) return undefined;
  return { quickness: e.quickness as number | null, physicalHits: e.physicalHits as number, tiebreak: e.tiebreak as number };
}

/** The combat's update that stores a combatant's order figures (GM only). */
export function orderFiguresUpdate(combatantId: string, figures: OrderFigures): DocumentUpdate {
  return { [`flags.${FLAG_SCOPE}.${ORDER}.${combatantId}`]: figures };
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
  // The GM's figures when the combat holds them: a player may rewrite their own combatant, not the combat.
  const held = c.order;
  const flags = scope(c);
  return {
    id: c.id,
    quickness: held?.quickness ?? c.initiative ?? 0,
    playerCharacter: c.actor?.type === "character",
    physicalHits: held?.physicalHits ?? (typeof flags.physicalHits === "number" ? flags.physicalHits : physicalHitsOf(c.actor)),
    tiebreak: held?.tiebreak ?? (typeof flags.tiebreak === "number" ? flags.tiebreak : 0),
  };
}

/** R14: what a combatant is ordered by — computed once per combatant per sort (combat/table.ts). */
export interface TurnKey {
  /** Combatants without an initiative go last. */
  placed: boolean;
  entry: OrderEntry;
}

export function turnKeyOf(c: CombatantFacts): TurnKey {
  return { placed: typeof (c.order?.quickness ?? c.initiative) === "number", entry: orderEntryOf(c) };
}

/** R14 on two keys: placed before unplaced, then `compareTurnOrder`. */
export function compareTurnKeys(a: TurnKey, b: TurnKey): number {
  if (a.placed !== b.placed) return a.placed ? -1 : 1;
  return compareTurnOrder(a.entry, b.entry);
}

/** R14 as a sort callback: combatants without an initiative go last, the rest by `compareTurnOrder`. */
export function compareCombatants(a: CombatantFacts, b: CombatantFacts): number {
  return compareTurnKeys(turnKeyOf(a), turnKeyOf(b));
}

/**
 * Combat start: initiative is quickness (no roll), the R14 tiebreak is drawn
 * once from `random` (Foundry's generator) and kept, the physical hit pool is
 * noted for ties (the combatants' updates).
 */
export function combatStartUpdates(combatants: readonly CombatantFacts[], tiebreaks: Readonly<Record<string, number>>): DocumentUpdate[] {
  return combatants.map((c) => {
    const q = quicknessOf(c.actor);
    return {
      _id: c.id,
      ...(q !== null && { initiative: q }),
      [`flags.${FLAG_SCOPE}.tiebreak`]: tiebreaks[c.id] ?? 0,
      [`flags.${FLAG_SCOPE}.physicalHits`]: physicalHitsOf(c.actor),
    };
  });
}

/** R14: the tiebreak of each combatant, drawn once from `random` (Foundry's generator). */
export function drawTiebreaks(combatants: readonly CombatantFacts[], random: () => number): Record<string, number> {
  return Object.fromEntries(combatants.map((c) => [c.id, random()]));
}

/** R14: the start of every round, the combat's order figures from current figures (the tiebreak kept). */
export function roundStartOrderUpdate(combatFlags: Record<string, unknown> | null | undefined, combatants: readonly CombatantFacts[]): DocumentUpdate {
  const update: DocumentUpdate = {};
  const stored = storedOrderFigures(combatFlags);
  for (const c of combatants) {
    const held = orderFiguresIn(stored, c.id);
    const next: OrderFigures = { quickness: quicknessOf(c.actor), physicalHits: physicalHitsOf(c.actor), tiebreak: held?.tiebreak ?? 0 };
    if (!held || held.quickness !== next.quickness || held.physicalHits !== next.physicalHits) Object.assign(update, orderFiguresUpdate(c.id, next));
  }
  return update;
}

/**
 * Combat start, the combat's own update: every budget fresh (R15), entries of
 * combatants no longer there dropped, no interrupt, and no round closed yet
 * (a combat started again runs its round ends again).
 */
export function combatStartCombatUpdate(combat: RoundStateSource, combatants: readonly CombatantFacts[], options: RulesOptions, tiebreaks: Readonly<Record<string, number>> = {}): DocumentUpdate {
  const fresh = Object.fromEntries(combatants.map((c) => [c.id, freshRoundState(c.actor, options)]));
  const update: DocumentUpdate = roundStatesUpdate(combat, fresh);
  // R14: the order figures the GM holds (what the combatants also show, which their players could rewrite).
  update[`flags.${FLAG_SCOPE}.${ORDER}`] = Object.fromEntries(
    combatants.map((c) => [c.id, { quickness: quicknessOf(c.actor), physicalHits: physicalHitsOf(c.actor), tiebreak: tiebreaks[c.id] ?? 0 } satisfies OrderFigures]),
  );
  const scope = (combat.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined) ?? {};
  if (scope.closedRound !== undefined) update[`flags.${FLAG_SCOPE}.-=closedRound`] = null;
  if (scope.interrupt !== undefined) update[`flags.${FLAG_SCOPE}.-=interrupt`] = null;
  return update;
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
  /** The fresh round state it starts the next round with (stored on the combat). */
  state: RoundState;
  actorUpdate: DocumentUpdate;
  unused: number;
  restored: FacetValues;
  /** R25: the parry bonuses that lapse unused. */
  lapsed: ParryBonus[];
}

/**
 * R17: the fatigue pool the combatant's owner chose for its unused actions
 * (`flags.cychosys.recoverTo`, on the combatant: a player's preference, which
 * the owner may write). Checked at use: anything but a facet is no choice —
 * the default, the most depleted pool.
 */
export function recoveryPoolOf(c: Pick<CombatantFacts, "flags">): Facet | undefined {
  const value = scope(c).recoverTo;
  return isFacet(value) ? value : undefined;
}

/** R17: set or clear (undefined) the recovery pool; anything but a facet is refused by the caller's check. */
export function recoveryPoolUpdate(pool: Facet | undefined): DocumentUpdate {
  return pool ? { [`flags.${FLAG_SCOPE}.recoverTo`]: pool } : { [`flags.${FLAG_SCOPE}.-=recoverTo`]: null };
}

/**
 * R17, R25: the end of a round for every combatant with pools, from the round
 * states stored on the combat: unused actions restore fatigue to the pool its
 * owner chose while that has room, else the most depleted pool (never above
 * its maximum), parry bonuses lapse, the budget resets to the actor's actions
 * per round. `combatUpdate` stores every fresh budget at once (and drops the
 * entries of combatants no longer in the combat).
 */
export function planRoundEnd(
  combat: RoundStateSource,
  combatants: readonly CombatantFacts[],
  options: RulesOptions,
): { plans: RoundEndPlan[]; combatUpdate: DocumentUpdate } {
  const plans: RoundEndPlan[] = [];
  for (const c of combatants) {
    const pools = c.actor?.system.pools;
    if (!pools) continue;
    const state = readRoundState(combat, c, options);
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
      state: end.state,
      actorUpdate,
      unused: end.unused,
      restored: end.restored,
      lapsed: state.parryBonuses,
    });
  }
  const combatUpdate = roundStatesUpdate(combat, Object.fromEntries(plans.map((p) => [p.combatantId, p.state])));
  return { plans, combatUpdate };
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

/** R17: hold the combatant's action (the combat's update). Throws the rules core's error when it cannot wait. */
export function planWait(combat: RoundStateSource, c: CombatantFacts, options: RulesOptions): { state: RoundState; combatUpdate: DocumentUpdate } {
  const state = holdAction(readRoundState(combat, c, options));
  return { state, combatUpdate: roundStateUpdate(combat, c.id, state) };
}

/**
 * R16: pay the extra-action fatigue from `pool`: the actor's update, the
 * combat's update (the budget), and the fatigue `paid` — which
 * `fatigueRefund` pays back should the combat's update fail. Throws the
 * rules core's error when the pool is short.
 */
export function planExtraAction(
  combat: RoundStateSource,
  c: CombatantFacts,
  pool: Facet,
  options: RulesOptions,
): { state: RoundState; combatUpdate: DocumentUpdate; actorUpdate: DocumentUpdate; paid: number } {
  const pools = c.actor?.system.pools;
  if (!pools) throw new TypeError(`${c.name} has no fatigue pools`);
  const fatigue = values(pools.fatigue, "value");
  const bought = buyExtraAction(readRoundState(combat, c, options), fatigue, pool, options);
  return {
    state: bought.state,
    combatUpdate: roundStateUpdate(combat, c.id, bought.state),
    actorUpdate: { [`system.pools.fatigue.${pool}.value`]: bought.fatigue[pool] },
    paid: fatigue[pool] - bought.fatigue[pool],
  };
}

/**
 * R16: pay `paid` fatigue back to `pool`, by delta from the pool as the actor
 * holds it now (a change made since the payment is kept), within 0 and its
 * maximum — never the value read before the payment written back.
 */
export function fatigueRefund(actor: ActorFacts, pool: Facet, paid: number): DocumentUpdate {
  const source = actor.system.pools?.fatigue[pool];
  if (!source) return {};
  return { [`system.pools.fatigue.${pool}.value`]: Math.max(0, Math.min(source.max, source.value + paid)) };
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
