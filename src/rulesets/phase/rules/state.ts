/**
 * The phase tracker's state (§10 "What a VTT must track") and the sheet data
 * it reads. `PhaseState` is what the combat stores (GM-only); a `Fighter` is
 * what derive gives of an actor (data/derive.ts → `phaseFighter`). Every
 * transition (slots.ts, resolve-phase.ts) returns a new state; nothing here
 * mutates its input.
 */
import type { InitiativeRoll } from "./initiative.js";
import type { DamageFormula } from "./damage-formula.js";
import { PhaseError } from "./errors.js";
import type { Awareness } from "./surprise.js";
import type { Area, TimedLength, WeaponKind } from "./types.js";
import type { WoundState } from "./wounds.js";

/** A weapon as the tracker reads it (item data, P15, P22–P24, P28, P29, P32, P39). */
export interface FighterWeapon {
  id: string;
  name: string;
  kind: WeaponKind;
  /** P32: the attribute and skill the check adds (by name). */
  attribute: string;
  skill: string;
  damage: DamageFormula;
  stun: boolean;
  alwaysTraumatic: boolean;
  semiAuto: boolean;
  auto: boolean;
  /** P39: rounds loaded. */
  ammo: number;
  /** P24: rounds a suppressive burst spends. */
  suppressAmmo: number;
  /** P8: drawn and ready (a draw readies it, holstering puts it away). */
  ready: boolean;
}

/** What the phase tracker reads of an actor (derived from its sheet). */
export interface Fighter {
  id: string;
  name: string;
  reflexes: number;
  /** Every attribute by name (`reflexes` included). */
  attributes: Readonly<Record<string, number>>;
  skills: Readonly<Record<string, number>>;
  weapons: Readonly<Record<string, FighterWeapon>>;
  /** P20/P21: the body type's chart, and areas the body lacks. */
  chart: string;
  missing: readonly Area[];
  armor: Readonly<Record<Area, number>>;
  thresholds: Readonly<Record<Area, number>>;
  wounds: WoundState;
}

/** An action declared and not yet resolved (§10 "the current action"). */
export interface DeclaredAction {
  /** `<actor>@<phase declared>`. */
  id: string;
  actor: string;
  /** The catalogue key (P8). */
  action: string;
  length: TimedLength;
  declaredAt: number;
  /** P9: the phase at whose end it resolves. */
  resolvesAt: number;
  weapon: string | null;
  target: string | null;
  /** P24: the tokens under a suppressive template. */
  targets: string[];
  /** P13/P18: the area named (Targeting) or called (an attack). */
  area: Area | null;
  /** P25: squares to the target, when the tracker measured it. */
  distance: number | null;
  /** A catalogue "other" action's description, or a spoken free action's words. */
  label: string | null;
  /** P12/P38: parts that already took effect (the Targeting of target-and-fire). */
  partsDone: number;
  /** P10/P38: may be cancelled. */
  cancellable: boolean;
}

/** One combatant's part of the phase state (§10 "Per combatant"). */
export interface CombatantPhase {
  id: string;
  awareness: Awareness;
  action: DeclaredAction | null;
  /** P13: the target lined up, and the area named. */
  targeting: { target: string; area: Area | null } | null;
  /** P16: the Aim bonus held on a target. */
  aim: { target: string; bonus: number } | null;
  /** P5: this phase's initiative, only when declaring; the tiebreak drawn for the phase. */
  initiative: (InitiativeRoll & { tiebreak: number | null }) | null;
  /** This phase's declaration slot: none, open (its turn or not yet), done. */
  slot: "none" | "open" | "done";
  /** P7: the free action of this phase is taken. */
  freeUsed: boolean;
  /** P26: Defend in force this phase. */
  defending: boolean;
  /** P24: marked by suppressive fire (the GM decides what it means). */
  suppressed: boolean;
}

