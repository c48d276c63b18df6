/**
 * A sequence scenario played through the tracker's transitions, phase by
 * phase, exactly as the tracker will call them (P11): GM marks, surprise
 * rolls, initiative, the slots lowest first (cancel, free action, declaration
 * or pass), then the end of the phase. Any refusal of the rules core is named
 * as the scenario field that asked for it.
 */
import { englishString } from "../../../core/messages.js";
import { PhaseError } from "./errors.js";
import { closeInitiative, rollInitiativeFor, setAwareness, startPhase, witnessHostility } from "./phase-start.js";
import { at, PhaseFieldReader, say } from "./reader.js";
import { type PhaseReport, resolvePhase } from "./resolve-phase.js";
import type { PhaseSequenceScenario } from "./sequence-scenario.js";
import { cancelAction, declareAction, distract, passSlot, takeFree } from "./slots.js";
import type { Fighter, PhaseEvent, PhaseState } from "./state.js";

export interface PhaseRecord {
  /** The state once the slots are done (initiative, order, events), before the end of the phase. */
  declared: PhaseState;
  report: PhaseReport;
}

export interface SequenceRun {
  phases: PhaseRecord[];
  state: PhaseState;
  fighters: Record<string, Fighter>;
  names: Record<string, string>;
}

export function runPhaseSequence(scenario: PhaseSequenceScenario): SequenceRun {
  const r = new PhaseFieldReader();
  const rules = scenario.rules;
  let state = scenario.state;
  let fighters: Record<string, Fighter> = { ...scenario.fighters };
  const phases: PhaseRecord[] = [];
  scenario.phases.forEach((script, i) => {
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
    for (const id of Object.keys(script.slots)) if (!state.order.includes(id)) r.fail(at(at(field, "slots"), id), new PhaseError("noSlot", { id }).message);
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
        if (!open) r.fail(at(where, "declare"), say("slotClosed"));
        const declaration = slot.declare;
        state = r.at(at(where, "declare"), () => declareAction(state, fighters, id, declaration, rules));
      } else if (open) state = passSlot(state, id);
    }
    const declared = state;
    const result = r.at(at(field, "rolls"), () => resolvePhase(state, fighters, script.rolls, rules));
    if (result.status === "pending") {
      const need = result.needs[0]!;
      const action = englishString(`CYCHOSYS.Phase.Action.${need.action}`) ?? need.action;
      return r.fail(at(at(field, "rolls"), need.actor), say(`needs.${need.roll}`, { check: need.check + 1, hit: need.hit + 1, action }));
    }
    state = result.state;
    fighters = result.fighters;
    phases.push({ declared, report: result.report });
  });
  return { phases, state, fighters, names: scenario.names };
}

export type { PhaseEvent };
