/** R18: is an actor in an active combat? Pure over the shapes Foundry's Combat documents have. */
export interface CombatLike {
  /** A combat that has begun (round ≥ 1). */
  started: boolean;
  combatants: Iterable<{ actor?: { uuid?: string } | null; actorId?: string | null }>;
}

/** True when a started combat has a combatant for this actor (by uuid; by id for linked world actors). */
export function isInActiveCombat(combats: Iterable<CombatLike>, actor: { uuid: string; id: string | null }): boolean {
  for (const combat of combats) {
    if (!combat.started) continue;
    for (const combatant of combat.combatants) {
      if (combatant.actor?.uuid === actor.uuid) return true;
    }
  }
  return false;
}