/** What happened in this phase's slots, in order (the tracker's log; cleared when the phase resolves). */
export type PhaseEvent =
  | { kind: "surpriseRoll"; actor: string; face: number; bonus: number; total: number; tn: number; success: boolean }
  | { kind: "free"; actor: string; action: string; label: string | null; weapon: string | null; check: { face: number; total: number; tn: number; success: boolean } | null }
  | { kind: "declare"; actor: string; action: DeclaredAction; fromFailedFree: boolean }
  | { kind: "cancel"; actor: string; action: DeclaredAction }
  | { kind: "pass"; actor: string }
  | { kind: "distracted"; actor: string; target: string };

export type PhaseStep = "start" | "initiative" | "declare";

export interface PhaseState {
  /** P1/P2: the phase counter, from 1. */
  phase: number;
  /** P11: where the phase stands. */
  step: PhaseStep;
  combatants: CombatantPhase[];
  /** P5: this phase's declaration order, lowest initiative first. */
  order: string[];
  /** The slot whose turn it is (an index into `order`). */
  cursor: number;
  events: PhaseEvent[];
}

export type Fighters = Readonly<Record<string, Fighter>>;

/** A named figure (an attribute, a skill) of a fighter: 0 when it has none. */
export function statOf(stats: Readonly<Record<string, number>>, name: string): number {
  return Object.hasOwn(stats, name) ? stats[name]! : 0;
}

/** A combatant new to the fight: aware unless the GM says not (P2). */
export function newCombatant(id: string, awareness: Awareness): CombatantPhase {
  return { id, awareness, action: null, targeting: null, aim: null, initiative: null, slot: "none", freeUsed: false, defending: false, suppressed: false };
}

/**
 * The combatant with some fields changed. Every field is written out in one
 * order, so every combatant object has one shape: a transition makes one per
 * step, and a fight of 10,000 makes a great many (a spread per step gives
 * objects of many shapes, slower to read and to collect).
 */
export function changedCombatant(c: CombatantPhase, change: Partial<Omit<CombatantPhase, "id">>): CombatantPhase {
  return {
    id: c.id,
    awareness: change.awareness !== undefined ? change.awareness : c.awareness,
    action: change.action !== undefined ? change.action : c.action,
    targeting: change.targeting !== undefined ? change.targeting : c.targeting,
    aim: change.aim !== undefined ? change.aim : c.aim,
    initiative: change.initiative !== undefined ? change.initiative : c.initiative,
    slot: change.slot !== undefined ? change.slot : c.slot,
    freeUsed: change.freeUsed !== undefined ? change.freeUsed : c.freeUsed,
    defending: change.defending !== undefined ? change.defending : c.defending,
    suppressed: change.suppressed !== undefined ? change.suppressed : c.suppressed,
  };
}

/** P2: combat starts at phase 1. */
export function newPhaseCombat(combatants: readonly { id: string; awareness: Awareness }[], phase = 1): PhaseState {
  const seen = new Set<string>();
  for (const c of combatants) {
    if (seen.has(c.id)) throw new PhaseError("duplicateCombatant", { id: c.id });
    seen.add(c.id);
  }
  return { phase, step: "start", combatants: combatants.map((c) => newCombatant(c.id, c.awareness)), order: [], cursor: 0, events: [] };
}

// ---------------------------------------------------------------------------
// Finding and replacing a combatant: by a map, never by a search of the list.

/** Where each id sits in a combatants list, built once per list; a replacement keeps every place. */
const places = new WeakMap<readonly CombatantPhase[], Map<string, number>>();

function placesOf(list: readonly CombatantPhase[]): Map<string, number> {
  let map = places.get(list);
  if (!map) {
    map = new Map();
    // From the end, so an id listed twice keeps its first place (one write per combatant, no look-up first).
    for (let i = list.length - 1; i >= 0; i--) map.set(list[i]!.id, i);
    places.set(list, map);
  }
  return map;
}

