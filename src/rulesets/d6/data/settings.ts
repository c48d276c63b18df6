/**
 * OpenD6's world settings (the reference's named settings that the cards
 * support): the Wild Die's complication (D2), the most Character Points on
 * one initiative roll (D9), the range modifier on melee (D27) and Strength
 * in the resistance roll (D34). Stored values are checked here; a value that
 * is not one of the setting's own falls back to the standard rule and is
 * reported. D26's rolled modifiers stay a headless option (`rules --ruleset
 * d6`): the cards use the standard numbers. Pure.
 */
import { D6_STANDARD_RULES, type D6Rules, makeD6Rules } from "../rules/index.js";

/** Each setting: its key, its kind and the standard value (from the rules data, never a literal here). */
export const D6_SETTINGS = {
  d6ComplicationMode: { kind: "choice", choices: ["flag", "remove"], standard: D6_STANDARD_RULES.complicationMode },
  d6MaxCharacterPointsOnInitiative: { kind: "number", min: 0, max: 99, standard: D6_STANDARD_RULES.maxCharacterPointsOnInitiative ?? 0 },
  d6RangeModifierOnMelee: { kind: "boolean", standard: D6_STANDARD_RULES.rangeModifierOnMelee },
  d6ResistWithStrength: { kind: "boolean", standard: D6_STANDARD_RULES.resistWithStrength },
} as const;
export type D6SettingKey = keyof typeof D6_SETTINGS;

/** The world's D6 rules from stored setting values, and the keys whose stored value was not valid. */
export function d6RulesFromSettings(stored: Partial<Record<D6SettingKey, unknown>>): { rules: D6Rules; problems: D6SettingKey[] } {
  const problems: D6SettingKey[] = [];
  const pick = <T>(key: D6SettingKey, ok: (value: unknown) => boolean, standard: T): T => {
    const value = stored[key];
    if (value === undefined) return standard;
    if (ok(value)) return value as T;
    problems.push(key);
    return standard;
  };
  const { d6ComplicationMode: mode, d6MaxCharacterPointsOnInitiative: points } = D6_SETTINGS;
  const maxPoints = pick(
    "d6MaxCharacterPointsOnInitiative",
    (v) => typeof v === "number" && Number.isInteger(v) && v >= points.min && v <= points.max,
    points.standard,
  );
  const rules = makeD6Rules({
    complicationMode: pick("d6ComplicationMode", (v) => (mode.choices as readonly unknown[]).includes(v), mode.standard),
    // 0 in the setting: no limit (D9).
    maxCharacterPointsOnInitiative: maxPoints === 0 ? null : maxPoints,
    rangeModifierOnMelee: pick("d6RangeModifierOnMelee", (v) => typeof v === "boolean", D6_SETTINGS.d6RangeModifierOnMelee.standard),
    resistWithStrength: pick("d6ResistWithStrength", (v) => typeof v === "boolean", D6_SETTINGS.d6ResistWithStrength.standard),
  });
  return { rules, problems };
}
