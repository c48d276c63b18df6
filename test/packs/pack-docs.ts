/**
 * Reading a ruleset's pack sources in the pack tests: the primary documents
 * (folders left out), one by name, an actor's embedded item by name, and
 * every Actor and Item `system` with its embedded items; and the compile →
 * extract round trip every ruleset's packs must survive byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { compilePacks, declaredPacks, extractPacks, readPackSources, type SourceDocument } from "../../tools/packs/lib.js";

export type PackDoc = SourceDocument & { img?: string; system: Record<string, unknown>; items?: PackDoc[]; flags?: Record<string, Record<string, unknown>>; prototypeToken?: Record<string, unknown> };

export const isFolder = (doc: SourceDocument): boolean => String(doc._key).startsWith("!folders!");

export const packDocs = (pack: string): PackDoc[] => readPackSources(pack).map((s) => s.doc as PackDoc).filter((d) => !isFolder(d));

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

/** Compile these declared packs into a scratch folder, extract them back, and expect the very same files. */
export async function expectRoundTrip(names: readonly string[]): Promise<void> {
  const packs = declaredPacks().filter((p) => names.includes(p.name));
  expect(packs.map((p) => p.name).sort()).toEqual([...names].sort());
  const scratch = mkdtempSync(join(tmpdir(), "cychosys-ruleset-packs-"));
  try {
    await compilePacks(join(scratch, "system"), { packs });
    await extractPacks(join(scratch, "system"), { packs, sourceRoot: join(scratch, "sources") });
    for (const pack of packs) {
      const original = readPackSources(pack.name);
      const extracted = readPackSources(pack.name, join(scratch, "sources"));
      expect(extracted.map((s) => s.file), pack.name).toEqual(original.map((s) => s.file));
      for (const { file } of original) {
        expect(readFileSync(join(scratch, "sources", pack.name, file), "utf8"), `${pack.name}/${file}`).toBe(readFileSync(join(import.meta.dirname, "../../packs/_source", pack.name, file), "utf8"));
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
