/**
 * Cities Without Number's Foundry side, loaded only in a world that plays it
 * (src/foundry/rulesets.ts): its sheets, its derived data and its round
 * state on the combat (the whole fight, W3/W4).
 */
import type { RulesetAdapter } from "../adapter.js";
import { createCwnRuleset } from "../../rulesets/cwn/ruleset.js";
import { deriveCwn } from "./derive.js";
import { cwnRules } from "./rules-source.js";
import { registerCwnSheets } from "./sheets.js";

function register(): void {
  registerCwnSheets();
}

export const adapter: RulesetAdapter = {
  ruleset: createCwnRuleset(cwnRules),
  register,
  cardContent: async () => "",
  renderCard: () => undefined,
  derive: deriveCwn,
};
