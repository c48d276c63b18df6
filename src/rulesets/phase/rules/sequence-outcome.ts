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
import type { PhaseClock } from "./clock.js";
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

export interface SequenceOutcomeJson {
  phases: PhaseRecordJson[];
  /** The tracker state after the last phase (what the combat stores). */
  state: PhaseState;
  fighters: Record<string, { wounds: PhaseWoundsJson; weapons: Record<string, { ammo: number; ready: boolean }> }>;
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function outcomeJson(o: ActionOutcome): OutcomeJson {
  return o.kind === "attack" ? { kind: "attack", attack: phaseAttackJson(o.attack) } : copy(o);
}

function reportJson(declared: PhaseState, report: PhaseReport): PhaseRecordJson {
  const order = new Map(declared.order.map((id, i) => [id, i]));
  const rolled = declared.combatants.filter((c) => c.initiative).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const lost = (a: DeclaredAction, during: TimedLength | "before") => ({ actor: a.actor, id: a.id, action: a.action, during });
  return {
    clock: { ...report.clock },
    surprise: declared.events.filter((e): e is Extract<PhaseEvent, { kind: "surpriseRoll" }> => e.kind === "surpriseRoll").map(copy),
    initiative: rolled.map((c) => ({ id: c.id, faces: [...c.initiative!.faces], reflexes: c.initiative!.reflexes, total: c.initiative!.total, tiebreak: c.initiative!.tiebreak })),
    slots: declared.events.filter((e): e is Exclude<PhaseEvent, { kind: "surpriseRoll" }> => e.kind !== "surpriseRoll").map(copy),
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
  return {
    phases: run.phases.map((p) => reportJson(p.declared, p.report)),
    state: copy(run.state),
    fighters: Object.fromEntries(
      Object.values(run.fighters).map((f) => [
        f.id,
        { wounds: woundsJson(f.wounds, condition(f.wounds, rules)), weapons: Object.fromEntries(Object.values(f.weapons).map((w) => [w.id, { ammo: w.ammo, ready: w.ready }])) },
      ]),
    ),
  };
}
