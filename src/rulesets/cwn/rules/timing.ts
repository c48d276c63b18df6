/**
 * Moments outside the turn order: free attacks on a fighter leaving melee
 * (W12, W28, W29), and the order of Instant answers to an action (W11, W37).
 */

export interface AdjacentEnemy {
  id: string;
  /** Able to make a melee attack now (standing, not surprised in the free round). */
  canAttack: boolean;
  /** Holds a Readied melee weapon or a body weapon (not bare fists). */
  armed: boolean;
}

/**
 * W12: every adjacent enemy able to make a melee attack gets a free attack
 * (fists included, unless the world setting asks for an armed foe), resolved
 * before the mover leaves and costing it nothing — unless the mover made a
 * Fighting Withdrawal this turn (W29) or moves by a hyper-fast extra action.
 */
export function freeAttacksOnLeaving(
  mover: { withdrawn: boolean; hyperFast?: boolean },
  adjacent: readonly AdjacentEnemy[],
  freeAttackNeedsWeapon: boolean,
): string[] {
  if (mover.withdrawn || mover.hyperFast) return [];
  return adjacent.filter((e) => e.canAttack && (e.armed || !freeAttackNeedsWeapon)).map((e) => e.id);
}

export interface Answer {
  fighterId: string;
  /** W37: made with a held action (it goes before the action it answers). */
  held: boolean;
}

/**
 * W11/W37: Instant answers to an action, in the order they resolve: held
 * actions first, then the rest; each group in declaration order, or in the
 * order the GM gives (`gmOrder`: indexes into `answers`). The action
 * answered resolves after them.
 */
export function orderAnswers<T extends Answer>(answers: readonly T[], gmOrder?: readonly number[]): T[] {
  const ranked = (gmOrder && gmOrder.length === answers.length && new Set(gmOrder).size === answers.length && gmOrder.every((i) => Number.isInteger(i) && i >= 0 && i < answers.length))
    ? gmOrder.map((i) => answers[i]!)
    : [...answers];
  return [...ranked.filter((a) => a.held), ...ranked.filter((a) => !a.held)];
}
