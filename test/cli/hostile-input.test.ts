/**
 * The `rules` command under hostile input, run as a user runs it: a separate
 * Node process (`node --import tsx src/cli/rules.ts`, as `npm run rules`
 * does), the scenario in a file or on standard input. Each answer is exit
 * code 2, nothing on standard output and exactly one short line on standard
 * error with nothing raw in it that a terminal would act on.
 *
 * Time: each test measures the wall time of the whole process (Node and tsx
 * start-up included) and subtracts the start-up, measured as the median wall
 * time of the same command answering a trivial bad scenario (`{}`); the
 * difference, the command's own work on the hostile input, must stay under
 * 1 s — or under 3 start-ups when the machine is so loaded that a start-up
 * alone takes over a third of a second (the budget scales with the load
 * instead of failing on a busy CI runner). Both figures are printed at the end (on an idle 2-core machine the
 * whole process takes 0.2–0.4 s, start-up about 0.25 s of it).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOM_VALID, hostileCases, RAW_UNSAFE } from "../fixtures/hostile.js";

const root = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "cychosys-hostile-"));
const timings: { name: string; wall: number; work: number }[] = [];
let startup = 0;

function run(args: string[], input: string | Uint8Array = "") {
  const start = performance.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", join(root, "src", "cli", "rules.ts"), ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { ...result, wall: performance.now() - start };
}

function expectOneLineError(result: ReturnType<typeof run>, says: string, name: string) {
  expect(result.status, result.stderr).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr.endsWith("\n")).toBe(true);
  const lines = result.stderr.slice(0, -1).split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(says);
  expect(lines[0]!.length).toBeLessThanOrEqual(400);
  expect(result.stderr.slice(0, -1)).not.toMatch(RAW_UNSAFE);
  expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  const work = result.wall - startup;
  timings.push({ name, wall: Math.round(result.wall), work: Math.round(work) });
  expect(work, `${name}: ${Math.round(result.wall)} ms wall, start-up ${Math.round(startup)} ms`).toBeLessThan(Math.max(1000, 3 * startup));
}

beforeAll(() => {
  const walls = [0, 1, 2].map(() => run([], "{}").wall).sort((a, b) => a - b);
  startup = walls[1]!;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  const rows = timings.map((t) => `${String(t.wall).padStart(5)} ms wall ${String(t.work).padStart(5)} ms work  ${t.name}`);
  console.log(`rules command start-up (median of 3): ${Math.round(startup)} ms\n${rows.join("\n")}`);
});

describe("the rules command answers hostile input with exit 2 and one line", () => {
  it.each(hostileCases().map((c) => [c.name, c] as const))("from a file: %s", (name, c) => {
    const file = join(dir, `${timings.length}.json`);
    writeFileSync(file, c.input);
    expectOneLineError(run([file]), c.says, `file: ${name}`);
  });

  it.each(hostileCases().filter((c) => /^an array nested 10,000|^2 MB|^a BOM, an ANSI/.test(c.name)).map((c) => [c.name, c] as const))(
    "on standard input: %s",
    (name, c) => {
      // Over 1 MiB the command stops reading: the writer may see EPIPE; the answer is the same.
      expectOneLineError(run([], c.input), c.says, `stdin: ${name}`);
    },
  );

  it("a UTF-8 byte order mark at the very start is skipped: the scenario resolves (exit 0)", () => {
    const result = run([], BOM_VALID);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ struck: "defender", injury: "VD9" });
  });

  it("a file name with control characters is echoed escaped, on one line", () => {
    const result = run([join(dir, "no\u001b[31msuch\nfile.json")]);
    expect(result.status).toBe(2);
    expect(result.stderr.slice(0, -1).split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("cannot read the scenario");
    expect(result.stderr).toContain("\\u001b[31m");
    expect(result.stderr.slice(0, -1)).not.toMatch(RAW_UNSAFE);
  });
});
