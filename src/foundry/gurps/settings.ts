/**
 * GURPS's six world settings in Foundry's settings window
 * (src/rulesets/gurps/data/settings.ts says which, with their rules, and
 * checks them; src/foundry/ruleset-settings.ts registers them). Changing one
 * re-reads the world's GURPS rules and re-prepares every actor (Dodge,
 * reeling and thresholds follow).
 */
import { GURPS_SETTINGS, gurpsRulesFromSettings } from "../../rulesets/gurps/data/settings.js";
import { GURPS_STANDARD_RULES } from "../../rulesets/gurps/rules/index.js";
import { rulesetSettings } from "../ruleset-settings.js";
import { setGurpsRulesSource } from "./rules-source.js";

// The world's rules, read by everyone through `gurpsRules()`: the standard rules until `setup`.
const gurpsSettings = rulesetSettings({
  langPrefix: "CYCHOSYS.Gurps.Settings",
  settings: GURPS_SETTINGS,
  standard: GURPS_STANDARD_RULES,
  fromSettings: gurpsRulesFromSettings,
  setSource: setGurpsRulesSource,
});

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export const readGurpsSettings: () => void = gurpsSettings.read;

/** Register the settings (in `init`). */
export const registerGurpsSettings: () => void = gurpsSettings.register;
