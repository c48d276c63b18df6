/**
 * GM-only request fields, declared once per ruleset and checked in one place
 * for every request (the attack card's steps in src/core/transport/processor.ts,
 * the tracker's requests in src/foundry/requests.ts).
 *
 * A request's shape is the author's to write, so a field only the GM may set
 * (a difficulty modifier, a hand-set order, a maneuver forced on a fighter)
 * is refused whenever a non-GM author sends it — before any handler runs and
 * whatever value it holds. "Sent" means present with a value: `undefined`,
 * `null` and an empty list (what a player's dialog sends when it shows no
 * such field) count as not sent.
 */

/** Per request kind (a card request's `step`, a tracker request's `kind`): the fields only a GM may send. */
export type GmOnlyFields = Readonly<Record<string, readonly string[]>>;

const isSent = (value: unknown): boolean => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/**
 * The first GM-only field a non-GM author sent, or undefined when the request
 * may go on. `kind` is the request's kind or step; a request of a kind with no
 * GM-only fields always passes.
 */
export function gmOnlyFieldSent(request: unknown, kind: unknown, fields: GmOnlyFields | undefined, authorIsGM: boolean): string | undefined {
  if (authorIsGM || !fields || typeof kind !== "string" || !Object.hasOwn(fields, kind)) return undefined;
  if (request === null || typeof request !== "object") return undefined;
  const record = request as Record<string, unknown>;
  return fields[kind]!.find((field) => Object.hasOwn(record, field) && isSent(record[field]));
}
