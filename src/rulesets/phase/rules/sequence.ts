/**
 * A sequence scenario played through the tracker's transitions, phase by
 * phase, exactly as the tracker will call them (P11): GM marks, surprise
 * rolls, initiative, the slots lowest first (cancel, free action, declaration
 * or pass), then the end of the phase. Any refusal of the rules core is named
 * as the scenario field that asked for it.
 */
import { closeInitiative, rollInitiativeFor, setAwareness, startPhase, witnessHostility } from "./phase-start.js";
import { at, PhaseFieldReader } from "./reader.js";
import { PhaseRefusal } from "./refusal.js";
import { type AttackNeed, neededDice, type PhaseReport, resolvePhase } from "./resolve-phase.js";
import type { PhaseSequenceScenario } from "./sequence-scenario.js";
import { cancelAction, declareAction, distract, passSlot, takeFree } from "./slots.js";
import type { Fighter, PhaseEvent, PhaseState } from "./state.js";

export interface PhaseRecord {
  /** The state once the slots are done (initiative, order, events), before the end of the phase. */
  declared: PhaseState;
  report: PhaseReport;
}

/** A roll the end of a phase still waits for, with the dice it takes and the scenario field its faces go in. */
export interface OwedRoll extends AttackNeed {
  dice: number;
  faces: number;
  field: string;
}

/**
 * A phase whose end lacks dice: the run stops there, as the table waits for
 * its card's rolls (P9, P11 step 4), and says what is owed instead of
 * refusing the scenario.
 */
export interface SequenceOwed {
  /** The scenario's index of the phase (`phases[index]`). */
  index: number;
  /** Its slots done, its end not yet resolved. */
  declared: PhaseState;
  rolls: OwedRoll[];
  /** Phases of the scenario after it, not played. */
  unplayed: number;
}

export interface SequenceRun {
  phases: PhaseRecord[];
  /** The tracker state after the last phase played — at a phase's end still owing dice when `owed` is set. */
  state: PhaseState;
  fighters: Record<string, Fighter>;
  names: Record<string, string>;
  owed: SequenceOwed | null;
}

/** The field a roll's faces go in (`phases[1].rolls.earl.locations`). */
const ROLL_FIELDS = { check: "checks", location: "locations", damage: "damage" } as const;

export function runPhaseSequence(scenario: PhaseSequenceScenario): SequenceRun {
  try {
    return playPhases(scenario);
  } catch (error) {
    // A refusal names the scenario's people by their names.
    if (error instanceof PhaseRefusal) throw error.named((id) => (Object.hasOwn(scenario.names, id) ? scenario.names[id] : undefined));
    throw error;
  }
}

function playPhases(scenario: PhaseSequenceScenario): SequenceRun {
  const r = new PhaseFieldReader();
  const rules = scenario.rules;
  let state = scenario.state;
  let fighters: Record<string, Fighter> = { ...scenario.fighters };
  const phases: PhaseRecord[] = [];
  let owed: SequenceOwed | null = null;
  for (let i = 0; i < scenario.phases.length; i++) {
    const script = scenario.phases[i]!;
    const field = at("phases", i);
    const gm = script.gm;
    for (const id of gm.aware) state = setAwareness(state, id, true);
    for (const id of gm.unaware) state = setAwareness(state, id, false);
    if (gm.witness.length) state = witnessHostility(state, gm.witness, state.phase, 0, rules);
    for (const id of gm.distract) state = distract(state, id);
    state = r.at(at(field, "surprise"), () => startPhase(state, fighters, script.surprise, rules));
    for (const roll of script.initiative) {
      state = r.at(at(at(field, "initiative"), roll.id), () => rollInitiativeFor(state, fighters, roll.id, roll.dice, roll.tiebreak, rules));
    }
    state = r.at(at(field, "initiative"), () => closeInitiative(state));
    // P5: a slot is for those who rolled initiative this phase.
    const slotted = new Set(state.order);
    for (const id of Object.keys(script.slots)) if (!slotted.has(id)) throw new PhaseRefusal("P5", "noSlot", { id }, at(at(field, "slots"), id));
    for (const id of [...state.order]) {
      const slot = script.slots[id];
      const where = at(at(field, "slots"), id);
      if (slot?.cancel) state = r.at(at(where, "cancel"), () => cancelAction(state, id));
      if (slot?.free) {
        const free = slot.free;
        const done = r.at(at(where, "free"), () => takeFree(state, fighters, id, free, rules));
        state = done.state;
        fighters = { ...fighters, [id]: done.fighter };
      }
      const open = state.order[state.cursor] === id;
      if (slot?.declare) {
        if (!open) throw new PhaseRefusal("P7", "slotClosed", { id }, at(where, "declare"));
        const declaration = slot.declare;
        state = r.at(at(where, "declare"), () => declareAction(state, fighters, id, declaration, rules));
      } else if (open) state = passSlot(state, id);
    }
    const declared = state;
    const result = r.at(at(field, "rolls"), () => resolvePhase(state, fighters, script.rolls, rules));
    if (result.status === "pending") {
      // P9: the end of this phase waits for these rolls; the run stops here and says so.
      const rolls = result.needs.map((need) => ({ ...need, ...neededDice(need, declared, fighters, rules), field: at(at(at(field, "rolls"), need.actor), ROLL_FIELDS[need.roll]) }));
      owed = { index: i, declared, rolls, unplayed: scenario.phases.length - i - 1 };
      break;
    }
    state = result.state;
    fighters = result.fighters;
    phases.push({ declared, report: result.report });
  }
  return { phases, state, fighters, names: scenario.names, owed };
}

export type { PhaseEvent };
