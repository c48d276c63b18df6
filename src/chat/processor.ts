/**
 * The GM side of the attack workflow (docs/combat-workflow.md). A request —
 * a chat message written by the answering user — names the attack, the
 * target and the step; the active GM's client runs it here: identity is the
 * message's author (set by Foundry's server), ownership is tested on the
 * actors themselves, the state machine re-checks permission and phase (a
 * stale or second apply is refused), the commands are carried out, and the
 * new flow is written to the attack message. When the user is a GM the same
 * code runs locally, with that GM as the author.
 */
import { localizeWith } from "./localize.js";
import {
  applyInjury,
  type AttackFlow,
  counterAgain,
  declineCounter,
  defend,
  type FlowUser,
  mayActFor,
  previewInjury,
  type StepResult,
  type StruckState,
  struckParticipant,
  undoInjury,
} from "../workflow/attack-flow.js";
import { FlowError } from "../workflow/errors.js";
import { carryOut } from "./executor.js";
import { flowUpdate, readFlow } from "./flow-store.js";
import type { ActorLike, ItemLike, MessageLike, UserLike, WorkflowEnv } from "./ports.js";
import { type AttackRequest, defenseDeclaration, type GearRef, REQUEST_STEPS, totalOf } from "./requests.js";

export type StepOutcome = { ok: true; flow: AttackFlow } | { ok: false; reason: string };

const isActor = (doc: ActorLike | ItemLike | null | undefined): doc is ActorLike => !!doc && "testUserPermission" in doc;

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

/** The actor's weapons and tricks as the builders read them. */
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

function isRequest(value: unknown): value is AttackRequest {
  if (!value || typeof value !== "object") return false;
  const r = value as Partial<AttackRequest>;
  return typeof r.attackId === "string" && typeof r.messageId === "string" && Number.isInteger(r.targetIndex) && REQUEST_STEPS.includes(r.step as never);
}

/** One step, pure apart from the actors it reads: the state machine's answer to the request. */
export function stepFor(flow: AttackFlow, request: AttackRequest, user: FlowUser, actors: ReadonlyMap<string, ActorLike>, env: WorkflowEnv): StepResult {
  const index = request.targetIndex;
  const target = flow.targets[index];
  if (!target) throw new FlowError("noSuchTarget", { index });
  const rules = env.rules;
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
      const taken = previewInjury(flow, index, state, request.choices ?? {}, rules)?.taken.length ?? 0;
      const ids = Array.from({ length: taken }, () => env.randomId());
      return applyInjury(flow, index, state, request.choices ?? {}, user, ids, rules);
    }
    case "undo":
      return undoInjury(flow, index, user);
  }
}

/** R36 setting: once an attack settles and an NPC is struck, the GM applies the default injury at once. */
function shouldAutoApply(flow: AttackFlow, index: number, actors: ReadonlyMap<string, ActorLike>, env: WorkflowEnv): boolean {
  const target = flow.targets[index];
  if (!env.autoApplyNpc() || target?.phase !== "resolved" || target.applications.length) return false;
  const struck = struckParticipant(flow, index);
  return !!struck && actors.get(struck.actorUuid)?.type === "npc";
}

/**
 * Run one request as `author`: load the attack, check, carry out, write the
 * new flow. Refusals come back as `{ ok: false, reason }` (localized); nothing
 * has changed then.
 */
export async function runRequest(env: WorkflowEnv, request: AttackRequest, author: UserLike, gm: UserLike = author): Promise<StepOutcome> {
  try {
    const message = env.message(request.messageId);
    const flow = message && readFlow(message.flags);
    if (!message || !flow || flow.id !== request.attackId) throw new FlowError("staleAttack");
    const actors = new Map<string, ActorLike>();
    for (const uuid of [flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid)]) {
      const doc = await env.resolve(uuid);
      if (isActor(doc)) actors.set(uuid, doc);
    }
    let result = stepFor(flow, request, flowUserFor(author, actors), actors, env);
    await carryOut(result.commands, env);
    if (request.step !== "apply" && request.step !== "undo" && shouldAutoApply(result.flow, request.targetIndex, actors, env)) {
      const auto = stepFor(result.flow, { ...request, step: "apply", choices: {} }, flowUserFor(gm, actors), actors, env);
      await carryOut(auto.commands, env);
      result = auto;
    }
    await message.update(flowUpdate(flow, result.flow));
    return { ok: true, flow: result.flow };
  } catch (error) {
    if (error instanceof Error && "i18nKey" in error) return { ok: false, reason: localizeWith(env.format, error) };
    throw error;
  }
}

/** One promise chain per attack: requests on the same attack run one at a time, in order of arrival. */
export class AttackQueue {
  #tails = new Map<string, Promise<unknown>>();

  run<T>(attackId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(attackId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.#tails.set(attackId, tail);
    void tail.then(() => {
      if (this.#tails.get(attackId) === tail) this.#tails.delete(attackId);
    });
    return next;
  }
}

/**
 * The active GM's handler for a newly created chat message: a request is run
 * as its author, then deleted; a refusal is whispered back to the author.
 * Returns the outcome, or undefined when the message is not a request or
 * this client is not the one to handle it.
 */
export async function handleRequestMessage(
  env: WorkflowEnv,
  queue: AttackQueue,
  message: MessageLike,
  self: UserLike & { isActiveGM: boolean },
): Promise<StepOutcome | undefined> {
  const request = message.flags.cychosys?.request;
  if (!request || !self.isActiveGM) return undefined;
  const author = message.author;
  if (!isRequest(request) || !author) {
    await message.delete();
    if (author) await env.whisper(author, env.format("CYCHOSYS.Flow.unknownStep"));
    return { ok: false, reason: env.format("CYCHOSYS.Flow.unknownStep") };
  }
  return queue.run(request.attackId, async () => {
    const outcome = await runRequest(env, request, author, self);
    await message.delete();
    if (!outcome.ok) await env.whisper(author, outcome.reason);
    return outcome;
  });
}

/** Where a step goes from this client (docs/combat-workflow.md, "No GM online"). */
export interface DispatchDeps {
  user: UserLike;
  activeGM: UserLike | null;
  /** A GM runs the step here. */
  runLocal(request: AttackRequest): Promise<StepOutcome>;
  /** A player writes the request message for the active GM. */
  sendRequest(request: AttackRequest): Promise<unknown>;
  notify(level: "warn" | "error", text: string): void;
  format(key: string, params?: Record<string, string | number>): string;
}

/** Run locally as a GM; else send a request — or, with no GM connected, say so and send nothing. */
export async function dispatchStep(deps: DispatchDeps, request: AttackRequest): Promise<"local" | "sent" | "noGM" | "refused"> {
  if (deps.user.isGM) {
    const outcome = await deps.runLocal(request);
    if (outcome.ok) return "local";
    deps.notify("warn", outcome.reason);
    return "refused";
  }
  if (!deps.activeGM) {
    deps.notify("error", deps.format("CYCHOSYS.Flow.noGM"));
    return "noGM";
  }
  await deps.sendRequest(request);
  return "sent";
}
