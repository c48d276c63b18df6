/**
 * The GURPS duel simulator (src/rulesets/gurps/duel/, issue 24.2): actors
 * read as strictly as a world stores them, whole duels played through the
 * table's own pieces to their end, the policy's choices (G37 Deceptive
 * Attack, G60/G67 retreat, the best defense) and the plan line printed above
 * the figures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DUEL_RULESETS } from "../../../src/cli/duel-rulesets.js";
import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/cli/prng.js";
import { readGurpsFighter } from "../../../src/rulesets/gurps/duel/fighter.js";
import { gurpsDuelPlan, playGurpsDuel } from "../../../src/rulesets/gurps/duel/play.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const PACKS = join(import.meta.dirname, "../../../packs/_source");
const actor = (path: string) => JSON.parse(readFileSync(join(PACKS, path), "utf8"));
const louis = () => actor("gurps-characters/louis-leblanc.json");
const jenny = () => actor("gurps-characters/jenny-atkins.json");
const edmund = () => actor("gurps-characters/edmund-zhang.json");
const pierre = () => actor("gurps-foes/filthy-pierre.json");
const zombie = () => actor("gurps-foes/zombie.json");

/** Louis with his skill raised by `levels` (relative level of every skill). */
function trained(json: ReturnType<typeof louis>, levels: number, name = "Trained") {
  return { ...json, name, items: json.items.map((i: { type: string; system: { relativeLevel: number } }) => (i.type === "gurpsSkill" ? { ...i, system: { ...i.system, relativeLevel: i.system.relativeLevel + levels } } : i)) };
}

describe("GURPS duels: reading the actors", () => {
  it("every character and foe of the packs reads as a fighter, derived as its sheet derives it", () => {
    for (const json of [louis(), jenny(), edmund(), pierre(), zombie()]) {
      const f = readGurpsFighter(json);
      expect(f.name).toBe(json.name);
      expect(f.derived.hp.max).toBeGreaterThan(0);
      expect(f.derived.weapons.some((w) => w.lines.length > 0)).toBe(true);
    }
  });

  it("the reader refuses what a world would not store, naming the field", () => {
    expect(() => readGurpsFighter({ ...louis(), type: "character" })).toThrow(/type "character" is not a combatant of these rules \(expected gurpsCharacter\)/);
    expect(() => readGurpsFighter({ ...louis(), system: { ...louis().system, attributes: { ...louis().system.attributes, dx: "thirteen" } } })).toThrow(/system\.attributes\.dx/);
    const items = louis().items.map((i: { type: string; system: object }) => (i.type === "gurpsSkill" ? { ...i, system: { ...i.system, base: "luck" } } : i));
    expect(() => readGurpsFighter({ ...louis(), items })).toThrow(/items\[\d\] \(Shortsword\): system\.base/);
    expect(() => readGurpsFighter({ ...louis(), items: "none" })).toThrow(/items/);
    expect(() => readGurpsFighter([1, 2])).toThrow(/not an actor/);
  });

  it("a fighter with no weapon line to attack with is refused by name", () => {
    expect(() => readGurpsFighter({ ...louis(), items: louis().items.filter((i: { type: string }) => i.type !== "gurpsWeapon") })).toThrow(/Louis LeBlanc/);
  });
});

