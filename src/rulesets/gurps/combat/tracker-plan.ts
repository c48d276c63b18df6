/**
 * The GURPS tracker's plan (pure): the turn order the combat keeps (G9:
 * Basic Speed, then DX, then a random draw, all read once at the fight's
 * start and kept; a late joiner slotted by the same key), who is skipped
 * (G8), the facts a maneuver is checked against (G10, G19, G22–G31, G44,
 * G50), a choice stripped to what its maneuver takes, and the round-state
 * changes at a turn's start and end (G77 shock into force and out, G25 a
 * feint and G23 an evaluate lapsing, G61–G68 defenses counted afresh,
 * G19/G79 stun recovery, G81 the 0-HP roll to stay conscious).
 */
import { type CombatantRef } from "../../../core/transport/ports.js";
import type { GurpsDerived } from "../data/derived.js";
import {
  canAct, compareTurnOrder, consciousnessModifier, moveInOrder, placeByKey, nextTurn, movementAllowance, type MovementAllowance, endTurn, GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, type ManeuverChoice, type ManeuverFacts, type OrderEntry,
  startTurn, successRoll, sumFaces, type SuccessRoll, type TurnStartDue,
} from "../rules/index.js";
import { diffUpdate } from "../../../core/update-diff.js";
import { FLAG_SCOPE, gurpsRoundUpdate, isGurpsRound, readGurpsRound } from "./round-state.js";

/** `flags.cychosys.gurpsOrder`: the kept keys (G9) and whose turn began last (so his end is applied once). */
export interface GurpsOrderState {
  /** G9: Basic Speed, DX and draw kept at the start; `rank`: the place the GM gave by hand (every fighter has one once he reorders). */
  keys: Record<string, { basicSpeed: number; dx: number; draw: number; rank?: number }>;
  /** The combatant whose turn began last, and whether his end was already applied (a recovery roll ends it early). */
  acting: string | null;
  ended: boolean;
  /** `round.turn` of the combat when his turn began: the same turn seen again changes nothing. */
  at: string | null;
  /** G31: a Wait's trigger fired during `of`'s turn: `by` acts now; `of` resumes when he is done (or at the next turn). */
  interrupt: { by: string; of: string } | null;
}
const ORDER = "gurpsOrder";
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const finite = (v: unknown, min: number, max: number): v is number => typeof v === "number" && Number.isFinite(v) && v >= min && v <= max;
const ID = /^[A-Za-z0-9]{1,64}$/;
/** G9: the highest place a GM's order stores (a fight of more fighters than this is not placed by hand). */
export const MAX_RANK = 100_000;

/** The stored order, every malformed entry dropped (it then sorts by its live figures, draw 0). */
export function readGurpsOrder(flags: unknown): GurpsOrderState {
  const raw = isRecord(flags) && isRecord(flags[FLAG_SCOPE]) ? (flags[FLAG_SCOPE] as Record<string, unknown>)[ORDER] : undefined;
  const out: GurpsOrderState = { keys: {}, acting: null, ended: false, at: null, interrupt: null };
  if (!isRecord(raw)) return out;
  if (isRecord(raw.keys)) {
    for (const [id, k] of Object.entries(raw.keys)) {
      if (!ID.test(id) || !isRecord(k) || !finite(k.basicSpeed, 0, 100) || !finite(k.dx, 0, 99) || !finite(k.draw, 0, 1)) continue;
      out.keys[id] = { basicSpeed: k.basicSpeed, dx: k.dx, draw: k.draw, ...(Number.isInteger(k.rank) && finite(k.rank, 0, MAX_RANK) && { rank: k.rank }) };
    }
  }
  if (isRecord(raw.interrupt) && typeof raw.interrupt.by === "string" && ID.test(raw.interrupt.by) && typeof raw.interrupt.of === "string" && ID.test(raw.interrupt.of)) {
    out.interrupt = { by: raw.interrupt.by, of: raw.interrupt.of };
  }
  if (typeof raw.acting === "string" && ID.test(raw.acting)) out.acting = raw.acting;
  out.ended = raw.ended === true;
  if (typeof raw.at === "string" && /^\d{1,6}\.\d{1,4}$/.test(raw.at)) out.at = raw.at;
  return out;
}

