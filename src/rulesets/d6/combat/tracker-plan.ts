/**
 * The OpenD6 tracker's round as pure functions over what the combat holds
 * (round-state.ts, on `flags.cychosys`): the initiative the GM reads from a
 * roller's faces with the rules core (D6, D8, D9, D37), the round's order
 * (D5–D7: the core's `initiativeOrder`, never `combatant.initiative`, which a
 * player may write), whether the order is being rolled or set, the start of a
 * round (D6: everyone rolls again; D11: unused actions forfeited) and of a
 * turn (D18: defenses in force end). Pure.
 */
import { diffUpdate } from "../../../core/update-diff.js";
import { addDice, type DieCode, initiativeOrder, startTurn, type InitiativeTurn, rollInitiative, type RollFaces, D6_STANDARD_RULES, type D6Rules } from "../rules/index.js";
import type { D6CombatantFacts } from "./facts.js";
import { applyD6RoundOperation, type D6Initiative, type D6RoundState, FLAG_SCOPE } from "./round-state.js";

/** The round's order as the GM holds it: being rolled (D6, D9) or set; the GM's places (D5). */
export interface D6OrderState {
  round: number;
  set: boolean;
  /** D5: combatant id → its place (0 = first) this round. */
  overrides: Record<string, number>;
}

