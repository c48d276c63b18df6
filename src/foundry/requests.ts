/**
 * Requests to the active GM (docs/combat-workflow.md): a whispered chat
 * message flagged `cychosys.combatRequest`, written by the player — Foundry's
 * server sets `message.author`, the one identity the GM's client trusts. The
 * payload itself is the player's to write, so the active GM's client checks
 * its shape first (request-schema.ts), then runs the handler for its kind,
 * which re-checks that the author may do it against the GM's own documents;
 * a refusal (or a malformed request) is whispered back, and the request
 * message is deleted. Nothing escapes the `createChatMessage` handler.
 *
 * Everything that changes the combat runs on the one active GM, one at a
 * time, in ONE queue: players' requests, a second (not active) GM's requests
 * — sent as messages like a player's — and the active GM's own actions. A
 * request message is carried out once only, however often it is delivered.
 * (`cychosys.request` is the attack workflow's key; these are the tracker's
 * and the chase window's.)
 */
import { format, localize, localizeError } from "./i18n.js";
import { type GmOnlyFields, gmOnlyFieldSent } from "../core/gm-only.js";
import { LocalizedError } from "../core/errors.js";
import { PartialChange, Refusal } from "../core/combat-errors.js";
import { escapeHtml } from "../core/html.js";

import { SerialQueue } from "../core/queue.js";
export { PartialChange, Refusal };

/** A tracker request of any ruleset: its kind names its handler (the ruleset's schema says the rest). */
export interface TrackerRequest {
  kind: string;
}

/** The active ruleset's shape check of a request: the request, or the field that is wrong and why. */
export type RequestCheck = { ok: true; request: TrackerRequest } | { ok: false; field: string; reason: string };

export const REQUEST_FLAG = "combatRequest";

/** The requesting user as handlers see it (the message's author: a Foundry User on the GM's client). */
export interface RequestUser {
  id: string;
  name: string;
  isGM: boolean;
}

/** A handler carries the request out for `user`, or throws a `Refusal` (or a rules error) whose message is shown to them. */
export type RequestHandler<R extends TrackerRequest = TrackerRequest> = (user: RequestUser, request: R) => Promise<void>;

const handlers = new Map<string, RequestHandler<never>>();

/** The active ruleset's shape check of its tracker requests (it registers it when its code loads). */
let parseCombatRequest: (value: unknown) => RequestCheck = () => ({ ok: false, field: "kind", reason: "unknown" });
/** Per request kind, the fields only a GM may send (src/core/gm-only.ts). */
let gmOnlyFields: GmOnlyFields | undefined;

/** The active ruleset's shape check, and the fields of its requests only a GM may send. */
export function registerRequestParser(parse: (value: unknown) => RequestCheck, gmOnly?: GmOnlyFields): void {
  parseCombatRequest = parse;
  gmOnlyFields = gmOnly;
}

/** The handler of one kind of the active ruleset's requests (`R` is that kind's request type). */
export function registerRequestHandler<R extends TrackerRequest>(kind: R["kind"], handler: RequestHandler<R>): void {
  handlers.set(kind, handler as unknown as RequestHandler<never>);
}

/** `registerRequestHandler` typed by a ruleset's union of requests: `requestHandlers<CombatRequest>()("wait", …)`. */
export function requestHandlers<R extends TrackerRequest>() {
  return <K extends R["kind"]>(kind: K, handler: RequestHandler<Extract<R, { kind: K }>>): void => registerRequestHandler(kind, handler);
}

export { SerialQueue } from "../core/queue.js";

const queue = new SerialQueue();

/** Run `task` in this client's one combat queue (on the active GM: every change to the combat). */
export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  return queue.run(task);
}

/** The ids of request messages already taken up (the newest few hundred), so a replay does nothing. */
const MAX_REMEMBERED = 500;
const taken: string[] = [];
const takenSet = new Set<string>();
function takeOnce(id: string): boolean {
  if (takenSet.has(id)) return false;
  takenSet.add(id);
  taken.push(id);
  if (taken.length > MAX_REMEMBERED) takenSet.delete(taken.shift()!);
  return true;
}

/** The raw request payload of a message's flags, or undefined when the message is not a combat request. */
export function requestPayload(flags: unknown): unknown {
  const scope = (flags as Record<string, unknown> | null | undefined)?.cychosys;
  if (scope === null || typeof scope !== "object") return undefined;
  return Object.hasOwn(scope, REQUEST_FLAG) ? (scope as Record<string, unknown>)[REQUEST_FLAG] : undefined;
}

type Outcome = { ok: true } | { ok: false; reason: string };

const isRefusal = (error: unknown) => error instanceof Refusal || error instanceof LocalizedError;

/**
 * Check and run a request for a user. Every failure comes back as the text to
 * show: a malformed request, a refusal, or (logged to the console) anything
 * unexpected.
 */
