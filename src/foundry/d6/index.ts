// TEMPORARY (being written in this session; replaced before it is submitted): OpenD6's Foundry side.
import type { RulesetAdapter } from "../adapter.js";
import { createD6Ruleset } from "../../rulesets/d6/ruleset.js";

export const adapter: RulesetAdapter = {
  ruleset: createD6Ruleset(),
  register: () => undefined,
  cardContent: async () => "",
  renderCard: () => undefined,
};
