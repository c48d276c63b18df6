/**
 * OpenD6's derived data (`RulesetAdapter.derive`): the pure `deriveD6Actor`
 * over an actor's stored data and its items, with the world's rules.
 */
import type { D6Derived } from "../../rulesets/d6/data/derived.js";
import { deriveD6Actor } from "../../rulesets/d6/data/derive.js";
import { d6Rules } from "./rules-source.js";
import { ownedItemInputs } from "../derive-items.js";

/** `prepareDerivedData` of an OpenD6 type: characters and creatures; items derive nothing. */
export function deriveD6(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): D6Derived | undefined {
  if (documentName !== "Actor" || (type !== "d6Character" && type !== "d6Creature")) return undefined;
  return deriveD6Actor(system, ownedItemInputs(parent), d6Rules());
}
