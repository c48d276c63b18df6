/**
 * The core's input of one attack built from what the GM holds (W13–W26,
 * W39): the actors' derived figures as they are now, the fight on the
 * combat (whose turn, the temporary states in force, prone, swarms,
 * screens), and the GM's own measure of the tokens when it has one — never
 * a figure the request names; a request names dice and choices. Pure: the
 * world is read through the narrow ports the Foundry side hands in.
 */
import type { ActorLike, CombatantRef, WorkflowEnv } from "../../../core/transport/ports.js";
import type { CwnCombatState } from "../rules/combat.js";
import type { CwnDerived, CwnWeaponView } from "../data/derived.js";
import { attackerInput, defenderInput } from "../data/derive.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import type { AdjacentFoe, CwnScreenerEntry } from "../rules/resolve.js";
import { totalDefenseOpen as fighterMayTotalDefend } from "../rules/round.js";
import { stateFigures } from "../rules/states.js";
import { readCwnCombat } from "../combat/state.js";
import { CWN_COMBAT_FLAG, CWN_FLAG_SCOPE } from "../combat/state.js";
import { CwnFlowError } from "./errors.js";

/** What the Foundry side lends the workflow: the GM's measure of the board and the actor behind a fighter. */
export interface CwnTablePorts {
  /** W12, W22, W36, W39: metres between the two actors' tokens and who stands next to the attacker, when both are on the scene. */
  measure?(attackerUuid: string, targetUuid: string): { metres: number; adjacentFoe: AdjacentFoe } | undefined;
  /** The actor uuid of a fighter (a combatant of a combat). */
  actorOfFighter?(combatId: string, fighterId: string): string | undefined;
}

export type CwnActor = ActorLike<{ derived?: CwnDerived; downed?: unknown; hp?: { value?: number; max?: number } }>;

export function derivedOf(actor: CwnActor): CwnDerived {
  const derived = actor.system.derived;
  if (!derived) throw new CwnFlowError("noSuchActor", { id: actor.uuid });
  return derived;
}

/** The fighter an actor is in a started combat's fight. */
export interface FighterAt {
  ref: CombatantRef;
  fight: CwnCombatState;
  fighterId: string;
}

/**
 * The fighters actors are in the started combats, each combat's fight read
 * once however many actors are looked up (an attacker and its target fight
 * in one combat: one read of it, not two).
 */
export function fightReader(env: Pick<WorkflowEnv, "combatantOf">): { fighterAt(actorUuid: string): FighterAt | undefined } {
  const fights = new Map<string, CwnCombatState | null>();
  return {
    fighterAt(actorUuid) {
      const ref = env.combatantOf(actorUuid);
      if (!ref) return undefined;
      if (!fights.has(ref.combat.id)) {
        const scope = (ref.combat.flags as Record<string, unknown> | null | undefined)?.[CWN_FLAG_SCOPE] as Record<string, unknown> | undefined;
        fights.set(ref.combat.id, readCwnCombat(scope?.[CWN_COMBAT_FLAG]));
      }
      const fight = fights.get(ref.combat.id);
      if (!fight || !Object.hasOwn(fight.fighters, ref.combatant.id)) return undefined;
      return { ref, fight, fighterId: ref.combatant.id };
    },
  };
}

/** W21, W22, W31: bare hands and body weapons are always ready; any other weapon must be Readied. */
export const weaponReady = (w: CwnWeaponView): boolean => w.unarmed || w.bodyWeapon || w.state === "readied";

/** W22: what a foe next to someone holds: a Readied melee weapon or a body weapon ("armed"), or only fists. */
export function foeHolding(d: CwnDerived): AdjacentFoe {
  return d.weapons.some((w) => w.kind === "melee" && !w.unarmed && (w.bodyWeapon || w.state === "readied")) ? "armed" : "fists";
}

