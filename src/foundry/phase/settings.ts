/**
 * The phase-based world settings in Foundry's settings window
 * (src/rulesets/phase/data/settings.ts says which and checks them;
 * src/foundry/ruleset-settings.ts registers them). Changing one re-reads the
 * world's phase rules, re-prepares every actor and redraws the tracker.
 */
import { PHASE_SETTINGS, phaseRulesFromSettings } from "../../rulesets/phase/data/settings.js";
import { PHASE_STANDARD_RULES } from "../../rulesets/phase/rules/index.js";
import { rulesetSettings } from "../ruleset-settings.js";
import { setPhaseRulesSource } from "./rules-source.js";

const phaseSettings = rulesetSettings({
  langPrefix: "CYCHOSYS.Phase.Settings",
  settings: PHASE_SETTINGS,
  standard: PHASE_STANDARD_RULES,
  fromSettings: phaseRulesFromSettings,
  setSource: setPhaseRulesSource,
  redrawTracker: true,
});

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export const readPhaseSettings: () => void = phaseSettings.read;

/** Register the settings (from the adapter's `register`). */
export const registerPhaseSettings: () => void = phaseSettings.register;
