/**
 * The whole fight as pure transitions the tracker calls (§7 "What a VTT must
 * track"): sides and their initiative (W2, W3), whose turn it is and each
 * side's turn done or pending (W4), the round's end (W5), Morale (W6), the
 * fighters' rounds (round.ts), swarms (swarm.ts), screening uses (W26) and a
 * side joining mid-fight (W3). Every transition returns the new state and
 * the events it caused (for the chat note and the log), or throws a
 * CwnError naming the reason.
 */
import { echoString } from "../../../core/echo.js";
import type { CwnActionId } from "./actions.js";
import { CwnError } from "./errors.js";
import { rollSideInitiative, requireSideOrder, type SideInitiative } from "./initiative.js";
import { checkMorale, moraleDue } from "./morale.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import {
  type ActionContext, beginFighterTurn, type CwnFighterRound, endFighterTurn, newFighterRound, nextFighterRound, passFighterTurn, takeAction,
} from "./round.js";
import { spendScreenUse, stateFigures, type TimedEffectKind } from "./states.js";
import { closeSwarm, type CwnSwarm, joinSwarm } from "./swarm.js";
import { type AdjacentEnemy, freeAttacksOnLeaving } from "./timing.js";
import type { DownedState } from "./types.js";

export interface CwnMemberSetup {
  id: string;
  /** W3: the Dexterity modifier; null without attributes. */
  dex: number | null;
  canSnap?: boolean;
  /** W3: able to act (a member already down does not count for the side's best Dex); default true. */
  able?: boolean;
  /** W36: lying prone when the fight starts (or the side arrives). */
  prone?: boolean;
}

export interface CwnSideSetup {
  id: string;
  playerCharacters: boolean;
  /** W2: caught wholly unaware. */
  surprised?: boolean;
  members: readonly CwnMemberSetup[];
  /** W3: the face of the side's d8, and re-rolls that break ties. */
  roll: number;
  tieRolls?: readonly number[];
  /** W6: the group's Morale score (non-player sides). */
  morale?: number;
}

export type MoraleStatus = "none" | "due" | "held" | "broken" | "skipped";

export interface CwnSideState {
  readonly id: string;
  readonly playerCharacters: boolean;
  readonly members: readonly string[];
  readonly surprised: boolean;
  readonly initiative: SideInitiative;
  readonly tieRolls: readonly number[];
  /** W4: this round's turn is over. */
  readonly done: boolean;
  /** W6: members downed this round. */
  readonly lostThisRound: readonly string[];
  readonly morale: { readonly score: number; readonly status: MoraleStatus; readonly roll: number | null };
}

export interface CwnCombatState {
  /** 0: the free round of a surprise (W2); then 1, 2, … */
  readonly round: number;
  /** Side ids, first to act first (W3). */
  readonly order: readonly string[];
  /** Index in `order` of the side acting; `order.length` once the round's sides have all acted. */
  readonly current: number;
  readonly sides: Readonly<Record<string, CwnSideState>>;
  readonly fighters: Readonly<Record<string, CwnFighterRound>>;
  readonly swarms: readonly CwnSwarm[];
}

