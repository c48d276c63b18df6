/**
 * The GM side of the attack workflow (docs/combat-workflow.md). The active
 * GM's client is the only one that changes documents for a step:
 *
 * - a request is a chat message its author wrote; Foundry's server sets the
 *   author, the one identity a client cannot forge. Its shape is checked
 *   first (src/chat/request-schema.ts); anything invalid is refused;
 * - the attack card is a message the GM wrote, so no player can rewrite the
 *   flow it holds; a card written by anyone else is not a card;
 * - each step is planned in full (every check made, nothing changed), the
 *   writes are recorded on the card as intended, made idempotently, and the
 *   record cleared: a failure halfway is finished by the next request on the
 *   card (or the GM's next start), never applied twice;
 * - requests run one at a time through one queue, so two injuries to one
 *   actor both land;
 * - nothing thrown escapes the handler: every request is deleted and its
 *   author hears why when it was refused.
 */
import type { WorkQueue } from "../queue.js";
import { localizeWith } from "../localize.js";
import type { AttackFlow } from "../../rulesets/cychosys/workflow/attack-flow.js";
import { FlowError } from "../../rulesets/cychosys/workflow/errors.js";
import { runDeclare } from "../../rulesets/cychosys/workflow/declare.js";
import { executeWrites, finishPending, planWrites, type WriteScope } from "./executor.js";
import { flowUpdate, trustedFlow } from "./flow-store.js";
import type { ActorLike, MessageLike, UserLike, WorkflowEnv } from "./ports.js";
import { type AttackRequest, type CardRequest, parseAttackRequest } from "../../rulesets/cychosys/workflow/request-schema.js";
import { flowUserFor, isActor, shouldAutoApply, stepFor } from "../../rulesets/cychosys/workflow/steps.js";

export type StepOutcome = { ok: true; flow: AttackFlow } | { ok: false; reason: string };

/** How many carried-out request ids a card remembers (a replay older than that is refused by phase anyway). */
const DONE_KEPT = 16;

/** The participants of a flow and the parry objects its defenders named: all a step's writes may touch. */
function scopeOf(flow: AttackFlow): WriteScope {
  const participants = new Set([flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid)]);
  const objects = new Map<string, string>();
  for (const t of flow.targets) {
    const defense = t.defense;
    if (defense && defense.form !== "counter" && defense.object?.itemUuid) objects.set(defense.object.itemUuid, t.target.actorUuid);
  }
  return { participants, objects };
}

/** One step on a card, as `author`, under the id of the request that asked for it. */
async function runCardStep(env: WorkflowEnv, request: CardRequest, author: UserLike, requestId: string, gm: UserLike): Promise<AttackFlow> {
  const message = env.message(request.messageId);
  if (!message || trustedFlow(message)?.id !== request.attackId) throw new FlowError("staleAttack");
  await finishPending(env, message);
  const flow = trustedFlow(message);
  if (!flow || flow.id !== request.attackId) throw new FlowError("staleAttack");
  if (flow.done?.includes(requestId)) return flow; // a replay: carried out already

  const actors = new Map<string, ActorLike>();
  for (const uuid of scopeOf(flow).participants) {
    const doc = await env.resolve(uuid);
    if (isActor(doc)) actors.set(uuid, doc);
  }
  let result = await stepFor(flow, request, flowUserFor(author, actors), actors, env);
  const commands = [...result.commands];
  if ("targetIndex" in request && request.step !== "apply" && request.step !== "undo" && shouldAutoApply(result.flow, request.targetIndex, actors, env)) {
    const auto = await stepFor(result.flow, { ...request, step: "apply", choices: {} }, flowUserFor(gm, actors), actors, env);
    commands.push(...auto.commands);
    result = auto;
  }
  // Every check first: a refusal here has changed nothing.
  const writes = await planWrites(commands, env, scopeOf(result.flow));
  const next: AttackFlow = { ...result.flow, done: [...(flow.done ?? []), requestId].slice(-DONE_KEPT) };
  delete next.pending;
  if (!writes.length) {
    await message.update(flowUpdate(flow, next));
    return next;
  }
  // The intent first, then the writes, then the record cleared (src/workflow/writes.ts).
  await message.update(flowUpdate(flow, { ...next, pending: { requestId, writes } }));
  await executeWrites(writes, requestId, env);
  await message.update({ "flags.cychosys.flow.-=pending": null });
  return next;
}

