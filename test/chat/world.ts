/**
 * A small world for the GM-side workflow tests: Parker (p1's), Riddle (p2's),
 * Thorton (an NPC) and a bystander NPC who is in no attack; attacks declared
 * through the same request the attacker's client sends; request messages
 * written by their authors and handled by the active GM's client.
 */
import { parker, thorton } from "../fixtures/cast.js";
import { gmTransport } from "./gm-transport.js";
import type { AttackRequest } from "../../src/rulesets/cychosys/workflow/request-schema.js";
import { createCychosysRuleset } from "../../src/rulesets/cychosys/ruleset.js";
import type { UserLike } from "../../src/core/transport/ports.js";
import { FakeActor, FakeCombat, FakeMessage, gm, makeEnv, p1, p2 } from "./fakes.js";

export const PARKER = "Actor.parker";
export const THORTON = "Actor.thorton";
export const RIDDLE = "Actor.riddle";
export const SENTRY = "Actor.sentry";

export function world(options: { autoApply?: boolean; combat?: boolean } = {}) {
  const parkerActor = new FakeActor(PARKER, "Parker", "character", parker, [p1.id]);
  const thortonActor = new FakeActor(THORTON, "Thorton", "npc", thorton, []);
  const riddleActor = new FakeActor(RIDDLE, "Riddle", "character", { ...parker, conditions: [] }, [p2.id]);
  const sentryActor = new FakeActor(SENTRY, "Sentry", "npc", thorton, []);
  const actors = [parkerActor, thortonActor, riddleActor, sentryActor];
  const combat = options.combat ? new FakeCombat("combat1").add(parkerActor).add(thortonActor).add(riddleActor) : undefined;
  const messages: FakeMessage[] = [];
  const { env, whispers, reported } = makeEnv(actors, messages, { autoApply: options.autoApply ?? false, ...(combat && { combat }) });
  const ruleset = createCychosysRuleset();
  const { queue, requestMessage, handle, send, local } = gmTransport<unknown>(env, ruleset, messages);

  /** Declare an attack (`author` sends it; the GM posts the card) and return the card. */
  const declare = async (attacker: FakeActor, gearId: string, faces: number[], targets: FakeActor[], author: UserLike = gm, extra: Partial<AttackRequest> = {}) => {
    const request = { step: "declare", actorUuid: attacker.uuid, itemId: gearId, roll: { totalKey: `gear:${gearId}`, faces, modifier: 0 }, added: [], targets: targets.map((t) => t.uuid), ...extra };
    const outcome = author.isGM ? await local(request as AttackRequest) : await send(request, author);
    if (!outcome?.ok) throw new Error(`attack refused: ${outcome ? outcome.reason : "not handled"}`);
    return messages.filter((m) => m.author?.isGM && m.flags.cychosys?.flow).at(-1)!;
  };

  return { parkerActor, thortonActor, riddleActor, sentryActor, actors, combat, messages, env, whispers, reported, queue, ruleset, requestMessage, handle, send, local, declare };
}

export type World = ReturnType<typeof world>;

const onCard = (card: FakeMessage, targetIndex = 0) => ({ attackId: card.flow.id, messageId: card.id, targetIndex });

export const evade = (card: FakeMessage, faces: number[], totalKey = "skill:skEvade") => ({
  step: "defend" as const,
  ...onCard(card),
  answer: { form: "evade" as const, roll: { totalKey, faces, modifier: 0 } },
});
export const parry = (card: FakeMessage, faces: number[], totalKey: string, object?: { itemId: string } | { name: string; hits: number; shield: string }) => ({
  step: "defend" as const,
  ...onCard(card),
  answer: { form: "parry" as const, roll: { totalKey, faces, modifier: 0 }, ...(object && { object }) },
});
export const apply = (card: FakeMessage, choices: Record<string, unknown> = {}) => ({ step: "apply" as const, ...onCard(card), choices });
export const undo = (card: FakeMessage) => ({ step: "undo" as const, ...onCard(card) });
export const decline = (card: FakeMessage) => ({ step: "declineCounter" as const, ...onCard(card) });

export { gm, p1, p2 };
