/**
 * The phase-based world settings in Foundry's settings window
 * (src/rulesets/phase/data/settings.ts says which and checks them). Changing
 * one re-reads the world's phase rules, re-prepares every actor and redraws
 * the tracker.
 */
import { PHASE_SETTINGS, type PhaseSettingKey, phaseRulesFromSettings } from "../../rulesets/phase/data/settings.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../../rulesets/phase/rules/index.js";
import { format } from "../i18n.js";
import { SYSTEM_ID } from "../system.js";
import { setPhaseRulesSource } from "./rules-source.js";

let current: Readonly<PhaseRules> = PHASE_STANDARD_RULES;

const settings = () => game.settings as unknown as {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
};

/** Read the settings into the world's rules; report a stored value that was not valid (to the GM). */
export function readPhaseSettings(): void {
  const stored = Object.fromEntries(Object.keys(PHASE_SETTINGS).map((key) => [key, settings().get(SYSTEM_ID, key)]));
  const { rules, problems } = phaseRulesFromSettings(stored);
  current = Object.freeze(rules);
  if (problems.length && game.user?.isGM) ui.notifications?.warn(format("CYCHOSYS.Phase.Settings.invalid", { keys: problems.join(", ") }));
}

function reprepare(): void {
  for (const actor of game.actors ?? []) {
    actor.prepareData();
    actor.render?.(false);
  }
  (ui as unknown as { combat?: { render(force?: boolean): unknown } }).combat?.render();
}

/** Register the settings (from the adapter's `register`). */
export function registerPhaseSettings(): void {
  setPhaseRulesSource(() => current);
  const onChange = () => {
    readPhaseSettings();
    reprepare();
  };
  for (const [key, spec] of Object.entries(PHASE_SETTINGS) as [PhaseSettingKey, (typeof PHASE_SETTINGS)[PhaseSettingKey]][]) {
    settings().register(SYSTEM_ID, key, {
      name: `CYCHOSYS.Phase.Settings.${key}.name`,
      hint: `CYCHOSYS.Phase.Settings.${key}.hint`,
      scope: "world",
      config: true,
      default: spec.standard,
      onChange,
      ...(spec.kind === "boolean" && { type: Boolean }),
      ...(spec.kind === "number" && { type: Number, range: { min: spec.min, max: spec.max, step: 1 } }),
      ...(spec.kind === "choice" && { type: String, choices: Object.fromEntries(spec.choices.map((c) => [c, `CYCHOSYS.Phase.Settings.${key}.${c}`])) }),
    });
  }
}
