/**
 * The chase window's state changes (R39), as the GM's client applies them to
 * the world setting: each command checked against the user (only the GM runs
 * the chase; an actor's owners may record its move), then carried out by the
 * pure chase module (src/workflow/chase.ts). A player's move arrives as a
 * request naming their roll message; `moveFromMessage` reads the total from
 * that message and checks that the player wrote it for that actor.
 */
import { type ChartTable, type RulesOptions } from "../../rules/index.js";
import { type ChaseParticipant, type ChaseState, nextChaseRound, recordMove, setTerrain, startChase } from "../../workflow/chase.js";
import { format, localize } from "../../foundry/i18n.js";

/** Skills a chase move may be rolled with: move on foot, drive or pilot for vehicles (R39). */
export const CHASE_SKILLS = ["move", "drive", "pilot"] as const;

export type ChaseCommand =
  | { kind: "start"; landmark: string }
  | { kind: "landmark"; landmark: string }
  | { kind: "add"; participant: Omit<ChaseParticipant, "move" | "terrain"> & { terrain?: number } }
  | { kind: "remove"; actorUuid: string }
  | { kind: "position"; actorUuid: string; position: number }
  | { kind: "terrain"; actorUuid: string; terrain: number; barrier: number | null }
  | { kind: "move"; actorUuid: string; total: number }
  | { kind: "nextRound"; quickness: Record<string, number> }
  | { kind: "end" };

export interface ChaseUser {
  isGM: boolean;
  owns(actorUuid: string): boolean;
}

/** A stored setting value that is a chase under way. */
export function isChaseState(value: unknown): value is ChaseState {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<ChaseState>;
  return typeof v.landmark === "string" && typeof v.round === "number" && Array.isArray(v.participants) && Array.isArray(v.history);
}

const whole = (n: number) => (Number.isFinite(n) ? Math.trunc(n) : 0);

/** Apply one command for `user`; throws (a localized message) when the user may not, or the rules refuse. */
export function applyChaseCommand(
  state: ChaseState | null,
  command: ChaseCommand,
  user: ChaseUser,
  chart?: ChartTable,
  options?: RulesOptions,
): ChaseState | null {
  if (command.kind === "move") {
    if (!state) throw new Error(localize("CYCHOSYS.Chase.none"));
    if (!user.isGM && !user.owns(command.actorUuid)) throw new Error(localize("CYCHOSYS.Chase.notYours"));
    return recordMove(state, command.actorUuid, whole(command.total), chart, options);
  }
  if (!user.isGM) throw new Error(localize("CYCHOSYS.Chase.gmOnly"));
  if (command.kind === "start") return startChase(command.landmark.trim() || localize("CYCHOSYS.Chase.defaultLandmark"), []);
  if (command.kind === "end") return null;
  if (!state) throw new Error(localize("CYCHOSYS.Chase.none"));
  switch (command.kind) {
    case "landmark":
      return { ...state, landmark: command.landmark.trim() || state.landmark };
    case "add": {
      if (state.participants.some((p) => p.actorUuid === command.participant.actorUuid)) return state;
      const p = command.participant;
      return {
        ...state,
        participants: [...state.participants, { actorUuid: p.actorUuid, name: p.name, position: whole(p.position), quickness: whole(p.quickness), terrain: whole(p.terrain ?? 0) }],
      };
    }
    case "remove":
      return { ...state, participants: state.participants.filter((p) => p.actorUuid !== command.actorUuid) };
    case "position":
      return { ...state, participants: state.participants.map((p) => (p.actorUuid === command.actorUuid ? { ...p, position: whole(command.position) } : p)) };
    case "terrain":
      return setTerrain(state, command.actorUuid, whole(command.terrain), command.barrier === null ? undefined : whole(command.barrier));
    case "nextRound": {
      const next = nextChaseRound(state);
      return { ...next, participants: next.participants.map((p) => ({ ...p, quickness: command.quickness[p.actorUuid] ?? p.quickness })) };
    }
  }
}

/** What the GM reads of a player's roll message. */
export interface MoveMessageFacts {
  authorId: string | null;
  speakerActorId: string | null;
  totalKey: unknown;
  total: unknown;
}

/**
 * The move total a roll message carries for a chase move: written by the
 * requesting user, spoken by the actor, rolled with one of its chase skills.
 */
export function moveFromMessage(message: MoveMessageFacts | null, userId: string, actor: { id: string; name: string; chaseKeys: string[] }): number {
  if (!message) throw new Error(localize("CYCHOSYS.Chase.noRoll"));
  if (message.authorId !== userId || message.speakerActorId !== actor.id) throw new Error(format("CYCHOSYS.Chase.notYourRoll", { name: actor.name }));
  if (typeof message.totalKey !== "string" || !actor.chaseKeys.includes(message.totalKey)) throw new Error(format("CYCHOSYS.Chase.notAMove", { name: actor.name }));
  if (typeof message.total !== "number") throw new Error(localize("CYCHOSYS.Chase.noRoll"));
  return message.total;
}

/** The action totals an actor can roll for a chase move: its move, drive and pilot skills (no finesse). */
export function chaseTotals(totals: readonly { key: string; skillName: string; finesseName?: string; gearId?: string; formula: string }[]): { key: string; skill: string; formula: string }[] {
  return totals
    .filter((t) => !t.finesseName && !t.gearId && (CHASE_SKILLS as readonly string[]).includes(t.skillName.toLowerCase()))
    .map((t) => ({ key: t.key, skill: t.skillName.toLowerCase(), formula: t.formula }));
}
