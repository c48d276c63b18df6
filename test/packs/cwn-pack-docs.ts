/** The Cities Without Number packs' documents, read from packs/_source, for test/packs/cwn-*.test.ts. */
import { type CwnDerived } from "../../src/rulesets/cwn/data/derived.js";
import { type CwnItemInput, deriveCwnActor } from "../../src/rulesets/cwn/data/derive.js";
import { readPackSources, type SourceDocument } from "../../tools/packs/lib.js";

export type Doc = SourceDocument & { system: Record<string, unknown>; items?: Doc[]; prototypeToken?: Record<string, unknown> };
export const CWN_PACKS = ["cwn-weapons", "cwn-armor", "cwn-foes"] as const;
export type CwnPack = (typeof CWN_PACKS)[number];

export const docsOf = (pack: CwnPack): Doc[] => readPackSources(pack).map((s) => s.doc as Doc).filter((d) => !String(d._key).startsWith("!folders!"));

export function named(pack: CwnPack, name: string): Doc {
  const doc = docsOf(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${pack} has no document named ${name}`);
  return doc;
}

export const asItem = (doc: Doc): CwnItemInput => ({ id: doc._id, name: doc.name!, type: doc.type!, system: doc.system });

/** A foe of the pack, derived as the Foundry side derives it (its embedded items, plus any given). */
export function foe(name: string, extra: Doc[] = []): { doc: Doc; derived: CwnDerived } {
  const doc = named("cwn-foes", name);
  return { doc, derived: deriveCwnActor("cwnNpc", doc.system, [...(doc.items ?? []), ...extra].map(asItem)) };
}

/** A derived weapon of a derived actor, by name. */
export function weaponOf(derived: CwnDerived, name: string) {
  const found = derived.weapons.find((w) => w.name === name);
  if (!found) throw new Error(`no weapon named ${name}`);
  return found;
}

/** Every Actor and Item system of the CWN packs, embedded items included. */
export function cwnSystems(): { where: string; documentName: "Actor" | "Item"; doc: Doc }[] {
  const out: { where: string; documentName: "Actor" | "Item"; doc: Doc }[] = [];
  for (const pack of CWN_PACKS) {
    for (const doc of docsOf(pack)) {
      const documentName = String(doc._key).startsWith("!actors!") ? "Actor" : "Item";
      out.push({ where: `${pack}/${doc.name}`, documentName, doc });
      for (const child of doc.items ?? []) out.push({ where: `${pack}/${doc.name} > ${child.name}`, documentName: "Item", doc: child });
    }
  }
  return out;
}

/** The description or notes of a document. */
export const textOf = (doc: Doc): string => String(doc.system.description ?? doc.system.notes ?? "");
