/**
 * Cychosys's derived data for its actors (`RulesetAdapter.derive`): the pure
 * derive functions over the stored data, the actor's items and condition
 * effects, with the world's rules (`CONFIG.CYCHOSYS`).
 */
import type { CharacterSource, NpcSource, ObjectSource } from "../../rulesets/cychosys/data/source-types.js";
import { conditionsFromEffects, type EffectLike } from "../../rulesets/cychosys/data/conditions.js";
import { type CombatantDerived, deriveCombatant, deriveObject } from "../../rulesets/cychosys/data/derive/combatant.js";
import { experienceTotal } from "../../rulesets/cychosys/data/derive/experience.js";
import type { ItemView } from "../../rulesets/cychosys/data/source-types.js";
import { type Rules, STANDARD_RULES } from "../../rulesets/cychosys/rules/index.js";
import { localize } from "../i18n.js";

/** The world's rules data (settings replace parts of it), or the standard rules before `init`. */
export function worldRules(): Rules {
  const config = (globalThis as { CONFIG?: { CYCHOSYS?: Rules } }).CONFIG;
  return config?.CYCHOSYS ?? STANDARD_RULES;
}

/** What the models read of their actor: its items and its effects (conditions). */
interface ActorLike {
  items?: Iterable<{ id: string | null; name: string; type: string; system: unknown }>;
  effects?: Iterable<EffectLike>;
}

function itemViews(actor: ActorLike | null | undefined): ItemView[] {
  const views: ItemView[] = [];
  for (const item of actor?.items ?? []) {
    views.push({ id: item.id ?? "", name: item.name, type: item.type as ItemView["type"], system: item.system as ItemView["system"] });
  }
  return views;
}

/** Derived data of a character or NPC, from its (effect-modified) system data, items and condition effects. */
export function deriveForActor(system: CharacterSource | NpcSource, actor: ActorLike | null | undefined): CombatantDerived {
  const labels = { skin: localize("CYCHOSYS.Layer.skin"), will: localize("CYCHOSYS.Layer.will") };
  return deriveCombatant(system, itemViews(actor), conditionsFromEffects(actor?.effects ?? []), labels, worldRules());
}

/** `prepareDerivedData` of a Cychosys type: characters and NPCs (R10–R41), objects (R37); items derive nothing. */
export function deriveCychosys(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): unknown {
  if (documentName !== "Actor") return undefined;
  switch (type) {
    case "character":
      return { ...deriveForActor(system as unknown as CharacterSource, parent as ActorLike), experience: experienceTotal((system as unknown as CharacterSource).experience) };
    case "npc":
      return deriveForActor(system as unknown as NpcSource, parent as ActorLike);
    case "object":
      return deriveObject(system as unknown as ObjectSource, worldRules());
    default:
      return undefined;
  }
}
