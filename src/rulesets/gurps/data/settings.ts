/**
 * GURPS's world settings: the six the reference names (G91
 * `minEffectiveSkill`, G37 `deceptiveQuick`, G73 `fastMultiHit`, G80
 * `reelingRule`, G81 `zeroHpDoNothingSkipsRoll` and
 * `mortallyWoundedOnNearMiss`), each keyed `gurps<Name>` in Foundry's
 * settings. Stored values are checked here: one that is not the setting's
 * own falls back to the standard rule and is reported. Pure.
 */
import { GURPS_STANDARD_RULES, type GurpsRules, GURPS_WORLD_OPTION_KEYS, makeGurpsRules } from "../rules/index.js";

type OptionKey = (typeof GURPS_WORLD_OPTION_KEYS)[number];

/** Each setting: the rule it sets, its kind and the standard value (from the rules data, never a literal here). */
export const GURPS_SETTINGS = {
  gurpsMinEffectiveSkill: { option: "minEffectiveSkill", kind: "number", min: 0, max: 10, standard: GURPS_STANDARD_RULES.minEffectiveSkill, rule: "G91" },
  gurpsDeceptiveQuick: { option: "deceptiveQuick", kind: "boolean", standard: GURPS_STANDARD_RULES.deceptiveQuick, rule: "G37" },
  gurpsFastMultiHit: { option: "fastMultiHit", kind: "boolean", standard: GURPS_STANDARD_RULES.fastMultiHit, rule: "G73" },
  gurpsReelingRule: { option: "reelingRule", kind: "choice", choices: ["seed", "p419"], standard: GURPS_STANDARD_RULES.reelingRule, rule: "G80" },
  gurpsZeroHpDoNothingSkipsRoll: { option: "zeroHpDoNothingSkipsRoll", kind: "boolean", standard: GURPS_STANDARD_RULES.zeroHpDoNothingSkipsRoll, rule: "G81" },
  gurpsMortallyWoundedOnNearMiss: { option: "mortallyWoundedOnNearMiss", kind: "boolean", standard: GURPS_STANDARD_RULES.mortallyWoundedOnNearMiss, rule: "G81" },
} as const satisfies Record<string, { option: OptionKey; kind: "number" | "boolean" | "choice"; rule: string; standard: unknown; min?: number; max?: number; choices?: readonly string[] }>;
export type GurpsSettingKey = keyof typeof GURPS_SETTINGS;

function valid(spec: (typeof GURPS_SETTINGS)[GurpsSettingKey], value: unknown): boolean {
  switch (spec.kind) {
    case "number":
      return typeof value === "number" && Number.isInteger(value) && value >= spec.min && value <= spec.max;
    case "boolean":
      return typeof value === "boolean";
    case "choice":
      return (spec.choices as readonly unknown[]).includes(value);
  }
}

/** The world's GURPS rules from stored setting values, and the keys whose stored value was not valid. */
export function gurpsRulesFromSettings(stored: Partial<Record<GurpsSettingKey, unknown>>): { rules: GurpsRules; problems: GurpsSettingKey[] } {
  const problems: GurpsSettingKey[] = [];
  const parts: Partial<Record<OptionKey, unknown>> = {};
  for (const [key, spec] of Object.entries(GURPS_SETTINGS) as [GurpsSettingKey, (typeof GURPS_SETTINGS)[GurpsSettingKey]][]) {
    const value = stored[key];
    if (value === undefined) continue;
    if (valid(spec, value)) parts[spec.option] = value;
    else problems.push(key);
  }
  return { rules: makeGurpsRules(parts as Partial<GurpsRules>), problems };
}
