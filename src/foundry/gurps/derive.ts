/**
 * GURPS's derived data (`RulesetAdapter.derive`): the pure `deriveGurpsActor`
 * over an actor's stored data and its items, with the world's rules. Items
 * derive nothing of their own.
 */
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import { deriveGurpsActor } from "../../rulesets/gurps/data/derive.js";
import { GURPS_ACTOR_TYPES } from "../../rulesets/gurps/data/schema.js";
import { gurpsRules } from "./rules-source.js";
import { ownedItemInputs } from "../derive-items.js";

/** `prepareDerivedData` of a GURPS type: the character. */
export function deriveGurps(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): GurpsDerived | undefined {
  if (documentName !== "Actor" || !(GURPS_ACTOR_TYPES as readonly string[]).includes(type)) return undefined;
  return deriveGurpsActor(system, ownedItemInputs(parent), gurpsRules());
}
