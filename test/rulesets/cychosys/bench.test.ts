/**
 * Issue 21.2, a bench that tells the truth (Cychosys, src/rulesets/cychosys/bench.ts):
 * the realistic mix is generated from every pack document it names (and the
 * list follows the packs), covers the scenario space, and every input
 * resolves; the fixed set is the one the bench has always timed. Rates are
 * measured by `npm run bench`, not here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bench, fixedAttacks, mixAttacks } from "../../../src/rulesets/cychosys/bench.js";
import { CAST, FOES, GEAR, OUTFITS, SKILLS, TRADEMARKS } from "../../../src/rulesets/cychosys/bench-packs.js";
import { TABLE_TARGETS } from "../../../src/core/bench.js";
import { resolveAttack } from "../../../src/rulesets/cychosys/rules/index.js";

const sources = join(import.meta.dirname, "../../../packs/_source");

/** The ids of every document (folders left out) under a pack folder. */
function idsIn(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith(".json") && entry.name !== "_folder.json") out.push((JSON.parse(readFileSync(join(dir, entry.name), "utf8")) as { _id: string })._id);
    }
  };
  walk(join(sources, folder));
  return out.sort();
}

describe("the bench's pack documents follow the packs", () => {
  for (const [folder, list] of [["cast", CAST], ["foes", FOES], ["weapons", GEAR], ["outfits", OUTFITS], ["skills", SKILLS], ["trademarks", TRADEMARKS]] as const) {
    it(`every document of packs/_source/${folder}, and nothing else`, () => {
      expect(list.map((d) => d._id).sort()).toEqual(idsIn(folder));
    });
  }
});

describe("the realistic mix", () => {
  const mix = mixAttacks();

  it("is the bench's mix: 4,096 attacks, the same for a seed on every machine", () => {
    expect(bench.mix.size).toBe(4096);
    expect(mix).toHaveLength(4096);
    expect(JSON.stringify(mixAttacks(64))).toBe(JSON.stringify(mixAttacks(64)));
  });

  it("covers the scenario space: every defense form and outcome, crits, exchanges, objects, locations, non-lethal, choices", () => {
    const results = mix.map((x) => resolveAttack(x));
    const count = (p: (i: number) => boolean) => mix.filter((_, i) => p(i)).length;
    for (const form of ["evade", "brave", "parry", "counter"]) expect(count((i) => mix[i]!.defense.form === form), form).toBeGreaterThan(500);
    expect(count((i) => results[i]!.struck === "none")).toBeGreaterThan(100);
    expect(count((i) => results[i]!.struck === "attacker")).toBeGreaterThan(50);
    expect(count((i) => results[i]!.contest.parryWon === true)).toBeGreaterThan(50);
    expect(count((i) => results[i]!.strike?.object !== undefined)).toBeGreaterThan(20);
    expect(count((i) => (results[i]!.strike?.result.impact.asterisks ?? 0) > 0)).toBeGreaterThan(100);
    expect(count((i) => mix[i]!.attacker.surge === true)).toBeGreaterThan(100);
    expect(count((i) => mix[i]!.attacker.total === 0)).toBeGreaterThan(100);
    const exchange = (i: number) => (mix[i]!.defense.form === "counter" ? (mix[i]!.defense as { totals: readonly unknown[] }).totals.length : 0);
    for (const steps of [1, 2, 3]) expect(count((i) => exchange(i) === steps), `${steps} counters`).toBeGreaterThan(50);
    expect(count((i) => mix[i]!.location === "mind" || mix[i]!.location === "ego")).toBeGreaterThan(20);
    expect(count((i) => mix[i]!.location !== undefined && mix[i]!.location !== "mind" && mix[i]!.location !== "ego")).toBeGreaterThan(200);
    expect(count((i) => mix[i]!.nonLethal !== undefined)).toBeGreaterThan(200);
    expect(count((i) => mix[i]!.choices !== undefined)).toBeGreaterThan(100);
    expect(count((i) => results[i]!.missed === "smallTarget")).toBeGreaterThan(20);
    expect(count((i) => mix[i]!.defender.outfit.some((p) => p.layer === "worn") && mix[i]!.defender.outfit.length >= 4)).toBeGreaterThan(100);
    expect(new Set(mix.map((x) => x.attacker.edge)).size).toBeGreaterThan(60);
  });

  it("every input resolves (no rules error), and the fixed set is the 64 it always was", () => {
    for (const x of mix) expect(() => resolveAttack(x)).not.toThrow();
    expect(fixedAttacks()).toHaveLength(64);
    expect(bench.fixed.size).toBe(64);
    for (let i = 0; i < 64; i++) expect(["attacker", "defender", "none"]).toContain(bench.fixed.run(i));
  });

  it("times every table cost the targets name, Cychosys has no phases", () => {
    expect(bench.table.map((c) => c.kind).sort()).toEqual(["newRound", "nextTurn", "sheet", "trackerSort"]);
    for (const cost of bench.table) for (const { size } of TABLE_TARGETS[cost.kind].targets) expect(cost.prepare(size)()).toBeDefined();
  });
});
