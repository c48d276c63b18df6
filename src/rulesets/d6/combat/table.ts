/**
 * The OpenD6 tracker's table costs as pure functions of what a combat holds
 * (its round, its flags, its combatants in the combat's order), each reading
 * the stored round states once (round-state.ts) — never once per comparison
 * or per row: the turn order the tracker sorts by (D5–D7), the update that
 * begins a round (D6, D11, D18) and the one that begins a turn (D18). The
 * Foundry glue (src/foundry/d6/combat.ts) calls these; the bench
 * (src/rulesets/d6/bench.ts) times them without Foundry.
 */
import { D6_STANDARD_RULES, type D6Rules } from "../rules/index.js";
import { type D6CombatantLike, isPlayerCharacter } from "./facts.js";
import { d6RoundUpdate, type D6RoundState, FLAG_SCOPE, isD6RoundState, readD6Round } from "./round-state.js";
import { d6OrderUpdate, d6TurnOrder, type D6OrderState, type D6Turn, type OrderEntry, readD6Order, roundStartState, turnStartState } from "./tracker-plan.js";

/** What the tracker reads of a combat (Foundry's Combat has these; `combatants` in the combat's own order). */
export interface D6CombatTable {
  round: number;
  turn?: number | null;
  flags: Record<string, unknown> | undefined;
  combatants: readonly D6CombatantLike[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The stored round states, by combatant id (one read of the flags). */
function storedRounds(flags: Record<string, unknown> | undefined): Record<string, unknown> {
  const scope = flags?.[FLAG_SCOPE];
  const rounds = isRecord(scope) ? scope.rounds : undefined;
  return isRecord(rounds) ? rounds : {};
}

const NO_ROUND: D6RoundState["round"] = Object.freeze({
  round: 0, declared: null, used: 0, waits: 0, movedUp: false, fullDefense: false, unableToAct: false, freeActions: 0, itemUses: {}, defenses: [], aim: null,
}) as D6RoundState["round"];

/**
 * D5–D7: each combatant as the order reads it — its id, whether it is a
 * player character (D7), and its stored state when well-formed (what
 * `readD6Round` would read; a malformed one has no initiative). The states
 * are the stored objects, not copies: the order only reads them.
 */
export function d6OrderEntries(table: D6CombatTable): OrderEntry[] {
  const rounds = storedRounds(table.flags);
  return table.combatants.map((c) => {
    const value = Object.hasOwn(rounds, c.id) ? rounds[c.id] : undefined;
    return { id: c.id, facts: { playerCharacter: isPlayerCharacter(c) }, state: isD6RoundState(value) ? value : { round: NO_ROUND } };
  });
}

/** D5–D7: this round's turns from one read of the combat. */
export function d6TableTurns(table: D6CombatTable): D6Turn[] {
  return d6TurnOrder(d6OrderEntries(table), readD6Order(table.flags, table.round));
}

/** D5–D7: each combatant's place in this round's order (0 first): what the tracker sorts by. */
export function d6TurnPlaces(table: D6CombatTable): Map<string, number> {
  const places = new Map<string, number>();
  d6TableTurns(table).forEach((turn, index) => places.set(turn.id, index));
  return places;
}

/** The combatant whose turn it is, by the order the combat holds (null before the first turn or past the last). */
export function d6CurrentTurnId(table: D6CombatTable, turns: readonly D6Turn[] = d6TableTurns(table)): string | null {
  if (table.turn === null || table.turn === undefined) return null;
  return turns[table.turn]?.id ?? null;
}

const refOf = (table: D6CombatTable, combatant: D6CombatantLike) => ({ combat: { id: "", flags: table.flags, round: table.round, update: async () => undefined }, combatant }) as never;

/** D6, D11, D18: the combat update that begins `round` — every state reset (initiative cleared: everyone rolls again), the order to be rolled. */
export function d6RoundBeginUpdate(table: D6CombatTable, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const c of table.combatants) {
    const ref = refOf(table, c);
    Object.assign(update, d6RoundUpdate(ref, roundStartState(readD6Round(ref, rules), round)));
  }
  const current: D6OrderState = readD6Order(table.flags, round);
  Object.assign(update, d6OrderUpdate(table.flags, { round, set: false, overrides: current.round === round ? current.overrides : {} }));
  return update;
}

/** D18: the update that begins the current turn — its combatant's defenses in force end (none when nothing changes, or the order is not set). */
export function d6TurnBeginUpdate(table: D6CombatTable, rules: Readonly<D6Rules> = D6_STANDARD_RULES): Record<string, unknown> | null {
  if (table.turn === null || table.turn === undefined || !readD6Order(table.flags, table.round).set) return null;
  const id = d6CurrentTurnId(table);
  const combatant = id === null ? undefined : table.combatants.find((c) => c.id === id);
  if (!combatant) return null;
  const ref = refOf(table, combatant);
  const state = readD6Round(ref, rules);
  const next = turnStartState(state);
  return next === state ? null : d6RoundUpdate(ref, next);
}

/**
 * Whether a combat update may change the order the tracker sorts by: a new
 * round, the order state (D5 places, D6/D9 set), or a combatant's initiative
 * (its whole round state written or removed). Spending actions, waits,
 * defenses and aim never move anyone, so those updates do not re-sort.
 */
export function d6OrderMayChange(changed: unknown): boolean {
  if (!isRecord(changed)) return false;
  if ("round" in changed) return true;
  const flags = changed.flags;
  if (flags === undefined) return false;
  if (!isRecord(flags)) return true;
  if ("-=cychosys" in flags) return true;
  const scope = flags[FLAG_SCOPE];
  if (scope === undefined) return false;
  if (!isRecord(scope)) return true;
  if ("d6Order" in scope || "-=d6Order" in scope || "-=rounds" in scope) return true;
  const rounds = scope.rounds;
  if (rounds === undefined) return false;
  if (!isRecord(rounds)) return true;
  for (const [key, entry] of Object.entries(rounds)) {
    if (key.startsWith("-=") || !isRecord(entry)) return true;
    if ("initiative" in entry || "-=initiative" in entry) return true;
  }
  return false;
}
