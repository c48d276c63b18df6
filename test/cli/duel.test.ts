/**
 * `npm run duel`: win rates, average rounds and a histogram for two actors;
 * the rules read from the actors' types; the same seed gives the same
 * duels; bad input is one line and exit code 2, never a stack trace. The
 * command runs in-process; the last tests start it as a process, as
 * `npm run duel` does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duelCommand, duelRuleset, rulesetOfActorType } from "../../src/cli/duel.js";
import { root, runCommand, spawnCommand } from "./run.js";

const duel = (...args: string[]) => runCommand(duelCommand, args);
const cast = (name: string) => join("packs", "_source", name === "parker" ? "cast" : "foes", `${name}.json`);
const d6 = (name: string) => join("packs", "_source", "d6-characters", "characters", `${name}.json`);
const scratch = mkdtempSync(join(tmpdir(), "cychosys-duel-"));
const file = (name: string, content: string | Buffer) => {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
};

/** The report without its last line (the speed, which varies). */
const figures = (stdout: string) => stdout.trimEnd().split("\n").slice(0, -1).join("\n");

// The first duels of a pair work out each fighter's decisions (seconds on a busy machine): a timeout that allows for it.
describe("duel command", { timeout: 120_000 }, () => {
  it("Cychosys: two cast members, win rates that add up, the average and a histogram of rounds", () => {
    const result = duel(cast("parker"), cast("thorton"), "--duels", "300", "--seed", "5");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Parker vs Thorton — Cychosys rules, 300 duels (seed 5, at most 100 rounds each)");
    // Each fighter's plan above the figures (issue 24).
    expect(lines[1]).toMatch(/^Plan: Parker attacks with /);
    expect(lines[2]).toMatch(/^Plan: Thorton attacks with /);
    lines.splice(1, 2);
    const counts = lines.slice(1, 4).map((l) => Number(/\((\d[\d,]*)\)$/.exec(l)![1]!.replace(/,/g, "")));
    expect(counts.reduce((s, x) => s + x, 0)).toBe(300);
    expect(lines[4]).toMatch(/^Average rounds: \d+\.\d\d$/);
    const bars = lines.filter((l) => / \| #* *\d+$/.test(l));
    expect(bars.length).toBeGreaterThan(1);
    expect(bars.map((l) => Number(l.trim().split(/\s+/).at(-1)))).toSatisfy((xs: number[]) => xs.reduce((s, x) => s + x, 0) === 300);
    expect(lines.at(-1)).toMatch(/^300 duels in [\d.]+ s \([\d,]+ duels per second; the first 30 took [\d.]+ s while each fighter's decisions were worked out, the other 270 ran at [\d,]+ per second\)$/);
  });

  it("the same seed gives the same duels; another seed other ones", () => {
    const a = duel(cast("riddle"), cast("ungar"), "--duels", "200", "--seed", "42");
    const b = duel(cast("riddle"), cast("ungar"), "--duels=200", "--seed=42");
    const c = duel(cast("wiley"), cast("ungar"), "--duels", "200", "--seed", "43");
    expect(a.status).toBe(0);
    expect(figures(a.stdout)).toBe(figures(b.stdout));
    expect(figures(c.stdout)).not.toBe(figures(a.stdout));
  });

  it("OpenD6 with --ruleset d6, and a mirror match tells A from B", () => {
    const result = duel("--ruleset", "d6", d6("kira"), d6("kira"), "--duels", "200");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Kira (A) vs Kira (B) — OpenD6 rules, 200 duels");
    expect(result.stdout).toContain("Kira (A) wins");
  });

  it("an actor written by hand (the same shape as an export, no ids) plays too", () => {
    const parker = JSON.parse(readFileSync(join(root, cast("parker")), "utf8"));
    const plain = { name: "Hand-made", type: "npc", system: { ...parker.system, notes: "" }, items: parker.items.map(({ name, type, system }: Record<string, unknown>) => ({ name, type, system })) };
    delete plain.system.experience;
    delete plain.system.biography;
    const result = duel(file("plain.json", JSON.stringify(plain)), cast("thorton"), "--duels", "50", "--rounds", "20");
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Hand-made vs Thorton");
  });

  const parker = () => JSON.parse(readFileSync(join(root, cast("parker")), "utf8"));
  it.each([
    [[cast("parker")], "Usage: npm run duel -- A.json B.json"],
    [[cast("parker"), cast("thorton"), "--fast"], "unknown option --fast"],
    [[cast("parker"), cast("thorton"), "--duels", "0"], "--duels must be a whole number from 1 to 1,000,000 (got \"0\")"],
    [[cast("parker"), cast("thorton"), "--duels", "2e3"], "--duels must be a whole number"],
    [[cast("parker"), cast("thorton"), "--seed", "-1"], "--seed must be a whole number from 0 to 4,294,967,295"],
    [[cast("parker"), cast("thorton"), "--rounds", "5000"], "--rounds must be a whole number from 1 to 1,000"],
    [[cast("parker"), cast("thorton"), "--ruleset", "gurps9"], 'there is no ruleset "gurps9"'],
    [[cast("parker"), "nope.json"], "cannot read nope.json: ENOENT"],
    [["--ruleset", "cychosys", cast("parker"), d6("kira")], 'kira.json: type "d6Character" is not a combatant of these rules (expected character, npc)'],
    [[cast("parker"), d6("kira")], 'parker.json is an actor of the Cychosys rules (type "character") and packs/_source/d6-characters/characters/kira.json of the OpenD6 rules (type "d6Character")'],
    [["--ruleset", "gurps", cast("parker"), cast("thorton")], 'parker.json: type "character" is not a combatant of these rules (expected gurpsCharacter)'],
    [["--ruleset", "d6", d6("kira"), cast("parker")], 'parker.json: type "character" is not a combatant of these rules (expected d6Character, d6Creature)'],
  ])("bad input %j is one line naming the problem, exit code 2", (args, message) => {
    const result = duel(...(args as string[]));
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it.each([
    ["not JSON", () => "{ name: Parker }", "not valid JSON"],
    ["not an actor", () => "[1, 2, 3]", "not an actor: give a JSON object with name, type, system and items"],
    ["a pool that is not a number", () => JSON.stringify({ ...parker(), system: { ...parker().system, pools: { ...parker().system.pools, hit: { ...parker().system.pools.hit, physical: { value: "ten", max: 10 } } } } }), "system.pools.hit.physical.value"],
    ["an edge that does not parse", () => JSON.stringify({ ...parker(), items: parker().items.map((i: { type: string; system: object }) => (i.type === "weapon" ? { ...i, system: { ...i.system, edge: "FQ2" } } : i)) }), "items[7] (Rose's pellet pistol): system.edge: Unknown effect letter \"Q\""],
    ["no weapon", () => JSON.stringify({ ...parker(), items: [] }), "Parker has no weapon or trick to attack with"],
    ["not UTF-8", () => Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), "is not UTF-8 text"],
    ["too large", () => `{"name":"${"x".repeat(1_000_001)}"}`, "is larger than 1,000,000 bytes"],
  ])("a bad actor file (%s) is one line naming the problem, exit code 2", (name, content, message) => {
    const result = duel(file(`${name.replace(/\W+/g, "-")}.json`, content()), cast("thorton"));
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it("OpenD6 read from the actors' types, with no --ruleset", () => {
    const result = duel(d6("kira"), d6("dax-morrow"), "--duels", "50");
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Kira vs Dax Morrow — OpenD6 rules, 50 duels");
  });

  it("GURPS read from the actors' types: each fighter's plan above the figures (issue 24.2)", () => {
    const gurps = (folder: string, name: string) => join("packs", "_source", folder, `${name}.json`);
    const result = duel(gurps("gurps-characters", "louis-leblanc"), gurps("gurps-foes", "filthy-pierre"), "--duels", "100", "--seed", "3");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Louis LeBlanc vs Filthy Pierre — GURPS 4e rules, 100 duels (seed 3, at most 100 rounds each)");
    expect(lines[1]).toMatch(/^Plan: Louis LeBlanc: Attack with the shortsword \(swing, 1d\+1 cut\) at effective skill \d+/);
    expect(lines[2]).toMatch(/^Plan: Filthy Pierre: Attack with the shortsword/);
    const counts = lines.slice(3, 6).map((l) => Number(/\((\d[\d,]*)\)$/.exec(l)![1]!.replace(/,/g, "")));
    expect(counts.reduce((s, x) => s + x, 0)).toBe(100);
  });

  it("--help prints the usage on standard output, exit code 0", () => {
    const result = duel("--help");
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout.startsWith("Usage: npm run duel -- A.json B.json [--ruleset ID]")).toBe(true);
    expect(result.stdout).toContain("The rules are read from the actors' types.");
  });
});

describe("which rules a duel is fought under", () => {
  const actor = (type: unknown) => ({ name: "X", type, system: {}, items: [] });
  it("each actor type belongs to its ruleset's manifest", () => {
    expect([rulesetOfActorType("character"), rulesetOfActorType("npc"), rulesetOfActorType("d6Creature"), rulesetOfActorType("gurpsCharacter"), rulesetOfActorType("dragon")]).toEqual(["cychosys", "cychosys", "d6", "gurps", undefined]);
  });

  it("the types decide; --ruleset overrides; an actor with no type leaves it to the other; none: the default", () => {
    expect(duelRuleset([{ file: "a", json: actor("d6Character") }, { file: "b", json: actor("d6Creature") }])).toBe("d6");
    expect(duelRuleset([{ file: "a", json: actor("d6Character") }, { file: "b", json: actor("character") }], "cychosys")).toBe("cychosys");
    expect(duelRuleset([{ file: "a", json: [1, 2] }, { file: "b", json: actor("d6Creature") }])).toBe("d6");
    expect(duelRuleset([{ file: "a", json: null }, { file: "b", json: actor(7) }])).toBe("cychosys");
  });

  it("a type of no ruleset, or two rulesets, is refused naming the files and types", () => {
    expect(() => duelRuleset([{ file: "a.json", json: actor("dragon") }, { file: "b.json", json: actor("npc") }])).toThrow(/a\.json: type "dragon" is the actor type of no ruleset; the rules with a duel and their actor types: cychosys \(character, npc, object\); d6 \(d6Character, d6Creature\); cwn \(cwnCharacter, cwnNpc\); phase \(phaseCharacter, phaseCreature\); gurps \(gurpsCharacter\)/);
    expect(() => duelRuleset([{ file: "a.json", json: actor("npc") }, { file: "b.json", json: actor("cwnCharacter") }])).toThrow(/a\.json is an actor of the Cychosys rules \(type "npc"\) and b\.json of the Cities Without Number rules/);
  });
});

describe("the duel command as a process (tools/cli.mjs, as npm run starts it)", { timeout: 120_000 }, () => {
  it("prints the report, exit code 0; bad input is one line and exit code 2", () => {
    const ok = spawnCommand("duel", [cast("parker"), cast("thorton"), "--duels", "20"]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("Parker vs Thorton — Cychosys rules, 20 duels");
    const bad = spawnCommand("duel", [cast("parker")]);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.trimEnd().split("\n")).toEqual([expect.stringContaining("Usage: npm run duel -- A.json B.json")]);
  });
});
