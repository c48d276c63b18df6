/**
 * A combat's combatants as the phase rules read them, on any client: each
 * combatant with a phase-based actor is a `Fighter` (its sheet's derived
 * data, as prepared now) under the combatant's id, and a person the cards
 * and the tracker name. A combatant without such an actor takes no part.
 */
import type { PhaseDerived } from "../../rulesets/phase/data/derived.js";
import { phaseFighter } from "../../rulesets/phase/data/derive.js";
import { PHASE_ACTOR_TYPES } from "../../rulesets/phase/data/schema.js";
import type { PhaseTable } from "../../rulesets/phase/workflow/steps.js";

export interface TableActor {
  uuid: string;
  type: string;
  img?: string | null;
  system: { derived?: PhaseDerived } & Record<string, unknown>;
  testUserPermission(user: unknown, level: "OWNER" | "OBSERVER"): boolean;
}
export interface TableCombatant {
  id: string;
  name: string;
  img?: string | null;
  actor: TableActor | null;
}
export interface TableCombat {
  id: string;
  started?: boolean;
  flags: Record<string, unknown>;
  combatants: { contents: TableCombatant[]; get(id: string): TableCombatant | undefined };
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** Does this combatant fight by the phase rules (a phase-based actor with its derived data)? */
export function isPhaseCombatant(c: TableCombatant): c is TableCombatant & { actor: TableActor & { system: { derived: PhaseDerived } } } {
  return !!c.actor && (PHASE_ACTOR_TYPES as readonly string[]).includes(c.actor.type) && !!c.actor.system.derived;
}

export function phaseTable(combat: TableCombat): PhaseTable {
  const table: PhaseTable = { fighters: {}, people: {} };
  for (const c of combat.combatants.contents) {
    if (!isPhaseCombatant(c)) continue;
    const derived = c.actor.system.derived;
    table.fighters[c.id] = phaseFighter(c.id, c.name, derived);
    table.people[c.id] = { combatantId: c.id, actorUuid: c.actor.uuid, name: c.name, weapons: Object.fromEntries(derived.weapons.map((w) => [w.id, w.name])) };
  }
  return table;
}

/** The combatants taking part, in the combat's order. */
export const phaseCombatantIds = (combat: TableCombat): string[] => combat.combatants.contents.filter(isPhaseCombatant).map((c) => c.id);
