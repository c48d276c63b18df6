/**
 * GURPS's derived data (`RulesetAdapter.derive`): the pure `deriveGurpsActor`
 * over an actor's stored data and its items, with the world's rules. Items
 * derive nothing of their own.
 */
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import { deriveGurpsActor, type GurpsItemInput } from "../../rulesets/gurps/data/derive.js";
import { GURPS_ACTOR_TYPES } from "../../rulesets/gurps/data/schema.js";
import { gurpsRules } from "./rules-source.js";

interface ActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
}

export function gurpsItemsOf(actor: ActorLike | null | undefined): GurpsItemInput[] {
  const items: GurpsItemInput[] = [];
  for (const item of actor?.items ?? []) items.push({ id: item.id ?? "", name: item.name, type: item.type, system: item.system });
  return items;
}

/** `prepareDerivedData` of a GURPS type: the character. */
export function deriveGurps(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): GurpsDerived | undefined {
  if (documentName !== "Actor" || !(GURPS_ACTOR_TYPES as readonly string[]).includes(type)) return undefined;
  return deriveGurpsActor(system, gurpsItemsOf(parent as ActorLike | null | undefined), gurpsRules());
}
