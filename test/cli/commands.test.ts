/**
 * The headless commands: `rules` must resolve every seed example to its
 * checked outcome; errors are one line and exit code 2; `demo` prints the
 * whole fight. Each command runs in-process (its function on captured
 * streams); "as a process" at the end starts the command as `npm run` does,
 * for what only a process shows: exit codes and real standard streams.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main as demoMain } from "../../src/cli/demo.js";
import { HEADLESS_CATALOG, loadHeadless } from "../../src/cli/headless.js";
import { main as rulesMain } from "../../src/cli/rules.js";
import { demoWithAll, root, rulesWithAll, runCommand, runCommandAsync, spawnCommand } from "./run.js";

const run = (script: "rules.ts" | "demo.ts", args: string[], input?: string) => runCommand(script === "rules.ts" ? rulesWithAll : demoWithAll, args, input ?? "");

const examples = readdirSync(join(root, "examples")).filter((f) => f.endsWith(".json"));

describe("rules command", () => {
  it.each(examples)("resolves the seed example %s to its checked outcome", (file) => {
    const result = run("rules.ts", [join("examples", file)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const expected = JSON.parse(readFileSync(join(root, "examples", "outcomes", file), "utf8"));
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  it("reads the scenario from standard input", () => {
    const scenario = readFileSync(join(root, "examples", "wiley-braves.json"), "utf8");
    const result = run("rules.ts", [], scenario);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ struck: "defender", afterSoak: "V4", hits: 4 });
  });

  it.each([
    ['{"attacker":{"total":22,"edge":"VQ6"},"defender":{},"defense":{"form":"evade","total":9}}', 'attacker.edge: Unknown effect letter "Q" at position 2'],
    ['{"attacker":{"total":-3,"edge":"VD6"},"defender":{},"defense":{"form":"evade","total":9}}', "attacker.total: must be from 0 to 999 (got -3)."],
    ['{"attacker":{"total":22,"edge":"VD6"},"defender":{},"defense":{"form":"dodge","total":9}}', "defense.form: must be evade, brave, parry or counter"],
    ['{"attacker":{"total":22,"edge":"VD6"},"defender":{},"defense":{"form":"evade","total":9},"location":"tail"}', 'location: unknown location "tail"'],
    ["this is not json", "The scenario is not valid JSON"],
  ])("a bad scenario prints one line naming the problem and exits with 2 (%#)", (scenario, message) => {
    const result = run("rules.ts", [], scenario);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/); // never a stack trace
  });

  it("a file that does not exist is one line and exit code 2", () => {
    const result = run("rules.ts", ["examples/nope.json"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("cannot read the scenario");
  });
});

describe("demo command", () => {
  it("prints the whole warehouse fight with the engine's figures", () => {
    const result = run("demo.ts", []);
    expect(result.status).toBe(0);
    const log = result.stdout;
    for (const expected of [
      "Parker: highest hit pool 10 − burden 1 + trademark −2 = quickness 7.",
      "Turn order (R14): Parker (7), Belham (3).",
      "Belham's move 2 + (7) + (8) = 17 → rank 7; + quickness 3 − terrain 5 = 5: 5 → 10.",
      "Belham is stopped by the closed door at 15.",
      "Riddle takes 9 hits: P4 M2 E3 → hit pools P3 M3 E2 (R33).",
      "Ungar takes 1 condition: D* (R33).",
      "Anti-impact of the defense 20: 3* cancels 3 hits and D → V4 (R24).",
      "The chair is destroyed (R37).",
      "Thorton gains +4 (rank of 8) on the next attack against Parker this round (R25).",
      "Thorton counterattacks: 35 − 16 = 19 against 32: fails (R23).",
      "Injury: edge FB2 + 4 impact hits = FB*6 (R27).",
      "Soak (1 step) cancels 3 hits and BR → 2 (R31).",
      "burden 2, quickness 6",
      "Parker takes 5 hits: P3 M1 E1 → hit pools P4 M2 E3 (R33).",
      "WUXR4 on every body location",
    ]) {
      expect(log).toContain(expected);
    }
  });
});

const d6Examples = readdirSync(join(root, "examples", "d6")).filter((f) => f.endsWith(".json"));

describe("rules command, OpenD6 (--ruleset d6)", () => {
  it.each(d6Examples)("resolves the D6 seed example %s to its checked outcome", (file) => {
    const result = run("rules.ts", ["--ruleset", "d6", join("examples", "d6", file)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const expected = JSON.parse(readFileSync(join(root, "examples", "d6", "outcomes", file), "utf8"));
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  it("a bad D6 scenario is one line naming the field, exit code 2", () => {
    const scenario = JSON.parse(readFileSync(join(root, "examples", "d6", "floor-of-three-shot.json"), "utf8"));
    scenario.attacker.skill = "4X";
    const result = run("rules.ts", ["--ruleset=d6"], JSON.stringify(scenario));
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("attacker.skill");
  });

  it("an unknown ruleset is one line listing the known ones, exit code 2", () => {
    const result = run("rules.ts", ["--ruleset", "chess", join("examples", "wiley-braves.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('error: there is no ruleset "chess" (known: cychosys, d6, cwn, phase, gurps).');
  });

  it("demo d6 narrates the chapter's examples with rule ids", () => {
    const result = run("demo.ts", ["d6"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("OpenD6");
    expect(result.stdout).toMatch(/\(D14, D18\)/);
  });
});

const cwnExamples = readdirSync(join(root, "examples", "cwn")).filter((f) => f.endsWith(".json"));

describe("rules command, Cities Without Number (--ruleset cwn)", () => {
  it.each(cwnExamples)("resolves the CWN seed example %s to its checked outcome", (file) => {
    const result = run("rules.ts", ["--ruleset", "cwn", join("examples", "cwn", file)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const expected = JSON.parse(readFileSync(join(root, "examples", "cwn", "outcomes", file), "utf8"));
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  it("a bad CWN scenario is one line naming the field, exit code 2", () => {
    const scenario = JSON.parse(readFileSync(join(root, "examples", "cwn", "03-traumatic-hit-times-three.json"), "utf8"));
    scenario.damage = [9];
    const result = run("rules.ts", ["--ruleset=cwn"], JSON.stringify(scenario));
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("damage[0]: must be from 1 to 8 (got 9).");
  });

  it("demo cwn narrates every seed check with rule ids", () => {
    const result = run("demo.ts", ["cwn"]);
    expect(result.status).toBe(0);
    for (let n = 1; n <= 15; n++) expect(result.stdout).toContain(`Seed check ${n}:`);
    expect(result.stdout).toContain("Traumatic Hit: 7 × 3 = 21 (W16).");
    expect(result.stdout).toContain("Mack, out of its turn: Make a Ranged Attack (Main) (W11, W23, W27, W37).");
  });
});

const phaseDir = join(root, "examples", "phase");
const phaseExamples = readdirSync(phaseDir).filter((f) => f.endsWith(".json"));
const phaseSequences = readdirSync(join(phaseDir, "sequences")).filter((f) => f.endsWith(".json"));

describe("rules command, phase-based (--ruleset phase)", () => {
  it.each(phaseExamples)("resolves the phase attack %s to its checked outcome", (file) => {
    const result = run("rules.ts", ["--ruleset", "phase", join("examples", "phase", file)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(readFileSync(join(phaseDir, "outcomes", file), "utf8")));
  });

  it.each(phaseSequences)("--sequence resolves the phases of %s to its checked outcome", (file) => {
    const result = run("rules.ts", ["--ruleset=phase", "--sequence", join("examples", "phase", "sequences", file)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(readFileSync(join(phaseDir, "sequences", "outcomes", file), "utf8")));
  });

  it("a bad phase scenario is one line naming the field, exit code 2", () => {
    const scenario = JSON.parse(readFileSync(join(phaseDir, "seed-08-wild-shot.json"), "utf8"));
    scenario.called = "tail";
    const result = run("rules.ts", ["--ruleset", "phase"], JSON.stringify(scenario));
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("called: must be one of head");
  });

  it("an attack given to --sequence (and a sequence without it) is refused by field, exit code 2", () => {
    const attack = run("rules.ts", ["--ruleset", "phase", "--sequence", join("examples", "phase", "seed-08-wild-shot.json")]);
    expect([attack.status, attack.stderr.trim()]).toEqual([2, expect.stringContaining("scenario.action: unknown field")]);
    const sequence = run("rules.ts", ["--ruleset", "phase", join("examples", "phase", "sequences", "seed-09-surprise.json")]);
    expect([sequence.status, sequence.stderr.trim()]).toEqual([2, expect.stringContaining("scenario.combatants: unknown field")]);
  });

  it("--sequence for rules without phases is one line saying which have it, exit code 2", () => {
    const result = run("rules.ts", ["--ruleset", "d6", "--sequence", join("examples", "d6", "floor-of-three-shot.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('error: --sequence resolves a phase\'s declarations, which the "d6" rules do not have (only: phase).');
  });

  it("demo phase narrates the seed checks with rule ids", () => {
    const result = run("demo.ts", ["phase"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Seed check 15: the clock (P1)");
    expect(result.stdout).toContain("Earl (initiative 21): a declaration, hidden until it resolves");
  });
});

const gurpsExamples = readdirSync(join(root, "examples", "gurps")).filter((f) => f.endsWith(".json"));

describe("rules command, GURPS (--ruleset gurps)", () => {
  it.each(gurpsExamples)("resolves the GURPS seed example %s to its checked outcome", (file) => {
    const result = run("rules.ts", ["--ruleset", "gurps", join("examples", "gurps", file)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const expected = JSON.parse(readFileSync(join(root, "examples", "gurps", "outcomes", file), "utf8"));
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  it("a bad GURPS scenario is one line naming the field, exit code 2", () => {
    const scenario = JSON.parse(readFileSync(join(root, "examples", "gurps", "check-12-louis-strikes-pierre.json"), "utf8"));
    scenario.weapon.damage = "2q+1";
    const result = run("rules.ts", ["--ruleset=gurps"], JSON.stringify(scenario));
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("weapon.damage");
    expect(result.stderr).toContain("G2");
  });

  it("a GURPS scenario with a die missing names the roll still owed and who rolls it", () => {
    const scenario = JSON.parse(readFileSync(join(root, "examples", "gurps", "check-12-louis-strikes-pierre.json"), "utf8"));
    delete scenario.defense;
    const result = run("rules.ts", ["--ruleset", "gurps"], JSON.stringify(scenario));
    expect(result.status).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.pending).toBe(true);
    expect(outcome.owed).toEqual([{ id: "defenses[0]", roll: "3d6", who: "defender", target: null, rule: "G58", when: "now" }]);
    expect(outcome.legalDefenses.options.map((o: { id: string }) => o.id)).toEqual(["dodge", "block:smallShield", "parry:shortsword"]);
  });

  it("demo gurps narrates the chapter's examples with rule ids", () => {
    const result = run("demo.ts", ["gurps"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("GURPS 4e");
    expect(result.stdout).toContain("Louis LeBlanc rolls 13 against 15");
    expect(result.stdout).toMatch(/\(G77, G94\)/);
  });
});

describe("usage and --help", () => {
  it("rules with no scenario and nothing piped in prints its usage, exit code 2", () => {
    const result = runCommand(rulesWithAll, []);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Usage: npm run --silent rules -- \[--ruleset ID\]/);
  });

  it.each([["rules", rulesWithAll, "Usage: npm run --silent rules --"], ["demo", demoWithAll, "Usage: npm run demo"]] as const)("%s --help prints its usage on standard output, exit code 0", (_name, command, usage) => {
    for (const flag of ["--help", "-h"]) {
      const result = runCommand(command, [flag]);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout.startsWith(usage)).toBe(true);
      expect(result.stdout).toContain("cychosys, d6, cwn, phase, gurps");
    }
  });

  it("rules --help names the exit codes, a refusal among the outcomes", () => {
    const help = runCommand(rulesWithAll, ["--ruleset", "d6", "--help"]).stdout;
    expect(help).toMatch(/0 {2}an outcome .*"refused"/);
    expect(help).toMatch(/2 {2}the input is not a valid scenario/);
  });
});

describe("each command loads only the ruleset it runs (main)", () => {
  const one = (dir: string) => join("examples", dir, readdirSync(join(root, "examples", dir)).filter((f) => f.endsWith(".json")).sort()[0]!);
  const SAMPLES: readonly (readonly [string, string])[] = [["cychosys", join("examples", "wiley-braves.json")], ["d6", one("d6")], ["cwn", one("cwn")], ["phase", one("phase")], ["gurps", one("gurps")]];

  it.each(SAMPLES)("rules --ruleset %s answers as with every ruleset loaded", async (id, file) => {
    const lazy = await runCommandAsync(rulesMain, ["--ruleset", id, file]);
    expect(lazy).toEqual(runCommand(rulesWithAll, ["--ruleset", id, file]));
    expect(lazy.status).toBe(0);
  });

  it("demo answers as with every ruleset loaded", async () => {
    for (const [id] of SAMPLES) expect(await runCommandAsync(demoMain, [id])).toEqual(runCommand(demoWithAll, [id]));
  });

  it("help and an unknown ruleset still name all five, and --sequence the rulesets that read it, with none loaded", async () => {
    for (const main of [rulesMain, demoMain]) expect((await runCommandAsync(main, ["--help"])).stdout).toContain("cychosys, d6, cwn, phase, gurps");
    const unknown = await runCommandAsync(rulesMain, ["--ruleset", "chess", join("examples", "wiley-braves.json")]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("cychosys, d6, cwn, phase, gurps");
    const loaded = await loadHeadless(HEADLESS_CATALOG.ids);
    expect(HEADLESS_CATALOG.ids.filter((id) => loaded[id]!.sequence)).toEqual(HEADLESS_CATALOG.sequence);
    expect(await runCommandAsync(rulesMain, ["--ruleset", "d6", "--sequence", one("d6")])).toEqual(runCommand(rulesWithAll, ["--ruleset", "d6", "--sequence", one("d6")]));
  });

  it("loadHeadless loads the known ids asked for, once each, and leaves unknown ones out", async () => {
    expect(Object.keys(await loadHeadless(["gurps", "chess", "gurps", "__proto__"]))).toEqual(["gurps"]);
  });
});

describe("the commands as a process (tools/cli.mjs, as npm run starts them)", () => {
  it("rules: a scenario file resolves to its outcome on standard output, exit code 0", () => {
    const result = spawnCommand("rules", [join("examples", "wiley-braves.json")]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(readFileSync(join(root, "examples", "outcomes", "wiley-braves.json"), "utf8")));
  });

  it("rules: the scenario piped on standard input", () => {
    const result = spawnCommand("rules", ["--ruleset", "d6"], readFileSync(join(root, "examples", "d6", "floor-of-three-shot.json"), "utf8"));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(readFileSync(join(root, "examples", "d6", "outcomes", "floor-of-three-shot.json"), "utf8")));
  });

  it("rules: a bad scenario is exit code 2, nothing on standard output, one line on standard error", () => {
    const result = spawnCommand("rules", [], "this is not json");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toEqual([expect.stringContaining("The scenario is not valid JSON")]);
  });

  it("demo prints the fight, exit code 0; an unknown command is exit code 2", () => {
    const demo = spawnCommand("demo", ["d6"]);
    expect(demo.status).toBe(0);
    expect(demo.stdout).toContain("OpenD6");
    const unknown = spawnCommand("nope", []);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "nope"');
  });
});
