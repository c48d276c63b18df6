/**
 * Where the phase-based Foundry side reads the world's rules (`PhaseRules`):
 * the standard rules until the adapter installs the world's (settings).
 * Every Foundry call into the core passes `phaseRules()`.
 */
import { PHASE_STANDARD_RULES, type PhaseRules } from "../../rulesets/phase/rules/index.js";

let source: () => Readonly<PhaseRules> = () => PHASE_STANDARD_RULES;

/** Install the world's rules reader (read at each call: a setting may change them). */
export function setPhaseRulesSource(read: () => Readonly<PhaseRules>): void {
  source = read;
}

/** The world's phase rules, or the standard rules. */
export function phaseRules(): Readonly<PhaseRules> {
  return source();
}
