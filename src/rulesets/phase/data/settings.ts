/**
 * The phase-based world settings: the [fixed] values a GM is most likely to
 * change at the table — P6's open declarations (the issue's hidden ones by
 * default), the attack and standard TNs (P17, P33), how long surprise lasts
 * (P3), Defend (P26), melee reach (P25), the most Aim (P16), the wild-shot
 * penalty (P14) and which side "one arm" means (P19). Stored values are
 * checked here; a value that is not one of the setting's own falls back to
 * the standard rule and is reported. The catalogue and the charts stay data
 * in `PhaseRules` (a module can replace them). Pure.
 */
import { makePhaseRules, PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { SIDES } from "../rules/types.js";

const S = PHASE_STANDARD_RULES;

/** Each setting: its kind and the standard value (from the rules data, never a literal here). */
export const PHASE_SETTINGS = {
  phaseOpenDeclarations: { kind: "boolean", standard: S.openDeclarations },
  phaseAttackTN: { kind: "number", min: 1, max: 40, standard: S.attackTN },
  phaseStandardTN: { kind: "number", min: 1, max: 40, standard: S.standardTN },
  phaseSurpriseRounds: { kind: "number", min: 0, max: 20, standard: S.surpriseRounds },
  phaseDefendBonus: { kind: "number", min: 0, max: 20, standard: S.defendBonus },
  phaseMeleeReach: { kind: "number", min: 1, max: 20, standard: S.meleeReach },
  phaseAimMax: { kind: "number", min: 0, max: 20, standard: S.aimMax },
  phaseWildShotPenalty: { kind: "number", min: 0, max: 20, standard: S.wildShotPenalty },
  phaseFirstSide: { kind: "choice", choices: SIDES, standard: S.firstSide },
} as const;
export type PhaseSettingKey = keyof typeof PHASE_SETTINGS;

const RULE_OF: Readonly<Record<PhaseSettingKey, keyof PhaseRules>> = {
  phaseOpenDeclarations: "openDeclarations",
  phaseAttackTN: "attackTN",
  phaseStandardTN: "standardTN",
  phaseSurpriseRounds: "surpriseRounds",
  phaseDefendBonus: "defendBonus",
  phaseMeleeReach: "meleeReach",
  phaseAimMax: "aimMax",
  phaseWildShotPenalty: "wildShotPenalty",
  phaseFirstSide: "firstSide",
};

function fits(key: PhaseSettingKey, value: unknown): boolean {
  const spec = PHASE_SETTINGS[key];
  switch (spec.kind) {
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number" && Number.isInteger(value) && value >= spec.min && value <= spec.max;
    case "choice":
      return (spec.choices as readonly unknown[]).includes(value);
  }
}

/** The world's phase rules from stored setting values, and the keys whose stored value was not valid. */
export function phaseRulesFromSettings(stored: Partial<Record<PhaseSettingKey, unknown>>, base: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { rules: PhaseRules; problems: PhaseSettingKey[] } {
  const problems: PhaseSettingKey[] = [];
  const parts: Record<string, unknown> = {};
  for (const key of Object.keys(PHASE_SETTINGS) as PhaseSettingKey[]) {
    const value = stored[key];
    if (value === undefined) continue;
    if (fits(key, value)) parts[RULE_OF[key]] = value;
    else problems.push(key);
  }
  return { rules: makePhaseRules(parts as Partial<PhaseRules>, base), problems };
}
