/**
 * Declaration merging for what the system adds to Foundry's globals.
 *
 * `CONFIG.CYCHOSYS` holds the rules data a world plays with (effects table,
 * standards chart, fixed options); `globalThis.cychosys` exposes the rules
 * core to macros and modules. Both are set in the `init` hook (src/index.ts).
 */
import type * as rulesCore from "../rulesets/cychosys/rules/index.js";
import type * as dataSchema from "../rulesets/cychosys/data/schema/index.js";

declare global {
  interface CONFIG {
    CYCHOSYS: rulesCore.Rules;
  }

  // eslint-disable-next-line no-var -- a global must be declared with `var`
  var cychosys: {
    /** The combat rules this world plays (`cychosys`, `d6`). */
    ruleset: string;
    /** In a Cychosys world, the pure rules core: parse, chart, roll reading, contests, injury. */
    rules: typeof rulesCore;
    /** In a Cychosys world, the data schema: `cychosys.schema.validateSystemSource("Item", "weapon", data)`. */
    schema: typeof dataSchema;
  };
}
