/** src/foundry/d6/dice.ts: the Wild Die term `dw` (D2), D6Roll's total through the core, Dice So Nice. */
import { FakeDie } from "../foundry/fakes.js";
import { afterEach, describe, expect, it } from "vitest";
import { D6Roll, D6WildDie, registerD6Dice, registerD6DiceSoNice, D6_DSN_WILD_COLORSET } from "../../src/foundry/d6/dice.js";
import { setD6RulesSource } from "../../src/foundry/d6/rules-source.js";
import { facesOf } from "../../src/foundry/d6/code-roll.js";
import { D6_STANDARD_RULES, makeD6Rules } from "../../src/rulesets/d6/rules/index.js";

const g = globalThis as unknown as { CONFIG: { Dice: { terms: Record<string, unknown>; rolls: unknown[] } } };
registerD6Dice();

async function roll(formula: string, faces: number[], d6Kind?: string) {
  FakeDie.faces = [...faces];
  const r = new D6Roll(formula, {}, d6Kind ? { d6Kind } : {});
  await r.evaluate();
  expect(FakeDie.faces).toEqual([]);
  return r;
}

afterEach(() => setD6RulesSource(() => D6_STANDARD_RULES));

describe("D6WildDie (D2)", () => {
  it("is registered as the w term and the D6 roll class; always a d6 written dw", () => {
    expect(g.CONFIG.Dice.terms.w).toBe(D6WildDie);
    expect(g.CONFIG.Dice.rolls).toContain(D6Roll);
    registerD6Dice();
    expect(g.CONFIG.Dice.rolls.filter((r) => r === D6Roll)).toHaveLength(1);
    const die = new D6WildDie({ number: 1, faces: 20 } as never);
    expect(D6WildDie.DENOMINATION).toBe("w");
    expect(die.faces).toBe(6);
    expect(die.denomination).toBe("dw");
    expect(die.expression).toBe("1dw");
  });

  it("a 6 is marked exploded and rolled again, as long as it keeps showing 6", async () => {
    FakeDie.faces = [6, 6, 3];
    const die = new D6WildDie({ number: 1 });
    await (die as unknown as FakeDie).evaluate();
    expect(die.results.map((r) => [r.result, !!r.exploded])).toEqual([[6, true], [6, true], [3, false]]);
    expect(die.total).toBe(15);
    expect(die.chains).toEqual([[6, 6, 3]]);
    expect(die.getResultCSS(die.results[0]!)).toEqual(expect.arrayContaining(["d6-wild", "d6-wild-exploded"]));
    expect(die.getResultCSS(die.results[2]!)).not.toContain("d6-wild-exploded");
  });

  it("a 1 or any other face stops at once; a maximized roll never explodes", async () => {
    FakeDie.faces = [1];
    const die = new D6WildDie({ number: 1 });
    await (die as unknown as FakeDie).evaluate();
    expect(die.chains).toEqual([[1]]);
    FakeDie.faces = [6];
    const max = new D6WildDie({ number: 1 });
    await max.roll({ maximize: true } as never);
    expect(max.results).toHaveLength(1);
    FakeDie.faces = [];
  });

  it("code-roll reads its faces by denomination (the attack's dice)", async () => {
    const r = await roll("2d6 + 1dw", [4, 2, 6, 5]);
    expect(facesOf(r.terms as never)).toEqual({ dice: [4, 2], wild: [6, 5] });
  });
});

describe("D6Roll total through the core (D2)", () => {
  it("sums the plain dice, the whole Wild Die chain and the numbers (pips, flat)", async () => {
    const r = await roll("2d6 + 1dw + 2", [3, 4, 6, 6, 2]);
    expect(r.faces).toEqual({ dice: [3, 4], wild: [6, 6, 2] });
    expect(r.total).toBe(3 + 4 + 14 + 2);
    expect(r.complication).toBe(false);
  });

  it("flag mode (default): a first-face 1 is a complication and counts 1", async () => {
    const r = await roll("2d6 + 1dw + 1", [5, 3, 1]);
    expect(r.complication).toBe(true);
    expect(r.total).toBe(10);
  });

  it("remove mode: the 1 and the highest other die are taken away", async () => {
    setD6RulesSource(() => makeD6Rules({ complicationMode: "remove" }));
    const r = await roll("2d6 + 1dw + 1", [5, 3, 1]);
    expect(r.total).toBe(3 + 1);
    expect(r.reading()!.removed).toEqual([1, 5]);
    const alone = await roll("1dw + 2", [1]);
    expect(alone.total).toBe(2);
  });

  it("a 1 after a chain of 6s is added like any face", async () => {
    setD6RulesSource(() => makeD6Rules({ complicationMode: "remove" }));
    const r = await roll("1d6 + 1dw", [2, 6, 1]);
    expect(r.complication).toBe(false);
    expect(r.total).toBe(9);
  });

  it("damage and resistance never complicate, even in remove mode; initiative does", async () => {
    setD6RulesSource(() => makeD6Rules({ complicationMode: "remove" }));
    for (const kind of ["damage", "resistance"]) {
      const r = await roll("2d6 + 1dw", [5, 3, 1], kind);
      expect(r.d6Kind).toBe(kind);
      expect(r.complication).toBe(false);
      expect(r.total).toBe(9);
    }
    const init = await roll("2d6 + 1dw", [5, 3, 1], "initiative");
    expect(init.complication).toBe(true);
    expect(init.total).toBe(3);
  });

  it("an unknown kind reads as a skill roll; a roll of another shape keeps Foundry's total", async () => {
    expect((await roll("1dw", [4], "nonsense")).d6Kind).toBe("skill");
    const two = await roll("2dw", [1, 3]);
    expect(two.faces).toBeUndefined();
    expect(two.total).toBe(4);
    const plain = await roll("3d6", [1, 1, 1]);
    expect(plain.total).toBe(3);
  });
});

describe("Dice So Nice", () => {
  it("adds the system, the Wild Die's colorset and the dw preset in it; nothing without the API", () => {
    const calls: [string, unknown[]][] = [];
    const api = {
      addSystem: (...a: unknown[]) => calls.push(["system", a]),
      addColorset: (...a: unknown[]) => calls.push(["colorset", a]),
      addDicePreset: (...a: unknown[]) => calls.push(["preset", a]),
    };
    expect(registerD6DiceSoNice(api)).toBe(true);
    expect(calls.map((c) => c[0])).toEqual(["system", "colorset", "preset", "preset"]);
    expect(calls[0]![1]).toEqual([{ id: "cychosys-d6", name: "OpenD6" }, "default"]);
    expect(calls[1]![1][0]).toMatchObject({ name: D6_DSN_WILD_COLORSET, description: "OpenD6 Wild Die", background: "#b8860b" });
    expect(calls[2]![1]).toEqual([{ type: "dw", labels: ["1", "2", "3", "4", "5", "6"], system: "cychosys-d6", colorset: D6_DSN_WILD_COLORSET }, "d6"]);
    expect((calls[3]![1][0] as { system: string }).system).toBe("standard");
    expect(registerD6DiceSoNice(undefined)).toBe(false);
    expect(registerD6DiceSoNice({ addDicePreset: () => undefined })).toBe(false);
  });
});
