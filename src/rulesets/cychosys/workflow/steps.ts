/**
 * One step on an attack card, as the state machine answers it: the request
 * (already checked for shape) is turned into the machine's declarations from
 * the actors as they are now — a defense is rebuilt from the defender's own
 * derived totals and items, never from a total the request names. Pure apart
 * from reading the actors handed in.
 */
import {
  applyInjury,
  assignTargets,
  type AttackFlow,
  counterAgain,
  declineCounter,
  defend,
  type FlowUser,
  mayActFor,
  type ParticipantRef,
  previewResolution,
  type StepResult,
  type StruckState,
  struckParticipant,
  undoInjury,
} from "./attack-flow.js";
import { FlowError } from "./errors.js";
import type { ActorLike, ItemLike, UserLike, WorkflowEnv } from "../../../core/transport/ports.js";
import type { CardRequest } from "./request-schema.js";
import { defenseDeclaration, type GearRef, totalOf } from "./requests.js";

export const isActor = (doc: ActorLike | ItemLike | null | undefined): doc is ActorLike => !!doc && "testUserPermission" in doc;

/** A `FlowUser` for this user, ownership tested on the actors given (Foundry: `testUserPermission(user, "OWNER")`). */
export function flowUserFor(user: UserLike, actors: ReadonlyMap<string, ActorLike>): FlowUser {
  return {
    id: user.id,
    isGM: user.isGM,
    owns: (uuid) => actors.get(uuid)?.testUserPermission(user, "OWNER") ?? false,
  };
}

/** The struck side as the rules see it now: outfit, trademark soak steps, pools. */
export function struckStateOf(actor: ActorLike): StruckState {
  const derived = actor.system.derived;
  if (!derived) throw new FlowError("nobodyStruck");
  return { outfit: derived.outfit, extraSoakSteps: actor.system.modifiers?.soakSteps ?? 0, pools: derived.pools };
}

/** The actor's own weapons and tricks as the builders read them: nobody else's item can be named. */
export function gearOf(actor: ActorLike): (id: string) => GearRef | undefined {
  return (id) => {
    const item = actor.items.get(id);
    if (!item || (item.type !== "weapon" && item.type !== "trick")) return undefined;
    return { name: item.name, edge: item.system.edge ?? "0", ...(item.system.parry && { parry: item.system.parry }), uuid: item.uuid };
  };
}

function actorOrThrow(actors: ReadonlyMap<string, ActorLike>, uuid: string): ActorLike {
  const actor = actors.get(uuid);
  if (!actor?.system.derived) throw new FlowError("noSuchItem", { id: uuid });
  return actor;
}

/** The actors a list of UUIDs names, as card participants (the attacker and unknown UUIDs refused). */
export async function participantsFrom(env: WorkflowEnv, uuids: readonly string[], attackerUuid: string): Promise<ParticipantRef[]> {
  const refs: ParticipantRef[] = [];
  for (const uuid of new Set(uuids)) {
    if (uuid === attackerUuid) continue;
    const doc = await env.resolve(uuid);
    if (!isActor(doc)) throw new FlowError("noSuchItem", { id: uuid });
    refs.push({ actorUuid: doc.uuid, name: doc.name });
  }
  return refs;
}

/** The state machine's answer to a request on a card. */
export async function stepFor(
  flow: AttackFlow,
  request: CardRequest,
  user: FlowUser,
  actors: ReadonlyMap<string, ActorLike>,
  env: WorkflowEnv,
): Promise<StepResult> {
  const rules = env.rules;
  if (request.step === "assignTargets") {
    if (!user.isGM) throw new FlowError("gmOnly");
    return assignTargets(flow, await participantsFrom(env, request.targets, flow.attacker.actorUuid), user);
  }
  const index = request.targetIndex;
  const target = flow.targets[index];
  if (!target) throw new FlowError("noSuchTarget", { index });
  switch (request.step) {
    case "defend": {
      if (!mayActFor(flow, index, "defender", user)) throw new FlowError("notYours", { name: target.target.name });
      const actor = actorOrThrow(actors, target.target.actorUuid);
      const declaration = defenseDeclaration(actor.system.derived!, request.answer, gearOf(actor), rules);
      return defend(flow, index, declaration, user, rules);
    }
    case "counterAgain": {
      const side = target.awaiting;
      if (target.phase !== "exchange" || !side) throw new FlowError("noExchange");
      if (!mayActFor(flow, index, side, user)) throw new FlowError("notYours", { name: side === "attacker" ? flow.attacker.name : target.target.name });
      const actor = actorOrThrow(actors, side === "attacker" ? flow.attacker.actorUuid : target.target.actorUuid);
      const { total, surge, summary } = totalOf(actor.system.derived!, request.roll);
      return counterAgain(flow, index, total, surge, user, rules, summary);
    }
    case "declineCounter":
      return declineCounter(flow, index, user, rules);
    case "apply": {
      const struck = struckParticipant(flow, index);
      if (target.phase === "applied") throw new FlowError("alreadyApplied", { name: target.target.name });
      if (!struck) throw new FlowError(target.phase === "resolved" ? "nobodyStruck" : "notResolved");
      if (!(user.isGM || user.owns(struck.actorUuid))) throw new FlowError("notYours", { name: struck.name });
      const state = struckStateOf(actorOrThrow(actors, struck.actorUuid));
      const preview = previewResolution(flow, index, state, request.choices, rules);
      if (!preview?.strike) throw new FlowError("nobodyStruck");
      const ids = Array.from({ length: preview.strike.taken.length }, () => env.randomId());
      return applyInjury(flow, index, state, request.choices, user, ids, rules);
    }
    case "undo":
      return undoInjury(flow, index, user);
  }
}

/**
 * The NPC setting: once a target settles and an NPC is struck by a blow that
 * can land (a small target, R35, cannot be struck at all), the GM applies the
 * default injury at once.
 */
export function shouldAutoApply(flow: AttackFlow, index: number, actors: ReadonlyMap<string, ActorLike>, env: WorkflowEnv): boolean {
  const target = flow.targets[index];
  if (!env.autoApplyNpc() || target?.phase !== "resolved" || target.applications.length) return false;
  const struck = struckParticipant(flow, index);
  const actor = struck && actors.get(struck.actorUuid);
  if (!actor || actor.type !== "npc" || !actor.system.derived) return false;
  return !!previewResolution(flow, index, struckStateOf(actor), {}, env.rules)?.strike;
}
