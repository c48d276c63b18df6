/**
 * OpenD6's bench (src/rulesets/d6/bench.ts, issue 21): the fixed set, the
 * realistic mix drawn from the packs and the scenario space, and the table
 * costs — linear to 1,000 combatants and 2,000 items, checked by the shared
 * growth guard (test/helpers/growth.ts).
 */
import { describe, expect, it } from "vitest";
import { TABLE_TARGETS } from "../../../src/core/bench.js";
import { bench, benchCombat, D6_MIX_SIZE, d6MixInputs } from "../../../src/rulesets/d6/bench.js";
import { d6TableTurns, d6TurnPlaces } from "../../../src/rulesets/d6/combat/table.js";
import { expectLinearGrowth } from "../../helpers/growth.js";
import { benchInputs, D6_SEED_SCENARIOS, resolveD6Attack } from "../../../src/rulesets/d6/rules/index.js";

describe("OpenD6's bench: what it resolves", () => {
  it("the fixed set is the chapter's seed scenarios, each resolved whole", () => {
    expect(bench.id).toBe("d6");
    expect(bench.fixed.size).toBe(Object.keys(D6_SEED_SCENARIOS).length);
    const inputs = benchInputs();
    for (let i = 0; i < bench.fixed.size; i++) expect(bench.fixed.run(i)).toBe(resolveD6Attack(inputs[i]!.input, inputs[i]!.rules).margin ?? 0);
  });

  it("the mix: 1,024 attacks from the packs, the same every run, each one the GM would resolve (no refusal thrown)", () => {
    const mix = d6MixInputs();
    expect(mix).toHaveLength(D6_MIX_SIZE);
    expect(bench.mix.size).toBe(D6_MIX_SIZE);
    expect(JSON.stringify(d6MixInputs(16))).toBe(JSON.stringify(mix.slice(0, 16)));
    for (const x of mix) expect(() => resolveD6Attack(x.input, x.rules)).not.toThrow();
  });

  it("the mix covers the scenario space: every weapon mode, defense, blade rule, refusal, range band, cover, wound level, complications, rolled modifiers, three world rules", () => {
    const seen = new Set<string>();
    for (const { input, rules } of d6MixInputs()) {
      const r = resolveD6Attack(input, rules);
      seen.add(`mode:${r.mode}`).add(`refused:${r.refused}`).add(`hit:${r.hit}`).add(`struck:${r.struck}`).add(`blade:${r.bladeRule}`).add(`band:${r.band}`);
      seen.add(`wound:${r.woundTaken}`).add(`spared:${r.spared}`).add(`unable:${r.becameUnableToAct}`).add(`aim:${r.aimDice > 0}`).add(`complication:${r.complications.length > 0}`);
      for (const d of r.defenses) seen.add(`defense:${d.skill}/${d.mode}`).add(`rolled:${d.rolled !== null}`);
      if (r.difficulty) seen.add(`source:${r.difficulty.source}`).add(`cover:${r.difficulty.cover.level}/${r.difficulty.cover.rolled}`).add(`floor:${r.difficulty.floorApplied}`);
      for (const m of r.difficulty?.modifiers ?? []) seen.add(`modifier rolled:${m.rolled}`);
      seen.add(`rules:${rules.complicationMode}/${rules.rollDifficultyModifiers}/${rules.rangeModifierOnMelee}/${rules.resistWithStrength}`);
    }
    const wanted = [
      "mode:melee", "mode:ranged", "mode:unarmed",
      "refused:null", "refused:outOfReach", "refused:beyondRange", "refused:hidden",
      "hit:true", "hit:false", "struck:defender", "struck:attacker", "blade:bladeParry", "blade:bareHandBlock", "spared:true",
      "band:pointBlank", "band:short", "band:medium", "band:long", "band:beyond",
      "wound:none", "wound:stunned", "wound:wounded", "wound:incapacitated", "wound:mortallyWounded", "wound:killed", "unable:defender",
      "defense:dodge/partial", "defense:dodge/full", "defense:dodge/gmCalled", "defense:block/partial", "defense:parry/partial", "rolled:true", "rolled:false",
      "source:passive", "source:dodge", "source:block", "source:parry",
      "cover:none/false", "cover:light/false", "cover:medium/false", "cover:heavy/false", "cover:light/true", "cover:heavy/true", "floor:true",
      "modifier rolled:true", "modifier rolled:false", "aim:true", "complication:true",
      "rules:flag/false/false/true", "rules:remove/true/false/true", "rules:flag/false/true/false",
    ];
    expect(wanted.filter((w) => !seen.has(w))).toEqual([]);
  });

  it("the table costs of issue 21: tracker sort, new round, next turn and the sheet, at the sizes of TABLE_TARGETS", () => {
    expect(bench.table.map((t) => t.kind)).toEqual(["trackerSort", "newRound", "nextTurn", "sheet"]);
    for (const cost of bench.table) for (const { size } of TABLE_TARGETS[cost.kind].targets) expect(cost.prepare(size)()).toBeTruthy();
  });

  it("the sort the bench times is the tracker's order (D5–D7), read once", () => {
    const table = benchCombat(300);
    const places = d6TurnPlaces(table);
    const sorted = table.combatants.slice().sort((a, b) => places.get(a.id)! - places.get(b.id)!);
    expect(sorted.map((c) => c.id)).toEqual(d6TableTurns(table).map((t) => t.id));
  });
});

describe("linear table costs at size (the shared growth guard: CPU time, N → 10N far below quadratic)", () => {
  for (const cost of bench.table) {
    const [, middle, largest] = TABLE_TARGETS[cost.kind].targets;
    it(`${cost.kind}: ${middle!.size} → ${largest!.size} ${TABLE_TARGETS[cost.kind].unit} grows linearly, within 50× its target (${largest!.ms} ms on a quiet machine)`, () => {
      expectLinearGrowth(cost);
    });
  }
});
