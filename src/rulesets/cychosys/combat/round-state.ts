/**
 * Where each combatant's round state (R15–R17, R25) lives: on the COMBAT, at
 * `flags.cychosys.rounds.<combatantId>`, a `RoundState` from
 * src/workflow/round.ts. Only the GM may write a Combat document, so the
 * budget a player sees is the one the GM's client kept; a player owns their
 * combatant and could rewrite anything stored there. (A legacy
 * `flags.cychosys.round` on a combatant, from before this moved, is ignored:
 * no migration — a missing entry is a fresh budget, and every round end and
 * combat start writes fresh ones.)
 *
 * The GM's side, e.g. the attack workflow spending an action:
 *
 *     const state = readRoundState(combat, combatant, rules.options);
 *     const next = useAction(state).state;
 *     await combat.update(roundStateUpdate(combat, combatant.id, next));
 *
 * No Foundry globals: a combat is anything with `flags`.
 */
import { type Rules, type RulesOptions, STANDARD_OPTIONS } from "../rules/index.js";
import { diffUpdate } from "../../../core/update-diff.js";
import { newRoundState, type RoundState } from "../workflow/round.js";

export { newRoundState, type RoundState };

export const FLAG_SCOPE = "cychosys";
export const ROUNDS_FLAG = "rounds";

/** Anything holding round states: the Combat document (its `flags`). */
export interface RoundStateSource {
  flags?: Record<string, unknown> | null;
}

/** The few members of a Combatant the round state needs. */
export interface RoundStateCombatant {
  id: string;
  actor?: { system?: unknown } | null;
}

/** A combat whose round states can be written (the GM's client). */
export interface WritableRoundStateSource extends RoundStateSource {
  update(data: Record<string, unknown>): Promise<unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value: unknown, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;

/** A Foundry document id (also an attack id): letters and digits only, so it is one update-path segment. */
export const isDocumentId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9]{1,64}$/.test(value);

/**
 * Generous bounds: a round never comes near them, a corrupted value does. The
 * lists grow with the fight (one defense record per attack on the combatant,
 * one parry bonus per attacker it parried this round), so they allow a
 * thousand-strong fight many times over; an operation that would pass one is
 * refused with a message when it is made (round-operations.ts), never stored
 * to be read back as a fresh budget.
 */
export const ROUND_STATE_LIMITS = Object.freeze({ actions: 99, count: 999, defenses: 10_000, parryBonuses: 10_000 });
const MAX_ACTIONS = ROUND_STATE_LIMITS.actions;
const MAX_COUNT = ROUND_STATE_LIMITS.count;
const MAX_DEFENSES = ROUND_STATE_LIMITS.defenses;
const MAX_BONUSES = ROUND_STATE_LIMITS.parryBonuses;

/** A stored value that is a well-formed RoundState (shape, whole numbers within bounds, plain keys). */
export function isRoundState(value: unknown): value is RoundState {
  if (!isRecord(value) || !isRecord(value.budget) || !Array.isArray(value.parryBonuses)) return false;
  const b = value.budget;
  const defenses = isRecord(b.defenses) ? Object.entries(b.defenses) : null;
  return (
    isCount(b.perRound, MAX_ACTIONS) &&
    isCount(b.spent, MAX_COUNT) &&
    isCount(b.extraTaken, MAX_COUNT) &&
    typeof b.waiting === "boolean" &&
    defenses !== null &&
    defenses.length <= MAX_DEFENSES &&
    defenses.every(([id, count]) => isDocumentId(id) && isCount(count, MAX_COUNT)) &&
    value.parryBonuses.length <= MAX_BONUSES &&
    value.parryBonuses.every(
      (p) => isRecord(p) && typeof p.againstUuid === "string" && p.againstUuid.length <= 256 && typeof p.bonus === "number" && Number.isInteger(p.bonus) && Math.abs(p.bonus) <= MAX_COUNT,
    )
  );
}

/** Extra actions per round from trademarks: the actor's actions per round beyond the rule's base (R15). */
export function extraActionsOf(actor: RoundStateCombatant["actor"], options: RulesOptions): number {
  const derived = (actor?.system as { derived?: { actionsPerRound?: unknown } } | undefined)?.derived;
  const perRound = typeof derived?.actionsPerRound === "number" ? derived.actionsPerRound : options.actionsPerRound;
  return Math.max(0, Math.min(MAX_ACTIONS, perRound) - options.actionsPerRound);
}

