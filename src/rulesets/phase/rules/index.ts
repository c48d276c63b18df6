/**
 * Phase-based combat rules core — the public API. Rule ids (P1–P41): the
 * rule index of docs/rulesets/phase.md.
 *
 * Pure TypeScript: no Foundry, no DOM, no randomness (dice faces are inputs).
 * Every [fixed], [fixed — ours] and (fill) value is data in `PhaseRules`;
 * every function that depends on one takes the rules as its last parameter,
 * defaulting to `PHASE_STANDARD_RULES`.
 *
 * Module map: clock P1, P2, P9 · checks P4, P33, P34, P36 · surprise P3, P40
 * · initiative P5 · state, phase-start, slots, resolve-phase, view: the phase
 * tracker P5–P16, P22–P26, P37–P39 · location P18–P21, P41 · chart P20 ·
 * attack P13–P18, P22, P23, P25, P26, P32, P35, P39 · damage-formula, wounds
 * P27–P30 · outcome/explain one attack · sequence, sequence-* one or more
 * phases · scenario* the headless JSON formats · demo, bench.
 */
import { phaseAttackJson } from "./outcome.js";
import { explainPhaseAttack } from "./explain.js";
import { parsePhaseAttack, resolvePhaseAttack } from "./scenario.js";
import { parsePhaseSequence } from "./sequence-scenario.js";
import { runPhaseSequence } from "./sequence.js";
import { sequenceOutcomeJson } from "./sequence-outcome.js";
import { explainPhaseSequence } from "./sequence-explain.js";

export * from "./types.js";
export * from "./options.js";
export * from "./errors.js";
export * from "./clock.js";
export * from "./checks.js";
export * from "./damage-formula.js";
export * from "./chart.js";
export * from "./location.js";
export * from "./wounds.js";
export * from "./attack.js";
export * from "./surprise.js";
export * from "./initiative.js";
export * from "./state.js";
export * from "./phase-start.js";
export * from "./slots.js";
export * from "./resolve-phase.js";
export * from "./view.js";
export * from "./stored-state.js";
export { readOptions } from "./scenario-parts.js";
export { PhaseFieldReader } from "./reader.js";
export * from "./outcome.js";
export * from "./explain.js";
export * from "./scenario.js";
export * from "./sequence-scenario.js";
export * from "./sequence.js";
export * from "./sequence-outcome.js";
export * from "./sequence-explain.js";
export * from "./refusal.js";
export * from "./odds.js";
export { phaseDemoScript } from "./demo.js";
export { benchPhaseAttacks, formatPhaseBench, phaseBenchAttacks, phaseBenchSetup, runBenchPhase, type PhaseBenchResult } from "./bench.js";
export { PHASE_ATTACK_SCENARIOS, PHASE_REFUSAL_SCENARIOS, PHASE_SEQUENCE_SCENARIOS, type PhaseAttackScenarioName, type PhaseSequenceScenarioName } from "./seed-scenarios.js";

/** The phase ruleset's headless entry points, for the `rules`, `demo` and `bench` commands. */
export const phaseHeadless = Object.freeze({
  id: "phase" as const,
  /** One attack: scenario text → outcome JSON. */
  resolve: (text: string) => phaseAttackJson(resolvePhaseAttack(parsePhaseAttack(text))),
  /** One or more phases (`--sequence`): scenario text → outcome JSON. */
  sequence: (text: string) => {
    const scenario = parsePhaseSequence(text);
    return sequenceOutcomeJson(runPhaseSequence(scenario), scenario.rules);
  },
  explainAttack: (text: string) => {
    const s = parsePhaseAttack(text);
    return explainPhaseAttack(resolvePhaseAttack(s), s.names, undefined, s.rules);
  },
  explainSequence: (text: string) => {
    const s = parsePhaseSequence(text);
    return explainPhaseSequence(runPhaseSequence(s), undefined, s.rules);
  },
});