export async function runRequest(user: RequestUser, payload: unknown): Promise<Outcome> {
  const check = parseCombatRequest(payload);
  if (!check.ok) return { ok: false, reason: format("CYCHOSYS.Combat.Request.invalid", { field: check.field, reason: check.reason }) };
  const gmOnly = gmOnlyFieldSent(check.request, check.request.kind, gmOnlyFields, user.isGM);
  if (gmOnly !== undefined) return { ok: false, reason: format("CYCHOSYS.Request.gmOnly", { field: gmOnly }) };
  const handler = handlers.get(check.request.kind) as RequestHandler | undefined;
  if (!handler) return { ok: false, reason: format("CYCHOSYS.Combat.Request.unknown", { kind: check.request.kind }) };
  try {
    await handler(user, check.request as never);
    return { ok: true };
  } catch (error) {
    if (isRefusal(error)) return { ok: false, reason: localizeError(error) };
    console.error(`Cychosys | the ${check.request.kind} request of ${user.name} failed`, error);
    if (error instanceof PartialChange) {
      ui.notifications?.error(error.message, { permanent: true });
      return { ok: false, reason: error.message };
    }
    return { ok: false, reason: format("CYCHOSYS.Combat.Request.failed", { error: error instanceof Error ? error.message : String(error) }) };
  }
}

interface UserDoc extends RequestUser {
  isSelf?: boolean;
}

const users = () => (game as unknown as { users?: { activeGM: UserDoc | null; contents: UserDoc[] } }).users;
const self = () => (game as unknown as { user: UserDoc }).user;

/** Is this client the one GM that carries requests out? */
export function isActiveGM(): boolean {
  return users()?.activeGM?.isSelf === true;
}

const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

/** Whisper a text (escaped) to one user. */
async function whisperTo(userId: string, text: string): Promise<void> {
  await ChatMessage.implementation.create({ content: `<p class="cychosys cy-refusal">${escapeHtml(text)}</p>`, whisper: [userId] } as never);
}

/**
 * Ask for a change. On the active GM it runs now, through the queue; anyone
 * else — a player, or a GM who is not the active one — sends a whispered
 * request to the GMs. False (with a notification) when nothing was done or
 * nothing could be sent.
 */
export async function submitRequest<R extends TrackerRequest>(request: R): Promise<boolean> {
  const user = self();
  if (isActiveGM()) {
    const result = await enqueue(() => runRequest(user, request));
    if (!result.ok) notify("warn", result.reason);
    return result.ok;
  }
  if (!users()?.activeGM) {
    notify("warn", localize("CYCHOSYS.Combat.Request.noGM"));
    return false;
  }
  const gms = (users()?.contents ?? []).filter((u) => u.isGM).map((u) => u.id);
  try {
    await ChatMessage.implementation.create({
      content: `<p>${escapeHtml(format("CYCHOSYS.Combat.Request.sent", { user: user.name }))}</p>`,
      whisper: gms,
      flags: { cychosys: { [REQUEST_FLAG]: request } },
    } as never);
    return true;
  } catch (error) {
    console.error("Cychosys | the request could not be sent", error);
    notify("warn", localize("CYCHOSYS.Combat.Request.notSent"));
    return false;
  }
}

/** The members of a request message the GM's client reads. */
export interface RequestMessage {
  id: string;
  author: RequestUser | null;
  flags: unknown;
  delete(): Promise<unknown>;
}

async function settle(message: RequestMessage, payload: unknown): Promise<void> {
  const author = message.author;
  let reply: string | null = null;
  try {
    if (author) {
      const result = await runRequest(author, payload);
      if (!result.ok) reply = format("CYCHOSYS.Combat.Request.refused", { reason: result.reason });
    }
  } catch (error) {
    console.error("Cychosys | a combat request failed", error);
    reply = format("CYCHOSYS.Combat.Request.refused", { reason: format("CYCHOSYS.Combat.Request.failed", { error: String(error) }) });
  }
  if (reply && author) await whisperTo(author.id, reply).catch((error) => console.error("Cychosys | could not reply to a request", error));
  await Promise.resolve()
    .then(() => message.delete())
    .catch((error) => console.error("Cychosys | could not delete a request message", error));
}

/**
 * `createChatMessage`: on the active GM's client, carry a request out (in the
 * queue), whisper its author a refusal, delete it. Never throws.
 */
export async function onRequestMessage(message: RequestMessage): Promise<void> {
  try {
    if (!isActiveGM()) return;
    const payload = requestPayload(message?.flags);
    if (payload === undefined) return;
    if (typeof message.id !== "string" || !takeOnce(message.id)) return;
    await enqueue(() => settle(message, payload));
  } catch (error) {
    console.error("Cychosys | a combat request failed", error);
  }
}
