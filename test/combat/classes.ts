/** The tracker's document classes as a Cychosys world has them: the generic classes with Cychosys's combat rules active. */
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments as defineGeneric } from "../../src/foundry/combat.js";
import { cychosysCombatRules } from "../../src/foundry/cychosys/combat/documents.js";
import { createCychosysRuleset } from "../../src/rulesets/cychosys/ruleset.js";
import { chapterCombatants, type FakeCombatBase, FakeCombatant, world } from "./fakes.js";

export function defineCombatDocuments() {
  setActiveAdapter({ ruleset: createCychosysRuleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: cychosysCombatRules });
  const { SystemCombat, SystemCombatant } = defineGeneric();
  return { CychosysCombat: SystemCombat, CychosysCombatant: SystemCombatant };
}

/**
 * The chapter's fight (Parker, Riddle and the sentry) started in a Cychosys
 * combat of the world, as the tracker's GM-side tests play it.
 */
export async function chapterFight() {
  const { CychosysCombat } = defineCombatDocuments();
  const { parker, riddle, sentry } = chapterCombatants();
  const c = { parker: new FakeCombatant(parker), riddle: new FakeCombatant(riddle), sentry: new FakeCombatant(sentry) };
  const combat = new CychosysCombat() as unknown as FakeCombatBase & { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown> };
  combat.list = [c.parker, c.riddle, c.sentry];
  for (const x of combat.list) x.combat = combat;
  (globalThis as unknown as { game: { combats: unknown } }).game.combats = { contents: [combat] };
  world.actors = [parker, riddle, sentry];
  await combat.startCombat();
  return { combat, c, actors: { parker, riddle, sentry } };
}
