/**
 * Cities Without Number's derived data (`RulesetAdapter.derive`): the pure
 * `deriveCwnActor` over an actor's stored data and its items, with the
 * world's rules. Items derive nothing of their own.
 */
import { CWN_ACTOR_TYPES } from "../../rulesets/cwn/data/schema.js";
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { type CwnItemInput, deriveCwnActor } from "../../rulesets/cwn/data/derive.js";
import { cwnRules } from "./rules-source.js";

interface ActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
}

export function itemsOf(actor: ActorLike | null | undefined): CwnItemInput[] {
  const items: CwnItemInput[] = [];
  for (const item of actor?.items ?? []) items.push({ id: item.id ?? "", name: item.name, type: item.type, system: item.system });
  return items;
}

/** `prepareDerivedData` of a CWN type: characters and NPC groups. */
export function deriveCwn(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): CwnDerived | undefined {
  if (documentName !== "Actor" || !(CWN_ACTOR_TYPES as readonly string[]).includes(type)) return undefined;
  return deriveCwnActor(type, system, itemsOf(parent as ActorLike | null | undefined), cwnRules());
}
