/** `npm run demo [-- RULESET]`: the chapter's own fights replayed by the rules engine (default: the Cychosys warehouse fight). */
import { english } from "../core/messages.js";
import { HEADLESS, takeRuleset } from "./headless.js";

const { ruleset, rest } = takeRuleset(process.argv.slice(2).filter((a) => a !== "--"));
const id = rest[0] ?? ruleset;
const headless = Object.hasOwn(HEADLESS, id) ? HEADLESS[id] : undefined;
if (!headless) {
  process.stderr.write(`${english("CYCHOSYS.Cli.unknownRuleset", { ruleset: id.slice(0, 40), known: Object.keys(HEADLESS).join(", ") })}\n`);
  process.exit(2);
}
process.stdout.write(`${headless.demo()}\n`);
