/**
 * OpenD6's world settings in Foundry's settings window (src/rulesets/d6/data/settings.ts
 * says which and checks them). Changing one re-reads the world's D6 rules and
 * re-prepares every actor (derived codes and penalties follow).
 */
import { D6_SETTINGS, type D6SettingKey, d6RulesFromSettings } from "../../rulesets/d6/data/settings.js";
import { D6_STANDARD_RULES, type D6Rules } from "../../rulesets/d6/rules/index.js";
import { format } from "../i18n.js";
import { SYSTEM_ID } from "../system.js";
import { setD6RulesSource } from "./rules-source.js";

// The world's D6 rules, read by everyone through `d6Rules()` (rules-source.ts): the standard rules until `setup`.
let current: Readonly<D6Rules> = D6_STANDARD_RULES;

const settings = () => game.settings as unknown as {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
};

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export function readD6Settings(): void {
  const stored = Object.fromEntries(Object.keys(D6_SETTINGS).map((key) => [key, settings().get(SYSTEM_ID, key)]));
  const { rules, problems } = d6RulesFromSettings(stored);
  current = Object.freeze(rules);
  if (problems.length && game.user?.isGM) {
    ui.notifications?.warn(format("CYCHOSYS.D6.Settings.invalid", { keys: problems.join(", ") }));
  }
}

function reprepare(): void {
  for (const actor of game.actors ?? []) {
    actor.prepareData();
    actor.render?.(false);
  }
}

/** Register the settings (in `init`). */
export function registerD6Settings(): void {
  setD6RulesSource(() => current);
  const onChange = () => {
    readD6Settings();
    reprepare();
  };
  for (const [key, spec] of Object.entries(D6_SETTINGS) as [D6SettingKey, (typeof D6_SETTINGS)[D6SettingKey]][]) {
    settings().register(SYSTEM_ID, key, {
      name: `CYCHOSYS.D6.Settings.${key}.name`,
      hint: `CYCHOSYS.D6.Settings.${key}.hint`,
      scope: "world",
      config: true,
      default: spec.standard,
      onChange,
      ...(spec.kind === "boolean" && { type: Boolean }),
      ...(spec.kind === "number" && { type: Number, range: { min: spec.min, max: spec.max, step: 1 } }),
      ...(spec.kind === "choice" && {
        type: String,
        choices: Object.fromEntries(spec.choices.map((c) => [c, `CYCHOSYS.D6.Settings.${key}.${c}`])),
      }),
    });
  }
}
