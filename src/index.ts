/**
 * Foundry VTT entry point of the Cychosys system (bundled to `cychosys.mjs`).
 *
 * Registration only: no rules arithmetic lives here. Foundry is reached through
 * its globals (`Hooks`, `CONFIG`, `game`, `foundry`) and is never bundled. The
 * active ruleset's own code is a separate chunk, loaded on `init`
 * (src/foundry/rulesets.ts).
 */
import { init } from "./foundry/init.js";
import { migrateWorldIfNeeded } from "./foundry/migrations.js";

Hooks.once("init", init);
Hooks.once("ready", () => void migrateWorldIfNeeded());
