/**
 * The chase window's context (R39): the landmark, the round, each
 * participant's position, quickness, terrain, barrier and this round's move,
 * the rolls this user may make, and a horizontal track with the landmark at
 * 0, barriers and everyone's marker. Pure: the window and the preview
 * harness render templates/chase/chase.hbs with it.
 */
import type { ChaseState } from "../workflow/chase.js";

export const CHASE_TEMPLATE = "systems/cychosys/templates/chase/chase.hbs";

export interface ChaseViewUser {
  isGM: boolean;
  owns(actorUuid: string): boolean;
  /** The chase rolls an actor offers (move, drive, pilot), for its owners. */
  rollsFor(actorUuid: string): { key: string; skill: string; formula: string }[];
}

const percent = (value: number, min: number, max: number) => Math.round(((value - min) / (max - min)) * 1000) / 10;

export function chaseView(state: ChaseState | null, user: ChaseViewUser, hasCombat = false) {
  if (!state) return { active: false as const, isGM: user.isGM, hasCombat };
  const figures = [0, ...state.participants.map((p) => p.position), ...state.participants.flatMap((p) => (p.barrier !== undefined ? [p.barrier] : []))];
  const low = Math.min(...figures);
  const high = Math.max(...figures);
  const pad = Math.max(2, Math.ceil((high - low) * 0.1));
  const min = low - pad;
  const max = high + pad;
  const step = max - min > 60 ? 10 : 5;
  const ticks: { value: number; left: number }[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) ticks.push({ value: v, left: percent(v, min, max) });
  const barriers = [...new Set(state.participants.flatMap((p) => (p.barrier !== undefined ? [p.barrier] : [])))].map((value) => ({ value, left: percent(value, min, max) }));
  const names = new Map(state.participants.map((p) => [p.actorUuid, p.name]));
  const participants = state.participants.map((p, index) => {
    const mine = user.isGM || user.owns(p.actorUuid);
    return {
      index,
      actorUuid: p.actorUuid,
      name: p.name,
      position: p.position,
      quickness: p.quickness,
      terrain: p.terrain,
      barrier: p.barrier ?? null,
      hasBarrier: p.barrier !== undefined,
      moved: !!p.move,
      move: p.move ?? null,
      rolls: !p.move && mine ? user.rollsFor(p.actorUuid) : [],
      noRoll: !p.move && mine && user.rollsFor(p.actorUuid).length === 0,
      left: percent(p.position, min, max),
      /** The label sits on the side with room: after the point in the left half, before it in the right. */
      anchor: percent(p.position, min, max) > 50 ? "end" : "start",
      lane: index,
    };
  });
  return {
    active: true as const,
    isGM: user.isGM,
    hasCombat,
    landmark: state.landmark,
    round: state.round,
    waiting: participants.filter((p) => !p.moved).length,
    participants,
    track: { ticks, barriers, landmark: percent(0, min, max), landmarkAnchor: percent(0, min, max) > 50 ? "end" : "start", lanes: participants.length },
    history: state.history
      .slice()
      .reverse()
      .map((h) => ({ ...h, name: names.get(h.actorUuid) ?? h.actorUuid })),
  };
}
