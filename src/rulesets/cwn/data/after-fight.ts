/**
 * When the combat encounter ends (W1, W19): abilities limited to once a
 * scene are ready again, and — by the world setting — armor soak pools
 * refill. Pure: the changes as paths and values, for the actor and its
 * items; the Foundry side writes them (and leaves hit points alone).
 */
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import type { CwnItemInput } from "./derive.js";
import { rec } from "../../../core/derive-input.js";

export interface AfterFightChanges {
  actor: { path: string; value: unknown }[];
  items: { id: string; path: string; value: unknown }[];
}


export function afterFightChanges(type: string, system: unknown, items: readonly CwnItemInput[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): AfterFightChanges {
  const stored = rec(system);
  const out: AfterFightChanges = { actor: [], items: [] };
  // W1: per-scene uses reset.
  const abilities = Array.isArray(stored.sceneAbilities) ? stored.sceneAbilities : [];
  if (abilities.some((a) => rec(a).used !== 0)) out.actor.push({ path: "system.sceneAbilities", value: abilities.map((a) => ({ ...rec(a), used: 0 })) });
  if (!rules.soakRefillsAfterFight) return out;
  // W19 (world setting): soak refills — an NPC's own pool, a character's armor pieces.
  if (type === "cwnNpc") {
    const soak = rec(stored.soak);
    if (typeof soak.max === "number" && soak.value !== soak.max) out.actor.push({ path: "system.soak.value", value: soak.max });
    return out;
  }
  for (const item of Array.isArray(items) ? items : []) {
    if (!item || item.type !== "cwnArmor") continue;
    const soak = rec(rec(item.system).soak);
    if (typeof soak.max === "number" && soak.value !== soak.max) out.items.push({ id: String(item.id), path: "system.soak.value", value: soak.max });
  }
  return out;
}
