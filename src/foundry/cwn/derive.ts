/**
 * Cities Without Number's derived data (`RulesetAdapter.derive`): the pure
 * `deriveCwnActor` over an actor's stored data and its items, with the
 * world's rules. Items derive nothing of their own.
 */
import { CWN_ACTOR_TYPES } from "../../rulesets/cwn/data/schema.js";
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { deriveCwnActor } from "../../rulesets/cwn/data/derive.js";
import { cwnRules } from "./rules-source.js";
import { ownedItemInputs } from "../derive-items.js";

/** `prepareDerivedData` of a CWN type: characters and NPC groups. */
export function deriveCwn(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): CwnDerived | undefined {
  if (documentName !== "Actor" || !(CWN_ACTOR_TYPES as readonly string[]).includes(type)) return undefined;
  return deriveCwnActor(type, system, ownedItemInputs(parent), cwnRules());
}
