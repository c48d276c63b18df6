/**
 * Compendium packs: sources in `packs/_source/<pack>/` (one JSON file per
 * document, folders as sub-directories holding a `_folder.json`), compiled
 * into LevelDB packs with the official Foundry CLI and extracted back.
 *
 * Used by the Vite build (every `npm run build` compiles the packs into
 * `dist/packs/`), by `npm run packs:extract` (tools/packs/cli.ts) and by the
 * pack tests (test/packs/).
 */
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const SOURCE_ROOT = join(ROOT, "packs", "_source");
export const DIST_ROOT = join(ROOT, "dist");

/** One `packs` entry of system.json. */
export interface PackDeclaration {
  name: string;
  label: string;
  type: "Actor" | "Item" | "JournalEntry" | "RollTable" | "Macro" | "Scene" | "Playlist" | "Cards" | "Adventure";
  system?: string;
  path: string;
  ownership?: Record<string, string>;
  flags?: Record<string, unknown>;
}

/** The packs system.json declares. */
export function declaredPacks(manifestPath = join(ROOT, "system.json")): PackDeclaration[] {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { packs?: PackDeclaration[] };
  return manifest.packs ?? [];
}

/** A stored document as it sits in a source file. */
export interface SourceDocument {
  _id: string;
  _key: string;
  name?: string;
  type?: string;
  folder?: string | null;
  [key: string]: unknown;
}

export interface SourceFile {
  pack: string;
  /** Path relative to the pack's source folder, with forward slashes. */
  file: string;
  doc: SourceDocument;
}

/** Every JSON file under one pack's source folder, parsed. */
export function readPackSources(pack: string, sourceRoot = SOURCE_ROOT): SourceFile[] {
  const dir = join(sourceRoot, pack);
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      pack,
      file: file.split(sep).join("/"),
      doc: JSON.parse(readFileSync(join(dir, file), "utf8")) as SourceDocument,
    }));
}

/** Compile every declared pack from its sources into `<outDir>/<pack.path>` (LevelDB). */
export async function compilePacks(
  outDir = DIST_ROOT,
  { sourceRoot = SOURCE_ROOT, packs = declaredPacks(), log = false }: { sourceRoot?: string; packs?: PackDeclaration[]; log?: boolean } = {},
): Promise<void> {
  for (const pack of packs) {
    const src = join(sourceRoot, pack.name);
    if (!existsSync(src)) throw new Error(`packs/_source/${pack.name} does not exist (declared in system.json)`);
    await compilePack(src, join(outDir, pack.path), { recursive: true, log });
  }
}

/** Lower-case words joined by hyphens: the file and folder names of the sources. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "unnamed";
}

/**
 * What an edit inside Foundry adds that the sources do not keep: creation
 * and modification stamps, per-user ownership (a world's users), the import
 * link to another compendium. The default ownership is the document's own
 * visibility (a player character observed by all, a foe by none) and stays.
 */
export function cleanEntry(doc: Record<string, unknown>, topLevel = true): void {
  delete doc._stats;
  const flags = doc.flags as Record<string, Record<string, unknown>> | undefined;
  if (flags?.core) {
    delete flags.core.sourceId;
    if (Object.keys(flags.core).length === 0) delete flags.core;
  }
  if (topLevel && doc.ownership && !(doc._key as string | undefined)?.startsWith("!folders!")) {
    const level = (doc.ownership as { default?: unknown }).default;
    doc.ownership = { default: typeof level === "number" && [0, 1, 2, 3].includes(level) ? level : 0 };
  }
  for (const collection of ["items", "effects", "pages", "results"]) {
    const embedded = doc[collection];
    if (Array.isArray(embedded)) for (const child of embedded) cleanEntry(child as Record<string, unknown>, false);
  }
}

interface FolderInfo {
  name: string;
  parent: string | null;
}

/**
 * The source file name of each primary document of a compiled pack:
 * `<folder>/<sub-folder>/<name>.json`, `<folder>/_folder.json` for a folder,
 * `-<id>` appended when two documents in one folder share a name.
 */
async function plannedNames(packDir: string): Promise<Map<string, string>> {
  const folders = new Map<string, FolderInfo>();
  const documents: { id: string; name: string; folder: string | null }[] = [];
  // A first pass only reads: every entry is discarded, nothing is written.
  const scratch = mkdtempSync(join(tmpdir(), "cychosys-scan-"));
  try {
    await extractPack(packDir, scratch, {
      transformEntry: async (entry: SourceDocument) => {
        if (entry._key.startsWith("!folders!")) folders.set(entry._id, { name: entry.name ?? entry._id, parent: entry.folder ?? null });
        else documents.push({ id: entry._id, name: entry.name ?? entry._id, folder: entry.folder ?? null });
        return false;
      },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const folderPath = (id: string | null, depth = 0): string => {
    if (!id || depth > 20) return "";
    const folder = folders.get(id);
    if (!folder) return "";
    const parent = folderPath(folder.parent, depth + 1);
    return parent ? `${parent}/${slugify(folder.name)}` : slugify(folder.name);
  };
  const names = new Map<string, string>();
  for (const id of folders.keys()) names.set(id, `${folderPath(id)}/_folder.json`);
  const taken = new Map<string, number>();
  for (const doc of documents) {
    const base = `${folderPath(doc.folder) ? `${folderPath(doc.folder)}/` : ""}${slugify(doc.name)}`;
    taken.set(base, (taken.get(base) ?? 0) + 1);
  }
  for (const doc of documents) {
    const base = `${folderPath(doc.folder) ? `${folderPath(doc.folder)}/` : ""}${slugify(doc.name)}`;
    names.set(doc.id, (taken.get(base) ?? 0) > 1 ? `${base}-${doc.id}.json` : `${base}.json`);
  }
  return names;
}

/**
 * Extract every declared pack from `<fromDir>/<pack.path>` into
 * `<sourceRoot>/<pack>`, replacing what was there (the CLI's `clean`), with
 * the sources' file naming and Foundry's volatile data removed.
 */
export async function extractPacks(
  fromDir = DIST_ROOT,
  { sourceRoot = SOURCE_ROOT, packs = declaredPacks(), log = false }: { sourceRoot?: string; packs?: PackDeclaration[]; log?: boolean } = {},
): Promise<void> {
  for (const pack of packs) {
    const packDir = join(fromDir, pack.path);
    if (!existsSync(join(packDir, "CURRENT"))) throw new Error(`${relative(ROOT, packDir) || packDir} is not a compiled pack`);
    const names = await plannedNames(packDir);
    await extractPack(packDir, join(sourceRoot, pack.name), {
      clean: true,
      log,
      transformEntry: async (entry: SourceDocument) => {
        cleanEntry(entry);
      },
      transformName: async (entry: SourceDocument) => names.get(entry._id) ?? `${slugify(entry.name ?? entry._id)}-${entry._id}.json`,
    });
  }
}
