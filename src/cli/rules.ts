/**
 * `npm run --silent rules -- FILE.json` (or the JSON on standard input):
 * resolve one complete attack and print the outcome as JSON.
 * A scenario problem prints one line naming the field and exits with 2.
 *
 * Hostile input is answered the same way, fast: at most MAX_SCENARIO_BYTES
 * are read (never the whole of a larger file or stream), the bytes must be
 * UTF-8, and the one line written is escaped and cut (echo.ts) whatever it
 * holds.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { LocalizedError } from "../rulesets/cychosys/rules/errors.js";
import { MAX_SCENARIO_BYTES, RulesError, safeLine } from "../rulesets/cychosys/rules/index.js";
import { english } from "../core/messages.js";
import { HEADLESS, type Headless, takeRuleset } from "./headless.js";

/** Longest error line written; the messages themselves stay well under it. */
const MAX_LINE = 400;

/** An input problem already put into words (too large, not UTF-8, usage). */
class InputError extends Error {}

/** Read at most `max + 1` bytes of a file descriptor: enough to know it is too large. */
function readCapped(fd: number, max: number): Buffer {
  const buffer = Buffer.alloc(max + 1);
  let length = 0;
  while (length < buffer.length) {
    let n: number;
    try {
      n = readSync(fd, buffer, length, buffer.length - length, null);
    } catch (error) {
      // A non-blocking standard input with nothing yet: wait a moment and read again.
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if ((error as NodeJS.ErrnoException).code === "EOF") break;
      throw error;
    }
    if (n === 0) break;
    length += n;
  }
  return buffer.subarray(0, length);
}

function readInput(args: string[]): string {
  const file = args.find((a) => a !== "--");
  let bytes: Buffer;
  if (file && file !== "-") {
    const fd = openSync(file, "r");
    try {
      bytes = readCapped(fd, MAX_SCENARIO_BYTES);
    } finally {
      closeSync(fd);
    }
  } else {
    if (process.stdin.isTTY) throw new InputError(english("CYCHOSYS.Cli.rulesUsage"));
    bytes = readCapped(0, MAX_SCENARIO_BYTES);
  }
  if (bytes.length > MAX_SCENARIO_BYTES) throw new InputError(english("CYCHOSYS.Cli.scenarioError", { message: new RulesError("scenarioTooLarge", { max: MAX_SCENARIO_BYTES }).message }));
  try {
    // ignoreBOM keeps a byte order mark in the text: the scenario reader decides (skipped at the very start only).
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InputError(english("CYCHOSYS.Cli.notUtf8"));
  }
}

function runRules(headless: Headless, text: string, sequence: boolean): string {
  return JSON.stringify(sequence ? headless.sequence!(text) : headless.resolve(text), null, 2);
}

/** Errors print as exactly one line, whatever the message held: line breaks become spaces, the rest is escaped and cut. */
function oneLine(text: string): string {
  return safeLine(text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim(), MAX_LINE);
}

function fail(message: string, code: number): never {
  process.stderr.write(`${oneLine(message)}\n`);
  process.exit(code);
}

function main(): void {
  const { ruleset, sequence, rest } = takeRuleset(process.argv.slice(2));
  const headless = Object.hasOwn(HEADLESS, ruleset) ? HEADLESS[ruleset] : undefined;
  if (!headless) fail(english("CYCHOSYS.Cli.unknownRuleset", { ruleset: safeLine(ruleset, 40), known: Object.keys(HEADLESS).join(", ") }), 2);
  if (sequence && !headless.sequence) {
    const withSequence = Object.keys(HEADLESS).filter((id) => HEADLESS[id]!.sequence);
    fail(english("CYCHOSYS.Phase.Cli.noSequence", { ruleset: safeLine(ruleset, 40), known: withSequence.join(", ") }), 2);
  }
  let text: string;
  try {
    text = readInput(rest);
  } catch (error) {
    if (error instanceof InputError) fail(error.message, 2);
    fail(english("CYCHOSYS.Cli.cannotRead", { problem: String((error as Error)?.message ?? error) }), 2);
  }
  let output: string;
  try {
    output = runRules(headless, text, sequence);
  } catch (error) {
    if (error instanceof LocalizedError) fail(english("CYCHOSYS.Cli.scenarioError", { message: error.message }), 2);
    fail(english("CYCHOSYS.Cli.internalError", { message: String((error as Error)?.message ?? error) }), 1);
  }
  process.stdout.write(`${output}\n`);
}

main();
