/**
 * The Cychosys duel simulator (src/rulesets/cychosys/duel/): a duel plays to
 * its end with dice from the source handed in, the same dice give the same
 * duel, the stronger side wins, and the reader takes exactly the actors a
 * world stores.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/cli/prng.js";
import { readCychosysFighter } from "../../../src/rulesets/cychosys/duel/fighter.js";
import { describeCychosysPlan, playCychosysDuel } from "../../../src/rulesets/cychosys/duel/play.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const actor = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../../../packs/_source", name === "parker" ? "cast" : "foes", `${name}.json`), "utf8"));

describe("Cychosys duels", () => {
  it("R14–R15, R33: every duel ends with a side out (or a draw at the round limit), within the limit", () => {
    const a = readCychosysFighter(actor("parker"));
    const b = readCychosysFighter(actor("thorton"));
    const roll = seededDice(3);
    for (let i = 0; i < 200; i++) {
      const result = playCychosysDuel(a, b, roll, 30);
      expect(["a", "b", "draw"]).toContain(result.winner);
      expect(result.rounds).toBeGreaterThanOrEqual(1);
      expect(result.rounds).toBeLessThanOrEqual(30);
    }
    expect(playCychosysDuel(a, b, () => 5, 1).rounds).toBe(1);
  });

  it("the dice are the only randomness: the same seed plays the same duels", () => {
    const play = (seed: number) => {
      const a = readCychosysFighter(actor("riddle"));
      const b = readCychosysFighter(actor("ungar"));
      const roll = seededDice(seed);
      return Array.from({ length: 50 }, () => playCychosysDuel(a, b, roll, 100));
    };
    expect(play(9)).toEqual(play(9));
  });

  it("a much better fighter wins nearly every time; each side wins some of a mirror match", () => {
    const parker = actor("parker");
    const strong = readCychosysFighter({ ...parker, name: "Strong", items: parker.items.map((i: { type: string; system: Record<string, unknown> }) => (i.type === "skill" ? { ...i, system: { ...i.system, base: 30, dice: 8 } } : i)) });
    const plain = readCychosysFighter(parker);
    const roll = seededDice(1);
    const wins = Array.from({ length: 200 }, () => playCychosysDuel(strong, plain, roll, 100)).filter((r) => r.winner === "a").length;
    expect(wins).toBeGreaterThan(180);
    const mirror = Array.from({ length: 200 }, () => playCychosysDuel(plain, readCychosysFighter(parker), roll, 100));
    expect(mirror.filter((r) => r.winner === "a").length).toBeGreaterThan(40);
    expect(mirror.filter((r) => r.winner === "b").length).toBeGreaterThan(40);
  });

  it("the reader refuses what a world would not store, naming the field", () => {
    expect(() => readCychosysFighter({ name: "x", type: "object", system: {} })).toThrow(/type "object" is not a combatant/);
    expect(() => readCychosysFighter({ ...actor("parker"), system: { ...actor("parker").system, extra: 1 } })).toThrow(/system\.extra/);
    expect(() => readCychosysFighter("Parker")).toThrow(/not an actor/);
  });

  it("R13, R15, R21–R25: each fighter's plan names its weapon, total and expected hits, its actions a round and its answer (issue 24: why one side wins)", () => {
    const parker = readCychosysFighter(actor("parker"));
    const thorton = readCychosysFighter(actor("thorton"));
    const plan = describeCychosysPlan(parker, thorton);
    expect(plan).toMatch(/^Parker attacks with the .+ \(\w+ \d+dc \+ \d+; \d\.\d\d hits expected against the best answer\)\. Every action of the round goes on attacking \(1 a round, R15\)/);
    expect(plan).toMatch(/Against Thorton's .+ it answers with (evasion|bravery|parry|counterattack) \(the least harm expected, R21–R25\)\.$/);
    expect(describeProblems(sweepNarration([plan, describeCychosysPlan(thorton, parker)]))).toEqual([]);
    // R15: an extra action a round (a trademark's modifier) is counted.
    const quick = actor("thorton");
    quick.system.modifiers.actions = 1;
    expect(describeCychosysPlan(readCychosysFighter(quick), parker)).toContain("(2 a round, R15)");
  });
});
