/**
 * The phase ledger: the whole truth of one combat's phase tracker, kept by
 * the GM where no player's client receives it (docs/rulesets/phase.md, "On
 * the table": a chat message whispered to the GMs only). It holds the rules
 * core's `PhaseState` (§10), the surprise faces received at the phase's
 * start (P3), the phase end being resolved on a card (P9, P11 step 4) and,
 * after a phase end is applied, the ledger before it (its exact undo).
 *
 * Every change is a new ledger with the next `revision`: a card or a
 * request that was made against another revision is refused, so nothing
 * acts on a phase that has moved on. Pure.
 */
import { MAX_PHASE } from "../rules/clock.js";
import { PhaseError } from "../rules/errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { startPhase, surpriseRollers } from "../rules/phase-start.js";
import { at, PhaseFieldReader, say } from "../rules/reader.js";
import { type AttackRolls, resolvePhase } from "../rules/resolve-phase.js";
import { type Fighters, newCombatant, type PhaseState } from "../rules/state.js";
import { PHASE_MAX_COMBATANTS, readStoredPhaseState } from "../rules/stored-state.js";
import { AWARE, type Awareness } from "../rules/surprise.js";
import { PhaseTableError } from "./errors.js";

export const LEDGER_VERSION = 1;
/** The largest revision a ledger counts to (a change per second for three years). */
export const MAX_REVISION = 100_000_000;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ResolvingMark {
  /** The phase card's flow id. */
  flowId: string;
}

export interface LedgerCore {
  revision: number;
  state: PhaseState;
  /** P3/P11 step 1: the d10 each surprised character rolled at this phase's start, until everyone's is in. */
  surprise: Record<string, number>;
  /** P9/P11 step 4: the phase end being resolved on a card; declarations are closed meanwhile. */
  resolving: ResolvingMark | null;
}

export interface PhaseLedger extends LedgerCore {
  version: number;
  combatId: string;
  /** The ledger before the last phase end was applied, for its undo. */
  previous: LedgerCore | null;
}

// ---------------------------------------------------------------------------
// Reading it back, strictly.

class LedgerReader extends PhaseFieldReader {
  id(value: unknown, field: string): string {
    const id = this.text(value, field, 64);
    if (!ID.test(id)) this.fail(field, say("stored.id"));
    return id;
  }
  core(o: Record<string, unknown>, field: string, rules: Readonly<PhaseRules>): LedgerCore {
    const state = this.at(at(field, "state"), () => readStoredPhaseState(o.state, rules));
    const ids = new Set(state.combatants.map((c) => c.id));
    const faces = this.record(o.surprise, at(field, "surprise"), PHASE_MAX_COMBATANTS);
    const surprise: Record<string, number> = {};
    for (const [id, face] of Object.entries(faces)) {
      if (!ids.has(id)) this.fail(at(at(field, "surprise"), id), say("stored.combatant"));
      surprise[id] = this.integer(face, at(at(field, "surprise"), id), 1, rules.checkDie);
    }
    const resolving = o.resolving === null ? null : { flowId: this.id(this.object(o.resolving, at(field, "resolving"), ["flowId"], ["flowId"]).flowId, at(at(field, "resolving"), "flowId")) };
    return { revision: this.integer(o.revision, at(field, "revision"), 0, MAX_REVISION), state, surprise, resolving };
  }
}

const CORE_KEYS = ["revision", "state", "surprise", "resolving"];

