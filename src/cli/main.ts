/**
 * The Node commands by name, as tools/cli.mjs starts them (`npm run rules`,
 * `demo`, `duel`, `bench`): each module is loaded only when its command is
 * asked for, and runs on the process's own streams.
 */
import { type Command, errorLine, processIo } from "./io.js";

const COMMANDS: Readonly<Record<string, () => Promise<{ main: Command }>>> = {
  rules: () => import("./rules.js"),
  demo: () => import("./demo.js"),
  duel: () => import("./duel.js"),
  bench: () => import("./bench.js"),
};

/** Run command `name` with `args`; its exit code. */
export async function run(name: string, args: readonly string[]): Promise<number> {
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    process.stderr.write(errorLine(`unknown command "${name}" (known: ${Object.keys(COMMANDS).join(", ")})`));
    return 2;
  }
  return (await load()).main(args, processIo());
}
