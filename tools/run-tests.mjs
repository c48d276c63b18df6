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
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const STAGES = [
  { name: "typecheck", command: ["tsc", "--noEmit"] },
  { name: "unit", vitest: [] },
  { name: "browser", vitest: ["--config", "test/browser/vitest.config.ts"] },
  { name: "build", command: ["vite", "build"] },
  { name: "build checks", vitest: ["--config", "test/build/vitest.config.ts"], needs: "build" },
];

const root = resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(join(tmpdir(), "cychosys-tests-"));

/** Run a binary from node_modules/.bin in the project root, output straight through. */
function run(bin, args) {
  const windows = process.platform === "win32";
  const path = join(root, "node_modules", ".bin", windows ? `${bin}.cmd` : bin);
  const result = spawnSync(path, args, { cwd: root, stdio: "inherit", shell: windows });
  if (result.error) console.error(`${bin}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Passed and failed counts of a vitest stage, from its JSON report and exit code. */
function runVitest(stage, index) {
  const report = join(scratch, `vitest-${index}.json`);
  const status = run("vitest", ["run", ...stage.vitest, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  let json;
  try {
    json = JSON.parse(readFileSync(report, "utf8"));
  } catch {
    console.error(`${stage.name}: vitest wrote no JSON report`);
    return { passed: 0, failed: 1 };
  }
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
STAGES.forEach((stage, index) => {
  const label = stage.command ? stage.command.join(" ") : ["vitest", "run", ...stage.vitest].join(" ");
  console.log(`\n=== ${stage.name}: ${label}`);
  if (stage.needs && results.get(stage.needs) !== true) {
    console.log(`=== ${stage.name}: skipped (${stage.needs} failed)`);
    results.set(stage.name, false);
    return;
  }
  const started = performance.now();
  const counts = stage.vitest ? runVitest(stage, index) : { passed: 0, failed: run(stage.command[0], stage.command.slice(1)) === 0 ? 0 : 1 };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  passed += counts.passed;
  failed += counts.failed;
  results.set(stage.name, counts.failed === 0);
  const outcome = counts.failed === 0 ? "ok" : "FAILED";
  const detail = stage.vitest ? ` (${counts.passed} passed, ${counts.failed} failed)` : "";
  console.log(`=== ${stage.name}: ${outcome}${detail} in ${seconds}s`);
});

rmSync(scratch, { recursive: true, force: true });
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
