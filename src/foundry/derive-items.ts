/**
 * What every ruleset's derive adapter (src/foundry/<id>/derive.ts) hands its
 * pure derive of an actor: the actor's owned items as plain inputs (an item
 * not yet saved has no id: "").
 */
import type { DeriveItemInput } from "../core/derive-input.js";

/** What a derive reads of the actor: its items. */
export interface DeriveActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
}

/** An owned item as the rules cores' derives read it. */
export type OwnedItemInput = DeriveItemInput;

/** The actor's items as the pure derive takes them (none without an actor). */
export function ownedItemInputs(actor: unknown): OwnedItemInput[] {
  const items: OwnedItemInput[] = [];
  for (const item of (actor as DeriveActorLike | null | undefined)?.items ?? []) items.push({ id: item.id ?? "", name: item.name, type: item.type, system: item.system });
  return items;
}
