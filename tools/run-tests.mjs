#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, with each stage's own
 * output, then ONE final line `tests: N passed, N failed`; exits 1 when
 * anything failed.
 *
 * N counts vitest's tests (read from its JSON report) plus one failure for a
 * failing non-vitest stage (typecheck, build) and one for a vitest stage that
 * failed without a failing test (a file that does not load, no tests found).
 *
 * A stage is one line of STAGES:
 *   { name, command: [bin, ...args] }   a command: passes when it exits 0
 *   { name, vitest: [...args] }         a vitest run: its tests are counted
 *   needs: "stage name"                 skipped when that stage failed
 *   beside: "stage name"                runs at the same time as that (next)
 *                                       stage, its output held back and shown
 *                                       after it (the type checker uses a
 *                                       core the browser stage, waiting on
 *                                       Chromium, leaves idle)
 *
 * At the end, before the final line: the five slowest test files.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const STAGES = [
  { name: "unit", vitest: [] },
  // Beside the browser stage, which waits on Chromium more than it computes: the unit stage keeps both cores.
  // TypeScript 7 (the native compiler, installed as `typescript7`): the same checks as 5.9 in a fifth of the time.
  { name: "typecheck", command: ["node", "node_modules/typescript7/bin/tsc", "--noEmit"], beside: "browser" },
  { name: "browser", vitest: ["--config", "test/browser/vitest.config.ts"] },
  { name: "build", command: ["vite", "build"] },
  { name: "build checks", vitest: ["--config", "test/build/vitest.config.ts"], needs: "build" },
];

const root = resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(join(tmpdir(), "cychosys-tests-"));

const windows = process.platform === "win32";
/** A binary from node_modules/.bin, or Node itself for "node". */
const binPath = (bin) => (bin === "node" ? process.execPath : join(root, "node_modules", ".bin", windows ? `${bin}.cmd` : bin));

/** Run a binary from node_modules/.bin in the project root, output straight through; its exit code. */
function run(bin, args) {
  const child = spawn(binPath(bin), args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], shell: windows });
  return new Promise((resolveDone) => {
    child.on("error", (error) => {
      console.error(`${bin}: ${error.message}`);
      resolveDone(1);
    });
    child.on("exit", (code) => resolveDone(code ?? 1));
  });
}

/** Start a binary in the background, its output to a file; `finish()` waits for it: its exit code and output. */
function runBeside(bin, args, index) {
  const log = join(scratch, `beside-${index}.log`);
  const fd = openSync(log, "w");
  const child = spawn(binPath(bin), args, { cwd: root, stdio: ["ignore", fd, fd], shell: windows });
  closeSync(fd);
  const done = new Promise((resolveDone) => {
    child.on("error", (error) => resolveDone({ status: 1, error, ended: performance.now() }));
    child.on("exit", (code) => resolveDone({ status: code ?? 1, ended: performance.now() }));
  });
  return async () => {
    const { status, error, ended } = await done;
    return { status, ended, output: `${readFileSync(log, "utf8")}${error ? `${bin}: ${error.message}\n` : ""}` };
  };
}

/** Every test file's time (ms) in a vitest JSON report. */
const fileTimes = (json) => (json.testResults ?? []).map((file) => ({ file: relative(root, file.name), ms: (file.endTime ?? 0) - (file.startTime ?? 0) }));
const slowest = [];

/** Passed and failed counts of a vitest stage, from its JSON report and exit code. */
async function runVitest(stage, index) {
  const report = join(scratch, `vitest-${index}.json`);
  const status = await run("vitest", ["run", ...stage.vitest, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  let json;
  try {
    json = JSON.parse(readFileSync(report, "utf8"));
  } catch {
    console.error(`${stage.name}: vitest wrote no JSON report`);
    return { passed: 0, failed: 1 };
  }
  slowest.push(...fileTimes(json));
  const passed = json.numPassedTests ?? 0;
  // A test file that failed as a whole (it did not load) has no failing test to count.
  const brokenFiles = (json.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  let failed = (json.numFailedTests ?? 0) + brokenFiles;
  if (status !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

const results = new Map();
let passed = 0;
let failed = 0;
const totalStarted = performance.now();
/** Stages started beside the next one: name → { started, finish }. */
const beside = new Map();

function report(stage, counts, started, ended = performance.now()) {
  const seconds = ((ended - started) / 1000).toFixed(1);
  passed += counts.passed;
  failed += counts.failed;
  results.set(stage.name, counts.failed === 0);
  const outcome = counts.failed === 0 ? "ok" : "FAILED";
  const detail = stage.vitest ? ` (${counts.passed} passed, ${counts.failed} failed)` : "";
  console.log(`=== ${stage.name}: ${outcome}${detail} in ${seconds}s`);
}

const label = (stage) => (stage.command ? stage.command.join(" ") : ["vitest", "run", ...stage.vitest].join(" "));

for (const [index, stage] of STAGES.entries()) {
  if (stage.beside) {
    console.log(`\n=== ${stage.name}: ${label(stage)} (beside ${stage.beside}; its output follows it)`);
    beside.set(stage.beside, { stage, started: performance.now(), finish: runBeside(stage.command[0], stage.command.slice(1), index) });
    continue;
  }
  console.log(`\n=== ${stage.name}: ${label(stage)}`);
  if (stage.needs && results.get(stage.needs) !== true) {
    console.log(`=== ${stage.name}: skipped (${stage.needs} failed)`);
    results.set(stage.name, false);
  } else {
    const started = performance.now();
    const counts = stage.vitest ? await runVitest(stage, index) : { passed: 0, failed: (await run(stage.command[0], stage.command.slice(1))) === 0 ? 0 : 1 };
    report(stage, counts, started);
  }
  const companion = beside.get(stage.name);
  if (companion) {
    const { status, output, ended } = await companion.finish();
    console.log(`\n=== ${companion.stage.name} (ran beside ${stage.name}): ${label(companion.stage)}`);
    if (output) process.stdout.write(output);
    report(companion.stage, { passed: 0, failed: status === 0 ? 0 : 1 }, companion.started, ended);
  }
}

rmSync(scratch, { recursive: true, force: true });
const top = slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
if (top.length) console.log(`\nslowest test files:\n${top.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)}s  ${t.file}`).join("\n")}`);
console.log(`total ${((performance.now() - totalStarted) / 1000).toFixed(1)}s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
