/**
 * Feint (G25, G26 All-Out Attack (Feint)): the Quick Contest, the skills each
 * side may roll, and the defense penalty it leaves on the foe.
 */
import type { SuccessRoll } from "./dice.js";

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
