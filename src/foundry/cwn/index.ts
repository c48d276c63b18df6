/**
 * Cities Without Number's Foundry side, registered only in a world that plays it
 * (src/foundry/rulesets.ts): its world settings, its token status effects,
 * the sheets, the attack cards and the turn tracker by side. Its dice are
 * Foundry's own (no custom term); its round state is the whole fight on the
 * combat (W3, W4).
 */
import type { RulesetAdapter } from "../adapter.js";
import { createCwnRuleset } from "../../rulesets/cwn/ruleset.js";
import type { CwnFlow } from "../../rulesets/cwn/workflow/flow.js";
import { cardContent, registerCwnAttack, renderCard } from "./attack.js";
import { actorOfFighter, measureOnScene } from "./board.js";
import { cwnCombatRules, registerCwnCombat } from "./combat.js";
import { deriveCwn } from "./derive.js";
import { cwnRules } from "./rules-source.js";
import { readCwnSettings, registerCwnSettings } from "./settings.js";
import { registerCwnSheets } from "./sheets.js";
import { registerCwnStatusEffects } from "./status.js";
import { registerOdds } from "../odds.js";

function register(): void {
  registerCwnSettings();
  // "Show odds to players" and the odds partials (docs/odds.md): the attack dialog's line and the card's defense panel.
  registerOdds();
  // The world's settings replace parts of the standard CWN rules now, before any actor is prepared with them.
  readCwnSettings();
  registerCwnStatusEffects();
  registerCwnSheets();
  registerCwnAttack();
  registerCwnCombat();
}

export const adapter: RulesetAdapter<CwnFlow> = {
  ruleset: createCwnRuleset(cwnRules, { measure: measureOnScene, actorOfFighter }),
  register,
  cardContent,
  renderCard,
  combat: cwnCombatRules,
  derive: deriveCwn,
};
