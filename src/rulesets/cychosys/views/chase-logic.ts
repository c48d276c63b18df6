/**
 * The chase window's state changes (R39), as the GM's client applies them to
 * the world setting: each command checked against the user (only the GM runs
 * the chase; an actor's owners may record its move), then carried out by the
 * pure chase module (src/workflow/chase.ts). A player's move arrives as a
 * request naming their roll message; `moveFromMessage` reads the total from
 * that message and checks it (R39): the player wrote it for that actor, with
 * one of its chase skills, and the total is one that roll's own dice can give.
 * A roll message moves once only: the chase keeps the ids used (GM-written).
 */
import { type ChartTable, readDie, type RulesOptions } from "../rules/index.js";
import { cychosysRollTotal } from "../data/derive/roll.js";
import { type ChaseParticipant, type ChaseState, MAX_USED_ROLLS, nextChaseRound, recordMove, setTerrain, startChase } from "../workflow/chase.js";
import { format, localize } from "../../../core/i18n.js";
import { Refusal } from "../../../core/combat-errors.js";

/** Skills a chase move may be rolled with: move on foot, drive or pilot for vehicles (R39). */
export const CHASE_SKILLS = ["move", "drive", "pilot"] as const;

export type ChaseCommand =
  | { kind: "start"; landmark: string }
  | { kind: "landmark"; landmark: string }
  | { kind: "add"; participant: Omit<ChaseParticipant, "move" | "terrain"> & { terrain?: number } }
  | { kind: "remove"; actorUuid: string }
  | { kind: "position"; actorUuid: string; position: number }
  | { kind: "terrain"; actorUuid: string; terrain: number; barrier: number | null }
  | { kind: "move"; actorUuid: string; total: number; messageId: string }
  | { kind: "nextRound"; quickness: Record<string, number> }
  | { kind: "end" };