/**
 * `next` is `list` with combatants changed in their places (ids unchanged, as
 * a `map` over it gives): it shares the index of `list` instead of building
 * its own. A place that turns out wrong is indexed again (`placeOf`).
 */
export function keepPlaces(list: readonly CombatantPhase[], next: CombatantPhase[]): CombatantPhase[] {
  const map = places.get(list);
  if (map) places.set(next, map);
  return next;
}

/** The place of `id` in the list, or -1 (a list changed behind our back is indexed again). */
function placeOf(list: readonly CombatantPhase[], id: string): number {
  const i = placesOf(list).get(id);
  if (i !== undefined && list[i]?.id === id) return i;
  places.delete(list);
  return placesOf(list).get(id) ?? -1;
}

/** Where `id` stands in the state's combatants (by the same map), or -1. */
export const combatantIndex = (state: PhaseState, id: string): number => placeOf(state.combatants, id);

export function combatantOf(state: PhaseState, id: string): CombatantPhase {
  const i = placeOf(state.combatants, id);
  if (i < 0) throw new PhaseError("unknownCombatant", { id });
  return state.combatants[i]!;
}

export function fighterOf(fighters: Fighters, id: string): Fighter {
  const f = Object.hasOwn(fighters, id) ? fighters[id] : undefined;
  if (!f) throw new PhaseError("unknownCombatant", { id });
  return f;
}

/**
 * Lists a run of transitions may change in place (`inOneRun`): copies it
 * made itself, which nobody else holds. Outside a run, none.
 */
let ownedByRun: Set<object> | null = null;

/** The list to write into: itself when the current run made it, else a copy (owned by the run, if one is going). */
function writable<T>(list: readonly T[]): T[] {
  if (ownedByRun?.has(list)) return list as T[];
  const copy = list.slice();
  ownedByRun?.add(copy);
  return copy;
}

const NO_CHANGE: Partial<Pick<PhaseState, "phase" | "step" | "cursor">> = Object.freeze({});
const NO_EVENTS: readonly PhaseEvent[] = Object.freeze([]);

/**
 * The state with one combatant replaced (the one with `next.id`), the
 * scalar fields in `more` set and `events` added to the log. The input is
 * not changed: its lists are copied — except inside `inOneRun`, where a
 * list the run copied already is written in place.
 */
export function withCombatant(state: PhaseState, next: CombatantPhase, more: Partial<Pick<PhaseState, "phase" | "step" | "cursor">> = NO_CHANGE, events: readonly PhaseEvent[] = NO_EVENTS): PhaseState {
  const i = placeOf(state.combatants, next.id);
  const combatants = writable(state.combatants);
  if (combatants !== state.combatants) places.set(combatants, placesOf(state.combatants));
  if (i >= 0) combatants[i] = next;
  return {
    phase: more.phase ?? state.phase,
    step: more.step ?? state.step,
    combatants,
    order: state.order,
    cursor: more.cursor ?? state.cursor,
    events: events.length ? withEvents(state.events, events) : state.events,
  };
}

/** The log with `added` at its end (in place inside a run, as `withCombatant`). */
export function withEvents(log: readonly PhaseEvent[], added: readonly PhaseEvent[]): PhaseEvent[] {
  const out = writable(log);
  for (const e of added) out.push(e);
  return out;
}

/**
 * Run several transitions in a row on one state, each taking the state the
 * one before returned: a transition writes into the lists this run copied
 * instead of copying them again, so N transitions cost N steps, not N
 * copies of every list (a phase of 10,000 declarations). The state handed
 * in is never changed; the states between the steps share the run's lists
 * and must not be kept; the result is an ordinary state once the run ends.
 */
export function inOneRun(state: PhaseState, steps: (state: PhaseState) => PhaseState): PhaseState {
  const outer = ownedByRun;
  ownedByRun = new Set();
  try {
    return steps(state);
  } finally {
    ownedByRun = outer;
  }
}
