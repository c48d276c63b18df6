/**
 * Foundry's own initiative paths (`Combatant#getInitiativeRoll`, modules that
 * roll initiative) get the active ruleset's formula: Cychosys's quickness
 * (R14, no dice), OpenD6's Perception less the wound dice with the Wild Die
 * and the initiative bonus (D6, D8, D37). The tracker itself never rolls
 * them: its order comes from the GM.
 */
import { describe, expect, it } from "vitest";
import { FakeActor, FakeCombatant } from "./fakes.js";
import { D6FakeActor } from "./d6-fakes.js";
import { cychosysCombatRules } from "../../src/foundry/cychosys/combat/documents.js";
import { d6CombatRules } from "../../src/foundry/d6/combat.js";
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments } from "../../src/foundry/combat.js";
import { createD6Ruleset } from "../../src/rulesets/d6/ruleset.js";

describe("the initiative formula Foundry's own paths roll", () => {
  it("R14: a Cychosys combatant's formula is its quickness", () => {
    const parker = new FakeCombatant(new FakeActor({ id: "parker", type: "character", quickness: 7, hits: [10, 5, 4] }));
    expect(cychosysCombatRules.initiativeFormula!(parker)).toBe("7");
  });

  it("D6, D8, D37: Perception 3D → 2d6 + 1dw; Perception 3D+2, bonus +1, Wounded (−1D) → 1d6 + 1dw + 2 + 1", () => {
    expect(d6CombatRules.initiativeFormula!(new FakeCombatant(new D6FakeActor({ id: "mara", name: "Mara", perception: "3D" })))).toBe("2d6 + 1dw");
    const hurt = new FakeCombatant(new D6FakeActor({ id: "lookout", name: "Lookout", perception: "3D+2", bonus: 1, wound: "wounded" }));
    expect(d6CombatRules.initiativeFormula!(hurt)).toBe("1d6 + 1dw + 2 + 1");
  });

  it("the shared Combatant class asks the active ruleset, and falls back to Foundry's formula when the ruleset gives none", () => {
    setActiveAdapter({ ruleset: createD6Ruleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: d6CombatRules });
    const { SystemCombatant } = defineCombatDocuments();
    const make = (actor: unknown) => Object.assign(Object.create(SystemCombatant.prototype), { actor, combat: null }) as { _getInitiativeFormula(): string };
    expect(make(new D6FakeActor({ id: "mara", name: "Mara", perception: "4D" }))._getInitiativeFormula()).toBe("3d6 + 1dw");
    setActiveAdapter({ ruleset: createD6Ruleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: {} });
    expect(make(null)._getInitiativeFormula()).toBe("1d20");
  });
});
