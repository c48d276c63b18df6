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
import { describeD6Plan, playD6Duel } from "../../../src/rulesets/d6/duel/play.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const actor = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../../../packs/_source/d6-characters/characters", `${name}.json`), "utf8"));

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

  it("each fighter's plan says its weapon, the wound steps it expects, and its manoeuvre (issue 24: why one side wins)", () => {
    const sela = readD6Fighter(actor("sela-vane"));
    const dax = readD6Fighter(actor("dax-morrow"));
    const plan = describeD6Plan(sela, dax);
    expect(plan).toMatch(/^Sela Vane attacks with the blaster pistol \(firearms 5D\+2, damage 4D; \d\.\d\d wound steps expected against the best answer\)\. One action a round/);
    expect(describeD6Plan(dax, sela)).toContain("Dax Morrow attacks with the support beam (melee combat 4D, damage 3D+1;");
    expect(describeProblems(sweepNarration([plan, describeD6Plan(dax, sela)]))).toEqual([]);
  });

  it("D11–D14: a fighter whose dodge is worth its −2D plans attack, wait and interrupt", () => {
    const kira = actor("kira");
    const items = kira.items.map((i: { name: string; type: string; system: Record<string, unknown> }) => (i.type === "d6Skill" && i.name.toLowerCase() === "dodge" ? { ...i, system: { ...i.system, code: "12D" } } : i));
    const dodger = readD6Fighter({ ...kira, name: "Dodger", items });
    const plan = describeD6Plan(dodger, readD6Fighter(actor("dax-morrow")));
    expect(plan).toContain("Acting first, it declares three actions — attack, wait, interrupt — and answers an attack with a dodge at 10D (D11–D14).");
  });
});
