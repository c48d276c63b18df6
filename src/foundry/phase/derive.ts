/**
 * The phase-based derived data (`RulesetAdapter.derive`): the pure
 * `derivePhaseActor` over an actor's stored data and its items, with the
 * world's rules.
 */
import type { PhaseDerived } from "../../rulesets/phase/data/derived.js";
import { derivePhaseActor, type PhaseItemInput } from "../../rulesets/phase/data/derive.js";
import { phaseRules } from "./rules-source.js";

interface ActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
}

function itemsOf(actor: ActorLike | null | undefined): PhaseItemInput[] {
  const items: PhaseItemInput[] = [];
  for (const item of actor?.items ?? []) items.push({ id: item.id ?? "", name: item.name, type: item.type, system: item.system });
  return items;
}

/** `prepareDerivedData` of a phase type: characters and creatures; items derive nothing. */
export function derivePhase(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): PhaseDerived | undefined {
  if (documentName !== "Actor" || (type !== "phaseCharacter" && type !== "phaseCreature")) return undefined;
  return derivePhaseActor(system, itemsOf(parent as ActorLike | null | undefined), phaseRules());
}
