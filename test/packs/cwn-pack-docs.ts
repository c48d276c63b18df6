/** The Cities Without Number packs' documents, for test/packs/cwn-*.test.ts (the generic readers: pack-docs.ts). */
import { type CwnDerived } from "../../src/rulesets/cwn/data/derived.js";
import { type CwnItemInput, deriveCwnActor } from "../../src/rulesets/cwn/data/derive.js";
import { namedDoc as namedIn, packDocs as docsOf, type PackDoc } from "./pack-docs.js";

export { docsOf, type PackDoc as Doc };
export const CWN_PACKS = ["cwn-weapons", "cwn-armor", "cwn-foes"] as const;
export type CwnPack = (typeof CWN_PACKS)[number];

export const named = (pack: CwnPack, name: string): PackDoc => namedIn(pack, name);

export const asItem = (doc: PackDoc): CwnItemInput => ({ id: doc._id, name: doc.name!, type: doc.type!, system: doc.system });

/** A foe of the pack, derived as the Foundry side derives it (its embedded items, plus any given). */
export function foe(name: string, extra: PackDoc[] = []): { doc: PackDoc; derived: CwnDerived } {
  const doc = named("cwn-foes", name);
  return { doc, derived: deriveCwnActor("cwnNpc", doc.system, [...(doc.items ?? []), ...extra].map(asItem)) };
}

/** A derived weapon of a derived actor, by name. */
export function weaponOf(derived: CwnDerived, name: string) {
  const found = derived.weapons.find((w) => w.name === name);
  if (!found) throw new Error(`no weapon named ${name}`);
  return found;
}

/** The description or notes of a document. */
export const textOf = (doc: PackDoc): string => String(doc.system.description ?? doc.system.notes ?? "");
