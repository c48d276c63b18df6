/**
 * The documented outcome JSON of a sequence run (docs/rulesets/phase.md,
 * version 1): per phase the clock, surprise rolls, initiative in declaration
 * order, what each slot did, what resolved by length, what was lost; then the
 * tracker state to store and each fighter's sheet figures after.
 */
import { phaseAttackJson, type PhaseAttackJson, type PhaseWoundsJson, woundsJson } from "./outcome.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import type { ActionOutcome, PhaseReport } from "./resolve-phase.js";
import type { SequenceRun } from "./sequence.js";
import type { DeclaredAction, PhaseEvent, PhaseState } from "./state.js";
import { type PhaseClock, phaseClock } from "./clock.js";
import type { OutState, TimedLength } from "./types.js";
import { condition } from "./wounds.js";

export type OutcomeJson = Exclude<ActionOutcome, { kind: "attack" }> | { kind: "attack"; attack: PhaseAttackJson };

export interface PhaseRecordJson {
  clock: PhaseClock;
  surprise: Extract<PhaseEvent, { kind: "surpriseRoll" }>[];
  /** P5: in declaration order, lowest first. */
  initiative: { id: string; faces: number[]; reflexes: number; total: number; tiebreak: number | null }[];
  slots: Exclude<PhaseEvent, { kind: "surpriseRoll" }>[];
  resolved: { length: TimedLength; actions: { actor: string; id: string; action: string; part: "targeting" | null; outcome: OutcomeJson }[] }[];
  lost: { actor: string; id: string; action: string; during: TimedLength | "before" }[];
  outOfAction: { id: string; during: TimedLength; states: OutState[] }[];
  surprised: string[];
}

/** A phase whose end still waits for dice (P9): what happened in it so far, and each roll owed. */
export interface OwedJson extends Pick<PhaseRecordJson, "clock" | "surprise" | "initiative" | "slots"> {
  /** The scenario's index of the phase (`phases[index]`). */
  index: number;
  /** Each roll the end of the phase waits for, in the order the core asks: who, for which action, which roll of which check and hit (from 0), its dice, and the field its faces go in. */
  rolls: { actor: string; action: string; roll: "check" | "location" | "damage"; check: number; hit: number; dice: number; faces: number; field: string }[];
  /** Phases of the scenario after it, not played. */
  unplayed: number;
}

export interface SequenceOutcomeJson {
  phases: PhaseRecordJson[];
  /** Present when a phase's end still waits for dice: the run stopped there. */
  owed?: OwedJson;
  /** The tracker state after the last phase (what the combat stores). */
  state: PhaseState;
  fighters: Record<string, { wounds: PhaseWoundsJson; weapons: Record<string, { ammo: number; ready: boolean }> }>;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function outcomeJson(o: ActionOutcome): OutcomeJson {
  return o.kind === "attack" ? { kind: "attack", attack: phaseAttackJson(o.attack) } : copy(o);
}

/** What happened in a phase before its end: surprise rolls, initiative in declaration order, the slots. */
function declaredJson(declared: PhaseState, clock: PhaseClock): Pick<PhaseRecordJson, "clock" | "surprise" | "initiative" | "slots"> {
  const order = new Map(declared.order.map((id, i) => [id, i]));
  const rolled = declared.combatants.filter((c) => c.initiative).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    clock: { ...clock },
    surprise: declared.events.filter((e): e is Extract<PhaseEvent, { kind: "surpriseRoll" }> => e.kind === "surpriseRoll").map(copy),
    initiative: rolled.map((c) => ({ id: c.id, faces: [...c.initiative!.faces], reflexes: c.initiative!.reflexes, total: c.initiative!.total, tiebreak: c.initiative!.tiebreak })),
    slots: declared.events.filter((e): e is Exclude<PhaseEvent, { kind: "surpriseRoll" }> => e.kind !== "surpriseRoll").map(copy),
  };
}

function reportJson(declared: PhaseState, report: PhaseReport): PhaseRecordJson {
  const lost = (a: DeclaredAction, during: TimedLength | "before") => ({ actor: a.actor, id: a.id, action: a.action, during });
  return {
    ...declaredJson(declared, report.clock),
    resolved: report.groups.map((g) => ({
      length: g.length,
      actions: g.entries.map((e) => ({ actor: e.action.actor, id: e.action.id, action: e.action.action, part: e.part, outcome: outcomeJson(e.outcome) })),
    })),
    lost: report.lost.map((l) => lost(l.action, l.during)),
    outOfAction: report.outOfAction.map((o) => ({ id: o.id, during: o.during, states: [...o.states] })),
    surprised: [...report.surprised],
  };
}

export function sequenceOutcomeJson(run: SequenceRun, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): SequenceOutcomeJson {
  const owed = run.owed;
  return {
    phases: run.phases.map((p) => reportJson(p.declared, p.report)),
    ...(owed && {
      owed: {
        index: owed.index,
        ...declaredJson(owed.declared, phaseClock(owed.declared.phase, rules)),
        rolls: owed.rolls.map((n) => ({ actor: n.actor, action: n.action, roll: n.roll, check: n.check, hit: n.hit, dice: n.dice, faces: n.faces, field: n.field })),
        unplayed: owed.unplayed,
      },
    }),
    state: copy(run.state),
    fighters: Object.fromEntries(
      Object.values(run.fighters).map((f) => [
        f.id,
        { wounds: woundsJson(f.wounds, condition(f.wounds, rules)), weapons: Object.fromEntries(Object.values(f.weapons).map((w) => [w.id, { ammo: w.ammo, ready: w.ready }])) },
      ]),
    ),
  };
}
