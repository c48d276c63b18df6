/**
 * Foundry VTT entry point of the Cychosys system (bundled to `cychosys.mjs`).
 *
 * Registration only: no rules arithmetic lives here. Foundry is reached through
 * its globals (`Hooks`, `CONFIG`, `game`, `foundry`) and is never bundled.
 *
 * Note: the Cychosys die is registered as `CONFIG.Dice.terms.c`, which
 * replaces Foundry's coin term (`dc`) in a Cychosys world (R11).
 */
import { registerDiceSoNice } from "./foundry/cychosys/dice.js";
import { init } from "./foundry/init.js";
import { migrateWorldIfNeeded } from "./foundry/migrations.js";
import { applyRulesSettings } from "./foundry/settings.js";

Hooks.once("init", init);
// World settings are readable from `setup`: they replace parts of CONFIG.CYCHOSYS.
Hooks.once("setup", () => applyRulesSettings());
Hooks.once("ready", () => void migrateWorldIfNeeded());
// Dice So Nice (optional): the dc die with 11 and 12 marked S and C.
Hooks.once("diceSoNiceReady" as never, ((dice3d: unknown) => void registerDiceSoNice(dice3d)) as never);