export type CwnEvent =
  | { kind: "roundStarted"; round: number }
  | { kind: "sideUp"; sideId: string }
  | { kind: "turnStarted"; fighterId: string; lapsed: TimedEffectKind[] }
  | { kind: "turnEnded"; fighterId: string; forfeited: ("main" | "move")[] }
  | { kind: "acted"; fighterId: string; action: CwnActionId; paid: string[]; outOfTurn: boolean }
  | { kind: "freeAttacks"; fighterId: string; by: string[] }
  /** W12: one free attack rolled as the fighter leaves (the combat scenario's script): hit or not, what landed, hit points after. */
  | { kind: "freeAttack"; fighterId: string; by: string; hit: boolean; dealt: number; hpAfter: number; downed: DownedState | null }
  /** W12, W19: the mover fell to a free attack before leaving: its move is not made (and not paid). */
  | { kind: "moveCancelled"; fighterId: string; action: CwnActionId }
  | { kind: "swarmJoined"; swarmId: number; fighterId: string; participants: number }
  | { kind: "swarmReady"; swarmId: number }
  | { kind: "swarmDone"; swarmId: number }
  | { kind: "screenSpent"; fighterId: string; usesLeft: number }
  | { kind: "sideDone"; sideId: string }
  | { kind: "moraleDue"; sideId: string }
  | { kind: "moraleChecked"; sideId: string; roll: number; score: number; broken: boolean }
  | { kind: "downed"; fighterId: string; state: DownedState }
  | { kind: "roundEnded"; round: number; heldLapsed: string[] };

export interface CombatStep {
  readonly state: CwnCombatState;
  readonly events: readonly CwnEvent[];
}

function sideState(setup: CwnSideSetup, rules: Readonly<CwnRules>): CwnSideState {
  return {
    id: setup.id, playerCharacters: setup.playerCharacters, members: setup.members.map((m) => m.id), surprised: !!setup.surprised,
    initiative: rollSideInitiative(setup.members.map((m) => ({ dex: m.dex, able: m.able ?? true })), setup.roll, rules), tieRolls: [...(setup.tieRolls ?? [])],
    done: false, lostThisRound: [], morale: { score: setup.morale ?? rules.defaultMorale, status: "none", roll: null },
  };
}

function orderOf(sides: readonly CwnSideState[], rules: Readonly<CwnRules>): string[] {
  return requireSideOrder(sides.map((s) => ({ id: s.id, playerCharacters: s.playerCharacters, total: s.initiative.total, dex: s.initiative.dex, tieRolls: s.tieRolls })), rules);
}

