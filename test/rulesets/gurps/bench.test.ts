/**
 * GURPS's bench (src/rulesets/gurps/bench.ts): the fixed set and the
 * realistic mix resolve whole attacks, the mix covers the scenario space it
 * claims, and the table costs grow linearly — a sort, a next turn and a new
 * round at 1,000 combatants and a sheet at 2,000 items, each with a generous
 * ratio from N to 10N (a regression to quadratic fails; a busy machine does
 * not). Rates are the bench's to print, not this test's.
 */
import { describe, expect, it } from "vitest";
import type { TableCostKind } from "../../../src/core/bench.js";
import { expectLinearGrowth } from "../../helpers/growth.js";
import { bench, gurpsMixInputs } from "../../../src/rulesets/gurps/bench.js";
import { sortGurpsTurns } from "../../../src/rulesets/gurps/combat/tracker-plan.js";
import { AOA_OPTIONS, DAMAGE_TYPES, HIT_LOCATIONS, resolveGurpsAttack } from "../../../src/rulesets/gurps/rules/index.js";

const MIX = gurpsMixInputs();

describe("the GURPS bench", () => {
  it("fixed: the seed checks' attacks; mix: whole attacks from the packs, every one given every die it asks for", () => {
    expect(bench.id).toBe("gurps");
    expect(bench.fixed.size).toBeGreaterThanOrEqual(20);
    expect(MIX).toHaveLength(2048);
    for (let i = 0; i < bench.fixed.size; i++) expect(typeof bench.fixed.run(i)).toBe("number");
    for (const input of MIX) {
      const r = resolveGurpsAttack(input);
      expect(r.refused).toBeNull();
      expect(r.owed.filter((o) => o.when === "now")).toEqual([]);
    }
    // The same seed, the same mix.
    expect(JSON.stringify(gurpsMixInputs(64))).toBe(JSON.stringify(MIX.slice(0, 64)));
  });

  it("the mix covers the scenario space: every defense and its options, damage type, divisor, location, attacking maneuver, one to three armor layers, rapid fire, criticals both ways", () => {
    const seen = { defense: new Set<string>(), type: new Set<string>(), divisor: new Set<number>(), location: new Set<string>(), maneuver: new Set<string>(), layers: new Set<number>(), critical: new Set<string>() };
    let rapidHits = 0;
    for (const input of MIX) {
      const r = resolveGurpsAttack(input);
      if (r.declined) seen.defense.add("none");
      for (const d of r.defenses) {
        seen.defense.add(d.chosen.option.kind);
        if (d.chosen.retreat) seen.defense.add("retreat");
        if (d.chosen.dodgeAndDrop) seen.defense.add("dodgeAndDrop");
        if (d.chosen.acrobatic) seen.defense.add("acrobatic");
      }
      if (r.damage) {
        seen.type.add(r.damage.type);
        seen.divisor.add(r.damage.divisor);
        seen.location.add(r.damage.location);
      }
      seen.maneuver.add(r.aoaOption ?? r.maneuver);
      seen.layers.add(input.defender.armor?.length ?? 0);
      if (r.attack?.critical) seen.critical.add(r.attack.critical);
      if (r.hitsScored > 1) rapidHits++;
    }
    expect([...seen.defense].sort()).toEqual(["acrobatic", "block", "dodge", "dodgeAndDrop", "none", "parry", "retreat"]);
    expect([...seen.type].sort()).toEqual([...DAMAGE_TYPES].sort());
    expect([...seen.divisor].sort()).toEqual([0.5, 1, 2, 3, 5]);
    expect([...seen.location].sort()).toEqual([...HIT_LOCATIONS].sort());
    expect([...seen.maneuver].sort()).toEqual(["attack", "moveAndAttack", ...AOA_OPTIONS.filter((o) => o !== "suppressionFire")].sort());
    expect([...seen.layers].sort()).toEqual([0, 1, 2, 3]);
    expect([...seen.critical].sort()).toEqual(["failure", "success"]);
    expect(rapidHits).toBeGreaterThan(10);
  });

  it("the tracker's sort is the G9 order (Basic Speed, DX, the kept draw) of the fight it is handed", () => {
    const sort = bench.table.find((t) => t.kind === "trackerSort")!.prepare(100);
    const order = sort() as { id: string; basicSpeed: number; dx: number; draw: number }[];
    expect(order).toHaveLength(100);
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      expect(a.basicSpeed > b.basicSpeed || (a.basicSpeed === b.basicSpeed && (a.dx > b.dx || (a.dx === b.dx && a.draw >= b.draw)))).toBe(true);
    }
    expect(sortGurpsTurns({}, [{ id: "b", basicSpeed: 5, dx: 10 }, { id: "a", basicSpeed: 6, dx: 9 }]).map((e) => e.id)).toEqual(["a", "b"]);
  });

  it.each(["trackerSort", "nextTurn", "newRound", "sheet"] as TableCostKind[])("%s grows linearly from N to 10N (1,000 combatants, 2,000 items), far under its ceiling", (kind) => {
    expectLinearGrowth(bench.table.find((t) => t.kind === kind)!);
  });
});
