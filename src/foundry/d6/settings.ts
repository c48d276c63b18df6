/**
 * OpenD6's world settings in Foundry's settings window (src/rulesets/d6/data/settings.ts
 * says which and checks them; src/foundry/ruleset-settings.ts registers them).
 * Changing one re-reads the world's D6 rules and re-prepares every actor
 * (derived codes and penalties follow).
 */
import { D6_SETTINGS, d6RulesFromSettings } from "../../rulesets/d6/data/settings.js";
import { D6_STANDARD_RULES } from "../../rulesets/d6/rules/index.js";
import { rulesetSettings } from "../ruleset-settings.js";
import { setD6RulesSource } from "./rules-source.js";

// The world's D6 rules, read by everyone through `d6Rules()` (rules-source.ts): the standard rules until `setup`.
const d6Settings = rulesetSettings({
  langPrefix: "CYCHOSYS.D6.Settings",
  settings: D6_SETTINGS,
  standard: D6_STANDARD_RULES,
  fromSettings: d6RulesFromSettings,
  setSource: setD6RulesSource,
});

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export const readD6Settings: () => void = d6Settings.read;

/** Register the settings (in `init`). */
export const registerD6Settings: () => void = d6Settings.register;
