/**
 * Unit tests' global setup: bring the commands' bundle (tools/cli.mjs) up to
 * date once, before the test files that start a command run in parallel.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export default function setup(): void {
  const root = join(import.meta.dirname, "..", "..");
  const result = spawnSync(process.execPath, [join(root, "tools", "cli.mjs"), "--build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`building the commands failed:\n${result.stderr}`);
}
