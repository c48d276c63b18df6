/**
 * The OpenD6 duel simulator (src/rulesets/d6/duel/): a duel plays to its
 * end with dice from the source handed in, the same dice give the same duel,
 * the stronger side wins, and the reader takes exactly what a world stores.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/cli/prng.js";
import { readD6Fighter } from "../../../src/rulesets/d6/duel/fighter.js";
import { playD6Duel } from "../../../src/rulesets/d6/duel/play.js";

const actor = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../../../packs/_source/d6-characters", `${name}.json`), "utf8"));

describe("OpenD6 duels", () => {
  it("D6, D10, D35–D37: every duel ends with a side unable to act (or a draw at the limit), within the limit", () => {
    const a = readD6Fighter(actor("kira"));
    const b = readD6Fighter(actor("dax-morrow"));
    const roll = seededDice(2);
    for (let i = 0; i < 200; i++) {
      const result = playD6Duel(a, b, roll, 40);
      expect(["a", "b", "draw"]).toContain(result.winner);
      expect(result.rounds).toBeLessThanOrEqual(40);
    }
  });

  it("the same seed plays the same duels", () => {
    const play = (seed: number) => {
      const a = readD6Fighter(actor("kira"));
      const b = readD6Fighter(actor("sela-vane"));
      const roll = seededDice(seed);
      return Array.from({ length: 50 }, () => playD6Duel(a, b, roll, 100));
    };
    expect(play(4)).toEqual(play(4));
  });

  it("a much better fighter wins nearly every time", () => {
    const kira = actor("kira");
    const items = kira.items.map((i: { type: string; system: Record<string, unknown> }) => (i.type === "d6Skill" ? { ...i, system: { ...i.system, code: "9D" } } : i));
    const strong = readD6Fighter({ ...kira, name: "Strong", system: { ...kira.system, attributes: { ...kira.system.attributes, strength: "6D" } }, items });
    const roll = seededDice(1);
    const wins = Array.from({ length: 200 }, () => playD6Duel(strong, readD6Fighter(kira), roll, 100)).filter((r) => r.winner === "a").length;
    expect(wins).toBeGreaterThan(180);
  });

  it("the reader refuses what a world would not store, naming the field", () => {
    expect(() => readD6Fighter({ ...actor("kira"), type: "character" })).toThrow(/type "character" is not a combatant/);
    expect(() => readD6Fighter({ ...actor("kira"), system: { ...actor("kira").system, attributes: { ...actor("kira").system.attributes, agility: "four" } } })).toThrow(/system\.attributes\.agility/);
  });
});
