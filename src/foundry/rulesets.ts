/**
 * Loading the active ruleset's code. Each ruleset's Foundry side (with its
 * rules engine) is its own chunk of the build, imported only in a world that
 * plays it, so what a world downloads grows with its ruleset, not with all of
 * them. Adding a ruleset adds one line here (docs/adding-a-ruleset.md).
 */
import type { RulesetId } from "../core/ruleset.js";
import type { RulesetAdapter } from "./adapter.js";

export const LOADERS: Readonly<Record<RulesetId, () => Promise<{ adapter: RulesetAdapter }>>> = {
  cychosys: () => import("./cychosys/index.js"),
  d6: () => import("./d6/index.js"),
  gurps: () => import("./gurps/index.js"),
};
