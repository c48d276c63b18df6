/**
 * Foundry VTT entry point of the Cychosys system (bundled to `cychosys.mjs`).
 *
 * Registration only: no rules arithmetic lives here. Foundry is reached through
 * its globals (`Hooks`, `CONFIG`) and is never bundled.
 */
import * as rules from "./rules/index.js";

Hooks.once("init", () => {
  // The rules data a world plays with; a module may replace a part of it
  // (e.g. its own effects table) before the world is ready.
  CONFIG.CYCHOSYS = rules.makeRules();
  // The rules core for macros and modules: `cychosys.rules.parseBundle("VD6")`.
  globalThis.cychosys = { rules };
  console.log("Cychosys | Initializing the Cychosys game system");
});
