/**
 * Cities Without Number's world settings in Foundry's settings window
 * (src/rulesets/cwn/data/settings.ts says which and checks them;
 * src/foundry/ruleset-settings.ts registers them). Changing one re-reads the
 * world's CWN rules and re-prepares every actor.
 */
import { CWN_SETTINGS, cwnRulesFromSettings } from "../../rulesets/cwn/data/settings.js";
import { CWN_STANDARD_RULES } from "../../rulesets/cwn/rules/options.js";
import { rulesetSettings } from "../ruleset-settings.js";
import { setCwnRulesSource } from "./rules-source.js";

const cwnSettings = rulesetSettings({
  langPrefix: "CYCHOSYS.Cwn.Settings",
  settings: CWN_SETTINGS,
  standard: CWN_STANDARD_RULES,
  fromSettings: cwnRulesFromSettings,
  setSource: setCwnRulesSource,
});

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export const readCwnSettings: () => void = cwnSettings.read;

/** Register the settings (in `init`) and make `cwnRules()` read them. */
export const registerCwnSettings: () => void = cwnSettings.register;
