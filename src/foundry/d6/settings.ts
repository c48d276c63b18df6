/**
 * OpenD6's world settings in Foundry's settings window (src/rulesets/d6/data/settings.ts
 * says which and checks them). Changing one re-reads the world's D6 rules and
 * re-prepares every actor (derived codes and penalties follow).
 */
import { D6_SETTINGS, d6RulesFromSettings } from "../../rulesets/d6/data/settings.js";
import { D6_STANDARD_RULES, type D6Rules } from "../../rulesets/d6/rules/index.js";
import { format } from "../i18n.js";
import { registerWorldSettings, reprepareActors, storedSettings } from "../world-settings.js";
import { setD6RulesSource } from "./rules-source.js";

// The world's D6 rules, read by everyone through `d6Rules()` (rules-source.ts): the standard rules until `setup`.
let current: Readonly<D6Rules> = D6_STANDARD_RULES;

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export function readD6Settings(): void {
  const { rules, problems } = d6RulesFromSettings(storedSettings(Object.keys(D6_SETTINGS)));
  current = Object.freeze(rules);
  if (problems.length && game.user?.isGM) {
    ui.notifications?.warn(format("CYCHOSYS.D6.Settings.invalid", { keys: problems.join(", ") }));
  }
}

/** Register the settings (in `init`). */
export function registerD6Settings(): void {
  setD6RulesSource(() => current);
  registerWorldSettings(D6_SETTINGS, "CYCHOSYS.D6.Settings", () => {
    readD6Settings();
    reprepareActors();
  });
}
