/** `npm run demo [-- RULESET]`: the chapter's own fights replayed by the rules engine (default: the Cychosys warehouse fight). */
import { safeLine } from "../core/echo.js";
import { english } from "../core/messages.js";
import { HEADLESS, takeRuleset } from "./headless.js";
import { type CommandIo, errorLine, wantsHelp } from "./io.js";

export function demoCommand(args: readonly string[], io: CommandIo): number {
  const known = Object.keys(HEADLESS).join(", ");
  if (wantsHelp(args)) {
    io.out(`${english("CYCHOSYS.Cli.Help.demo", { rulesets: known })}\n`);
    return 0;
  }
  const { ruleset, rest } = takeRuleset(args.filter((a) => a !== "--"));
  const id = rest[0] ?? ruleset;
  const headless = Object.hasOwn(HEADLESS, id) ? HEADLESS[id] : undefined;
  if (!headless) {
    io.err(errorLine(english("CYCHOSYS.Cli.unknownRuleset", { ruleset: safeLine(id, 40), known })));
    return 2;
  }
  io.out(`${headless.demo()}\n`);
  return 0;
}

export const main = demoCommand;
