/**
 * Cities Without Number's Foundry side, loaded only in a world that plays it
 * (src/foundry/rulesets.ts): its derived data and its round state on the
 * combat (the whole fight, W3/W4).
 */
import type { RulesetAdapter } from "../adapter.js";
import { createCwnRuleset } from "../../rulesets/cwn/ruleset.js";
import { deriveCwn } from "./derive.js";
import { cwnRules } from "./rules-source.js";

export const adapter: RulesetAdapter = {
  ruleset: createCwnRuleset(cwnRules),
  register: () => undefined,
  cardContent: async () => "",
  renderCard: () => undefined,
  derive: deriveCwn,
};
