/**
 * What each phase-tracker request does to the ledger, decided on the GM's
 * side (P2–P16, P24, P40): who may ask — a combatant's owners for its
 * rolls and its slot, the GM for everything and alone for the marks and
 * the phase's steps — and the rules core's transition it runs. The request
 * has passed its shape check (request-schema.ts); everything else is read
 * from the ledger and the sheets the GM holds. Pure: the tiebreak is drawn
 * by the caller (P5: once per phase), the faces are the requester's.
 */
import { namedError, PhaseError } from "../rules/errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { closeInitiative, rollInitiativeFor, setAwareness, setSuppressed, surpriseRollers, witnessHostility } from "../rules/phase-start.js";
import { cancelAction, declareAction, type Declaration, distract, type FreeDeclaration, passSlot, takeFree } from "../rules/slots.js";
import { combatantOf, type Fighters, type PhaseState } from "../rules/state.js";
import { PhaseTableError } from "./errors.js";
import { newLedger, type PhaseLedger, startWhenReady, withState } from "./ledger.js";
import type { PhaseTrackerRequest } from "./request-schema.js";

/** Who asks, as the GM's client knows them (the request message's author). */
export interface TableUser {
  isGM: boolean;
  /** Does this user own the combatant's actor? */
  owns(combatantId: string): boolean;
}

/** A weapon drawn or put away at once (a fastdraw, P7): the item's `ready` to write. */
export interface ReadyChange {
  combatantId: string;
  weaponId: string;
  ready: boolean;
}

export interface TrackerPlan {
  ledger: PhaseLedger;
  readied: ReadyChange[];
}

function requireGM(user: TableUser): void {
  if (!user.isGM) throw new PhaseTableError("gmOnly");
}

function requireControl(user: TableUser, state: PhaseState, id: string): void {
  combatantOf(state, id);
  if (!user.isGM && !user.owns(id)) throw new PhaseTableError("notYours");
}

const optional = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * The ledger after a request by `user`; throws a PhaseTableError or the
 * core's PhaseError (nothing changes then). `tiebreak` draws the number that
 * orders a tie (P5), once per combatant per phase.
 */
export function planTrackerRequest(
  stored: PhaseLedger | null,
  request: PhaseTrackerRequest,
  user: TableUser,
  fighters: Fighters,
  tiebreak: () => number,
  rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES,
): TrackerPlan {
  try {
    return plan(stored, request, user, fighters, tiebreak, rules);
  } catch (error) {
    // The requester reads the rule's reason with people's names, not the combatants' ids.
    if (error instanceof PhaseError) throw namedError(error, (id) => (Object.hasOwn(fighters, id) ? fighters[id]!.name : undefined));
    throw error;
  }
}

function plan(stored: PhaseLedger | null, request: PhaseTrackerRequest, user: TableUser, fighters: Fighters, tiebreak: () => number, rules: Readonly<PhaseRules>): TrackerPlan {
  if (request.kind === "phaseRestart") {
    requireGM(user);
    const ids = Object.keys(fighters);
    return { ledger: startWhenReady({ ...newLedger(request.combatId, ids.map((id) => ({ id })), request.phase), revision: (stored?.revision ?? 0) + 1 }, fighters, rules), readied: [] };
  }
  if (!stored) throw new PhaseTableError("noLedger");
  // P11 step 1: a phase nobody must roll surprise for has started already.
  const ledger = startWhenReady(stored, fighters, rules);
  // P9: while the phase's end is being resolved on a card, the phase stands still.
  if (ledger.resolving) throw new PhaseTableError("resolving");
  const state = ledger.state;
  const next = (s: PhaseState, surprise = ledger.surprise): TrackerPlan => ({ ledger: startWhenReady(withState(ledger, s, surprise), fighters, rules), readied: [] });

  switch (request.kind) {
    case "phaseSurprise": {
      requireControl(user, state, request.combatantId);
      if (state.step !== "start" || !surpriseRollers(state).includes(request.combatantId)) throw new PhaseTableError("surpriseNotDue");
      if (Object.hasOwn(ledger.surprise, request.combatantId)) throw new PhaseTableError("surpriseTwice");
      if (request.face > rules.checkDie) throw new PhaseError("dieFace", { what: "surprise roll", faces: rules.checkDie, value: request.face });
      return next(state, { ...ledger.surprise, [request.combatantId]: request.face });
    }
    case "phaseInitiative":
      requireControl(user, state, request.combatantId);
      return next(rollInitiativeFor(state, fighters, request.combatantId, request.faces, tiebreak(), rules));
    case "phaseCloseInitiative":
      requireGM(user);
      return next(closeInitiative(state));
    case "phaseDeclare": {
      requireControl(user, state, request.combatantId);
      const { kind: _k, combatId: _c, combatantId, ...rest } = request;
      return next(declareAction(state, fighters, combatantId, optional(rest) as Declaration, rules));
    }
    case "phaseFree": {
      requireControl(user, state, request.combatantId);
      const { kind: _k, combatId: _c, combatantId, ...rest } = request;
      const free = optional(rest) as FreeDeclaration;
      const result = takeFree(state, fighters, combatantId, free, rules);
      const before = fighters[combatantId]!;
      const readied: ReadyChange[] = Object.values(result.fighter.weapons)
        .filter((w) => before.weapons[w.id]?.ready !== w.ready)
        .map((w) => ({ combatantId, weaponId: w.id, ready: w.ready }));
      return { ledger: withState(ledger, result.state), readied };
    }
    case "phaseCancel":
      requireControl(user, state, request.combatantId);
      return next(cancelAction(state, request.combatantId));
    case "phasePass":
      requireControl(user, state, request.combatantId);
      return next(passSlot(state, request.combatantId));
    case "phaseAwareness":
      requireGM(user);
      return next(setAwareness(state, request.combatantId, request.aware));
    case "phaseWitness":
      requireGM(user);
      return next(witnessHostility(state, request.combatantIds, state.phase, request.extraPhases, rules));
    case "phaseDistract":
      requireGM(user);
      combatantOf(state, request.combatantId);
      return next(distract(state, request.combatantId));
    case "phaseSuppressed":
      requireGM(user);
      return next(setSuppressed(state, request.combatantId, request.suppressed));
  }
}
