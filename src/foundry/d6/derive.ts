/**
 * OpenD6's derived data (`RulesetAdapter.derive`): the pure `deriveD6Actor`
 * over an actor's stored data and its items, with the world's rules.
 */
import type { D6Derived } from "../../rulesets/d6/data/derived.js";
import { deriveD6Actor, type D6ItemInput } from "../../rulesets/d6/data/derive.js";
import { d6Rules } from "./rules-source.js";

/** What derive reads of the actor: its items. */
interface ActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
}

function itemsOf(actor: ActorLike | null | undefined): D6ItemInput[] {
  const items: D6ItemInput[] = [];
  for (const item of actor?.items ?? []) items.push({ id: item.id ?? "", name: item.name, type: item.type, system: item.system });
  return items;
}

/** `prepareDerivedData` of an OpenD6 type: characters and creatures; items derive nothing. */
export function deriveD6(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): D6Derived | undefined {
  if (documentName !== "Actor" || (type !== "d6Character" && type !== "d6Creature")) return undefined;
  return deriveD6Actor(system, itemsOf(parent as ActorLike | null | undefined), d6Rules());
}
