/**
 * OpenD6's Foundry side, registered only in a world that plays OpenD6
 * (src/foundry/rulesets.ts): its world settings, the Wild Die (`dw`) and its
 * Dice So Nice colours, the wound levels as token status effects, the
 * sheets, the attack cards and the turn tracker's rules.
 */
import type { RulesetAdapter } from "../adapter.js";
import { whenDiceSoNiceReady } from "../dice-so-nice.js";
import { createD6Ruleset } from "../../rulesets/d6/ruleset.js";
import type { D6Flow } from "../../rulesets/d6/workflow/flow.js";
import { cardContent, registerD6Attack, renderCard } from "./attack.js";
import { d6CombatRules, registerD6Combat } from "./combat.js";
import { d6TieOf } from "./combat-actions.js";
import { deriveD6 } from "./derive.js";
import { registerD6Dice, registerD6DiceSoNice } from "./dice.js";
import { d6Rules } from "./rules-source.js";
import { readD6Settings, registerD6Settings } from "./settings.js";
import { registerD6Sheets } from "./sheets.js";
import { registerD6StatusEffects } from "./status.js";
import { registerOdds } from "../odds.js";

function register(): void {
  registerD6Settings();
  // The world's settings replace parts of the standard D6 rules now, before any actor is prepared with them.
  readD6Settings();
  // D2: `1dw` rolls the Wild Die.
  registerD6Dice();
  registerD6StatusEffects(d6Rules());
  registerD6Sheets();
  registerD6Attack();
  // Odds before you roll (docs/odds.md): the world setting and the partials.
  registerOdds();
  registerD6Combat();
  // Dice So Nice (optional): the Wild Die in its own colour.
  whenDiceSoNiceReady((dice3d) => void registerD6DiceSoNice(dice3d));
}

export const adapter: RulesetAdapter<D6Flow> = {
  ruleset: createD6Ruleset(d6Rules, d6TieOf),
  register,
  cardContent,
  renderCard,
  combat: d6CombatRules,
  derive: deriveD6,
};