/**
 * The combat update storing the order state: only what changed (a turn's
 * start writes `acting` and `at`, not every fighter's key), so a change that
 * cannot move anyone names no key (`orderMayHaveChanged`). `previous` is the
 * order as read (`readGurpsOrder`); null writes it whole.
 */
export function gurpsOrderUpdate(next: GurpsOrderState, previous: GurpsOrderState | null): Record<string, unknown> {
  return diffUpdate(`flags.${FLAG_SCOPE}.${ORDER}`, previous ?? undefined, next);
}

/**
 * Could this combat update (Foundry's `changed`) change the turn order? Only
 * a change to the kept keys (G9) can — a round state, a turn's start or a
 * stun recovery cannot, and the tracker is not re-sorted for them.
 */
export function orderMayHaveChanged(changed: unknown): boolean {
  if (!isRecord(changed) || !isRecord(changed.flags)) return false;
  const scope = changed.flags[FLAG_SCOPE];
  if (!isRecord(scope)) return Object.keys(changed.flags).some((k) => k === `-=${FLAG_SCOPE}`);
  if (Object.hasOwn(scope, `-=${ORDER}`)) return true;
  const order = scope[ORDER];
  return order !== undefined && (!isRecord(order) || Object.hasOwn(order, "keys") || Object.hasOwn(order, "-=keys"));
}

/** What the order reads of a fighter now (Basic Speed and DX derived; before the fight's start). */
export interface OrderFigures {
  id: string;
  basicSpeed: number;
  dx: number;
}

/** G9: the key a combatant sorts by: kept when stored, else his figures now with no draw. */
export function orderEntry(order: GurpsOrderState, live: OrderFigures): OrderEntry {
  const kept = order.keys[live.id];
  return kept ? { id: live.id, ...kept } : { id: live.id, basicSpeed: live.basicSpeed, dx: live.dx, draw: 0 };
}

/** G9: Basic Speed, then DX, then the kept draw; equal keys keep the combat's own order (by id, stable). */
export const compareEntries = (a: OrderEntry, b: OrderEntry): number => compareTurnOrder(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * G9: one sort's keys, from ONE read of the stored order: each fighter's key
 * (kept, else his figures now), computed once and remembered for the sort —
 * never the whole order read again per comparison.
 */
export function gurpsSortKeys(flags: unknown): (live: OrderFigures) => OrderEntry {
  const order = readGurpsOrder(flags);
  const known = new Map<string, OrderEntry>();
  return (live) => {
    let entry = known.get(live.id);
    if (!entry) known.set(live.id, (entry = orderEntry(order, live)));
    return entry;
  };
}

/** G9: the fighters in turn order, as the tracker sorts them (`_sortCombatants` over `gurpsSortKeys`). */
export function sortGurpsTurns(flags: unknown, fighters: readonly OrderFigures[]): OrderEntry[] {
  const keyOf = gurpsSortKeys(flags);
  return [...fighters].sort((a, b) => compareEntries(keyOf(a), keyOf(b))).map(keyOf);
}

/**
 * G8: may the fighter whose stored round is `stored` take a turn (not knocked
 * out, dead or defeated)? Read straight from what is stored (no copy): the
 * next turn asks this of one fighter after another.
 */
export function storedGetsTurns(stored: unknown, defeated: boolean): boolean {
  if (defeated) return false;
  return !isGurpsRound(stored) || canAct(stored);
}

/**
 * G8: the turn after the current one, past whoever cannot act (`able`); null
 * when Foundry's own next turn is the same (or nobody can act). Past the last
 * fighter a new round (a new second) begins.
 */
export function nextGurpsTurn(state: { turn: number | null; round: number; ids: readonly string[] }, able: (id: string) => boolean): { turn: number; round: number } | null {
  const { turn, round, ids } = state;
  if (turn === null || ids.length === 0) return null;
  const entries = ids.map((id) => ({ id, basicSpeed: 0, dx: 0, draw: 0 }));
  const next = nextTurn(entries, turn, able);
  if (!next) return null;
  const natural = turn + 1 < ids.length ? { turn: turn + 1, round } : { turn: 0, round: round + 1 };
  const target = { turn: next.index, round: next.newSecond ? round + 1 : round };
  return target.turn === natural.turn && target.round === natural.round ? null : target;
}

/**
 * G9: keys for the combatants that have none yet (the fight's start, or a
 * late joiner): their Basic Speed and DX now and a draw from `random`
 * (0 ≤ draw < 1), kept for the rest of the fight.
 */
export function withKeys(order: GurpsOrderState, fighters: readonly OrderFigures[], random: () => number): GurpsOrderState {
  const keys = { ...order.keys };
  const joined: string[] = [];
  for (const f of fighters) {
    if (keys[f.id]) continue;
    const draw = random();
    keys[f.id] = { basicSpeed: f.basicSpeed, dx: f.dx, draw: Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 0.999999) : 0 };
    joined.push(f.id);
  }
  // G9 [fixed]: into an order the GM placed by hand, a joiner is slotted by the same key.
  if (joined.length === 0 || !Object.values(order.keys).some((k) => k.rank !== undefined)) return { ...order, keys };
  const entry = (id: string): OrderEntry => ({ id, ...keys[id]! });
  const placed = Object.keys(order.keys).map(entry).sort(compareEntries);
  return { ...order, keys: ranksOf(keys, placeByKey(placed, joined.map(entry))) };
}

