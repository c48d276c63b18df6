/**
 * Issue 20.6: an initiative formula that matches each ruleset. Every
 * ruleset's combat rules give each combatant's formula (`initiativeFormula`,
 * what `Combatant#_getInitiativeFormula` rolls) and declare
 * `CONFIG.Combat.initiative` (set on `init`) — the same formula over a
 * combatant's roll data, put in words here as Foundry's
 * `Roll.replaceFormulaData` does — with the decimals the tracker shows.
 */
import "./fakes.js";
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/core/ruleset.js";
import { registeredManifests } from "../../src/core/schema/registry.js";
import { systemDefaults } from "../../src/core/schema/validate.js";
import { ADAPTERS } from "../../src/foundry/rulesets.js";
import { makeRules } from "../../src/rulesets/cychosys/rules/index.js";
import "../../src/rulesets/manifests.js";

/** Foundry's `Roll.replaceFormulaData(formula, data, { missing: "0" })`: each `@path` becomes the value at that path of the roll data (0 when there is none: a Cychosys object has no quickness). */
const replaceFormulaData = (formula: string, data: object) =>
  formula.replace(/@([\w.]+)/g, (_whole, path: string) => String(path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], data) ?? 0));
/** Spaces and a `+ 0` make no difference to a roll. */
const same = (formula: string) => formula.replace(/\s+/g, "").replace(/\+0(?![\d.])/g, "");

/** A combatant of each actor type of the ruleset, its actor prepared with the ruleset's derive. */
function combatants(ruleset: (typeof RULESET_IDS)[number]) {
  (globalThis as unknown as { CONFIG: Record<string, unknown> }).CONFIG.CYCHOSYS = makeRules();
  const manifest = registeredManifests().find((m) => m.id === ruleset)!;
  return Object.keys(manifest.Actor).map((type) => {
    const system: Record<string, unknown> = systemDefaults("Actor", type);
    const actor = { uuid: `Actor.${type}`, name: type, type, items: [], system };
    const derived = ADAPTERS[ruleset].derive?.("Actor", type, system, actor);
    if (derived !== undefined) system.derived = derived;
    return { id: `c-${type}`, name: type, actor, combat: null, flags: {}, initiative: null };
  });
}

const DECIMALS = { cychosys: 0, d6: 0, cwn: 0, phase: 0, gurps: 2 } as const;

describe("initiative", () => {
  it.each(RULESET_IDS)("%s: CONFIG.Combat.initiative says what each combatant rolls", (ruleset) => {
    const rules = ADAPTERS[ruleset].combat!;
    expect(rules.initiative).toBeDefined();
    expect(rules.initiative!.decimals).toBe(DECIMALS[ruleset]);
    for (const combatant of combatants(ruleset)) {
      const own = rules.initiativeFormula!(combatant);
      expect(own.length, combatant.name).toBeGreaterThan(0);
      const declared = rules.initiative!.formula;
      // OpenD6's die codes have no Foundry formula over roll data; Foundry rolls the combatant's own.
      if (ruleset === "d6") expect(declared).toBeNull();
      else expect(same(replaceFormulaData(declared!, combatant.actor.system)), combatant.name).toBe(same(own));
    }
  });

  it("the declared formulas", () => {
    expect(Object.fromEntries(RULESET_IDS.map((id) => [id, ADAPTERS[id].combat!.initiative!.formula]))).toEqual({
      cychosys: "@derived.quickness.quickness",
      d6: null,
      cwn: "1d8 + @derived.initiativeDex",
      phase: "2d10 + @derived.initiativeBonus",
      gurps: "@derived.basicSpeed",
    });
  });
});
