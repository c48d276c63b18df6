/**
 * Feint (G25, G26 All-Out Attack (Feint)): the Quick Contest, the skills each
 * side may roll, and the defense penalty it leaves on the foe.
 */
import type { SuccessRoll } from "./dice.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { Modifier } from "./types.js";

/**
 * G25: the foe resists with the best of his melee weapon skill, an unarmed
 * skill (if either side is unarmed), Cloak or Shield (if so equipped), or DX
 * (if higher than his combat skills).
 */
export function feintResistSkill(o: { melee?: readonly number[]; unarmed?: readonly number[]; eitherUnarmed?: boolean; cloakOrShield?: readonly number[]; dx: number }): number {
  const skills = [...(o.melee ?? []), ...(o.eitherUnarmed ? (o.unarmed ?? []) : []), ...(o.cloakOrShield ?? [])];
  return Math.max(o.dx, ...skills);
}

/**
 * G25: the feint's penalty to the foe's active defenses. The feinter fails,
 * or both succeed and the foe's margin is at least his → none; he succeeds and
 * the foe fails → his margin of success (the seed's own exception to G7);
 * both succeed, he by more → the difference.
 */
export function feintPenalty(feinter: SuccessRoll, foe: SuccessRoll): number {
  if (!feinter.success) return 0;
  if (!foe.success) return feinter.margin;
  return feinter.margin > foe.margin ? feinter.margin - foe.margin : 0;
}

/** G25: the attacks a feint covers on the feinter's next turn: 1, or 2 with All-Out Attack (Double). */
export const feintAttacks = (double: boolean): number => (double ? 2 : 1);

/** G25: the feinter's skill for the contest, with what modifies it. */
export interface FeintSkill {
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  readonly effective: number;
  /** G91: below the minimum effective skill the roll is not made. */
  readonly refused: "minimumSkill" | null;
}

/**
 * G25, G23, G77, G3, G91: the feinter's effective skill — his melee skill, +1
 * per consecutive Evaluate on this foe (at most +3: "to an Attack, Feint,
 * All-Out Attack or Move and Attack on him"), his shock this turn (a weapon
 * skill is DX-based), the GM's situational modifiers; below the minimum
 * effective skill the roll is not made.
 */
export function feintSkill(o: { skill: number; evaluate?: number; shock?: number; situational?: readonly { value: number; label?: string }[] }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): FeintSkill {
  const modifiers: Modifier[] = [];
  if (o.evaluate) modifiers.push({ key: "evaluate", value: Math.min(o.evaluate, rules.evaluateMax) * rules.evaluatePerTurn, rule: "G23" });
  if (o.shock) modifiers.push({ key: "shock", value: -Math.min(Math.abs(o.shock), rules.shockCap), rule: "G77" });
  for (const s of o.situational ?? []) if (s.value !== 0) modifiers.push({ key: "situational", value: s.value, rule: "G3", ...(s.label !== undefined && { label: s.label }) });
  const effective = modifiers.reduce((sum, m) => sum + m.value, o.skill);
  return { base: o.skill, modifiers, effective, refused: rules.minEffectiveSkill > 0 && effective < rules.minEffectiveSkill ? "minimumSkill" : null };
}
