/**
 * Every ruleset's Foundry side, bundled: a world registers the one it plays
 * (the "Combat rules" setting) synchronously on `init`, because Foundry waits
 * for nothing a hook starts — a sheet, die term or hook registered behind a
 * promise may arrive after Foundry has needed it (docs/architecture.md, "One
 * world, one ruleset"). The cost is the download: every world loads all five
 * rulesets' code (the build checks print it and hold it under a ceiling,
 * test/build/dist.test.ts). Adding a ruleset adds one line here
 * (docs/adding-a-ruleset.md).
 */
import type { RulesetId } from "../core/ruleset.js";
import type { RulesetAdapter } from "./adapter.js";
import { adapter as cychosys } from "./cychosys/index.js";
import { adapter as d6 } from "./d6/index.js";
import { adapter as cwn } from "./cwn/index.js";
import { adapter as phase } from "./phase/index.js";
import { adapter as gurps } from "./gurps/index.js";

export const ADAPTERS: Readonly<Record<RulesetId, RulesetAdapter>> = {
  cychosys: cychosys as RulesetAdapter,
  d6: d6 as RulesetAdapter,
  cwn: cwn as RulesetAdapter,
  phase: phase as RulesetAdapter,
  gurps: gurps as RulesetAdapter,
};
