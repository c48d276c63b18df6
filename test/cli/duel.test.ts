/**
 * `npm run duel` run as a user runs it: a separate Node process. Win rates,
 * average rounds and a histogram for two actors; the same seed gives the
 * same duels; bad input is one line and exit code 2, never a stack trace.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const duel = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", join(root, "src", "cli", "duel.ts"), ...args], { cwd: root, encoding: "utf8", timeout: 120_000 });
const cast = (name: string) => join("packs", "_source", "cast", `${name}.json`);
const d6 = (name: string) => join("packs", "_source", "d6-characters", `${name}.json`);
const scratch = mkdtempSync(join(tmpdir(), "cychosys-duel-"));
const file = (name: string, content: string | Buffer) => {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
};

/** The report without its last line (the speed, which varies). */
const figures = (stdout: string) => stdout.trimEnd().split("\n").slice(0, -1).join("\n");

describe("duel command", () => {
  it("Cychosys: two cast members, win rates that add up, the average and a histogram of rounds", () => {
    const result = duel(cast("parker"), cast("thorton"), "--duels", "300", "--seed", "5");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Parker vs Thorton — Cychosys rules, 300 duels (seed 5, at most 100 rounds each)");
    const counts = lines.slice(1, 4).map((l) => Number(/\((\d[\d,]*)\)$/.exec(l)![1]!.replace(/,/g, "")));
    expect(counts.reduce((s, x) => s + x, 0)).toBe(300);
    expect(lines[4]).toMatch(/^Average rounds: \d+\.\d\d$/);
    const bars = lines.filter((l) => / \| #* *\d+$/.test(l));
    expect(bars.length).toBeGreaterThan(1);
    expect(bars.map((l) => Number(l.trim().split(/\s+/).at(-1)))).toSatisfy((xs: number[]) => xs.reduce((s, x) => s + x, 0) === 300);
    expect(lines.at(-1)).toMatch(/^300 duels in [\d.]+ s \([\d,]+ duels per second\)$/);
  }, 120_000);

  it("the same seed gives the same duels; another seed other ones", () => {
    const a = duel(cast("riddle"), cast("ungar"), "--duels", "200", "--seed", "42");
    const b = duel(cast("riddle"), cast("ungar"), "--duels=200", "--seed=42");
    const c = duel(cast("wiley"), cast("ungar"), "--duels", "200", "--seed", "43");
    expect(a.status).toBe(0);
    expect(figures(a.stdout)).toBe(figures(b.stdout));
    expect(figures(c.stdout)).not.toBe(figures(a.stdout));
  }, 120_000);

  it("OpenD6 with --ruleset d6, and a mirror match tells A from B", () => {
    const result = duel("--ruleset", "d6", d6("kira"), d6("kira"), "--duels", "200");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Kira (A) vs Kira (B) — OpenD6 rules, 200 duels");
    expect(result.stdout).toContain("Kira (A) wins");
  }, 120_000);

  it("an actor written by hand (the same shape as an export, no ids) plays too", () => {
    const parker = JSON.parse(readFileSync(join(root, cast("parker")), "utf8"));
    const plain = { name: "Hand-made", type: "npc", system: { ...parker.system, notes: "" }, items: parker.items.map(({ name, type, system }: Record<string, unknown>) => ({ name, type, system })) };
    delete plain.system.experience;
    delete plain.system.biography;
    const result = duel(file("plain.json", JSON.stringify(plain)), cast("thorton"), "--duels", "50", "--rounds", "20");
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Hand-made vs Thorton");
  }, 120_000);

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
    [[cast("parker"), d6("kira")], 'kira.json: type "d6Character" is not a combatant of these rules (expected character, npc)'],
    [["--ruleset", "d6", d6("kira"), cast("parker")], 'parker.json: type "character" is not a combatant of these rules (expected d6Character, d6Creature)'],
  ])("bad input %j is one line naming the problem, exit code 2", (args, message) => {
    const result = duel(...(args as string[]));
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);

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
  }, 60_000);
});