const ORDER = "d6Order";
/** D5: the last place (0-based) a GM may move a combatant to: far beyond any table, so a fight of thousands can be ordered. */
export const D6_MAX_PLACE = 99_999;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const isWhole = (v: unknown, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

/** The combat's order state (a fresh, unset one for `round` when it holds none or a malformed one). */
export function readD6Order(flags: Record<string, unknown> | undefined, round: number): D6OrderState {
  const value = isRecord(flags?.[FLAG_SCOPE]) ? (flags[FLAG_SCOPE] as Record<string, unknown>)[ORDER] : undefined;
  if (isRecord(value) && isWhole(value.round, 99_999) && value.round === round && typeof value.set === "boolean" && isRecord(value.overrides)) {
    const overrides: Record<string, number> = {};
    for (const [id, at] of Object.entries(value.overrides)) if (isWhole(at, D6_MAX_PLACE)) overrides[id] = at;
    return { round, set: value.set, overrides };
  }
  return { round, set: false, overrides: {} };
}

/** The combat update that stores `next` (changed paths only). */
export function d6OrderUpdate(flags: Record<string, unknown> | undefined, next: D6OrderState): Record<string, unknown> {
  const current = isRecord(flags?.[FLAG_SCOPE]) ? (flags[FLAG_SCOPE] as Record<string, unknown>)[ORDER] : undefined;
  return diffUpdate(`flags.${FLAG_SCOPE}.${ORDER}`, current, next);
}

/** D6, D37: the code rolled for initiative — Perception less the wound dice (never the multi-action penalty, D12). */
export function initiativeCode(facts: D6CombatantFacts): DieCode {
  return addDice(facts.perception, -facts.wound.penaltyDice);
}

/**
 * D6/D8/D9: the initiative the GM reads from the faces a roller sent, with
 * the core (which refuses faces that do not fit the code: their count, their
 * range, a broken Wild Die chain) and the Character Point dice spent so far.
 */
export function readInitiative(
  facts: D6CombatantFacts,
  faces: RollFaces,
  round: number,
  extra: { group?: string; characterPointDice?: readonly (readonly number[])[] } = {},
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): D6Initiative {
  const chains = (extra.characterPointDice ?? []).map((c) => [...c]);
  const result = rollInitiative({ perception: facts.perception, woundDice: facts.wound.penaltyDice, roll: faces, bonus: facts.initiativeBonus, characterPointDice: chains }, rules);
  return {
    round,
    total: result.total,
    playerCharacter: facts.playerCharacter,
    ...(extra.group !== undefined && { group: extra.group }),
    roll: { dice: [...faces.dice], wild: [...faces.wild] },
    code: { dice: result.code.dice, pips: result.code.pips },
    bonus: facts.initiativeBonus,
    characterPointDice: chains,
    exploded: faces.wild.length > 1,
    complication: result.reading.complication,
  };
}

/** D9: the initiative with one more Character Point die (a Wild Die chain), re-read by the core from its own faces (the world's limit applies). */
export function withCharacterPoint(initiative: D6Initiative, chain: readonly number[], rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Initiative {
  if (!initiative.roll || !initiative.code) throw new TypeError("This initiative was not read from a roll");
  const chains = [...(initiative.characterPointDice ?? []).map((c) => [...c]), [...chain]];
  const result = rollInitiative({ perception: initiative.code, roll: initiative.roll, bonus: initiative.bonus ?? 0, characterPointDice: chains }, rules);
  return { ...initiative, total: result.total, characterPointDice: chains };
}

/** A combatant in the order: its id, its facts, its round state. */
export interface OrderEntry {
  id: string;
  facts: Pick<D6CombatantFacts, "playerCharacter">;
  state: D6RoundState;
}

export interface D6Turn extends InitiativeTurn {
  /** No initiative this round yet: listed last, in the combat's order. */
  readonly unrolled: boolean;
}

/** D5–D7: this round's order — rolled totals by the core's `initiativeOrder` (ties: player characters first; the GM's places), then the unrolled. */
export function d6TurnOrder(entries: readonly OrderEntry[], order: D6OrderState): D6Turn[] {
  const rolled = entries.filter((e) => e.state.initiative?.round === order.round);
  const unrolled = entries.filter((e) => e.state.initiative?.round !== order.round);
  const rolledIds = new Set(rolled.map((e) => e.id));
  const overrides = Object.entries(order.overrides)
    .filter(([id]) => rolledIds.has(id))
    .map(([id, position]) => ({ id, position }));
  const turns = initiativeOrder(
    rolled.map((e) => ({ id: e.id, total: e.state.initiative!.total, playerCharacter: e.facts.playerCharacter, ...(e.state.initiative!.group !== undefined && { group: e.state.initiative!.group }) })),
    overrides,
  ).map((t) => ({ ...t, unrolled: false }));
  let tieGroup = (turns.at(-1)?.tieGroup ?? -1) + 1;
  for (const e of unrolled) turns.push({ id: e.id, total: 0, playerCharacter: e.facts.playerCharacter, group: null, overridden: false, tieGroup: tieGroup++, simultaneous: false, unrolled: true });
  return turns;
}

/** D6, D11, D18: each combatant's state at the start of `round` — actions reset, initiative cleared (everyone rolls again), defenses kept until its turn. */
export function roundStartState(state: D6RoundState, round: number): D6RoundState {
  const next = applyD6RoundOperation(state, { kind: "startRound", round });
  return { round: next.round };
}

/** D18 (fill): at the start of its owner's turn (before N), defenses in force end — unless N was already declared this round by moving up (D15). */
export function turnStartState(state: D6RoundState): D6RoundState {
  const round = startTurn(state.round);
  return round === state.round ? state : { ...state, round };
}

/**
 * D7 [fixed]: while a tie group is acting (the current turn is one of its
 * turns), the last turn of the group `combatantId` belongs to — its actions'
 * effects apply only after that turn; else null (no tie, or not acting now).
 */
export function actingTieEnd(turns: readonly D6Turn[], currentIndex: number | null, combatantId: string): D6Turn | null {
  const current = currentIndex === null ? undefined : turns[currentIndex];
  const mine = turns.find((t) => t.id === combatantId);
  if (!current || !mine || !mine.simultaneous || mine.unrolled || mine.tieGroup !== current.tieGroup) return null;
  return turns.filter((t) => t.tieGroup === mine.tieGroup).at(-1) ?? null;
}