/**
 * G9 [fixed]: the combat update of the GM's move of `id` to place `to`: the
 * kept keys with every place, and — when the fighter whose turn it is moves
 * in the list — the turn index that keeps it his, with the turn's mark
 * (`at`) moved along, so his turn is not started again. Null: nothing moves.
 */
export function reorderUpdate(
  order: GurpsOrderState, turns: readonly OrderFigures[], now: { round: number; turn: number | null }, id: string, to: number,
): Record<string, unknown> | null {
  const next = reorderedKeys(order, turns, id, to);
  if (!next) return null;
  const before = turns.map((live) => orderEntry(order, live)).sort(compareEntries).map((e) => e.id);
  const currentId = now.turn === null ? undefined : before[now.turn];
  const after = turns.map((live) => orderEntry(next, live)).sort(compareEntries).map((e) => e.id);
  const turn = currentId === undefined ? now.turn : after.indexOf(currentId);
  const marked = currentId !== undefined && order.acting === currentId && order.at === `${now.round}.${now.turn}`;
  const kept = marked && turn !== now.turn ? { ...next, at: `${now.round}.${turn}` } : next;
  return { ...gurpsOrderUpdate(kept, order), ...(turn !== now.turn && { turn }) };
}

/** The keys with each entry's place (`rank`) set from `ordered`. */
function ranksOf(keys: GurpsOrderState["keys"], ordered: readonly OrderEntry[]): GurpsOrderState["keys"] {
  const out: GurpsOrderState["keys"] = { ...keys };
  for (const e of ordered) if (out[e.id]) out[e.id] = { ...out[e.id]!, rank: e.rank! };
  return out;
}

/**
 * G9 [fixed]: the GM moves a fighter to place `to` (0 first) of the order as
 * it stands (`turns`: the combat's turns, each with his figures now): every
 * fighter is given his place, in one change of the kept keys. Null when he is
 * there already (nothing to write). `turns` is read once.
 */
export function reorderedKeys(order: GurpsOrderState, turns: readonly OrderFigures[], id: string, to: number): GurpsOrderState | null {
  const entries = turns.map((live) => orderEntry(order, live)).sort(compareEntries);
  if (!entries.some((e) => e.id === id)) return null;
  const moved = moveInOrder(entries, id, Math.min(to, MAX_RANK));
  if (moved.every((e, i) => e.id === entries[i]!.id && order.keys[e.id]?.rank === i)) return null;
  const keys: GurpsOrderState["keys"] = { ...order.keys };
  for (const e of moved) keys[e.id] = { basicSpeed: e.basicSpeed, dx: e.dx, draw: e.draw, rank: e.rank! };
  return { ...order, keys };
}

