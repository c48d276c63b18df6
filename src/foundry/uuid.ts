/**
 * Reaching a document by its UUID: the one path every adapter takes —
 * Foundry v13's `foundry.utils.fromUuid` (async: a compendium document is
 * loaded) and `fromUuidSync` (what is already in memory; a compendium's
 * index entry). Never the bare global `fromUuid`, Foundry's older alias.
 */
type Resolve = { fromUuid(uuid: string): Promise<unknown>; fromUuidSync(uuid: string): unknown };
const utils = () => foundry.utils as unknown as Resolve;

/** The document at `uuid`, loaded if it must be; null when there is none. */
export async function fromUuid<T>(uuid: string): Promise<T | null> {
  return ((await utils().fromUuid(uuid)) as T | null | undefined) ?? null;
}

/** The document at `uuid` as it is in memory now; null when there is none. */
export function fromUuidSync<T>(uuid: string): T | null {
  return (utils().fromUuidSync(uuid) as T | null | undefined) ?? null;
}