/** W22: the worst of several adjacent foes. */
export function adjacentFoeOf(foes: readonly CwnDerived[]): AdjacentFoe {
  const held = foes.map(foeHolding);
  return held.includes("armed") ? "armed" : held.length ? "fists" : "none";
}

/** W25, W27, W36: the defender's side of the input with the states the fight holds for it. */
export function defenderFrom(d: CwnDerived, at: FighterAt | undefined, rules: Readonly<CwnRules> = CWN_STANDARD_RULES) {
  const f = at?.fight.fighters[at.fighterId];
  const figures = f ? stateFigures(f.effects, rules) : undefined;
  return defenderInput(d, { totalDefense: figures?.totalDefense, charging: figures?.charging, prone: f?.prone });
}

/** W7, W27: may this fighter still answer with Total Defense — standing, its Main unspent, to come or held, not in Total Defense already? */
export function totalDefenseOpen(at: FighterAt, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): boolean {
  const f = at.fight.fighters[at.fighterId];
  return !!f && fighterMayTotalDefend(f, rules);
}

/** W23: whether the attacker's round's Main is gone (a Snap needs it still to come or unspent, or held). */
export function mainSpentIn(at: FighterAt | undefined): boolean {
  const f = at?.fight.fighters[at.fighterId];
  if (!f) return false;
  return !(f.main === "unspent" || (f.main === "held" && f.holding));
}

/** W26: the fighters screening this target — standing, with uses left, not of the attacker's side — each with its uses left. */
export function screeningFighters(target: FighterAt, attacker: FighterAt | undefined, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { fighterId: string; usesLeft: number }[] {
  const fight = target.fight;
  const attackerSide = attacker ? fight.order.map((id) => fight.sides[id]!).find((s) => s.members.includes(attacker.fighterId)) : undefined;
  const attackersOwn = new Set(attackerSide?.members);
  const out: { fighterId: string; usesLeft: number }[] = [];
  for (const [fighterId, f] of Object.entries(fight.fighters)) {
    const screening = stateFigures(f.effects, rules).screening;
    if (!screening || screening.allyId !== target.fighterId || screening.usesLeft <= 0 || f.downed !== "none") continue;
    if (attackersOwn.has(fighterId)) continue;
    out.push({ fighterId, usesLeft: screening.usesLeft });
  }
  return out;
}

/** W26: one screener's entry of the core's input from its derived figures (the attack may go to it: its defender input too). */
export function screenerEntry(d: CwnDerived, target: FighterAt, fighterId: string, usesLeft: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnScreenerEntry {
  const strDex = Math.max(d.attributes.str.modifier, d.attributes.dex.modifier);
  return { highestSkill: d.highestCombatSkill, strDex, usesLeft, integralCyberArmor: d.integralCyberArmor, defender: defenderFrom(d, { ...target, fighterId }, rules) };
}

/**
 * W26: the fighters screening this target, able to act and with uses left,
 * not of the attacker's side; each with its figures and its defender input
 * (the attack may go to it).
 */
export async function screenersOf(
  env: WorkflowEnv,
  ports: CwnTablePorts,
  target: FighterAt | undefined,
  attacker: FighterAt | undefined,
  rules: Readonly<CwnRules> = CWN_STANDARD_RULES,
): Promise<{ actor: CwnActor; fighterId: string; entry: CwnScreenerEntry }[]> {
  if (!target || !ports.actorOfFighter) return [];
  const out: { actor: CwnActor; fighterId: string; entry: CwnScreenerEntry }[] = [];
  for (const { fighterId, usesLeft } of screeningFighters(target, attacker, rules)) {
    const uuid = ports.actorOfFighter(target.ref.combat.id, fighterId);
    const doc = uuid ? await env.resolve(uuid) : undefined;
    const actor = doc && "testUserPermission" in doc ? (doc as CwnActor) : undefined;
    if (!actor?.system.derived) continue;
    out.push({ actor, fighterId, entry: screenerEntry(actor.system.derived, target, fighterId, usesLeft, rules) });
  }
  return out;
}

export { attackerInput };
