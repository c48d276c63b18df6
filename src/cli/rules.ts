/**
 * `npm run --silent rules -- FILE.json` (or the JSON on standard input):
 * resolve one complete attack and print the outcome as JSON.
 * A scenario problem prints one line naming the field and exits with 2.
 */
import { readFileSync } from "node:fs";
import { outcomeJson, parseScenario, resolveAttack, RulesError } from "../rules/index.js";
import { english } from "../rules/messages.js";

function readInput(args: string[]): string {
  const file = args.find((a) => a !== "--");
  if (file && file !== "-") return readFileSync(file, "utf8");
  if (process.stdin.isTTY) {
    process.stderr.write(`${english("CYCHOSYS.Cli.rulesUsage")}\n`);
    process.exit(2);
  }
  return readFileSync(0, "utf8");
}

function runRules(text: string): string {
  const input = parseScenario(text);
  return JSON.stringify(outcomeJson(resolveAttack(input)), null, 2);
}

/** Errors print as exactly one line, whatever the message held. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function main(): void {
  let text: string;
  try {
    text = readInput(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${oneLine(english("CYCHOSYS.Cli.cannotRead", { problem: (error as Error).message }))}\n`);
    process.exit(2);
  }
  try {
    process.stdout.write(`${runRules(text)}\n`);
  } catch (error) {
    if (error instanceof RulesError) {
      process.stderr.write(`${oneLine(english("CYCHOSYS.Cli.scenarioError", { message: error.message }))}\n`);
      process.exit(2);
    }
    process.stderr.write(`${oneLine(english("CYCHOSYS.Cli.internalError", { message: String((error as Error)?.message ?? error) }))}\n`);
    process.exit(1);
  }
}

main();
