/**
 * The phase state as the combat stores it (`flags.cychosys.phase`, written by
 * the GM only), read back strictly: a well-formed state is returned as a
 * fresh copy; anything else — a field missing, out of bounds or of another
 * shape, an id that is not a combatant, an action the catalogue does not
 * know — is refused with the field named, and the tracker treats the combat
 * as having no phase state (docs/rulesets/phase.md, "Foundry plan").
 */
import { MAX_PHASE, resolvesAt } from "./clock.js";
import { PhaseError } from "./errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { at, PhaseFieldReader, say } from "./reader.js";
import { actionSpec } from "./slots.js";
import type { CombatantPhase, DeclaredAction, PhaseEvent, PhaseState } from "./state.js";
import type { Awareness } from "./surprise.js";
import { TIMED_LENGTHS } from "./types.js";

/**
 * The most combatants a stored phase state holds (20.5: a fight of 1,000 and
 * more reads back). The tracker takes no more into its record and tells the
 * GM so, rather than storing a state nobody can read back.
 */
export const PHASE_MAX_COMBATANTS = 10_000;
/** The phase's log holds a few entries per combatant (a surprise roll, a free action, a cancel, a declaration or a pass, a distraction). */
export const PHASE_MAX_EVENTS = 8 * PHASE_MAX_COMBATANTS;
const MAX_COMBATANTS = PHASE_MAX_COMBATANTS;

/** A deep copy of stored (JSON) data: what Foundry stores holds nothing else, and this is quicker than a structured clone. */
export const copyStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

class StoredReader extends PhaseFieldReader {
  ids = new Set<string>();
  constructor(readonly rules: Readonly<PhaseRules>) {
    super();
  }
  id(value: unknown, field: string, known = true): string {
    const id = this.text(value, field, 64);
    if (!ID.test(id)) this.fail(field, say("stored.id"));
    if (known && !this.ids.has(id)) this.fail(field, say("stored.combatant"));
    return id;
  }
  nullable<T>(value: unknown, read: (v: unknown) => T): T | null {
    return value === null ? null : read(value);
  }
  awareness(value: unknown, field: string): Awareness {
    const o = this.object(value, field, ["state", "since", "rollFrom", "failures"], ["state"]);
    const state = this.oneOf(o.state, at(field, "state"), ["aware", "unaware", "surprised"] as const);
    if (state !== "surprised") return { state };
    const since = this.integer(o.since, at(field, "since"), 1, MAX_PHASE);
    return { state, since, rollFrom: this.integer(o.rollFrom, at(field, "rollFrom"), since, MAX_PHASE), failures: this.integer(o.failures, at(field, "failures"), 0, 999) };
  }
  action(value: unknown, field: string, actor: string): DeclaredAction {
    const keys = ["id", "actor", "action", "length", "declaredAt", "resolvesAt", "weapon", "target", "targets", "area", "distance", "label", "partsDone", "cancellable"];
    const o = this.object(value, field, keys, keys);
    const spec = this.at(at(field, "action"), () => actionSpec(this.text(o.action, at(field, "action"), 64), this.rules));
    const length = this.oneOf(o.length, at(field, "length"), TIMED_LENGTHS);
    if (length !== spec.length) this.fail(at(field, "length"), say("stored.length"));
    const declaredAt = this.integer(o.declaredAt, at(field, "declaredAt"), 1, MAX_PHASE);
    if (o.resolvesAt !== resolvesAt(declaredAt, length, this.rules)) this.fail(at(field, "resolvesAt"), say("stored.resolvesAt"));
    if (o.actor !== actor || o.id !== `${actor}@${declaredAt}`) this.fail(at(field, "id"), say("stored.actor"));
    return {
      id: o.id as string, actor, action: o.action as string, length, declaredAt, resolvesAt: o.resolvesAt as number,
      weapon: this.nullable(o.weapon, (v) => this.id(v, at(field, "weapon"), false)),
      target: this.nullable(o.target, (v) => this.id(v, at(field, "target"))),
      targets: this.list(o.targets, at(field, "targets"), MAX_COMBATANTS).map((v, i) => this.id(v, at(at(field, "targets"), i))),
      area: this.nullable(o.area, (v) => this.area(v, at(field, "area"))),
      distance: this.nullable(o.distance, (v) => this.integer(v, at(field, "distance"), 0, 9999)),
      label: this.nullable(o.label, (v) => this.text(v, at(field, "label"), 200)),
      partsDone: this.integer(o.partsDone, at(field, "partsDone"), 0, spec.targetingPart ? 1 : 0),
      cancellable: this.boolean(o.cancellable, at(field, "cancellable")),
    };
  }
  combatant(value: unknown, field: string): CombatantPhase {
    const keys = ["id", "awareness", "action", "targeting", "aim", "initiative", "slot", "freeUsed", "defending", "suppressed"];
    const o = this.object(value, field, keys, keys);
    const id = this.id(o.id, at(field, "id"));
    const targeting = this.nullable(o.targeting, (v) => {
      const t = this.object(v, at(field, "targeting"), ["target", "area"], ["target", "area"]);
      return { target: this.id(t.target, at(at(field, "targeting"), "target")), area: this.nullable(t.area, (a) => this.area(a, at(at(field, "targeting"), "area"))) };
    });
    const aim = this.nullable(o.aim, (v) => {
      const a = this.object(v, at(field, "aim"), ["target", "bonus"], ["target", "bonus"]);
      return { target: this.id(a.target, at(at(field, "aim"), "target")), bonus: this.integer(a.bonus, at(at(field, "aim"), "bonus"), 0, this.rules.aimMax) };
    });
    const initiative = this.nullable(o.initiative, (v) => {
      const i = this.object(v, at(field, "initiative"), ["faces", "reflexes", "total", "tiebreak"], ["faces", "reflexes", "total", "tiebreak"]);
      const faces = this.faces(i.faces, at(at(field, "initiative"), "faces"), this.rules.initiativeDice, this.rules.initiativeFaces);
      const reflexes = this.integer(i.reflexes, at(at(field, "initiative"), "reflexes"), -99, 99);
      if (i.total !== faces.reduce((n, f) => n + f, reflexes)) this.fail(at(at(field, "initiative"), "total"), say("stored.total"));
      return { faces, reflexes, total: i.total as number, tiebreak: this.nullable(i.tiebreak, (t) => this.number(t, at(at(field, "initiative"), "tiebreak"), 0, 1)) };
    });
    return {
      id, awareness: this.awareness(o.awareness, at(field, "awareness")),
      action: this.nullable(o.action, (v) => this.action(v, at(field, "action"), id)), targeting, aim, initiative,
      slot: this.oneOf(o.slot, at(field, "slot"), ["none", "open", "done"] as const),
      freeUsed: this.boolean(o.freeUsed, at(field, "freeUsed")), defending: this.boolean(o.defending, at(field, "defending")), suppressed: this.boolean(o.suppressed, at(field, "suppressed")),
    };
  }
}