/** G19, G22, G25, G44, G50: what a maneuver choice is checked against, from his derived figures and round (and his grappler's ST). */
export function gurpsManeuverFacts(derived: GurpsDerived | undefined, round: GurpsFighterRound, grapplerSt: number): ManeuverFacts {
  const ready = (id: string, stored: boolean) => round.items[id]?.ready ?? stored;
  const weapons = derived?.weapons ?? [];
  return {
    unconscious: round.unconscious,
    dead: round.dead,
    stunned: round.stun,
    grappled: round.grappledBy.length > 0,
    grapplerSt,
    st: derived?.attributes.st ?? 10,
    pinned: round.pinnedBy !== null,
    grapplingUnpinned: round.grappling.some((g) => !g.pinned),
    // G25: a bare hand feints as well as a weapon; G22: an Aim needs a ready ranged weapon.
    meleeReady: true,
    rangedReady: weapons.some((w) => ready(w.id, w.ready) && w.lines.some((l) => l.kind !== "melee")),
  };
}

/** A choice holding only what its maneuver takes (a forged option on another maneuver is dropped; the Wait's trigger trimmed). */
export function normalizeChoice(choice: ManeuverChoice): ManeuverChoice {
  const out: ManeuverChoice = { id: choice.id };
  if (choice.id === "allOutAttack") out.aoaOption = choice.aoaOption ?? null;
  if (choice.id === "allOutDefense") out.aodOption = choice.aodOption ?? null;
  if (choice.id === "wait" && choice.wait) {
    const w = choice.wait;
    out.wait = { trigger: w.trigger.trim(), response: w.response, ...(w.response === "allOutAttack" && { aoaOption: w.aoaOption ?? null }), ...(w.stopThrust === true && { stopThrust: true }) };
  }
  if (choice.id === "aim" || choice.id === "evaluate" || choice.id === "feint" || choice.id === "attack" || choice.id === "allOutAttack" || choice.id === "moveAndAttack") {
    if (choice.targetId) out.targetId = choice.targetId;
  }
  if (choice.id === "aim" || choice.id === "ready" || choice.id === "moveAndReady" || choice.id === "allOutReady") {
    if (choice.itemId) out.itemId = choice.itemId;
  }
  if (choice.id === "aim" && choice.braced === true) out.braced = true;
  if (choice.id === "changePosture") out.posture = choice.posture ?? null;
  if (choice.ranged === true) out.ranged = true;
  return out;
}

/** What a fighter's turn start needs of him (G77 shock by full HP, G81 the 0-HP roll). */
export interface TurnFigures {
  hp: number;
  currentHp: number;
  ht: number;
}

export interface TurnChange {
  update: Record<string, unknown>;
  /** What his turn's start calls for (the 0-HP roll, choking, the forced Do Nothing, what lapsed). */
  due: TurnStartDue | null;
}

/**
 * The combat update when `nextId`'s turn begins: the previous fighter's turn
 * ends first (unless a recovery roll ended it already) — shock, a feint not
 * used, an evaluate not renewed and the major-wound mark lapse — then the new
 * one's starts (G77 shock into force, defenses counted afresh, G19 stunned:
 * Do Nothing). `ref(id)` names a combatant of the combat.
 */
export function turnChange(
  order: GurpsOrderState, nextId: string, at: string, ref: (id: string) => CombatantRef | undefined, figures: (id: string) => TurnFigures | undefined,
  rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): TurnChange {
  const update: Record<string, unknown> = {};
  // The same turn seen twice (a redraw, a second hook) starts nothing again: shock would be counted afresh from nothing.
  if (order.at === at && order.acting === nextId) return { update, due: null };
  const prev = order.acting ? ref(order.acting) : undefined;
  if (prev && !order.ended && order.acting !== nextId) Object.assign(update, gurpsRoundUpdate(prev, endTurn(readGurpsRound(prev))));
  const next = ref(nextId);
  const f = figures(nextId);
  let due: TurnStartDue | null = null;
  if (next && f) {
    const started = startTurn(readGurpsRound(next), f, rules);
    due = started.due;
    // G19: stunned (or choked out of acting), his maneuver is Do Nothing.
    const state = started.due.forcedDoNothing ? { ...started.state, maneuver: { id: "doNothing" as const } } : started.state;
    Object.assign(update, gurpsRoundUpdate(next, state));
  }
  // G31: an interrupt ends with the turn it interrupted.
  Object.assign(update, gurpsOrderUpdate({ ...order, acting: nextId, ended: false, at, interrupt: null }, order));
  return { update, due };
}