/** W2/W3: sides roll, the order is set; a surprise makes round 0 the free round of the other sides. */
export function startCwnCombat(setups: readonly CwnSideSetup[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const ids = new Set<string>();
  for (const id of [...setups.map((s) => `side:${s.id}`), ...setups.flatMap((s) => s.members.map((m) => m.id))]) {
    if (ids.has(id)) throw new CwnError("duplicateId", { id: echoString(id.replace(/^side:/, "")) });
    ids.add(id);
  }
  const sides = setups.map((s) => sideState(s, rules));
  const surprise = sides.some((s) => s.surprised) && sides.some((s) => !s.surprised);
  const round = surprise ? 0 : 1;
  const fighters: Record<string, CwnFighterRound> = {};
  for (const s of setups) for (const m of s.members) fighters[m.id] = newFighterRound(round, { canSnap: m.canSnap ?? s.playerCharacters, surprised: surprise && !!s.surprised, prone: !!m.prone });
  const state: CwnCombatState = { round, order: orderOf(sides, rules), current: -1, sides: Object.fromEntries(sides.map((s) => [s.id, s])), fighters, swarms: [] };
  return advance(state, [{ kind: "roundStarted", round }]);
}

/** The side a fighter belongs to. */
export function sideOf(state: CwnCombatState, fighterId: string): CwnSideState {
  for (const id of state.order) if (state.sides[id]!.members.includes(fighterId)) return state.sides[id]!;
  throw new CwnError("unknownFighter", { id: echoString(fighterId) });
}

function fighter(state: CwnCombatState, id: string): CwnFighterRound {
  const f = Object.hasOwn(state.fighters, id) ? state.fighters[id] : undefined;
  if (!f) throw new CwnError("unknownFighter", { id: echoString(id) });
  return f;
}

const withFighter = (state: CwnCombatState, id: string, f: CwnFighterRound): CwnCombatState => ({ ...state, fighters: { ...state.fighters, [id]: f } });
/** Several fighters changed at once: one copy of the fighters, however many change (a side of 1,000 ends its turn in one). */
const withFighters = (state: CwnCombatState, changed: Readonly<Record<string, CwnFighterRound>>): CwnCombatState => ({ ...state, fighters: { ...state.fighters, ...changed } });
const withSide = (state: CwnCombatState, s: CwnSideState): CwnCombatState => ({ ...state, sides: { ...state.sides, [s.id]: s } });

/** The side whose turn it is, or null between rounds. */
export function actingSide(state: CwnCombatState): CwnSideState | null {
  const id = state.order[state.current];
  return id === undefined ? null : state.sides[id]!;
}

/** W2/W4: a side takes a turn this round unless surprised in the free round or with nobody able to act. */
function takesTurn(state: CwnCombatState, side: CwnSideState): boolean {
  if (state.round === 0 && side.surprised) return false;
  return side.members.some((id) => state.fighters[id]!.downed === "none");
}

/** Move to the next side that takes a turn; past the last, the round ends and the next starts (W5). */
function advance(state: CwnCombatState, events: CwnEvent[]): CombatStep {
  // Sides passed over are marked done in one copy of the sides (a thousand sides of one each stay linear).
  const skipped: Record<string, CwnSideState> = {};
  const marked = () => ({ ...state, sides: { ...state.sides, ...skipped } });
  for (let i = state.current + 1; i < state.order.length; i++) {
    const side = state.sides[state.order[i]!]!;
    if (takesTurn(state, side)) return { state: { ...marked(), current: i }, events: [...events, { kind: "sideUp", sideId: side.id }] };
    skipped[side.id] = { ...side, done: true };
  }
  const s = marked();
  if (!s.order.some((id) => takesTurn(s, s.sides[id]!))) return { state: { ...s, current: s.order.length }, events };
  return newRound({ ...s, current: s.order.length }, events);
}

/** W5/W37: the round ends (held actions lapse) and the next starts from the first side; initiative is not rolled again. */
function newRound(state: CwnCombatState, events: CwnEvent[]): CombatStep {
  const heldLapsed = Object.entries(state.fighters).filter(([, f]) => f.holding && f.main === "held").map(([id]) => id);
  const round = state.round + 1;
  const fighters = Object.fromEntries(Object.entries(state.fighters).map(([id, f]) => [id, nextFighterRound(f, round)]));
  const sides = Object.fromEntries(Object.entries(state.sides).map(([id, side]) => [id, { ...side, done: false, lostThisRound: [] }]));
  const next: CwnCombatState = { ...state, round, current: -1, fighters, sides, swarms: state.swarms.filter((w) => w.status === "ready") };
  return advance(next, [...events, { kind: "roundEnded", round: state.round, heldLapsed }, { kind: "roundStarted", round }]);
}

/** W4: a member of the acting side starts its turn (any member may go next). */
export function beginTurn(state: CwnCombatState, fighterId: string): CombatStep {
  const f = fighter(state, fighterId);
  const side = sideOf(state, fighterId);
  if (actingSide(state)?.id !== side.id) throw new CwnError("notThisSidesTurn", { side: echoString(side.id) });
  const next = beginFighterTurn(f);
  const lapsed = f.effects.filter((e) => !next.effects.includes(e)).map((e) => e.kind);
  return { state: withFighter(state, fighterId, next), events: [{ kind: "turnStarted", fighterId, lapsed }] };
}

/** W4/W7: the fighter's turn ends; what it did not use is lost (unless held, W37). */
export function endTurn(state: CwnCombatState, fighterId: string): CombatStep {
  const f = fighter(state, fighterId);
  const next = endFighterTurn(f);
  const forfeited = (["main", "move"] as const).filter((k) => f[k] === "unspent");
  return { state: withFighter(state, fighterId, next), events: [{ kind: "turnEnded", fighterId, forfeited }] };
}

/** W4: a member of the acting side passes. */
export function passTurn(state: CwnCombatState, fighterId: string): CombatStep {
  const side = sideOf(state, fighterId);
  if (actingSide(state)?.id !== side.id) throw new CwnError("notThisSidesTurn", { side: echoString(side.id) });
  const f = fighter(state, fighterId);
  return { state: withFighter(state, fighterId, passFighterTurn(f)), events: [{ kind: "turnEnded", fighterId, forfeited: [] }] };
}

export interface CombatActionContext extends ActionContext {
  /** W24: the swarm's target. */
  targetId?: string;
  /** W12/W28: enemies adjacent as the fighter moves away. */
  adjacentEnemies?: readonly AdjacentEnemy[];
  /** W29: movement from a hyper-fast extra action. */
  hyperFast?: boolean;
}

/** One action of a fighter (round.ts), in or out of its turn; a swarm join (W24) and free attacks (W12) follow. */
export function act(state: CwnCombatState, fighterId: string, action: CwnActionId, ctx: CombatActionContext = {}, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const f = fighter(state, fighterId);
  if (action === "swarmAttack" && !ctx.targetId) throw new CwnError("swarmUnknown", { id: "?" });
  const next = takeAction(f, action, ctx, rules);
  const entry = next.log[next.log.length - 1]!;
  const events: CwnEvent[] = [{ kind: "acted", fighterId, action, paid: [...entry.paid], outOfTurn: f.turn !== "acting" }];
  let s = withFighter(state, fighterId, next);
  if (action === "swarmAttack") {
    const { swarms, swarm } = joinSwarm(s.swarms, { fighterId, sideId: sideOf(s, fighterId).id, targetId: ctx.targetId!, round: s.round }, rules);
    s = { ...s, swarms };
    events.push({ kind: "swarmJoined", swarmId: swarm.id, fighterId, participants: swarm.participants.length });
    if (swarm.status === "ready") events.push({ kind: "swarmReady", swarmId: swarm.id });
  }
  if ((action === "run" || action === "otherMove") && ctx.adjacentEnemies?.length) {
    const by = freeAttacksOnLeaving({ withdrawn: f.withdrawn, ...(ctx.hyperFast !== undefined && { hyperFast: ctx.hyperFast }) }, ctx.adjacentEnemies, rules.freeAttackNeedsWeapon);
    if (by.length) events.push({ kind: "freeAttacks", fighterId, by });
  }
  return { state: s, events };
}

/** W24: the controller closes a swarm (its blow is owed now). */
export function readySwarm(state: CwnCombatState, swarmId: number): CombatStep {
  return { state: { ...state, swarms: closeSwarm(state.swarms, swarmId) }, events: [{ kind: "swarmReady", swarmId }] };
}

/** W24: the swarm's blow was made; the swarm is gone. */
export function finishSwarm(state: CwnCombatState, swarmId: number): CombatStep {
  if (!state.swarms.some((w) => w.id === swarmId)) throw new CwnError("swarmUnknown", { id: swarmId });
  return { state: { ...state, swarms: state.swarms.filter((w) => w.id !== swarmId) }, events: [{ kind: "swarmDone", swarmId }] };
}

/** W26/W40: every screener that rolled against an attacker spends one use; one with none left could not have rolled. */
export function spendScreens(state: CwnCombatState, screenerIds: readonly string[]): CombatStep {
  let s = state;
  const events: CwnEvent[] = [];
  for (const id of screenerIds) {
    const f = fighter(s, id);
    const screening = stateFigures(f.effects).screening;
    if (!screening || screening.usesLeft <= 0) throw new CwnError("screenNoUses", { id: echoString(id) });
    s = withFighter(s, id, { ...f, effects: spendScreenUse(f.effects) });
    events.push({ kind: "screenSpent", fighterId: id, usesLeft: screening.usesLeft - 1 });
  }
  return { state: s, events };
}

/**
 * W4/W6/W24: the acting side's turn ends: members who have not acted pass,
 * an open swarm is ready, a non-player side that lost a member this round or
 * has half its members down is due a Morale check; the next side is up.
 */
export function endSideTurn(state: CwnCombatState, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const side = actingSide(state);
  if (!side) throw new CwnError("combatOver");
  const events: CwnEvent[] = [];
  const ended: Record<string, CwnFighterRound> = {};
  for (const id of side.members) {
    const f = state.fighters[id]!;
    if (f.downed !== "none" || f.turn === "done") continue;
    ended[id] = f.turn === "acting" ? endFighterTurn(f) : passFighterTurn(f);
    events.push({ kind: "turnEnded", fighterId: id, forfeited: (["main", "move"] as const).filter((k) => f[k] === "unspent") });
  }
  let s = withFighters(state, ended);
  const closing = s.swarms.filter((w) => w.sideId === side.id && w.status === "open");
  if (closing.length) {
    s = { ...s, swarms: s.swarms.map((w) => (closing.includes(w) ? { ...w, status: "ready" as const } : w)) };
    for (const w of closing) events.push({ kind: "swarmReady", swarmId: w.id });
  }
  const down = side.members.filter((id) => s.fighters[id]!.downed !== "none").length;
  const due = moraleDue({ playerCharacters: side.playerCharacters, members: side.members.length, down, lostThisRound: side.lostThisRound.length }, rules);
  const brokenAlready = side.morale.status === "broken";
  s = withSide(s, { ...side, done: true, morale: due && !brokenAlready ? { ...side.morale, status: "due", roll: null } : side.morale });
  events.push({ kind: "sideDone", sideId: side.id });
  if (due && !brokenAlready) events.push({ kind: "moraleDue", sideId: side.id });
  return advance(s, events);
}

/** W6: the due Morale check, from its faces, or skipped by the GM (`faces` null). */
export function resolveMorale(state: CwnCombatState, sideId: string, faces: readonly number[] | null, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const side = Object.hasOwn(state.sides, sideId) ? state.sides[sideId]! : undefined;
  if (!side) throw new CwnError("unknownSide", { id: echoString(sideId) });
  if (side.playerCharacters) throw new CwnError("notNonPlayerSide");
  if (side.morale.status !== "due") throw new CwnError("noMoraleDue");
  if (faces === null) return { state: withSide(state, { ...side, morale: { ...side.morale, status: "skipped" } }), events: [] };
  const check = checkMorale(faces, side.morale.score, rules);
  const morale = { score: side.morale.score, status: check.broken ? ("broken" as const) : ("held" as const), roll: check.roll };
  return { state: withSide(state, { ...side, morale }), events: [{ kind: "moraleChecked", sideId, roll: check.roll, score: check.score, broken: check.broken }] };
}

/** W19: a fighter reached 0 hit points (its side counts the loss, W6); `none` revives it, prone (W35). */
export function setDowned(state: CwnCombatState, fighterId: string, downed: DownedState): CombatStep {
  const f = fighter(state, fighterId);
  const side = sideOf(state, fighterId);
  if (downed === "none") return { state: withFighter(state, fighterId, { ...f, downed, prone: f.downed !== "none" ? true : f.prone }), events: [] };
  let s = withFighter(state, fighterId, { ...f, downed, holding: false });
  if (f.downed === "none" && !side.lostThisRound.includes(fighterId)) s = withSide(s, { ...side, lostThisRound: [...side.lostThisRound, fighterId] });
  return { state: s, events: [{ kind: "downed", fighterId, state: downed }] };
}

/** W3: a side arriving mid-fight rolls and is slotted in; a place before the acting side acts from the next round. */
export function joinCombat(state: CwnCombatState, setup: CwnSideSetup, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  for (const id of [setup.id, ...setup.members.map((m) => m.id)]) {
    if (Object.hasOwn(state.sides, id) || Object.hasOwn(state.fighters, id)) throw new CwnError("duplicateId", { id: echoString(id) });
  }
  const side = sideState({ ...setup, surprised: false }, rules);
  const order = orderOf([...state.order.map((id) => state.sides[id]!), side], rules);
  const acting = actingSide(state)?.id;
  const place = order.indexOf(side.id);
  const current = acting === undefined ? state.current : order.indexOf(acting);
  const before = acting !== undefined && place < current;
  const fighters = { ...state.fighters };
  for (const m of setup.members) {
    const fresh = newFighterRound(state.round, { canSnap: m.canSnap ?? setup.playerCharacters, prone: !!m.prone });
    fighters[m.id] = before ? { ...fresh, turn: "done", main: "forfeit", move: "forfeit" } : fresh;
  }
  return { state: { ...state, order, current, sides: { ...state.sides, [side.id]: { ...side, done: before } }, fighters }, events: [] };
}

/** A member of the acting side still to act this round: standing and its turn not over (W4). */
function leftToAct(state: CwnCombatState, id: string): boolean {
  const f = state.fighters[id]!;
  return f.downed === "none" && f.turn !== "done" && !(state.round === 0 && f.surprised);
}

/**
 * W4 [fixed]: "the side's turn ends when every member has acted or passed":
 * after a step, if the side that was acting has nobody left to act, its turn
 * ends (endSideTurn, with its Morale check and swarms) and the next side is up.
 */
export function endSideIfDone(step: CombatStep, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const side = actingSide(step.state);
  if (!side || side.members.some((id) => leftToAct(step.state, id))) return step;
  const next = endSideTurn(step.state, rules);
  return { state: next.state, events: [...step.events, ...next.events] };
}

/** What `setDowned` changed on a fighter and its side as the attack took it down, so undoing that attack takes back only its own change (W19). */
export interface DownedRecord {
  readonly round: number;
  readonly downed: DownedState;
  readonly holding: boolean;
  /** The fighter was counted among its side's losses this round (W6) before the change. */
  readonly counted: boolean;
}

export function downedRecord(state: CwnCombatState, fighterId: string): DownedRecord {
  const f = fighter(state, fighterId);
  return { round: state.round, downed: f.downed, holding: f.holding, counted: sideOf(state, fighterId).lostThisRound.includes(fighterId) };
}

/**
 * W19: an undone attack takes back the downed state it set (`set`), and only
 * while the fighter is still in it — a later attack's, the GM's or a
 * revival's change stays. With it goes what going down took, while the
 * round lasts: the hold it cut short if the held Main is still unused
 * (W37; a new round has lapsed it anyway), and the side's loss it counted
 * (W6; a loss of a round since ended stays with that round). Prone is not
 * touched: going down did not change it.
 */
export function undoDowned(state: CwnCombatState, fighterId: string, set: DownedState, record: DownedRecord): CombatStep {
  const f = fighter(state, fighterId);
  if (f.downed !== set || record.downed === set) return { state, events: [] };
  const sameRound = record.round === state.round;
  const holding = f.holding || (record.holding && sameRound && record.downed === "none" && f.main === "held");
  let s = withFighter(state, fighterId, { ...f, downed: record.downed, holding });
  const side = sideOf(state, fighterId);
  if (sameRound && !record.counted && record.downed === "none" && side.lostThisRound.includes(fighterId)) {
    s = withSide(s, { ...side, lostThisRound: side.lostThisRound.filter((id) => id !== fighterId) });
  }
  return { state: s, events: [{ kind: "downed", fighterId, state: record.downed }] };
}

/** The side of every fighter, found once (a lookup per fighter would search every side). */
export function sidesByFighter(state: CwnCombatState): Map<string, CwnSideState> {
  const out = new Map<string, CwnSideState>();
  for (const id of state.order) {
    const side = state.sides[id]!;
    for (const m of side.members) out.set(m, side);
  }
  return out;
}
