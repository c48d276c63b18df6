/**
 * Reading a ruleset's pack sources in the pack tests: the primary documents
 * (folders left out), one by name, an actor's embedded item by name, and
 * every Actor and Item `system` with its embedded items.
 */
import { readPackSources, type SourceDocument } from "../../tools/packs/lib.js";

export type PackDoc = SourceDocument & { img?: string; system: Record<string, unknown>; items?: PackDoc[]; flags?: Record<string, Record<string, unknown>> };

export const packDocs = (pack: string): PackDoc[] => readPackSources(pack).map((s) => s.doc as PackDoc).filter((d) => !String(d._key).startsWith("!folders!"));

export function namedDoc(pack: string, name: string): PackDoc {
  const doc = packDocs(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${pack} has no document named ${name}`);
  return doc;
}

export function embeddedItem(actor: PackDoc, name: string): PackDoc {
  const found = (actor.items ?? []).find((i) => i.name === name);
  if (!found) throw new Error(`${actor.name} has no item named ${name}`);
  return found;
}

/** Every Actor and Item system of these packs, embedded items included (RollTables and journals have none). */
export function packSystems(packs: readonly string[]): { where: string; documentName: "Actor" | "Item"; doc: PackDoc }[] {
  const out: { where: string; documentName: "Actor" | "Item"; doc: PackDoc }[] = [];
  for (const pack of packs) {
    for (const doc of packDocs(pack)) {
      const key = String(doc._key);
      if (!key.startsWith("!actors!") && !key.startsWith("!items!")) continue;
      out.push({ where: `${pack}/${doc.name}`, documentName: key.startsWith("!actors!") ? "Actor" : "Item", doc });
      for (const child of doc.items ?? []) out.push({ where: `${pack}/${doc.name} > ${child.name}`, documentName: "Item", doc: child });
    }
  }
  return out;
}
