/**
 * The phase-based homebrew as a ruleset of the engine (src/core/ruleset.ts):
 * its manifest and its headless codecs. Pure: the world's rules are handed in
 * as a function. Its card workflow and its phase state on the combat come
 * with the Foundry side (docs/rulesets/phase.md, "On the table").
 */
import type { Ruleset } from "../../core/ruleset.js";
import { PHASE_MANIFEST } from "./manifest.js";
import { PHASE_STANDARD_RULES, type PhaseRules, phaseDemoScript, phaseHeadless } from "./rules/index.js";

export function createPhaseRuleset(rules: () => Readonly<PhaseRules> = () => PHASE_STANDARD_RULES): Ruleset {
  void rules;
  return {
    manifest: PHASE_MANIFEST,
    workflow: {
      // No card steps yet: every request is refused by its shape.
      parseRequest: () => ({ ok: false, problem: { field: "step", kind: "value" } }),
      declare: () => Promise.reject(new Error("phase: no card workflow")),
      step: () => Promise.reject(new Error("phase: no card workflow")),
      scope: () => ({ participants: new Set(), objects: new Map() }),
    },
    round: {
      read: () => null,
      apply: (state) => state,
      update: () => ({}),
    },
    headless: { resolve: phaseHeadless.resolve, demo: () => phaseDemoScript().join("\n") },
  };
}