/** A stored ledger, checked; throws PhaseError("scenarioField") naming the first problem. */
export function readLedger(value: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseLedger {
  const r = new LedgerReader();
  const keys = ["version", "combatId", ...CORE_KEYS, "previous"];
  const o = r.object(value, "ledger", keys, keys);
  r.integer(o.version, "ledger.version", LEDGER_VERSION, LEDGER_VERSION);
  const core = r.core(o, "ledger", rules);
  const previous = o.previous === null ? null : r.core(r.object(o.previous, "ledger.previous", CORE_KEYS, CORE_KEYS), "ledger.previous", rules);
  return { version: LEDGER_VERSION, combatId: r.id(o.combatId, "ledger.combatId"), ...core, previous };
}

/** The stored ledger if well-formed, else null (the GM is told, and may start the record again). */
export function ledgerOrNull(value: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseLedger | null {
  try {
    return readLedger(value, rules);
  } catch (error) {
    if (error instanceof PhaseError) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Making and changing it.

/**
 * P2: a new combat's ledger at `phase` (1 when the fight starts), everyone
 * aware unless given. It holds at most `limit` combatants, the first in the
 * combat's order (`leftOut` names the others, for the GM's message).
 */
export function newLedger(combatId: string, combatants: readonly { id: string; awareness?: Awareness }[], phase = 1, limit = PHASE_MAX_COMBATANTS): PhaseLedger {
  const state: PhaseState = { phase, step: "start", combatants: combatants.slice(0, limit).map((c) => newCombatant(c.id, c.awareness ?? AWARE)), order: [], cursor: 0, events: [] };
  return { version: LEDGER_VERSION, combatId, revision: 0, state, surprise: {}, resolving: null, previous: null };
}

/** The combat's combatants the ledger does not hold: left out because the record holds no more (PHASE_MAX_COMBATANTS). */
export function leftOut(ledger: PhaseLedger, ids: readonly string[]): string[] {
  const held = new Set(ledger.state.combatants.map((c) => c.id));
  return ids.filter((id) => !held.has(id));
}

/** The ledger after a change of state (the next revision; the undo record dropped: the phase has moved on). */
export function withState(ledger: PhaseLedger, state: PhaseState, surprise: Record<string, number> = ledger.surprise): PhaseLedger {
  return { ...ledger, revision: ledger.revision + 1, state, surprise, previous: null };
}

/**
 * P3/P11 step 1: once every surprised character due to roll has given its
 * d10 (or none is due), the phase starts: the rolls are made and initiative
 * opens. Otherwise the ledger is returned as it is.
 */
export function startWhenReady(ledger: PhaseLedger, fighters: Fighters, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseLedger {
  const state = ledger.state;
  if (state.step !== "start" || ledger.resolving) return ledger;
  const rollers = surpriseRollers(state);
  if (rollers.some((id) => !Object.hasOwn(ledger.surprise, id))) return ledger;
  const faces = Object.fromEntries(rollers.map((id) => [id, ledger.surprise[id]!]));
  return { ...ledger, state: startPhase(state, fighters, faces, rules), surprise: {} };
}

/** Who still has to roll for surprise at this phase's start (P3). */
export function surpriseOutstanding(ledger: PhaseLedger): string[] {
  if (ledger.state.step !== "start") return [];
  return surpriseRollers(ledger.state).filter((id) => !Object.hasOwn(ledger.surprise, id));
}

/**
 * The combat's combatants changed (one joined, one left): the state follows.
 * A newcomer is aware and has no slot this phase; one who left takes its
 * slot, its action and the faces it rolled with it, and every action,
 * Targeting and Aim aimed at it is dropped (there is no one left to hit).
 * Newcomers beyond `limit` combatants are not taken in (`leftOut`). A phase
 * end being resolved on a card is given up: the card acted on the fight as
 * it was (the GM resolves it again), and the phase must not stand still.
 */
export function syncCombatants(ledger: PhaseLedger, ids: readonly string[], limit = PHASE_MAX_COMBATANTS): PhaseLedger {
  const keep = new Set(ids);
  const state = ledger.state;
  const present = new Set(state.combatants.map((c) => c.id));
  const gone = state.combatants.filter((c) => !keep.has(c.id)).map((c) => c.id);
  const room = Math.max(0, limit - (present.size - gone.length));
  const added = [...new Set(ids.filter((id) => !present.has(id)))].slice(0, room);
  if (!gone.length && !added.length) return ledger;
  const away = new Set(gone);
  const combatants = state.combatants
    .filter((c) => keep.has(c.id))
    .map((c) => {
      const action = c.action && c.action.target !== null && away.has(c.action.target) ? null : c.action ? { ...c.action, targets: c.action.targets.filter((t) => !away.has(t)) } : null;
      return {
        ...c,
        action,
        targeting: c.targeting && away.has(c.targeting.target) ? null : c.targeting,
        aim: c.aim && away.has(c.aim.target) ? null : c.aim,
      };
    });
  for (const id of added) combatants.push(newCombatant(id, AWARE));
  const before = state.order.slice(0, state.cursor).filter((id) => away.has(id)).length;
  const order = state.order.filter((id) => !away.has(id));
  const events = state.events.filter((e) => !away.has(e.actor));
  const surprise = Object.fromEntries(Object.entries(ledger.surprise).filter(([id]) => keep.has(id)));
  return { ...withState(ledger, { ...state, combatants, order, cursor: Math.min(order.length, state.cursor - before), events }, surprise), resolving: null };
}

// ---------------------------------------------------------------------------
// The phase card's operations on the ledger (the transport's round writes).

export type PhaseRoundOperation =
  /** P11 step 4: the GM starts resolving the phase's end on a card; declarations close. */
  | { kind: "beginResolve"; basis: number; flowId: string }
  /** P9/P11 steps 4–5: the card's dice applied: the phase resolves and the counter advances. */
  | { kind: "phaseEnd"; basis: number; flowId: string; rolls: Record<string, AttackRolls> }
  /** The applied phase end taken back exactly, while nothing has happened since. */
  | { kind: "phaseUndo"; revision: number; flowId: string }
  /** The GM gives up resolving on this card; declarations open again. */
  | { kind: "abortResolve"; basis: number; flowId: string };

function requireRevision(ledger: PhaseLedger, revision: number): void {
  if (ledger.revision !== revision) throw new PhaseTableError("stale", { revision, current: ledger.revision });
}

function requireResolving(ledger: PhaseLedger, flowId: string): void {
  if (ledger.resolving?.flowId !== flowId) throw new PhaseTableError("notResolving");
}

/**
 * The ledger after a card's operation; `fighters` are the combatants' sheets
 * as they are now (before the card's own writes). Throws a PhaseTableError
 * (or the core's PhaseError) when it cannot be done: nothing changes then.
 */
export function applyLedgerOperation(ledger: PhaseLedger | null, op: PhaseRoundOperation, fighters: Fighters, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseLedger {
  if (!ledger) throw new PhaseTableError("noLedger");
  switch (op.kind) {
    case "beginResolve": {
      requireRevision(ledger, op.basis);
      if (ledger.resolving) throw new PhaseTableError("resolving");
      if (ledger.state.step !== "declare") throw new PhaseError("wrongStep", { step: ledger.state.step, wanted: "declare" });
      return { ...ledger, revision: ledger.revision + 1, resolving: { flowId: op.flowId }, previous: null };
    }
    case "abortResolve": {
      requireRevision(ledger, op.basis);
      requireResolving(ledger, op.flowId);
      return { ...ledger, revision: ledger.revision + 1, resolving: null, previous: null };
    }
    case "phaseEnd": {
      requireRevision(ledger, op.basis);
      requireResolving(ledger, op.flowId);
      const result = resolvePhase(ledger.state, fighters, op.rolls, rules);
      if (result.status === "pending") throw new PhaseTableError("rollsMissing", { count: result.needs.length });
      const { previous: _dropped, version: _v, combatId: _c, ...before } = ledger;
      const next: PhaseLedger = { ...ledger, revision: ledger.revision + 1, state: result.state, surprise: {}, resolving: null, previous: before };
      // P11 step 1 of the next phase: it starts at once when nobody must roll for surprise.
      return startWhenReady(next, result.fighters, rules);
    }
    case "phaseUndo": {
      requireRevision(ledger, op.revision);
      if (!ledger.previous || ledger.previous.resolving?.flowId !== op.flowId) throw new PhaseTableError("nothingToUndo");
      return { ...ledger, ...ledger.previous, revision: ledger.revision + 1, previous: null };
    }
  }
}

/** The phase counter's bound, for the readers of the other stored shapes. */
export { MAX_PHASE };
