/**
 * What every ruleset's pack test (d6-packs, phase-packs …) reads the same
 * way: a pack's documents, every Actor and Item system in them with its
 * embedded items, and the compile → extract round trip.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { compilePacks, declaredPacks, extractPacks, readPackSources, type SourceDocument } from "../../tools/packs/lib.js";

export type PackDoc = SourceDocument & { system: Record<string, unknown>; items?: PackDoc[] };
export interface PackSystem {
  where: string;
  documentName: "Actor" | "Item";
  doc: PackDoc;
}

export const isFolder = (doc: SourceDocument) => String(doc._key).startsWith("!folders!");

/** A pack's documents, folders left out. */
export const docsOf = (pack: string): PackDoc[] => readPackSources(pack).map((s) => s.doc as PackDoc).filter((d) => !isFolder(d));

/** The document of a pack with that name (throws when there is none). */
export function namedIn(pack: string, name: string): PackDoc {
  const doc = docsOf(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${pack} has no document named ${name}`);
  return doc;
}

/** Every Actor and Item system of these packs, embedded items included. */
export function packSystems(packs: readonly string[]): PackSystem[] {
  const out: PackSystem[] = [];
  for (const pack of packs) {
    for (const doc of docsOf(pack)) {
      const documentName = String(doc._key).startsWith("!actors!") ? "Actor" : "Item";
      out.push({ where: `${pack}/${doc.name}`, documentName, doc });
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
