/**
 * W24 Swarm Attack, the joining: assailants of one side take the action one
 * by one against one target in the same round, up to four; the swarm is
 * ready to strike when the fourth joins, when the side's controller closes
 * it, or at the latest when the side's turn ends. With a single member it
 * is a normal attack. "Still standing" is counted when the blow is made.
 */
import { CwnError } from "./errors.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { echoString } from "../../../core/echo.js";

export interface CwnSwarm {
  readonly id: number;
  readonly sideId: string;
  readonly targetId: string;
  readonly round: number;
  readonly participants: readonly string[];
  /** open: others may join; ready: the blow is owed (one member attacks at once). */
  readonly status: "open" | "ready";
}

/** Join (or start) the open swarm of this side against this target; a fifth is refused. */
export function joinSwarm(
  swarms: readonly CwnSwarm[],
  join: { fighterId: string; sideId: string; targetId: string; round: number },
  rules: Readonly<CwnRules> = CWN_STANDARD_RULES,
): { swarms: CwnSwarm[]; swarm: CwnSwarm } {
  if (swarms.some((s) => s.participants.includes(join.fighterId) && s.round === join.round)) throw new CwnError("swarmAlreadyIn", { id: echoString(join.fighterId) });
  const found = swarms.find((s) => s.sideId === join.sideId && s.targetId === join.targetId && s.round === join.round && s.status === "open");
  const full = swarms.find((s) => s.sideId === join.sideId && s.targetId === join.targetId && s.round === join.round && s.status === "ready" && s.participants.length >= rules.swarmMaxParticipants);
  if (!found && full) throw new CwnError("swarmFull", { max: rules.swarmMaxParticipants });
  const nextId = swarms.reduce((m, s) => Math.max(m, s.id), 0) + 1;
  const base: CwnSwarm = found ?? { id: nextId, sideId: join.sideId, targetId: join.targetId, round: join.round, participants: [], status: "open" };
  const participants = [...base.participants, join.fighterId];
  const swarm: CwnSwarm = { ...base, participants, status: participants.length >= rules.swarmMaxParticipants ? "ready" : "open" };
  return { swarms: found ? swarms.map((s) => (s === found ? swarm : s)) : [...swarms, swarm], swarm };
}

/** The side's controller closes a swarm: the blow is owed now. */
export function closeSwarm(swarms: readonly CwnSwarm[], id: number): CwnSwarm[] {
  const swarm = swarms.find((s) => s.id === id);
  if (!swarm) throw new CwnError("swarmUnknown", { id });
  return swarms.map((s) => (s.id === id ? { ...s, status: "ready" as const } : s));
}

/** W24: the blow's figures: members still standing (the striker included) and whether it is a swarm at all. */
export function swarmBlow(swarm: CwnSwarm, standing: (fighterId: string) => boolean, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { participants: number; standing: number; isSwarm: boolean } {
  const up = swarm.participants.filter(standing).length;
  return { participants: swarm.participants.length, standing: up, isSwarm: swarm.participants.length >= rules.swarmMinParticipants };
}
