/**
 * The GM side of the attack workflow, for every ruleset
 * (docs/combat-workflow.md). The active GM's client is the only one that
 * changes documents for a step:
 *
 * - a request is a chat message its author wrote; Foundry's server sets the
 *   author, the one identity a client cannot forge. Its shape is checked
 *   first, by the active ruleset's schema; anything invalid is refused;
 * - the attack card is a message the GM wrote, so no player can rewrite the
 *   flow it holds; a card written by anyone else is not a card, and a card of
 *   another ruleset is only read;
 * - each step is planned in full (every check made, nothing changed), the
 *   writes are recorded on the card as intended, made idempotently, and the
 *   record cleared: a failure halfway is finished by the next request on the
 *   card (or the GM's next start), never applied twice;
 * - requests run one at a time through the GM's one queue, so two injuries
 *   to one actor both land;
 * - nothing thrown escapes the handler: every request is deleted and its
 *   author hears why when it was refused.
 */
import { gmOnlyFieldSent } from "../gm-only.js";
import type { WorkQueue } from "../queue.js";
import { localizeWith } from "../localize.js";
import type { CardFlow, FlowUser, RequestProblem, Ruleset, StepContext } from "../ruleset.js";
import { executeWrites, finishPending, planWrites } from "./executor.js";
import { flowRuleset, flowUpdate, trustedFlow } from "./flow-store.js";
import { type ActorLike, isActor, type MessageLike, type UserLike, type WorkflowEnv } from "./ports.js";
import { FlowRefusal } from "./refusal.js";

export type StepOutcome = { ok: true; flow: CardFlow } | { ok: false; reason: string };

/** How many carried-out request ids a card remembers (a replay older than that is refused by phase anyway). */
const DONE_KEPT = 16;

/** A `FlowUser` for this user, ownership tested on the actors given (Foundry: `testUserPermission(user, "OWNER")`). */
export function flowUserFor(user: UserLike, actors: ReadonlyMap<string, ActorLike>): FlowUser {
  return { id: user.id, isGM: user.isGM, owns: (uuid) => actors.get(uuid)?.testUserPermission(user, "OWNER") ?? false };
}

/** Post the card for a declared attack; a replay of the same request posts nothing new. */
async function runDeclare(env: WorkflowEnv, ruleset: Ruleset, ctx: StepContext, request: unknown, author: UserLike, requestId: string): Promise<CardFlow> {
  const posted = env.cardFor(requestId);
  if (posted?.flags.cychosys?.flow) {
    await finishPending(env, posted, ruleset.round);
    return posted.flags.cychosys.flow;
  }
  const { flow, commands } = await ruleset.workflow.declare(ctx, request as never, author, requestId);
  const attacker = await env.resolve(flow.attacker.actorUuid);
  if (!isActor(attacker)) throw new FlowRefusal("noSuchItem", { id: flow.attacker.actorUuid });
  const writes = await planWrites(commands, env, ruleset.workflow.scope(flow as never), ruleset.round);
  const card: CardFlow = { ...flow, ruleset: ruleset.manifest.id, origin: requestId };
  if (!writes.length) return (await env.createCard(attacker, card)).flags.cychosys!.flow!;
  // The card is the intent: posted with its writes recorded, then the writes, then the record cleared.
  const message = await env.createCard(attacker, { ...card, pending: { requestId, writes } });
  env.pendingMarks?.hold(message.id, requestId, writes.length);
  await executeWrites(writes, requestId, env, ruleset.round);
  await message.update({ "flags.cychosys.flow.-=pending": null });
  env.pendingMarks?.release(message.id);
  return card;
}

