/**
 * Reading and writing the flow kept in a chat message's `flags.cychosys.flow`.
 * Foundry merges an update into the stored object, so a key the new flow no
 * longer has (a verdict cleared by a second defense) must be deleted
 * explicitly with Foundry's `-=key` form; arrays are replaced whole.
 */
import type { CardFlow } from "../ruleset.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The new value, with `-=key: null` for every key of `before` that `after` drops (nested objects only). */
export function replacingUpdate(before: unknown, after: unknown): unknown {
  if (!isPlainObject(after)) return after === undefined ? null : structuredClone(after);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    out[key] = isPlainObject(before) && isPlainObject(before[key]) && isPlainObject(value) ? replacingUpdate(before[key], value) : structuredClone(value);
  }
  if (isPlainObject(before)) {
    for (const key of Object.keys(before)) {
      if (key.startsWith("-=")) continue;
      if (!(key in out)) out[`-=${key}`] = null;
    }
  }
  return out;
}

/** The update that stores `next` where `previous` was. */
export function flowUpdate(previous: CardFlow | undefined, next: CardFlow): Record<string, unknown> {
  return { "flags.cychosys.flow": replacingUpdate(previous, next) };
}

/** A stored flow, with any null Foundry left behind read as absent. */
export function readFlow<Flow extends CardFlow = CardFlow>(flags: { cychosys?: { flow?: unknown } } | undefined): Flow | undefined {
  const flow = flags?.cychosys?.flow;
  if (!isPlainObject(flow) || typeof flow.id !== "string") return undefined;
  return stripNulls(flow as Json) as unknown as Flow;
}

function stripNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (!isPlainObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const [key, inner] of Object.entries(value)) if (inner !== null && inner !== undefined) out[key] = stripNulls(inner as Json);
  return out;
}

/**
 * The flow of an attack card, only when the card is a GM's message: a player
 * may write (and keep rewriting) their own messages, so a flow in one is not
 * a card the workflow acts on or draws.
 */
export function trustedFlow<Flow extends CardFlow = CardFlow>(message: { author: { isGM: boolean } | null; flags?: { cychosys?: { flow?: unknown } } }): Flow | undefined {
  return message.author?.isGM === true ? readFlow<Flow>(message.flags) : undefined;
}

/**
 * The request a GM's card was posted for (its flow's `origin`), read in place
 * without copying the flow: finding a declaration's card looks through the
 * recent messages, and `trustedFlow` would copy each one's whole flow.
 * Undefined for a player's message and for anything that is not a card.
 */
export function trustedFlowOrigin(message: { author: { isGM: boolean } | null; flags?: { cychosys?: { flow?: unknown } } }): string | undefined {
  if (message.author?.isGM !== true) return undefined;
  const flow = message.flags?.cychosys?.flow;
  if (!isPlainObject(flow) || typeof flow.id !== "string" || typeof flow.origin !== "string") return undefined;
  return flow.origin;
}

/** The ruleset a card was made for (cards from before rulesets existed are Cychosys cards). */
export function flowRuleset(flow: CardFlow): string {
  return flow.ruleset ?? "cychosys";
}
