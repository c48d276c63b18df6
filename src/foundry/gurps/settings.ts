/**
 * GURPS's six world settings in Foundry's settings window
 * (src/rulesets/gurps/data/settings.ts says which, with their rules, and
 * checks them). Changing one re-reads the world's GURPS rules and
 * re-prepares every actor (Dodge, reeling and thresholds follow).
 */
import { GURPS_SETTINGS, type GurpsSettingKey, gurpsRulesFromSettings } from "../../rulesets/gurps/data/settings.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "../../rulesets/gurps/rules/index.js";
import { format } from "../i18n.js";
import { SYSTEM_ID } from "../system.js";
import { setGurpsRulesSource } from "./rules-source.js";

// The world's rules, read by everyone through `gurpsRules()`: the standard rules until `setup`.
let current: Readonly<GurpsRules> = GURPS_STANDARD_RULES;

const settings = () => game.settings as unknown as {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
};

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export function readGurpsSettings(): void {
  const stored = Object.fromEntries(Object.keys(GURPS_SETTINGS).map((key) => [key, settings().get(SYSTEM_ID, key)]));
  const { rules, problems } = gurpsRulesFromSettings(stored);
  current = Object.freeze(rules);
  if (problems.length && game.user?.isGM) ui.notifications?.warn(format("CYCHOSYS.Gurps.Settings.invalid", { keys: problems.join(", ") }));
}

function reprepare(): void {
  for (const actor of game.actors ?? []) {
    actor.prepareData();
    actor.render?.(false);
  }
}

/** Register the settings (in `init`). */
export function registerGurpsSettings(): void {
  setGurpsRulesSource(() => current);
  const onChange = () => {
    readGurpsSettings();
    reprepare();
  };
  for (const [key, spec] of Object.entries(GURPS_SETTINGS) as [GurpsSettingKey, (typeof GURPS_SETTINGS)[GurpsSettingKey]][]) {
    settings().register(SYSTEM_ID, key, {
      name: `CYCHOSYS.Gurps.Settings.${key}.name`,
      hint: `CYCHOSYS.Gurps.Settings.${key}.hint`,
      scope: "world",
      config: true,
      default: spec.standard,
      onChange,
      ...(spec.kind === "boolean" && { type: Boolean }),
      ...(spec.kind === "number" && { type: Number, range: { min: spec.min, max: spec.max, step: 1 } }),
      ...(spec.kind === "choice" && { type: String, choices: Object.fromEntries(spec.choices.map((c) => [c, `CYCHOSYS.Gurps.Settings.${key}.${c}`])) }),
    });
  }
}