/** The stored phase state, checked; throws PhaseError("scenarioField") naming the first problem. */
export function readStoredPhaseState(value: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseState {
  const r = new StoredReader(rules);
  const o = r.object(value, "state", ["phase", "step", "combatants", "order", "cursor", "events"], ["phase", "step", "combatants", "order", "cursor", "events"]);
  const list = r.list(o.combatants, "combatants", MAX_COMBATANTS);
  list.forEach((c, i) => {
    const id = r.id((c as { id?: unknown } | null)?.id, at(at("combatants", i), "id"), false);
    if (r.ids.has(id)) r.fail(at(at("combatants", i), "id"), say("stored.twice"));
    r.ids.add(id);
  });
  const combatants = list.map((c, i) => r.combatant(c, at("combatants", i)));
  const order = r.list(o.order, "order", MAX_COMBATANTS).map((v, i) => r.id(v, at("order", i)));
  if (new Set(order).size !== order.length) r.fail("order", say("stored.twice"));
  const step = r.oneOf(o.step, "step", ["start", "initiative", "declare"] as const);
  // A slot is a place in the order, won with initiative (P5); while initiative is rolled nobody has a slot yet.
  const ordered = new Set(order);
  for (const c of combatants) {
    const placed = ordered.has(c.id);
    if ((c.slot !== "none") !== placed || (placed && c.initiative === null) || (step === "declare" && c.initiative !== null && !placed) || (step === "start" && c.initiative !== null)) {
      r.fail("order", say("stored.slot", { id: c.id }));
    }
  }
  if (step !== "declare" && order.length) r.fail("order", say("stored.slot", { id: order[0]! }));
  // The log is the tracker's own record of this phase; kept when it is a list of events, else emptied.
  const events = Array.isArray(o.events) && o.events.length <= PHASE_MAX_EVENTS ? copyStored(o.events as PhaseEvent[]) : r.fail("events", say("stored.events"));
  return {
    phase: r.integer(o.phase, "phase", 1, MAX_PHASE),
    step,
    combatants, order, cursor: r.integer(o.cursor, "cursor", 0, order.length), events,
  };
}

/** One stored combatant, checked as the state's reader checks it among the combatants `ids`; throws PhaseError("scenarioField"). */
export function readStoredCombatant(value: unknown, ids: ReadonlySet<string>, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): CombatantPhase {
  const r = new StoredReader(rules);
  for (const id of ids) r.ids.add(id);
  return r.combatant(value, "combatant");
}

/** The stored state if well-formed, else null (the tracker then starts the phase state afresh, and says so). */
export function storedPhaseStateOrNull(value: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseState | null {
  try {
    return readStoredPhaseState(value, rules);
  } catch (error) {
    if (error instanceof PhaseError) return null;
    throw error;
  }
}
