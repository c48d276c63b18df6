/**
 * Requests a player makes of the active GM (docs/combat-workflow.md): a
 * whispered chat message flagged `cychosys.combatRequest`, written by the
 * player — Foundry's server sets `message.author`, the identity the GM's
 * client trusts. The active GM's client runs the handler for the request's
 * kind, which re-checks that the author may do it, then deletes the message.
 * A GM runs the handler at once; with no GM connected nothing is sent and the
 * user is told so. (`cychosys.request` is the attack workflow's key; these
 * are the tracker's and the chase window's.)
 */
import { format, localize, localizeError } from "../foundry/i18n.js";

export type CombatRequest =
  | { kind: "extraAction"; combatId: string; combatantId: string; pool: "physical" | "mental" | "emotional" }
  | { kind: "endInterrupt"; combatId: string }
  | { kind: "chaseMove"; actorUuid: string; messageId: string };

export const REQUEST_FLAG = "combatRequest";

/** The requesting user as handlers see it. */
export interface RequestUser {
  id: string;
  name: string;
  isGM: boolean;
}

/** A handler carries the request out for `user`, or throws an Error whose message is shown to them. */
export type RequestHandler<K extends CombatRequest["kind"] = CombatRequest["kind"]> = (
  user: RequestUser,
  request: Extract<CombatRequest, { kind: K }>,
) => Promise<void>;

const handlers = new Map<string, RequestHandler<never>>();

export function registerRequestHandler<K extends CombatRequest["kind"]>(kind: K, handler: RequestHandler<K>): void {
  handlers.set(kind, handler as unknown as RequestHandler<never>);
}

/** A request message's payload, when it is one of ours with a known kind. */
export function readRequest(flags: unknown): CombatRequest | null {
  const value = ((flags as Record<string, unknown> | undefined)?.cychosys as Record<string, unknown> | undefined)?.[REQUEST_FLAG];
  if (!value || typeof value !== "object") return null;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === "string" && handlers.has(kind) ? (value as CombatRequest) : null;
}

/** Run a request for a user: the handler's refusal comes back as the message to show. */
export async function runRequest(user: RequestUser, request: CombatRequest): Promise<{ ok: true } | { ok: false; reason: string }> {
  const handler = handlers.get(request.kind) as RequestHandler | undefined;
  if (!handler) return { ok: false, reason: format("CYCHOSYS.Combat.Request.unknown", { kind: request.kind }) };
  try {
    await handler(user, request as never);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: localizeError(error) };
  }
}

interface UserDoc extends RequestUser {
  isSelf: boolean;
}

const users = () => (game as unknown as { users: { activeGM: UserDoc | null; contents: UserDoc[] }; user: UserDoc }).users;
const self = () => (game as unknown as { user: UserDoc }).user;

/** Is this client the one GM that carries requests out? */
export function isActiveGM(): boolean {
  return users()?.activeGM?.isSelf === true;
}

const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

/**
 * Ask for a change: a GM carries it out now; a player sends a whispered
 * request to the GMs. False (with a notification) when nothing was done.
 */
export async function submitRequest(request: CombatRequest): Promise<boolean> {
  const user = self();
  if (user.isGM) {
    const result = await runRequest(user, request);
    if (!result.ok) notify("warn", result.reason);
    return result.ok;
  }
  if (!users()?.activeGM) {
    notify("warn", localize("CYCHOSYS.Combat.Request.noGM"));
    return false;
  }
  const gms = users().contents.filter((u) => u.isGM).map((u) => u.id);
  await ChatMessage.implementation.create({
    content: `<p>${format("CYCHOSYS.Combat.Request.sent", { user: user.name })}</p>`,
    whisper: gms,
    flags: { cychosys: { [REQUEST_FLAG]: request } },
  } as never);
  return true;
}

interface MessageDoc {
  id: string;
  author: UserDoc | null;
  flags: unknown;
  delete(): Promise<unknown>;
}

/** `createChatMessage` on the active GM's client: carry out a request, tell its author a refusal, delete it. */
export async function onRequestMessage(message: MessageDoc): Promise<void> {
  if (!isActiveGM()) return;
  const request = readRequest(message.flags);
  if (!request || !message.author) return;
  const result = await runRequest(message.author, request);
  if (!result.ok) {
    await ChatMessage.implementation.create({
      content: `<p>${format("CYCHOSYS.Combat.Request.refused", { reason: result.reason })}</p>`,
      whisper: [message.author.id],
    } as never);
  }
  await message.delete();
}
