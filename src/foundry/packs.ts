/**
 * The compendiums of the rulesets a world does not play are hidden from its
 * players (the GM still sees them): on `ready` the active GM sets each of the
 * system's packs' player ownership from the manifests — NONE for another
 * ruleset's packs, the ownership system.json declares for the active one's.
 * Foundry keeps it in the world's compendium configuration.
 */
import type { RulesetId, RulesetManifest } from "../core/ruleset.js";

type Ownership = Record<string, string>;

export interface PackLike {
  metadata: { name: string; packageName?: string; packageType?: string; ownership?: Ownership };
  ownership?: Ownership;
  configure(settings: { ownership: Ownership }): Promise<unknown>;
}

/** What each of the system's packs' ownership should be in a world that plays `active` (undefined: leave it). */
export function packOwnership(pack: PackLike["metadata"], manifests: readonly RulesetManifest[], active: RulesetId): Ownership | undefined {
  const owner = manifests.find((m) => m.packs.includes(pack.name));
  if (!owner) return undefined;
  const declared = pack.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
  return owner.id === active ? declared : { ...declared, PLAYER: "NONE", TRUSTED: "NONE" };
}

/** Apply it to every pack of this system whose ownership differs (active GM, on `ready`). */
export async function applyPackVisibility(packs: Iterable<PackLike>, manifests: readonly RulesetManifest[], active: RulesetId, systemId: string): Promise<number> {
  let changed = 0;
  for (const pack of packs) {
    if (pack.metadata.packageType !== "system" || pack.metadata.packageName !== systemId) continue;
    const wanted = packOwnership(pack.metadata, manifests, active);
    if (!wanted || JSON.stringify(pack.ownership ?? pack.metadata.ownership) === JSON.stringify(wanted)) continue;
    await pack.configure({ ownership: wanted });
    changed++;
  }
  return changed;
}
