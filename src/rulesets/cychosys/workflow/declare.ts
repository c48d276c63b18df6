/**
 * An attack declared (R13, R15, R19, R25, R27, R29, R36): the active GM turns
 * the attacker's request — which item, which derived total, the faces rolled,
 * the added effects and aim — into the flow and posts the card as the GM's
 * own message, so no player can rewrite it. Everything is checked first: the
 * author owns the attacker, the item is the attacker's weapon or trick, the
 * faces are the total's dice, every target is an actor, and in a started
 * combat an action is left (R15). The combat's round state changes only
 * after the card records it as intended (src/workflow/writes.ts).
 */
import { readRoll } from "../rules/index.js";
import { readRoundState } from "../combat/round-state.js";
import { type AttackFlow, declareAttack } from "./attack-flow.js";
import { FlowError } from "./errors.js";
import { attackRoundStep } from "./round.js";
import type { DocumentWrite } from "../../../core/writes.js";
import { executeWrites, finishPending } from "../../../core/transport/executor.js";
import type { UserLike, WorkflowEnv } from "../../../core/transport/ports.js";
import type { AttackRequest } from "./request-schema.js";
import { attackDeclaration } from "./requests.js";
import { gearOf, isActor, participantsFrom } from "./steps.js";

type Declaration = Extract<AttackRequest, { step: "declare" }>;

/** Post the card for a declared attack; a replay of the same request posts nothing new. */
export async function runDeclare(env: WorkflowEnv, request: Declaration, author: UserLike, requestId: string): Promise<AttackFlow> {
  const posted = env.cardFor(requestId);
  if (posted?.flags.cychosys?.flow) {
    await finishPending(env, posted);
    return posted.flags.cychosys.flow;
  }
  const actor = await env.resolve(request.actorUuid);
  if (!isActor(actor) || !actor.system.derived) throw new FlowError("noSuchItem", { id: request.actorUuid });
  if (!(author.isGM || actor.testUserPermission(author, "OWNER"))) throw new FlowError("notYours", { name: actor.name });
  const gear = gearOf(actor)(request.itemId);
  if (!gear) throw new FlowError("noSuchItem", { id: request.itemId });
  const targets = await participantsFrom(env, request.targets, actor.uuid);

  const writes: DocumentWrite[] = [];
  let parryBonus = 0;
  const ref = env.combatantOf(actor.uuid);
  if (ref) {
    const targetUuids = targets.map((t) => t.actorUuid);
    // R15 refuses here when no action is left; R25 adds the bonus held against a single target.
    parryBonus = attackRoundStep(readRoundState(ref.combat, ref.combatant, env.rules.options), targetUuids).parryBonus;
    writes.push({ kind: "round", combatId: ref.combat.id, combatantId: ref.combatant.id, actorUuid: actor.uuid, operation: { kind: "attack", targetUuids } });
  }
  const declaration = attackDeclaration(
    actor.system.derived,
    gear,
    request.roll,
    request.added,
    { ...(request.location && { location: request.location }), ...(request.nonLethal && { nonLethal: request.nonLethal }), ...(parryBonus && { parryBonus }) },
    env.rules,
  );
  // R12, R40: a surge or crash on the key die earns a character 1 experience.
  const earned = readRoll(request.roll.faces).experience;
  if (earned > 0 && actor.type === "character" && actor.system.experience) writes.push({ kind: "experience", actorUuid: actor.uuid, earned });

  const flow: AttackFlow = {
    ...declareAttack(env.randomId(), { actorUuid: actor.uuid, name: actor.name }, declaration, targets),
    origin: requestId,
  };
  if (!writes.length) return (await env.createCard(actor, flow)).flags.cychosys!.flow!;
  const card = await env.createCard(actor, { ...flow, pending: { requestId, writes } });
  await executeWrites(writes, requestId, env);
  await card.update({ "flags.cychosys.flow.-=pending": null });
  return flow;
}
