/** `npm run demo [-- RULESET]`: the chapter's own fights replayed by the rules engine (default: the Cychosys warehouse fight). */
import { safeLine } from "../core/echo.js";
import { english } from "../core/messages.js";
import { HEADLESS_CATALOG, type Headless, loadHeadless, takeRuleset } from "./headless.js";
import { type CommandIo, errorLine, wantsHelp } from "./io.js";

/** The ruleset `npm run demo` replays: `--ruleset ID` or the first word, else the default. */
const demoRuleset = (args: readonly string[]) => {
  const { ruleset, rest } = takeRuleset(args.filter((a) => a !== "--"));
  return rest[0] ?? ruleset;
};

/** The `demo` command with the rulesets in `rulesets` (main loads the one asked for). */
export function demoCommand(args: readonly string[], io: CommandIo, rulesets: Readonly<Record<string, Headless>>, known: string = Object.keys(rulesets).join(", ")): number {
  if (wantsHelp(args)) {
    io.out(`${english("CYCHOSYS.Cli.Help.demo", { rulesets: known })}\n`);
    return 0;
  }
  const id = demoRuleset(args);
  const headless = Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
  if (!headless) {
    io.err(errorLine(english("CYCHOSYS.Cli.unknownRuleset", { ruleset: safeLine(id, 40), known })));
    return 2;
  }
  io.out(`${headless.demo()}\n`);
  return 0;
}

/** `npm run demo`: only the ruleset asked for is loaded. */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const rulesets = wantsHelp(args) ? {} : await loadHeadless([demoRuleset(args)]);
  return demoCommand(args, io, rulesets, HEADLESS_CATALOG.ids.join(", "));
}
