/**
 * A fighter in a started combat is attacked only through that combat, for
 * every ruleset: when a target is a combatant of a started combat, a
 * non-GM author's attacker must be a combatant of the same combat — whose
 * turn and actions the ruleset's own `declare` then checks and spends.
 * Without this, a second owned actor never added to the fight (a companion,
 * a summon, a fresh actor) would attack out of turn, at no action cost, any
 * number of times. A GM may still attack on an NPC's behalf from outside the
 * tracker (a trap, a sniper off the map): the GM is trusted, and an attacker
 * who is a combatant is metered as always.
 */
import type { CombatantRef, UserLike, WorkflowEnv } from "./ports.js";
import { FlowRefusal } from "./refusal.js";

/**
 * The attacker's combatant in the started combat (undefined when none), once
 * the attack is known to go through the combat; throws `outsideCombat` when a
 * player's attacker is outside the combat a target fights in.
 */
export function attackerInCombat(
  env: Pick<WorkflowEnv, "combatantOf">,
  attacker: { uuid: string; name: string },
  targets: readonly { actorUuid: string; name: string }[],
  author: UserLike,
): CombatantRef | undefined {
  const mine = env.combatantOf(attacker.uuid);
  if (author.isGM) return mine;
  for (const target of targets) {
    const theirs = env.combatantOf(target.actorUuid);
    if (theirs && theirs.combat.id !== mine?.combat.id) throw new FlowRefusal("outsideCombat", { attacker: attacker.name, target: target.name });
  }
  return mine;
}
