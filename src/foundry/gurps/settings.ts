/**
 * GURPS's six world settings in Foundry's settings window
 * (src/rulesets/gurps/data/settings.ts says which, with their rules, and
 * checks them). Changing one re-reads the world's GURPS rules and
 * re-prepares every actor (Dodge, reeling and thresholds follow).
 */
import { GURPS_SETTINGS, gurpsRulesFromSettings } from "../../rulesets/gurps/data/settings.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "../../rulesets/gurps/rules/index.js";
import { format } from "../i18n.js";
import { registerWorldSettings, reprepareActors, storedSettings } from "../world-settings.js";
import { setGurpsRulesSource } from "./rules-source.js";

// The world's rules, read by everyone through `gurpsRules()`: the standard rules until `setup`.
let current: Readonly<GurpsRules> = GURPS_STANDARD_RULES;

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export function readGurpsSettings(): void {
  const { rules, problems } = gurpsRulesFromSettings(storedSettings(Object.keys(GURPS_SETTINGS)));
  current = Object.freeze(rules);
  if (problems.length && game.user?.isGM) ui.notifications?.warn(format("CYCHOSYS.Gurps.Settings.invalid", { keys: problems.join(", ") }));
}

/** Register the settings (in `init`). */
export function registerGurpsSettings(): void {
  setGurpsRulesSource(() => current);
  registerWorldSettings(GURPS_SETTINGS, "CYCHOSYS.Gurps.Settings", () => {
    readGurpsSettings();
    reprepareActors();
  });
}