/**
 * Run one checked request as `author` (`gm` is the GM whose client runs it, for
 * the NPC setting's automatic apply). Refusals come back as `{ ok: false }`,
 * localized; nothing has changed then.
 */
export async function runRequest(env: WorkflowEnv, request: AttackRequest, author: UserLike, requestId: string, gm: UserLike = author): Promise<StepOutcome> {
  try {
    const flow = request.step === "declare" ? await runDeclare(env, request, author, requestId) : await runCardStep(env, request, author, requestId, gm);
    return { ok: true, flow };
  } catch (error) {
    if (error instanceof Error && "i18nKey" in error) return { ok: false, reason: localizeWith(env.format, error) };
    throw error;
  }
}

/** A refusal's text for a request that failed its shape check. */
function invalidReason(env: WorkflowEnv, raw: unknown): string | AttackRequest {
  const parsed = parseAttackRequest(raw);
  if (parsed.ok) return parsed.request;
  const problem = env.format(`CYCHOSYS.Request.problem.${parsed.problem.kind}`);
  return parsed.problem.field
    ? env.format("CYCHOSYS.Request.invalidField", { field: parsed.problem.field, problem })
    : env.format("CYCHOSYS.Request.invalid", { problem });
}

/**
 * The active GM's handler for a newly created chat message: a request is
 * checked, run as its author, then deleted; a refusal is whispered back to
 * the author. Returns the outcome, or undefined when the message is not a
 * request or this client is not the one to handle it. Never throws.
 */
export async function handleRequestMessage(
  env: WorkflowEnv,
  queue: WorkQueue,
  message: MessageLike,
  self: UserLike & { isActiveGM: boolean },
): Promise<StepOutcome | undefined> {
  const raw = message.flags?.cychosys?.request;
  if (raw === undefined || !self.isActiveGM) return undefined;
  return queue.run(async () => {
    const author = message.author;
    let outcome: StepOutcome;
    try {
      const checked = author ? invalidReason(env, raw) : env.format("CYCHOSYS.Flow.unknownStep");
      outcome = typeof checked === "string" ? { ok: false, reason: checked } : await runRequest(env, checked, author!, message.id, self);
    } catch (error) {
      // Not a refusal: a document write failed (Foundry's validation, the network). What was recorded on the card is finished next time.
      env.report(error);
      outcome = { ok: false, reason: env.format("CYCHOSYS.Flow.failed") };
    }
    try {
      await message.delete();
      if (!outcome.ok && author) await env.whisper(author, outcome.reason);
    } catch (error) {
      env.report(error);
    }
    return outcome;
  });
}

/** Where a step goes from this client (docs/combat-workflow.md, "No GM online"). */
export interface DispatchDeps {
  user: UserLike;
  activeGM: UserLike | null;
  /** The active GM runs the step here, in the GM's queue. */
  runLocal(request: AttackRequest): Promise<StepOutcome>;
  /** Anyone else writes the request message for the active GM. */
  sendRequest(request: AttackRequest): Promise<unknown>;
  notify(level: "warn" | "error", text: string): void;
  format(key: string, params?: Record<string, string | number>): string;
}

/**
 * The active GM runs a step locally; a player — or a second GM — sends it to
 * the active GM as a request, so every step goes through the one queue; with
 * no GM connected nothing is sent and the user is told so.
 */
export async function dispatchStep(deps: DispatchDeps, request: AttackRequest): Promise<"local" | "sent" | "noGM" | "refused"> {
  if (!deps.activeGM) {
    deps.notify("error", deps.format("CYCHOSYS.Flow.noGM"));
    return "noGM";
  }
  if (deps.activeGM.id !== deps.user.id) {
    await deps.sendRequest(request);
    return "sent";
  }
  try {
    const outcome = await deps.runLocal(request);
    if (outcome.ok) return "local";
    deps.notify("warn", outcome.reason);
  } catch (error) {
    deps.notify("error", localizeWith(deps.format, error));
  }
  return "refused";
}

/** Recover after a GM client restart: finish every card whose writes were recorded but not confirmed. */
export async function finishAllPending(env: WorkflowEnv, queue: WorkQueue, cards: readonly MessageLike[]): Promise<void> {
  for (const card of cards) {
    if (!trustedFlow(card)?.pending) continue;
    await queue.run(async () => {
      try {
        await finishPending(env, card);
      } catch (error) {
        env.report(error);
      }
    });
  }
}
