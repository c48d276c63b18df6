/**
 * Foundry VTT entry point of the Cychosys system (bundled to `cychosys.mjs`).
 *
 * Registration only: no rules arithmetic lives here. Foundry is reached through
 * its globals (`Hooks`, `CONFIG`, `game`, `foundry`) and is never bundled.
 * Every ruleset is bundled; `init` registers the active one's, synchronously
 * (src/foundry/rulesets.ts).
 */
import { init } from "./foundry/init.js";
import { migrateWorldIfNeeded } from "./foundry/migrations.js";

Hooks.once("init", init);
Hooks.once("ready", () => void migrateWorldIfNeeded());