/** A fresh round for the combatant's actor (R15: its actions per round, nothing spent). */
export function freshRoundState(actor: RoundStateCombatant["actor"], options: RulesOptions = currentOptions()): RoundState {
  return newRoundState(extraActionsOf(actor, options), options);
}

/** The combat's stored round states by combatant id, as stored (unchecked). */
export function storedRoundStates(combat: RoundStateSource | null | undefined): Record<string, unknown> {
  const scope = combat?.flags?.[FLAG_SCOPE];
  const rounds = isRecord(scope) ? scope[ROUNDS_FLAG] : undefined;
  return isRecord(rounds) ? rounds : {};
}

/** A copy of a well-formed round state (its known shape copied field by field: cheaper than a generic deep copy, a round end makes one per combatant). */
function cloneRoundState(state: RoundState): RoundState {
  const b = state.budget;
  return {
    budget: { perRound: b.perRound, spent: b.spent, extraTaken: b.extraTaken, waiting: b.waiting, defenses: { ...b.defenses } },
    parryBonuses: state.parryBonuses.map((p) => ({ againstUuid: p.againstUuid, bonus: p.bonus })),
  };
}

/** The combatant's round state as stored on the combat if well-formed, else a fresh one for its actor. */
export function readRoundState(combat: RoundStateSource | null | undefined, combatant: RoundStateCombatant, options?: RulesOptions): RoundState {
  const states = storedRoundStates(combat);
  const stored = Object.hasOwn(states, combatant.id) ? states[combatant.id] : undefined;
  if (isRoundState(stored)) return cloneRoundState(stored);
  return freshRoundState(combatant.actor, options ?? currentOptions());
}

const roundsPath = `flags.${FLAG_SCOPE}.${ROUNDS_FLAG}`;

/**
 * The update to send with `combat.update(...)` that stores `next` for one
 * combatant: only the paths that changed, stale keys (a reset's defenses, a
 * malformed entry's extras) deleted with `-=key`. Empty when nothing changed.
 */
export function roundStateUpdate(combat: RoundStateSource | null | undefined, combatantId: string, next: RoundState): Record<string, unknown> {
  if (!isDocumentId(combatantId)) throw new TypeError(`Not a combatant id: ${JSON.stringify(combatantId)}`);
  const stored = storedRoundStates(combat);
  return diffUpdate(`${roundsPath}.${combatantId}`, Object.hasOwn(stored, combatantId) ? stored[combatantId] : undefined, next);
}

/** The update that makes the combat's round states exactly `next` (entries of combatants not in it deleted). */
export function roundStatesUpdate(combat: RoundStateSource | null | undefined, next: Record<string, RoundState>): Record<string, unknown> {
  for (const id of Object.keys(next)) if (!isDocumentId(id)) throw new TypeError(`Not a combatant id: ${JSON.stringify(id)}`);
  return diffUpdate(roundsPath, storedRoundStates(combat), next);
}

/**
 * For the attack workflow, which holds Foundry Combatants: the combatant's id
 * and its combat (`Combatant#combat`), when it has both; else null (no
 * combat, no round state to keep).
 */
export function roundStateHome(combatant: unknown): { combat: WritableRoundStateSource; combatant: RoundStateCombatant } | null {
  if (combatant === null || typeof combatant !== "object") return null;
  const c = combatant as { id?: unknown; actor?: { system?: unknown } | null; combat?: unknown };
  const combat = c.combat as WritableRoundStateSource | null | undefined;
  if (!isDocumentId(c.id) || !combat || typeof combat.update !== "function") return null;
  return { combat, combatant: { id: c.id, actor: c.actor ?? null } };
}

/** The world's rule options (CONFIG.CYCHOSYS), or the standard ones outside Foundry. */
export function currentOptions(): RulesOptions {
  return (globalThis as { CONFIG?: { CYCHOSYS?: Rules } }).CONFIG?.CYCHOSYS?.options ?? STANDARD_OPTIONS;
}
