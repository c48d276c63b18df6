/**
 * `npm run duel` with Cities Without Number actors (docs/odds.md, "The duel
 * simulator"): the rules read from the actors' types, the win rates and
 * rounds, the same seed giving the same duels, each fighter's plan in a
 * sentence, bad actors refused in one line; the policy's pieces checked on
 * their own (Total Defense, the charge, a fighter already down).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DUEL_RULESETS } from "../../../src/cli/duel-rulesets.js";
import { describe, expect, it } from "vitest";
import { duelCommand } from "../../../src/cli/duel.js";
import { seededDice } from "../../../src/cli/prng.js";
import { readCwnFighter } from "../../../src/rulesets/cwn/duel/fighter.js";
import { cwnDuelPlan, playCwnDuel } from "../../../src/rulesets/cwn/duel/play.js";
import { root, runCommand } from "../../cli/run.js";

const foe = (path: string) => join("packs", "_source", "cwn-foes", "foes", path);
const BOUNCER = foe("on-the-street/club-bouncer.json");
const SABLE = foe("on-the-street/sable-gang-lieutenant.json");
const actor = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8")) as Record<string, unknown>;
const duel = (...args: string[]) => runCommand(duelCommand, args);
const figures = (stdout: string) => stdout.trimEnd().split("\n").slice(0, -1).join("\n");

describe("the CWN duel command", { timeout: 120_000 }, () => {
  it("reads the rules from the actors' types (no --ruleset): win rates that add up, the average and the rounds", () => {
    const result = duel(BOUNCER, SABLE, "--duels", "300", "--seed", "7");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Club bouncer vs Sable, gang lieutenant — Cities Without Number rules, 300 duels (seed 7, at most 100 rounds each)");
    // Each fighter's plan above the figures (Ruleset.duel.plan), in the order of the files.
    expect(lines[1]).toMatch(/^Plan: Club bouncer: charges with Fists /);
    expect(lines[2]).toMatch(/^Plan: Sable, gang lieutenant: fires Heavy pistol /);
    const counts = lines.slice(3, 6).map((l) => Number(/\((\d[\d,]*)\)$/.exec(l)![1]!.replace(/,/g, "")));
    expect(counts.reduce((s, x) => s + x, 0)).toBe(300);
    expect(lines[6]).toMatch(/^Average rounds: \d+\.\d\d$/);
  });

  it("the same seed gives the same duels; another seed other ones", () => {
    const a = duel(BOUNCER, SABLE, "--duels", "200", "--seed", "42");
    expect(figures(a.stdout)).toBe(figures(duel(BOUNCER, SABLE, "--duels=200", "--seed=42").stdout));
    expect(figures(duel(BOUNCER, SABLE, "--duels", "200", "--seed", "43").stdout)).not.toBe(figures(a.stdout));
  });

  it("a mirror match tells A from B, and the two sides win about equally often", () => {
    const result = duel(foe("security/corporate-response-team.json"), foe("security/corporate-response-team.json"), "--duels", "1000");
    expect(result.stdout).toContain("Corporate response team (A) vs Corporate response team (B)");
    const [a, b] = result.stdout.split("\n").slice(3, 5).map((l) => Number(/\((\d[\d,]*)\)$/.exec(l)![1]!.replace(/,/g, "")));
    // 1,000 duels of a fair fight: each side's share within 4 standard errors (≈ 63) of the other's.
    expect(Math.abs(a! - b!)).toBeLessThan(2 * 4 * Math.sqrt(1000 * 0.25));
  });

  it("an actor that is not a CWN fighter, or has nothing to attack with, is refused in one line naming the file", () => {
    const weaponless = { ...actor(BOUNCER), items: [] };
    const fighter = DUEL_RULESETS.cwn!().duel!;
    expect(() => fighter.fighter(weaponless)).toThrow(/has no weapon or trick to attack with/);
    expect(() => fighter.fighter({ ...actor(BOUNCER), type: "cwnWeapon" })).toThrow(/type "cwnWeapon" is not a combatant of these rules \(expected cwnCharacter, cwnNpc\)/);
    expect(() => fighter.fighter({ ...actor(BOUNCER), system: { ...(actor(BOUNCER).system as object), hp: { value: "lots", max: 10 } } })).toThrow(/system\.hp\.value/);
    const result = duel(BOUNCER, join("packs", "_source", "cast", "parker.json"));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/is an actor of the Cities Without Number rules .* and .* of the Cychosys rules/);
  });
});

describe("the CWN duel's rules and policy", () => {
  const bouncer = () => readCwnFighter(actor(BOUNCER));
  const sable = () => readCwnFighter(actor(SABLE));

  it("each fighter's plan: its opening move from 10 m and its blow once adjacent, with the weapon's figures, and when it takes Total Defense", () => {
    const b = cwnDuelPlan(bouncer(), sable());
    const s = cwnDuelPlan(sable(), bouncer());
    // The bouncer's fists are ready; his baton is stowed (W31): from 10 m he charges (W25), adjacent he strikes.
    expect(b).toBe(
      "Club bouncer: charges with Fists (+3 to hit, 1d2+2) (W25); once adjacent, strikes with Fists (+3 to hit, 1d2+2) (W21). Answers a blow already rolled with Total Defense when it saves more hit points than its own attack this round is expected to deal (W27).",
    );
    // Sable keeps firing her one-handed pistol point-blank: the bouncer holds only his fists, which do not hinder a shot (W22, our reading).
    expect(s).toMatch(/^Sable, gang lieutenant: fires Heavy pistol \(\+5 to hit, 1d8\+1\) \(W22\); once adjacent, fires Heavy pistol \(\+5 to hit, 1d8\+1\) \(W22\)\./);
  });

  it("a fighter already at 0 hit points loses at once (W19)", () => {
    const down = readCwnFighter({ ...actor(BOUNCER), system: { ...(actor(BOUNCER).system as object), hp: { value: 0, max: 10 } } });
    expect(playCwnDuel(down, sable(), seededDice(1), 100)).toEqual({ winner: "b", rounds: 0 });
  });

  it("the round limit ends a duel nobody can finish as a draw", () => {
    // Two fighters who cannot hurt each other: fists against AC 40 (a natural 20 still hits: HP 999 outlasts the limit).
    const wall = (name: string) => readCwnFighter({ ...actor(BOUNCER), name, system: { ...(actor(BOUNCER).system as object), hp: { value: 999, max: 999 }, ac: { melee: 40, ranged: 40 } }, items: [(actor(BOUNCER).items as unknown[])[0]] });
    expect(playCwnDuel(wall("A"), wall("B"), seededDice(3), 5)).toEqual({ winner: "draw", rounds: 5 });
  });

  it("the stronger fighter wins most duels, and every duel ends within its rounds", () => {
    const a = sable();
    const b = bouncer();
    const roll = seededDice(11);
    let wins = 0;
    for (let i = 0; i < 400; i++) {
      const r = playCwnDuel(a, b, roll, 100);
      expect(r.rounds).toBeGreaterThanOrEqual(1);
      expect(r.rounds).toBeLessThanOrEqual(100);
      if (r.winner === "a") wins++;
    }
    expect(wins).toBeGreaterThan(300);
  });

  it("2,000 duels well inside the 10,000-in-10-s target (a generous ceiling: a busy machine passes, a quadratic slip does not)", () => {
    const a = sable();
    const b = bouncer();
    const roll = seededDice(5);
    const start = performance.now();
    for (let i = 0; i < 2000; i++) playCwnDuel(a, b, roll, 100);
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
