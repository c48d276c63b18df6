/**
 * The phase-based derived data (`RulesetAdapter.derive`): the pure
 * `derivePhaseActor` over an actor's stored data and its items, with the
 * world's rules.
 */
import type { PhaseDerived } from "../../rulesets/phase/data/derived.js";
import { derivePhaseActor } from "../../rulesets/phase/data/derive.js";
import { phaseRules } from "./rules-source.js";
import { ownedItemInputs } from "../derive-items.js";

/** `prepareDerivedData` of a phase type: characters and creatures; items derive nothing. */
export function derivePhase(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): PhaseDerived | undefined {
  if (documentName !== "Actor" || (type !== "phaseCharacter" && type !== "phaseCreature")) return undefined;
  return derivePhaseActor(system, ownedItemInputs(parent), phaseRules());
}
