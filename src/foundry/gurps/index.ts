/**
 * GURPS 4e's Foundry side, registered only in a world that plays it
 * (src/foundry/rulesets.ts): its derived data and its round state on the
 * combat. `register()` is a list of registrations, one line each, so the
 * sheets, dice, status effects, cards, tracker and Dice So Nice colours add
 * themselves here.
 */
import type { RulesetAdapter } from "../adapter.js";
import { createGurpsRuleset } from "../../rulesets/gurps/ruleset.js";
import { deriveGurps } from "./derive.js";
import { gurpsRules } from "./rules-source.js";
import { readGurpsRound } from "../../rulesets/gurps/combat/round-state.js";
import type { GurpsFlow } from "../../rulesets/gurps/workflow/flow.js";
import { gurpsWorkflow } from "../../rulesets/gurps/workflow/steps.js";
import { cardContent, registerGurpsCard, renderCard } from "./card.js";
import { foundryGurpsWorld } from "./world.js";
import { readGurpsSettings, registerGurpsSettings } from "./settings.js";
import { registerGurpsSheets } from "./sheets.js";
import { registerGurpsStatusEffects } from "./status.js";
import { gurpsCombatRules, registerGurpsCombat } from "./combat.js";
import { registerOdds } from "../odds.js";
import { whenDiceSoNiceReady } from "../dice-so-nice.js";
import { registerGurpsDiceSoNice } from "./dice.js";

/** One line per part of the table; the token bars (HP, FP) are the manifest's, set by init. */
function register(): void {
  registerGurpsSettings();
  // The world's settings replace parts of the standard GURPS rules now, before any actor is prepared with them.
  readGurpsSettings();
  registerGurpsStatusEffects();
  registerGurpsSheets();
  registerGurpsCombat();
  registerGurpsCard();
  registerOdds();
  // Dice So Nice (optional): success rolls and damage dice in colours of their own; on its hook, registered now (start-up waits for no promise).
  whenDiceSoNiceReady((dice3d) => void registerGurpsDiceSoNice(dice3d));
}

export const adapter: RulesetAdapter<GurpsFlow> = {
  ruleset: createGurpsRuleset(gurpsRules, gurpsWorkflow(gurpsRules, readGurpsRound, foundryGurpsWorld) as never),
  register,
  cardContent,
  renderCard,
  derive: deriveGurps,
  combat: gurpsCombatRules,
};
