/**
 * Cities Without Number's world settings in Foundry's settings window
 * (src/rulesets/cwn/data/settings.ts says which and checks them). Changing
 * one re-reads the world's CWN rules and re-prepares every actor.
 */
import { CWN_SETTINGS, type CwnSettingKey, cwnRulesFromSettings } from "../../rulesets/cwn/data/settings.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../../rulesets/cwn/rules/options.js";
import { format } from "../i18n.js";
import { SYSTEM_ID } from "../system.js";
import { setCwnRulesSource } from "./rules-source.js";

let current: Readonly<CwnRules> = CWN_STANDARD_RULES;

const settings = () => game.settings as unknown as {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
};

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export function readCwnSettings(): void {
  const stored = Object.fromEntries(Object.keys(CWN_SETTINGS).map((key) => [key, settings().get(SYSTEM_ID, key)]));
  const { rules, problems } = cwnRulesFromSettings(stored);
  current = Object.freeze(rules);
  if (problems.length && game.user?.isGM) ui.notifications?.warn(format("CYCHOSYS.Cwn.Settings.invalid", { keys: problems.join(", ") }));
}

function reprepare(): void {
  for (const actor of game.actors ?? []) {
    actor.prepareData();
    actor.render?.(false);
  }
}

/** Register the settings (in `init`) and make `cwnRules()` read them. */
export function registerCwnSettings(): void {
  setCwnRulesSource(() => current);
  const onChange = () => {
    readCwnSettings();
    reprepare();
  };
  for (const [key, spec] of Object.entries(CWN_SETTINGS) as [CwnSettingKey, (typeof CWN_SETTINGS)[CwnSettingKey]][]) {
    settings().register(SYSTEM_ID, key, {
      name: `CYCHOSYS.Cwn.Settings.${key}.name`,
      hint: `CYCHOSYS.Cwn.Settings.${key}.hint`,
      scope: "world",
      config: true,
      default: spec.standard,
      onChange,
      ...(spec.kind === "boolean" ? { type: Boolean } : { type: Number, range: { min: spec.min, max: spec.max, step: spec.step } }),
    });
  }
}
