/**
 * Cities Without Number's world settings — the reference's named world
 * settings: whether a free attack on leaving melee needs an armed foe (W12),
 * whether bare fists hinder ranged attacks (W22), whether armor soak refills
 * when the fight ends (W19), melee range (W12) and the Morale score of a
 * group whose data gives none (W6). Stored values are checked here; one
 * that is not valid falls back to the standard rule and is reported. Pure.
 */
import { CWN_STANDARD_RULES, type CwnRules, makeCwnRules } from "../rules/options.js";

/** Each setting: its kind and the standard value (from the rules data, never a literal here). */
export const CWN_SETTINGS = {
  cwnFreeAttackNeedsWeapon: { kind: "boolean", rule: "freeAttackNeedsWeapon", standard: CWN_STANDARD_RULES.freeAttackNeedsWeapon },
  cwnFistsHinderRangedAttacks: { kind: "boolean", rule: "fistsHinderRangedAttacks", standard: CWN_STANDARD_RULES.fistsHinderRangedAttacks },
  cwnSoakRefillsAfterFight: { kind: "boolean", rule: "soakRefillsAfterFight", standard: CWN_STANDARD_RULES.soakRefillsAfterFight },
  cwnMeleeRangeMetres: { kind: "number", rule: "meleeRangeMetres", min: 0.5, max: 10, step: 0.5, standard: CWN_STANDARD_RULES.meleeRangeMetres },
  cwnDefaultMorale: { kind: "number", rule: "defaultMorale", min: 2, max: 12, step: 1, standard: CWN_STANDARD_RULES.defaultMorale },
} as const;
export type CwnSettingKey = keyof typeof CWN_SETTINGS;

/** The world's CWN rules from stored setting values, and the keys whose stored value was not valid. */
export function cwnRulesFromSettings(stored: Partial<Record<CwnSettingKey, unknown>>): { rules: CwnRules; problems: CwnSettingKey[] } {
  const problems: CwnSettingKey[] = [];
  const parts: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(CWN_SETTINGS) as [CwnSettingKey, (typeof CWN_SETTINGS)[CwnSettingKey]][]) {
    const value = stored[key];
    if (value === undefined) continue;
    const ok =
      spec.kind === "boolean"
        ? typeof value === "boolean"
        : typeof value === "number" && Number.isFinite(value) && value >= spec.min && value <= spec.max && Number.isInteger(value / spec.step);
    if (ok) parts[spec.rule] = value;
    else problems.push(key);
  }
  return { rules: makeCwnRules(parts as Partial<CwnRules>), problems };
}
