/**
 * `npm run --silent rules -- FILE.json` (or the JSON on standard input):
 * resolve one complete attack and print the outcome as JSON.
 * A scenario problem prints one line naming the field and exits with 2; a
 * rule refusing the action (RuleRefusal, src/core/refusal.ts) is an outcome:
 * `{ "refused": { "rule", "reason" } }` on standard output, exit code 0.
 *
 * Hostile input is answered the same way, fast: at most MAX_SCENARIO_BYTES
 * are read (never the whole of a larger file or stream), the bytes must be
 * UTF-8, and the one line written is escaped and cut (echo.ts) whatever it
 * holds.
 */
import { closeSync, openSync } from "node:fs";
import { safeLine } from "../core/echo.js";
import { LocalizedError } from "../core/errors.js";
import { english } from "../core/messages.js";
import { RuleRefusal } from "../core/refusal.js";
import { MAX_SCENARIO_BYTES, RulesError } from "../rulesets/cychosys/rules/index.js";
import { HEADLESS_CATALOG, type Headless, type HeadlessCatalog, loadHeadless, takeRuleset } from "./headless.js";
import { type CommandIo, errorLine, readCapped, wantsHelp } from "./io.js";

/** An input problem already put into words (too large, not UTF-8, usage). */
class InputError extends Error {}

function readInput(args: readonly string[], io: CommandIo): string {
  const file = args.find((a) => a !== "--");
  let bytes: Buffer;
  if (file && file !== "-") {
    const fd = openSync(file, "r");
    try {
      bytes = readCapped(fd, MAX_SCENARIO_BYTES + 1);
    } finally {
      closeSync(fd);
    }
  } else {
    if (io.stdinIsTTY) throw new InputError(english("CYCHOSYS.Cli.rulesUsage"));
    bytes = io.readStdin(MAX_SCENARIO_BYTES + 1);
  }
  if (bytes.length > MAX_SCENARIO_BYTES) throw new InputError(english("CYCHOSYS.Cli.scenarioError", { message: new RulesError("scenarioTooLarge", { max: MAX_SCENARIO_BYTES }).message }));
  try {
    // ignoreBOM keeps a byte order mark in the text: the scenario reader decides (skipped at the very start only).
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InputError(english("CYCHOSYS.Cli.notUtf8"));
  }
}

/**
 * The `rules` command: `args` as after `npm run rules --`, run with the
 * rulesets in `rulesets` (a test may give its own); `catalog` names the
 * rulesets there are (help and errors), loaded or not.
 */
export function rulesCommand(args: readonly string[], io: CommandIo, rulesets: Readonly<Record<string, Headless>>, catalog: HeadlessCatalog = catalogOf(rulesets)): number {
  const fail = (message: string, code: number) => {
    io.err(errorLine(message));
    return code;
  };
  if (wantsHelp(args)) {
    io.out(`${english("CYCHOSYS.Cli.Help.rules", { rulesets: catalog.ids.join(", ") })}\n`);
    return 0;
  }
  const { ruleset, sequence, rest } = takeRuleset(args);
  const headless = Object.hasOwn(rulesets, ruleset) ? rulesets[ruleset] : undefined;
  if (!headless) return fail(english("CYCHOSYS.Cli.unknownRuleset", { ruleset: safeLine(ruleset, 40), known: catalog.ids.join(", ") }), 2);
  if (sequence && !headless.sequence) return fail(english("CYCHOSYS.Phase.Cli.noSequence", { ruleset: safeLine(ruleset, 40), known: catalog.sequence.join(", ") }), 2);
  let text: string;
  try {
    text = readInput(rest, io);
  } catch (error) {
    if (error instanceof InputError) return fail(error.message, 2);
    return fail(english("CYCHOSYS.Cli.cannotRead", { problem: String((error as Error)?.message ?? error) }), 2);
  }
  let outcome: unknown;
  try {
    outcome = sequence ? headless.sequence!(text) : headless.resolve(text);
  } catch (error) {
    // A rule forbidding the action is an answer, not bad input.
    if (error instanceof RuleRefusal) outcome = error.toJSON();
    else if (error instanceof LocalizedError) return fail(english("CYCHOSYS.Cli.scenarioError", { message: error.message }), 2);
    else return fail(english("CYCHOSYS.Cli.internalError", { message: String((error as Error)?.message ?? error) }), 1);
  }
  io.out(`${JSON.stringify(outcome, null, 2)}\n`);
  return 0;
}

const catalogOf = (rulesets: Readonly<Record<string, Headless>>): HeadlessCatalog => ({
  ids: Object.keys(rulesets),
  sequence: Object.keys(rulesets).filter((id) => rulesets[id]!.sequence),
});

/** `npm run rules`: only the ruleset asked for is loaded. */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const rulesets = wantsHelp(args) ? {} : await loadHeadless([takeRuleset(args).ruleset]);
  return rulesCommand(args, io, rulesets, HEADLESS_CATALOG);
}
