/**
 * Where a combatant's round state (R15–R17, R25) lives: `flags.cychosys.round`
 * on the Combatant, a `RoundState` from src/workflow/round.ts. Read it with
 * `readRoundState` (a fresh budget when the flag is missing or malformed) and
 * write it with `writeRoundState`, which updates only the paths that changed
 * and deletes stale keys (a plain nested update would merge the old
 * `defenses` record into the new one). No Foundry globals: the combatant is
 * any object with `flags`, `actor` and `update`.
 */
import { type Rules, type RulesOptions, STANDARD_OPTIONS } from "../rules/index.js";
import { newRoundState, type RoundState } from "../workflow/round.js";

export const FLAG_SCOPE = "cychosys";
export const ROUND_FLAG = "round";

/** The few members of a Combatant the round state needs. */
export interface RoundStateHolder {
  flags?: Record<string, unknown> | null;
  actor?: { system?: unknown } | null;
}

export interface RoundStateWriter extends RoundStateHolder {
  update(data: Record<string, unknown>): Promise<unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A stored value that is a well-formed RoundState. */
export function isRoundState(value: unknown): value is RoundState {
  if (!isRecord(value) || !isRecord(value.budget) || !Array.isArray(value.parryBonuses)) return false;
  const b = value.budget;
  return (
    isCount(b.perRound) &&
    isCount(b.spent) &&
    isCount(b.extraTaken) &&
    typeof b.waiting === "boolean" &&
    isRecord(b.defenses) &&
    Object.values(b.defenses).every(isCount) &&
    value.parryBonuses.every((p) => isRecord(p) && typeof p.againstUuid === "string" && typeof p.bonus === "number")
  );
}

/** Extra actions per round from trademarks: the actor's actions per round beyond the rule's base (R15). */
export function extraActionsOf(actor: RoundStateHolder["actor"], options: RulesOptions): number {
  const derived = (actor?.system as { derived?: { actionsPerRound?: unknown } } | undefined)?.derived;
  const perRound = typeof derived?.actionsPerRound === "number" ? derived.actionsPerRound : options.actionsPerRound;
  return Math.max(0, perRound - options.actionsPerRound);
}

/** The combatant's round state, or a fresh one for its actor when none is stored. */
export function readRoundState(combatant: RoundStateHolder, options?: RulesOptions): RoundState {
  const stored = (combatant.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[ROUND_FLAG];
  if (isRoundState(stored)) return structuredClone(stored);
  const rules = options ?? currentOptions();
  return newRoundState(extraActionsOf(combatant.actor, rules), rules);
}

/** The update that turns `current` (stored, maybe absent) into `next`: changed paths set, stale defense keys deleted. */
export function roundStateUpdate(current: unknown, next: RoundState): Record<string, unknown> {
  const base = `flags.${FLAG_SCOPE}.${ROUND_FLAG}`;
  if (!isRoundState(current)) return { [base]: structuredClone(next) };
  const update: Record<string, unknown> = {};
  const budget = next.budget;
  for (const key of ["perRound", "spent", "extraTaken", "waiting"] as const) {
    if (current.budget[key] !== budget[key]) update[`${base}.budget.${key}`] = budget[key];
  }
  for (const [attackId, count] of Object.entries(budget.defenses)) {
    if (current.budget.defenses[attackId] !== count) update[`${base}.budget.defenses.${attackId}`] = count;
  }
  for (const attackId of Object.keys(current.budget.defenses)) {
    if (!(attackId in budget.defenses)) update[`${base}.budget.defenses.-=${attackId}`] = null;
  }
  if (JSON.stringify(current.parryBonuses) !== JSON.stringify(next.parryBonuses)) {
    update[`${base}.parryBonuses`] = structuredClone(next.parryBonuses);
  }
  return update;
}

/** Store the combatant's round state (nothing is sent when nothing changed). */
export async function writeRoundState(combatant: RoundStateWriter, state: RoundState): Promise<void> {
  const stored = (combatant.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[ROUND_FLAG];
  const update = roundStateUpdate(stored, state);
  if (Object.keys(update).length > 0) await combatant.update(update);
}

/** The world's rule options (CONFIG.CYCHOSYS), or the standard ones outside Foundry. */
export function currentOptions(): RulesOptions {
  return (globalThis as { CONFIG?: { CYCHOSYS?: Rules } }).CONFIG?.CYCHOSYS?.options ?? STANDARD_OPTIONS;
}

// Temporary (until the combat tracker moves its round state to the combat): the GM-only location.
const ROUNDS_FLAG = "rounds";
type CombatHolder = { flags?: Record<string, unknown> | null };

function storedOn(combat: CombatHolder, combatantId: string): unknown {
  const rounds = (combat.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[ROUNDS_FLAG];
  return rounds && typeof rounds === "object" ? (rounds as Record<string, unknown>)[combatantId] : undefined;
}

export function readCombatRoundState(combat: CombatHolder, combatant: { id: string; actor?: { system?: unknown } | null }, options?: RulesOptions): RoundState {
  const stored = storedOn(combat, combatant.id);
  if (isRoundState(stored)) return structuredClone(stored);
  const rules = options ?? currentOptions();
  return newRoundState(extraActionsOf(combatant.actor, rules), rules);
}

export function combatRoundStateUpdate(combat: CombatHolder, combatantId: string, next: RoundState): Record<string, unknown> {
  const update = roundStateUpdate(storedOn(combat, combatantId), next);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) out[key.replace(`flags.${FLAG_SCOPE}.${ROUND_FLAG}`, `flags.${FLAG_SCOPE}.${ROUNDS_FLAG}.${combatantId}`)] = value;
  return out;
}