describe("GURPS duels: whole fights", () => {
  it("G8: every duel ends with a side out (or a draw at the limit), within the limit", () => {
    const a = readGurpsFighter(louis());
    const b = readGurpsFighter(pierre());
    const roll = seededDice(2);
    const results = Array.from({ length: 200 }, () => playGurpsDuel(a, b, roll, 40));
    for (const r of results) {
      expect(["a", "b", "draw"]).toContain(r.winner);
      expect(r.rounds).toBeGreaterThanOrEqual(1);
      expect(r.rounds).toBeLessThanOrEqual(40);
    }
    // Both sides win some: a fight, not a script.
    expect(results.some((r) => r.winner === "a")).toBe(true);
    expect(results.some((r) => r.winner === "b")).toBe(true);
  });

  it("the same seed plays the same duels; another seed other ones", () => {
    const play = (seed: number) => {
      const a = readGurpsFighter(jenny());
      const b = readGurpsFighter(louis());
      const roll = seededDice(seed);
      return Array.from({ length: 60 }, () => playGurpsDuel(a, b, roll, 100));
    };
    expect(play(4)).toEqual(play(4));
    expect(play(5)).not.toEqual(play(4));
  });

  it("a much better fighter wins nearly every time, and a mirror match is even", () => {
    const roll = seededDice(1);
    const strong = readGurpsFighter(trained(louis(), 6, "Master"));
    const weak = readGurpsFighter(pierre());
    const wins = Array.from({ length: 200 }, () => playGurpsDuel(strong, weak, roll, 100)).filter((r) => r.winner === "a").length;
    expect(wins).toBeGreaterThan(185);
    const a = readGurpsFighter(louis());
    const b = readGurpsFighter(louis());
    const mirror = Array.from({ length: 400 }, () => playGurpsDuel(a, b, roll, 100));
    const aWins = mirror.filter((r) => r.winner === "a").length;
    const bWins = mirror.filter((r) => r.winner === "b").length;
    expect(Math.abs(aWins - bWins)).toBeLessThan(80);
  });

  it("gunfights and brawls play too: a pistol against a machine pistol, zombies' punches", () => {
    const roll = seededDice(9);
    for (const [a, b] of [[jenny(), edmund()], [zombie(), louis()], [zombie(), zombie()]] as const) {
      const fa = readGurpsFighter(a);
      const fb = readGurpsFighter(b);
      for (let i = 0; i < 50; i++) expect(playGurpsDuel(fa, fb, roll, 100).rounds).toBeLessThanOrEqual(100);
    }
  });

  it("G30, G39: a holstered pistol is readied first — no attack planned at the start, yet she fights (and, a second slower, wins less often)", () => {
    const holstered = { ...jenny(), name: "Holstered", items: jenny().items.map((i: { type: string; system: object }) => (i.type === "gurpsWeapon" ? { ...i, system: { ...i.system, ready: false } } : i)) };
    const [h, j, l] = [readGurpsFighter(holstered), readGurpsFighter(jenny()), readGurpsFighter(louis())];
    expect(gurpsDuelPlan(h, l)).toMatch(/^Holstered: no weapon ready to attack with; defends with/);
    const wins = (a: typeof h) => {
      const roll = seededDice(6);
      return Array.from({ length: 300 }, () => playGurpsDuel(a, l, roll, 100)).filter((r) => r.winner === "a").length;
    };
    const [drawn, ready] = [wins(h), wins(j)];
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(ready);
  });

  it("through the ruleset seam (Ruleset.duel, attached by the duel command), as the command reads it", () => {
    const duel = DUEL_RULESETS.gurps!().duel!;
    const a = duel.fighter(louis());
    const b = duel.fighter(pierre());
    expect(["a", "b", "draw"]).toContain(duel.play(a, b, seededDice(3), 100).winner);
    expect(duel.plan!(a, b)).toMatch(/^Louis LeBlanc: /);
  });
});

describe("GURPS duels: the policy and its plan line", () => {
  it("G37: Deceptive Attack only while effective skill stays 10 or more — Louis (15) takes a level, Pierre (11) none", () => {
    const [l, p] = [readGurpsFighter(louis()), readGurpsFighter(pierre())];
    expect(gurpsDuelPlan(l, p)).toContain("at effective skill 13, a Deceptive Attack (its −2 counted; −1 to the defense, G37)");
    expect(gurpsDuelPlan(p, l)).toMatch(/at effective skill 11;/);
    expect(gurpsDuelPlan(p, l)).not.toContain("Deceptive");
  });

  it("G60, G67: a retreat against a melee attack, none against a firearm", () => {
    const [l, p, e] = [readGurpsFighter(louis()), readGurpsFighter(pierre()), readGurpsFighter(edmund())];
    expect(gurpsDuelPlan(l, p)).toMatch(/defends with Dodge at \d+, retreating \(G67\)\.$/);
    expect(gurpsDuelPlan(p, e)).toMatch(/defends with Dodge at \d+\.$/);
  });

  it("the best defense by the odds: a master swordsman parries rather than dodges", () => {
    const master = readGurpsFighter(trained(louis(), 8, "Master"));
    expect(gurpsDuelPlan(master, readGurpsFighter(pierre()))).toMatch(/defends with Parry with the shortsword at \d+, retreating \(G67\)\.$/);
  });

  it("the plan names the weapon line, its damage as the sheet writes it (GURPS dice notation), and reads like a GM wrote it", () => {
    const fighters = [louis(), jenny(), edmund(), pierre(), zombie()].map((j) => readGurpsFighter(j));
    const plans = fighters.flatMap((a) => fighters.filter((b) => b !== a).map((b) => gurpsDuelPlan(a, b)));
    expect(gurpsDuelPlan(fighters[4]!, fighters[0]!)).toMatch(/^Zombie: Attack with the punch \(punch, 1d-2 cr\) at effective skill 9;/);
    expect(gurpsDuelPlan(fighters[2]!, fighters[3]!)).toMatch(/^Edmund Zhang: Attack with the 9mm machine pistol \(burst, 2d\+2 pi\)/);
    expect(describeProblems(sweepNarration(plans))).toEqual([]);
  });
});
