/**
 * The phase-based homebrew's Foundry side, loaded only in a world that plays
 * it (src/foundry/rulesets.ts): for now its derived data; the sheets, dice,
 * phase card and phase tracker follow (docs/rulesets/phase.md).
 */
import type { RulesetAdapter } from "../adapter.js";
import { createPhaseRuleset } from "../../rulesets/phase/ruleset.js";
import { derivePhase } from "./derive.js";
import { phaseRules } from "./rules-source.js";

export const adapter: RulesetAdapter = {
  ruleset: createPhaseRuleset(phaseRules),
  register: () => {},
  cardContent: async () => "",
  renderCard: () => {},
  derive: derivePhase,
};
