/**
 * What every ruleset's pack test reads: a pack's documents from
 * packs/_source (folders left out), one by name, every Actor and Item
 * system with the embedded items, and the compile → extract round trip.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { compilePacks, declaredPacks, extractPacks, readPackSources, type SourceDocument } from "../../tools/packs/lib.js";

export type PackDoc = SourceDocument & { system: Record<string, unknown>; items?: PackDoc[]; prototypeToken?: Record<string, unknown> };

export const docsOf = (pack: string): PackDoc[] => readPackSources(pack).map((s) => s.doc as PackDoc).filter((d) => !String(d._key).startsWith("!folders!"));

export function named(pack: string, name: string): PackDoc {
  const doc = docsOf(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${pack} has no document named ${name}`);
  return doc;
}

/** Every Actor and Item system of these packs, embedded items included. */
export function systemsOf(packs: readonly string[]): { where: string; documentName: "Actor" | "Item"; doc: PackDoc }[] {
  const out: { where: string; documentName: "Actor" | "Item"; doc: PackDoc }[] = [];
  for (const pack of packs) {
    for (const doc of docsOf(pack)) {
      const documentName = String(doc._key).startsWith("!actors!") ? "Actor" : "Item";
      out.push({ where: `${pack}/${doc.name}`, documentName, doc });
      for (const child of doc.items ?? []) out.push({ where: `${pack}/${doc.name} > ${child.name}`, documentName: "Item", doc: child });
    }
  }
  return out;
}

/** Compile these declared packs with the Foundry CLI, extract them again, and require the very same files, byte for byte. */
export async function expectRoundTrip(names: readonly string[]): Promise<void> {
  const packs = declaredPacks().filter((p) => names.includes(p.name));
  expect(packs.map((p) => p.name).sort()).toEqual([...names].sort());
  const scratch = mkdtempSync(join(tmpdir(), "cychosys-pack-round-trip-"));
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
