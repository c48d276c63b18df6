/**
 * Running the Node commands in tests: in-process (the command's function on
 * captured streams — what nearly every test wants: the command's answer),
 * or as a process started the way `npm run X` starts it (tools/cli.mjs, the
 * bundled commands), only where the process boundary is what is tested:
 * exit codes, real standard streams, a pipe closed early.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { demoCommand } from "../../src/cli/demo.js";
import { HEADLESS_CATALOG, loadHeadless } from "../../src/cli/headless.js";
import { type Command, memoryIo } from "../../src/cli/io.js";
import { rulesCommand } from "../../src/cli/rules.js";

export const root = join(import.meta.dirname, "..", "..");

export interface Ran {
  status: number;
  stdout: string;
  stderr: string;
}

/** Run a command's function with `args`, standard input `stdin` (none: a terminal), and capture what it writes. */
export function runCommand(command: Command, args: readonly string[], stdin?: string | Uint8Array): Ran {
  const io = memoryIo(stdin);
  const status = command(args, io);
  if (typeof status !== "number") throw new Error("an asynchronous command: use runCommandAsync");
  return { status, stdout: io.stdout(), stderr: io.stderr() };
}

/** Every ruleset's headless entry, loaded once for the tests that run the commands in-process. */
const ALL_RULESETS = await loadHeadless(HEADLESS_CATALOG.ids);
/** `npm run rules` and `npm run demo` in-process, synchronous, with every ruleset at hand (`main` loads just the one asked for). */
export const rulesWithAll: Command = (args, io) => rulesCommand(args, io, ALL_RULESETS, HEADLESS_CATALOG);
export const demoWithAll: Command = (args, io) => demoCommand(args, io, ALL_RULESETS, HEADLESS_CATALOG.ids.join(", "));

export async function runCommandAsync(command: Command, args: readonly string[], stdin?: string | Uint8Array): Promise<Ran> {
  const io = memoryIo(stdin);
  const status = await command(args, io);
  return { status, stdout: io.stdout(), stderr: io.stderr() };
}

/** Start `node tools/cli.mjs NAME ARGS…` as `npm run NAME -- ARGS…` does, with `input` on standard input; its wall time too. */
export function spawnCommand(name: string, args: readonly string[], input: string | Uint8Array = "", timeout = 60_000) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [join(root, "tools", "cli.mjs"), name, ...args], { cwd: root, input, encoding: "utf8", timeout, maxBuffer: 16 * 1024 * 1024 });
  return { ...result, wall: performance.now() - start };
}
