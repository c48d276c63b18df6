/**
 * The commands' bundle (tools/cli.mjs): built by esbuild into a cache folder,
 * and fresh while every file it was made from is older than the build.
 *
 * A build records what it was made from: esbuild's list of inputs (src/…,
 * lang/en.json), their folders (a file added beside them — a ruleset's new
 * bench.ts, which the bench finds by name — changes its folder) and the
 * files that say how it is built. Checking it is one stat of each, a few
 * milliseconds. A build goes to a new folder and is published by renaming
 * one small file, so two commands started at once never see half a build.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

/** Files the bundle depends on beyond its inputs: the way it is built. */
export const BUILD_FILES = ["tools/cli.mjs", "tools/cli-bundle.mjs", "tsconfig.json", "package.json"];
/** A build older than this that is no longer current is removed (a command still running from it loaded it long before). */
const KEEP_OLD_BUILD_MS = 60_000;
/**
 * A build counts as made this long before it started: a file's time comes
 * from the file system's coarser clock (it may read a few milliseconds
 * early), so a file changed while esbuild ran must not look older than the
 * build. The cost: a file changed just before a build brings one more.
 */
const CLOCK_MARGIN_MS = 2000;

const recordOf = (cache) => join(cache, "current.json");

/** The current build's record, if every file it was made from is older than the build; otherwise undefined. */
export function freshBuild({ root, cache }) {
  let record;
  try {
    record = JSON.parse(readFileSync(recordOf(cache), "utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(record?.inputs) || typeof record.startedAt !== "number" || typeof record.dir !== "string") return undefined;
  for (const input of record.inputs) {
    let mtime;
    try {
      mtime = statSync(`${root}/${input}`).mtimeMs; // esbuild's paths use "/"; a plain join is the fast one here
    } catch {
      return undefined; // a file it was made from is gone
    }
    if (mtime >= record.startedAt) return undefined;
  }
  return record;
}

/** The entry module's file in a build. */
export const entryOf = ({ cache }, record) => join(cache, record.dir, "cli.mjs");

/** Bundle `entry` (a path under `root`) into a new folder of `cache` and make it the current build; its record. */
export async function build({ root, cache, entry }) {
  const { build: esbuild } = await import("esbuild");
  const startedAt = Date.now() - CLOCK_MARGIN_MS;
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "build-"));
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: { cli: entry },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    sourcemap: true,
    metafile: true,
    logLevel: "error",
  });
  const files = Object.keys(result.metafile.inputs);
  const folders = [...new Set(files.map((file) => file.slice(0, file.lastIndexOf("/")) || "."))];
  const record = { startedAt, dir: basename(dir), inputs: [...files, ...folders, ...BUILD_FILES] };
  const temporary = join(cache, `current-${process.pid}.json`);
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, recordOf(cache));
  for (const name of readdirSync(cache)) {
    if (!name.startsWith("build-") || name === record.dir) continue;
    const path = join(cache, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > KEEP_OLD_BUILD_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another command removed it first
    }
  }
  return record;
}