/** G8: whether the fighter gets turns (the knocked-out and the dead keep their slot but are skipped). */
export const getsTurns = (round: GurpsFighterRound): boolean => canAct(round);

/**
 * G19, G79: a stunned fighter who did nothing rolls HT (IQ for mental stun)
 * at his turn's end; the faces read by the core. Ends his turn now with the
 * roll (his −4 lasts until his next turn begins).
 */
export function recoveryRoll(round: GurpsFighterRound, derived: GurpsDerived, faces: readonly number[], rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): SuccessRoll {
  const level = round.stun === "mental" ? derived.attributes.iq : derived.attributes.ht;
  return successRoll(level, sumFaces(faces, rules.successDice, "3d6", rules), "other", rules);
}

/**
 * G81: is the HT roll to stay conscious owed now? Owed whatever he does
 * (`due`), or unless this turn is Do Nothing (`unlessDoNothing`: no
 * defense since his last turn, world setting) — chosen, or forced by a stun
 * (G19). Made, or excused by a Do Nothing, it is no longer owed (null).
 */
export function consciousnessOwed(round: GurpsFighterRound): boolean {
  if (!canAct(round)) return false;
  if (round.consciousness === "due") return true;
  if (round.consciousness !== "unlessDoNothing") return false;
  const doingNothing = round.maneuver.id === "doNothing" && (round.chosenTurn === round.turn || round.stun !== null);
  return !doingNothing;
}

/**
 * G81: may he choose this maneuver while the roll is pending? Owed whatever
 * he does, he rolls first; owed unless he does nothing, he rolls first or
 * chooses Do Nothing (which excuses it).
 */
export const consciousnessBars = (round: GurpsFighterRound, maneuver: ManeuverChoice["id"]): boolean =>
  consciousnessOwed(round) && (round.consciousness === "due" || maneuver !== "doNothing");

/** G81 (fill): the HT roll to stay conscious, at −1 per full multiple of HP below zero, the 3d6 faces read by the core. */
export function consciousnessRoll(derived: GurpsDerived, faces: readonly number[], rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): SuccessRoll {
  const level = derived.attributes.ht + consciousnessModifier(derived.hp.value, derived.hp.max);
  return successRoll(level, sumFaces(faces, rules.successDice, "3d6", rules), "other", rules);
}

export const endTurnWith = (round: GurpsFighterRound, recovery: SuccessRoll): GurpsFighterRound => endTurn(round, recovery);

/**
 * G12, G13, G26, G28, G34: what his maneuver this turn lets him move, in his
 * posture, at his Move now (encumbrance and reeling applied, G80), a sprint
 * counted from his second consecutive Move; and how much of it is left.
 */
export function moveLeft(round: GurpsFighterRound, moveNow: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { allowance: MovementAllowance; left: number } {
  const m = round.maneuver;
  const allowance = movementAllowance(m.id, moveNow, {
    posture: round.posture, crouching: round.crouching, aodOption: m.aodOption ?? null, bracedTwoHanded: m.id === "aim" && m.braced === true,
    sprintStreak: m.id === "move" ? Math.max(0, round.sprintStreak - 1) : 0,
  }, rules);
  // G15: a step spent on kneeling ↔ standing leaves no step to move.
  if (allowance.isStep && round.postureStepTurn === round.turn) return { allowance, left: 0 };
  return { allowance, left: Math.max(0, allowance.yards - round.yardsMoved) };
}