export interface ChaseUser {
  isGM: boolean;
  owns(actorUuid: string): boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** A stored setting value that is a chase under way (its participants well-formed). */
export function isChaseState(value: unknown): value is ChaseState {
  if (!isRecord(value)) return false;
  const v = value as Partial<ChaseState>;
  return (
    typeof v.landmark === "string" &&
    isNumber(v.round) &&
    Array.isArray(v.history) &&
    Array.isArray(v.participants) &&
    v.participants.every(
      (p) =>
        isRecord(p) &&
        typeof p.actorUuid === "string" &&
        typeof p.name === "string" &&
        isNumber(p.position) &&
        isNumber(p.quickness) &&
        isNumber(p.terrain) &&
        (p.barrier === undefined || isNumber(p.barrier)) &&
        (p.move === undefined || isRecord(p.move)),
    ) &&
    (v.usedRolls === undefined || Array.isArray(v.usedRolls))
  );
}

/** The roll message ids a stored value (a chase, or what an ended one left) has used. */
export function usedRollsOf(value: unknown): string[] {
  const list = isRecord(value) && Array.isArray(value.usedRolls) ? value.usedRolls : [];
  return list.filter((id): id is string => typeof id === "string" && /^[A-Za-z0-9]{1,64}$/.test(id));
}

/** Remember one more used roll message id (all of a running chase's are kept). */
export function rememberRoll(used: readonly string[] | undefined, messageId: string): string[] {
  return [...(used ?? []), messageId];
}

/**
 * The setting's next value: the chase after `command`, or — when there is
 * none — only the roll ids used so far, so an old roll cannot move anyone in
 * the next chase either.
 */
export function nextStoredChase(
  stored: unknown,
  command: ChaseCommand,
  user: ChaseUser,
  chart?: ChartTable,
  options?: RulesOptions,
): ChaseState | { usedRolls: string[] } {
  const used = usedRollsOf(stored);
  const state = isChaseState(stored) ? { ...stored, usedRolls: used } : null;
  const next = applyChaseCommand(state, command, user, chart, options);
  // Between chases only the newest are kept; a new chase starts from those.
  const kept = used.slice(-MAX_USED_ROLLS);
  if (!next) return { usedRolls: kept };
  return command.kind === "start" ? { ...next, usedRolls: kept } : next;
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
    if (!state) throw new Refusal(localize("CYCHOSYS.Chase.none"));
    if (!user.isGM && !user.owns(command.actorUuid)) throw new Refusal(localize("CYCHOSYS.Chase.notYours"));
    if (state.usedRolls?.includes(command.messageId)) throw new Refusal(localize("CYCHOSYS.Chase.rollUsed"));
    const moved = recordMove(state, command.actorUuid, whole(command.total), chart, options);
    return { ...moved, usedRolls: rememberRoll(state.usedRolls, command.messageId) };
  }
  if (!user.isGM) throw new Refusal(localize("CYCHOSYS.Chase.gmOnly"));
  if (command.kind === "start") return startChase(command.landmark.trim() || localize("CYCHOSYS.Chase.defaultLandmark"), []);
  if (command.kind === "end") return null;
  if (!state) throw new Refusal(localize("CYCHOSYS.Chase.none"));
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

/** One term of a Foundry Roll, as the GM's client reads it from the roll message. */
export type RollTermFacts =
  | { kind: "dice"; denomination: string; number: number; results: number[] }
  | { kind: "number"; value: number }
  | { kind: "operator"; operator: string }
  | { kind: "other" };

/** The roll a message carries (`message.rolls[0]`): its stored total and its terms. */
export interface RollFacts {
  total: unknown;
  terms: RollTermFacts[];
}

/** What the GM reads of a player's roll message. */
export interface MoveMessageFacts {
  authorId: string | null;
  speakerActorId: string | null;
  totalKey: unknown;
  /** `flags.cychosys.total`, as the roll card wrote it. */
  total: unknown;
  roll: RollFacts | null;
}

/** A chase total an actor can roll: its key, and its dice and static part (R13). */
export interface ChaseTotal {
  key: string;
  dice: number;
  static: number;
}

/**
 * R11–R13: what a roll's terms can give — only Cychosys dice (`dc`) added and
 * numbers added or subtracted: N dice + static gives 0 to static + 10·N (a
 * die adds at most 10; a total is never below 0). Null for anything else
 * (another die, multiplication, a die subtracted), which no move is rolled with.
 */
export function rollBounds(roll: RollFacts): { dice: number; static: number; faces: number[]; max: number } | null {
  let sign = 1;
  let dice = 0;
  let total = 0;
  const faces: number[] = [];
  for (const term of roll.terms) {
    if (term.kind === "operator") {
      if (term.operator !== "+" && term.operator !== "-") return null;
      sign = term.operator === "-" ? -sign : sign;
      continue;
    }
    if (term.kind === "number") {
      if (!Number.isInteger(term.value)) return null;
      total += sign * term.value;
    } else if (term.kind === "dice") {
      if (sign < 0 || (term.denomination !== "dc" && term.denomination !== "c") || !Number.isInteger(term.number) || term.number < 1 || term.number > 99) return null;
      dice += term.number;
      faces.push(...term.results);
    } else return null;
    sign = 1;
  }
  if (dice === 0) return null;
  return { dice, static: total, faces, max: Math.max(0, total + 10 * dice) };
}

/**
 * R39: the move total a roll message carries: written by the requesting user,
 * spoken by the actor, rolled with one of its chase totals (the formula that
 * total gives: its dice and static part), and a total within what that roll's
 * dice can give (bounded by its terms, not by the total stored with it) that
 * its own dice add up to. Throws a localized refusal otherwise.
 */
export function moveFromMessage(message: MoveMessageFacts | null, userId: string, actor: { id: string; name: string; chaseTotals: ChaseTotal[] }): number {
  if (!message) throw new Refusal(localize("CYCHOSYS.Chase.noRoll"));
  const name = actor.name;
  if (message.authorId !== userId || message.speakerActorId !== actor.id) throw new Refusal(format("CYCHOSYS.Chase.notYourRoll", { name }));
  const chaseTotal = actor.chaseTotals.find((t) => t.key === message.totalKey);
  if (typeof message.totalKey !== "string" || !chaseTotal) throw new Refusal(format("CYCHOSYS.Chase.notAMove", { name }));
  if (!message.roll) throw new Refusal(localize("CYCHOSYS.Chase.noRoll"));
  const bounds = rollBounds(message.roll);
  if (!bounds || bounds.dice !== Math.max(1, chaseTotal.dice) || bounds.static !== chaseTotal.static) throw new Refusal(format("CYCHOSYS.Chase.badRoll", { name }));
  const total = message.roll.total;
  if (typeof total !== "number" || !Number.isInteger(total) || total < 0 || total > bounds.max) {
    throw new Refusal(format("CYCHOSYS.Chase.rollOutOfBounds", { name, total: String(total), max: bounds.max }));
  }
  // The dice it shows must give that total (R11, R12), and the card must say the same.
  const faces = bounds.faces;
  const facesOk = faces.length === bounds.dice && faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 12);
  const sum = facesOk ? faces.reduce((t, f) => t + readDie(f).value, 0) : NaN;
  if (!facesOk || cychosysRollTotal(bounds.static + sum, faces) !== total || message.total !== total) {
    throw new Refusal(format("CYCHOSYS.Chase.rollMismatch", { name }));
  }
  return total;
}

/** A derived action total as the chase reads it (`system.derived.totals`). */
export interface DerivedTotalFacts {
  key: string;
  skillName: string;
  finesseName?: string;
  gearId?: string;
  formula: string;
  dice?: number;
  static?: number;
}

/** The action totals an actor can roll for a chase move: its move, drive and pilot skills (no finesse). */
export function chaseTotals(totals: readonly DerivedTotalFacts[]): { key: string; skill: string; formula: string; dice: number; static: number }[] {
  return totals
    .filter((t) => !t.finesseName && !t.gearId && (CHASE_SKILLS as readonly string[]).includes(t.skillName.toLowerCase()))
    .map((t) => ({ key: t.key, skill: t.skillName.toLowerCase(), formula: t.formula, dice: t.dice ?? 1, static: t.static ?? 0 }));
}
