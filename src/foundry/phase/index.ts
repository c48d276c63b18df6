/**
 * The phase-based homebrew's Foundry side, registered only in a world that plays
 * it (src/foundry/rulesets.ts): its world settings, its token statuses, its
 * sheets, the phase tracker in place of the turn order, the odds in its
 * declare dialog, and the phase card on the GM's transport. Its dice are
 * Foundry's own (dice.ts).
 */
import type { RulesetAdapter } from "../adapter.js";
import { createPhaseRuleset } from "../../rulesets/phase/ruleset.js";
import type { PhaseFlow } from "../../rulesets/phase/workflow/flow.js";
import { PHASE_CARD_TEMPLATE } from "../../rulesets/phase/workflow/card-view.js";
import { cardContent, renderCard } from "./card.js";
import { phaseCombatRules, registerPhaseCombat } from "./combat.js";
import { derivePhase } from "./derive.js";
import { phaseRules } from "./rules-source.js";
import { readPhaseSettings, registerPhaseSettings } from "./settings.js";
import { registerPhaseSheets } from "./sheets.js";
import { registerPhaseStatusEffects } from "./status.js";
import { foundryPhaseWorld } from "./world.js";
import { registerOdds } from "../odds.js";

function register(): void {
  registerPhaseSettings();
  // The world's settings replace parts of the standard phase rules now, before any actor is prepared with them.
  readPhaseSettings();
  registerPhaseStatusEffects();
  registerPhaseSheets();
  registerPhaseCombat();
  // Odds before you declare (docs/odds.md): the players' setting and the odds partials of the declare dialog.
  registerOdds();
  void foundry.applications.handlebars.loadTemplates([PHASE_CARD_TEMPLATE]);
}

export const adapter: RulesetAdapter<PhaseFlow> = {
  ruleset: createPhaseRuleset(phaseRules, foundryPhaseWorld),
  register,
  cardContent,
  renderCard,
  combat: phaseCombatRules,
  derive: derivePhase,
};
