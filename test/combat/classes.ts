/** The tracker's document classes as a Cychosys world has them: the generic classes with Cychosys's combat rules active. */
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments as defineGeneric } from "../../src/foundry/combat.js";
import { cychosysCombatRules } from "../../src/foundry/cychosys/combat/documents.js";
import { createCychosysRuleset } from "../../src/rulesets/cychosys/ruleset.js";

export function defineCombatDocuments() {
  setActiveAdapter({ ruleset: createCychosysRuleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: cychosysCombatRules });
  const { SystemCombat, SystemCombatant } = defineGeneric();
  return { CychosysCombat: SystemCombat, CychosysCombatant: SystemCombatant };
}