/** One step on a card, as `author`, under the id of the request that asked for it. */
async function runCardStep(
  env: WorkflowEnv,
  ruleset: Ruleset,
  ctx: StepContext,
  target: { attackId: string; messageId: string; request: unknown },
  author: UserLike,
  requestId: string,
): Promise<CardFlow> {
  const message = env.message(target.messageId);
  const stored = message && trustedFlow(message);
  if (!message || !stored || stored.id !== target.attackId) throw new FlowRefusal("staleAttack");
  if (flowRuleset(stored) !== ruleset.manifest.id) throw new FlowRefusal("otherRuleset", { ruleset: ctx.env.format(`CYCHOSYS.Ruleset.${flowRuleset(stored)}.name`) });
  await finishPending(env, message, ruleset.round);
  const flow = trustedFlow(message);
  if (!flow || flow.id !== target.attackId) throw new FlowRefusal("staleAttack");
  if (flow.done?.includes(requestId)) return flow; // a replay: carried out already

  const scope = ruleset.workflow.scope(flow as never);
  const actors = new Map<string, ActorLike>();
  for (const uuid of scope.participants) {
    const doc = await env.resolve(uuid);
    if (isActor(doc)) actors.set(uuid, doc);
  }
  const result = await ruleset.workflow.step(ctx, flow as never, target.request as never, flowUserFor(author, actors), actors);
  // Every check first: a refusal here has changed nothing.
  const writes = await planWrites(result.commands, env, ruleset.workflow.scope(result.flow as never), ruleset.round);
  const next: CardFlow = { ...result.flow, done: [...(flow.done ?? []), requestId].slice(-DONE_KEPT) };
  delete next.pending;
  if (!writes.length) {
    await message.update(flowUpdate(flow, next));
    return next;
  }
  // The intent first, then the writes, then the record cleared (src/core/writes.ts).
  await message.update(flowUpdate(flow, { ...next, pending: { requestId, writes } }));
  env.pendingMarks?.hold(message.id, requestId, writes.length);
  await executeWrites(writes, requestId, env, ruleset.round);
  await message.update({ "flags.cychosys.flow.-=pending": null });
  env.pendingMarks?.release(message.id);
  return next;
}

/**
 * Run one request as `author` (`gm` is the GM whose client runs it, for the
 * NPC setting's automatic apply). Refusals come back as `{ ok: false }`,
 * localized; nothing has changed then.
 */
export async function runRequest(env: WorkflowEnv, ruleset: Ruleset, raw: unknown, author: UserLike, requestId: string, gm: UserLike = author): Promise<StepOutcome> {
  const parsed = ruleset.workflow.parseRequest(raw);
  if (!parsed.ok) return { ok: false, reason: invalidReason(env, parsed.problem) };
  const sent = parsed.parsed.request as { step?: unknown };
  const gmOnly = gmOnlyFieldSent(sent, sent?.step, ruleset.workflow.gmOnlyFields, author.isGM);
  if (gmOnly !== undefined) return { ok: false, reason: env.format("CYCHOSYS.Request.gmOnly", { field: gmOnly }) };
  const ctx: StepContext = { env, gm };
  try {
    const request = parsed.parsed;
    const flow =
      request.kind === "declare" ? await runDeclare(env, ruleset, ctx, request.request, author, requestId) : await runCardStep(env, ruleset, ctx, request, author, requestId);
    return { ok: true, flow };
  } catch (error) {
    if (error instanceof Error && "i18nKey" in error) return { ok: false, reason: localizeWith(env.format, error) };
    throw error;
  }
}

/** A refusal's text for a request that failed its shape check. */
function invalidReason(env: WorkflowEnv, problem: RequestProblem): string {
  const what = env.format(`CYCHOSYS.Request.problem.${problem.kind}`);
  return problem.field ? env.format("CYCHOSYS.Request.invalidField", { field: problem.field, problem: what }) : env.format("CYCHOSYS.Request.invalid", { problem: what });
}

/**
 * The active GM's handler for a newly created chat message: a request is
 * checked, run as its author, then deleted; a refusal is whispered back to
 * the author. Returns the outcome, or undefined when the message is not a
 * request or this client is not the one to handle it. Never throws.
 */
export async function handleRequestMessage(
  env: WorkflowEnv,
  ruleset: Ruleset,
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
      outcome = author ? await runRequest(env, ruleset, raw, author, message.id, self) : { ok: false, reason: env.format("CYCHOSYS.Flow.unknownStep") };
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
  runLocal(request: unknown): Promise<StepOutcome>;
  /** Anyone else writes the request message for the active GM. */
  sendRequest(request: unknown): Promise<unknown>;
  notify(level: "warn" | "error", text: string): void;
  format(key: string, params?: Record<string, string | number>): string;
}

/**
 * The active GM runs a step locally; a player — or a second GM — sends it to
 * the active GM as a request, so every step goes through the one queue; with
 * no GM connected nothing is sent and the user is told so.
 */
export async function dispatchStep(deps: DispatchDeps, request: unknown): Promise<"local" | "sent" | "noGM" | "refused"> {
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
export async function finishAllPending(env: WorkflowEnv, ruleset: Ruleset, queue: WorkQueue, cards: readonly MessageLike[]): Promise<void> {
  for (const card of cards) {
    const flow = trustedFlow(card);
    if (!flow?.pending || flowRuleset(flow) !== ruleset.manifest.id) continue;
    await queue.run(async () => {
      try {
        await finishPending(env, card, ruleset.round);
      } catch (error) {
        env.report(error);
      }
    });
  }
}
