/**
 * A chase (R39) as plain state for the chase tracker: participants with
 * positions relative to a landmark, a terrain rank per participant per round
 * set by the GM, move totals rolled by each owner, positions advanced by
 * rank + quickness − terrain. Pure; the window stores it in a setting or a
 * flag and shows it as a track.
 */
import { type ChartTable, chaseMove, type RulesOptions, STANDARD_CHART, STANDARD_OPTIONS } from "../rules/index.js";
import { FlowError } from "./errors.js";

export interface ChaseParticipant {
  actorUuid: string;
  name: string;
  position: number;
  quickness: number;
  /** This round's terrain rank (R39), set by the GM. */
  terrain: number;
  /** A barrier the participant cannot pass this round (a closed door). */
  barrier?: number;
  /** This round's move, once rolled. */
  move?: { total: number; rank: number; change: number; from: number; to: number; stopped: boolean };
}

export interface ChaseState {
  landmark: string;
  round: number;
  participants: ChaseParticipant[];
  /** Every move made, for the log. */
  history: { round: number; actorUuid: string; total: number; rank: number; terrain: number; change: number; to: number }[];
  /** R39: the roll messages that made a move in this chase (each moves once only), all of them — as `history` keeps every move. */
  usedRolls?: string[];
}

/**
 * How many used roll message ids are kept once a chase ends, so an old roll
 * cannot move anyone in the next one: the newest. While a chase runs every
 * one is kept — a chase of a thousand participants makes a thousand moves a
 * round, and a capped list would let a roll from an earlier round move again.
 */
export const MAX_USED_ROLLS = 500;

export function startChase(landmark: string, participants: Omit<ChaseParticipant, "move">[]): ChaseState {
  return { landmark, round: 1, participants: participants.map((p) => ({ ...p })), history: [] };
}

function find(state: ChaseState, actorUuid: string): number {
  const index = state.participants.findIndex((p) => p.actorUuid === actorUuid);
  if (index < 0) throw new FlowError("noSuchTarget", { index: actorUuid });
  return index;
}

function replace(state: ChaseState, index: number, participant: ChaseParticipant): ChaseState {
  const participants = state.participants.slice();
  participants[index] = participant;
  return { ...state, participants };
}

/** The GM sets a participant's terrain rank (and barrier) for this round. */
export function setTerrain(state: ChaseState, actorUuid: string, terrain: number, barrier?: number): ChaseState {
  const index = find(state, actorUuid);
  const p = { ...state.participants[index]!, terrain: Math.max(0, Math.trunc(terrain)) };
  if (barrier === undefined) delete p.barrier;
  else p.barrier = barrier;
  return replace(state, index, p);
}

/** R39: a participant's move total this round advances them by rank + quickness − terrain. Once per round. */
export function recordMove(
  state: ChaseState,
  actorUuid: string,
  moveTotal: number,
  chart: ChartTable = STANDARD_CHART,
  options: RulesOptions = STANDARD_OPTIONS,
): ChaseState {
  const index = find(state, actorUuid);
  const p = state.participants[index]!;
  if (p.move) throw new FlowError("alreadyMoved", { name: p.name });
  const move = chaseMove(
    { position: p.position, moveTotal, quickness: p.quickness, terrain: p.terrain, ...(p.barrier !== undefined && { barrier: p.barrier }) },
    chart,
    options,
  );
  const next: ChaseParticipant = {
    ...p,
    position: move.position,
    move: { total: moveTotal, rank: move.rank, change: move.change, from: p.position, to: move.position, stopped: move.stopped },
  };
  const after = replace(state, index, next);
  return {
    ...after,
    history: [...state.history, { round: state.round, actorUuid, total: moveTotal, rank: move.rank, terrain: p.terrain, change: move.change, to: move.position }],
  };
}

/** Next round: moves clear, terrain and barriers stay until the GM changes them. */
export function nextChaseRound(state: ChaseState): ChaseState {
  return {
    ...state,
    round: state.round + 1,
    participants: state.participants.map(({ move: _move, ...rest }) => rest),
  };
}

/** Who has not moved yet this round. */
export function waitingToMove(state: ChaseState): ChaseParticipant[] {
  return state.participants.filter((p) => !p.move);
}
