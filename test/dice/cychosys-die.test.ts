/** src/dice/cychosys-die.ts: the `dc` die term (R11), the roll total (R12–R13), Dice So Nice. */
import { FakeDie } from "../foundry/fakes.js";
import { describe, expect, it } from "vitest";
import { CychosysDie, CychosysRoll, diceSoNicePreset, registerDiceSoNice } from "../../src/foundry/cychosys/dice.js";

const g = globalThis as unknown as { CONFIG: { Dice: { terms: Record<string, unknown> } } };
g.CONFIG.Dice.terms.c = CychosysDie;

async function roll(formula: string, faces: number[]) {
  FakeDie.faces = [...faces];
  const r = new CychosysRoll(formula);
  await r.evaluate();
  return r;
}

describe("CychosysDie (R11)", () => {
  it("is a d12 under denomination c, written dc", () => {
    const die = new CychosysDie({ number: 3 });
    expect(CychosysDie.DENOMINATION).toBe("c");
    expect(die.faces).toBe(12);
    expect(die.denomination).toBe("dc");
    expect(die.expression).toBe("3dc");
  });

  it("1–10 count their face; 11 (surge) and 12 (crash) count 0", async () => {
    FakeDie.faces = [4, 11, 12, 10, 1];
    const die = new CychosysDie({ number: 5 });
    await (die as unknown as FakeDie).evaluate();
    expect(die.results.map((r) => r.count)).toEqual([4, 0, 0, 10, 1]);
    expect(die.total).toBe(15);
  });

  it("labels 11 S and 12 C, and marks the key die", async () => {
    FakeDie.faces = [11, 12, 5];
    const die = new CychosysDie({ number: 3 });
    await (die as unknown as FakeDie).evaluate();
    expect(die.results.map((r) => die.getResultLabel(r))).toEqual(["S", "C", "5"]);
    expect(die.getResultCSS(die.results[0]!)).toEqual(expect.arrayContaining(["cychosys-surge", "cychosys-key"]));
    expect(die.getResultCSS(die.results[1]!)).toEqual(expect.arrayContaining(["cychosys-crash"]));
    expect(die.getResultCSS(die.results[1]!)).not.toContain("cychosys-key");
  });
});

describe("CychosysRoll (R12–R13)", () => {
  it("adds the dice as read plus the static part: Parker's shoot 10 +2 +10 +8 +4 +6 = 40", async () => {
    expect((await roll("5dc + 10", [2, 10, 8, 4, 6])).total).toBe(40);
  });

  it("a surge on the key die counts 0 but the roll stands", async () => {
    expect((await roll("3dc + 2", [11, 4, 1])).total).toBe(7);
  });

  it("a crash on the key die makes the whole total 0 (Ungar's 2 + ⑫ = 0)", async () => {
    const r = await roll("1dc + 2", [12]);
    expect(r.total).toBe(0);
    expect((await roll("3dc + 20", [12, 10, 10])).total).toBe(0);
  });

  it("a crash on another die only adds 0", async () => {
    expect((await roll("2dc + 2", [5, 12])).total).toBe(7);
  });

  it("a total is never below 0 (R13)", async () => {
    expect((await roll("1dc - 9", [3])).total).toBe(0);
  });

  it("a roll without Cychosys dice is left alone", async () => {
    g.CONFIG.Dice.terms.d = FakeDie;
    expect((await roll("1dd - 9", [3])).total).toBe(-6);
  });
});

describe("Dice So Nice", () => {
  it("the dc preset is a d12 labelled 1–10, S and C", () => {
    expect(diceSoNicePreset()).toEqual({ type: "dc", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "S", "C"], system: "standard" });
  });

  it("registers on the module's API, and does nothing without it", () => {
    const presets: unknown[][] = [];
    expect(registerDiceSoNice({ addDicePreset: (...args: unknown[]) => presets.push(args) })).toBe(true);
    expect(presets).toEqual([[diceSoNicePreset(), "d12"]]);
    expect(registerDiceSoNice(undefined)).toBe(false);
    expect(registerDiceSoNice({})).toBe(false);
  });
});
