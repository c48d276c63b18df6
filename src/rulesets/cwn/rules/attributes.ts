/** Attribute modifiers from scores (the Sine Nomine table, rules data; the chapter uses only the modifiers, W3, W13). */
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";

/** The modifier of an attribute score by the rules' table (the last row whose minimum the score reaches). */
export function attributeModifier(score: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): number {
  let modifier = rules.attributeModifiers[0]?.modifier ?? 0;
  for (const row of rules.attributeModifiers) if (score >= row.min) modifier = row.modifier;
  return modifier;
}
