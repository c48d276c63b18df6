/**
 * The `rules` command under hostile input, the scenario in a file or on
 * standard input. Each answer is exit code 2, nothing on standard output
 * and exactly one short line on standard error with nothing raw in it that
 * a terminal would act on.
 *
 * From a file, the command runs in-process (rulesCommand reads the file as
 * the command does) and its own work on the hostile input must stay under
 * 1 s — hundreds of times what it takes, so only a change in how the work
 * grows fails it, not a busy machine. On standard input, it runs as a
 * process (tools/cli.mjs, as `npm run rules` starts it): a pipe of 2 MB that
 * the command stops reading at 1 MiB is what is tested there. The process's
 * wall time, less its start-up (the median of three starts answering a
 * trivial bad scenario, `{}`), must stay under 1 s — or under 3 start-ups
 * when the machine is so loaded that a start-up alone takes over a third of
 * a second. Both figures are printed at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOM_VALID, hostileCases, RAW_UNSAFE } from "../fixtures/hostile.js";
import { type Ran, rulesWithAll, runCommand, spawnCommand } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "cychosys-hostile-"));
const timings: { name: string; wall: number; work: number }[] = [];
/** The command's own work may take this long (ms). */
const WORK_BUDGET = 1000;
let startup = 0;

/** The command in-process, timed. */
function rules(args: string[], input?: string | Uint8Array): Ran & { work: number } {
  const start = performance.now();
  const result = runCommand(rulesWithAll, args, input);
  return { ...result, work: performance.now() - start };
}

function expectOneLineError(result: Ran, says: string) {
  expect(result.status, result.stderr).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr.endsWith("\n")).toBe(true);
  const lines = result.stderr.slice(0, -1).split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(says);
  expect(lines[0]!.length).toBeLessThanOrEqual(400);
  expect(result.stderr.slice(0, -1)).not.toMatch(RAW_UNSAFE);
  expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
}

beforeAll(() => {
  const walls = [0, 1, 2].map(() => spawnCommand("rules", [], "{}").wall).sort((a, b) => a - b);
  startup = walls[1]!;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  const rows = timings.map((t) => `${String(t.wall).padStart(5)} ms wall ${String(t.work).padStart(5)} ms work  ${t.name}`);
  console.log(`rules command start-up as a process (median of 3): ${Math.round(startup)} ms\n${rows.join("\n")}`);
});

describe("the rules command answers hostile input with exit 2 and one line", () => {
  it.each(hostileCases().map((c) => [c.name, c] as const))("from a file: %s", (name, c) => {
    const file = join(dir, `${timings.length}.json`);
    writeFileSync(file, c.input);
    const result = rules([file]);
    expectOneLineError(result, c.says);
    timings.push({ name: `file: ${name}`, wall: Math.round(result.work), work: Math.round(result.work) });
    expect(result.work, `${name}: ${Math.round(result.work)} ms of work`).toBeLessThan(WORK_BUDGET);
  });

  it.each(hostileCases().filter((c) => /^an array nested 10,000|^2 MB|^a BOM, an ANSI/.test(c.name)).map((c) => [c.name, c] as const))(
    "on standard input, as a process: %s",
    (name, c) => {
      // Over 1 MiB the command stops reading: the writer may see EPIPE; the answer is the same.
      const result = spawnCommand("rules", [], c.input);
      expectOneLineError({ status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }, c.says);
      const work = result.wall - startup;
      timings.push({ name: `stdin: ${name}`, wall: Math.round(result.wall), work: Math.round(work) });
      expect(work, `${name}: ${Math.round(result.wall)} ms wall, start-up ${Math.round(startup)} ms`).toBeLessThan(Math.max(WORK_BUDGET, 3 * startup));
    },
  );

  it("a UTF-8 byte order mark at the very start is skipped: the scenario resolves (exit 0)", () => {
    const result = rules([], BOM_VALID);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ struck: "defender", injury: "VD9" });
  });

  it("a file name with control characters is echoed escaped, on one line", () => {
    const result = rules([join(dir, "no\u001b[31msuch\nfile.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr.slice(0, -1).split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("cannot read the scenario");
    expect(result.stderr).toContain("\\u001b[31m");
    expect(result.stderr.slice(0, -1)).not.toMatch(RAW_UNSAFE);
  });
});
