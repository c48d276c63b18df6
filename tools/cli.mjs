#!/usr/bin/env node
/**
 * How `npm run rules|demo|duel|bench` start: `node tools/cli.mjs COMMAND ARGS…`.
 *
 * The commands are TypeScript (src/cli/). Compiling them on every start cost
 * a second, so they run as JavaScript that esbuild bundled once into
 * node_modules/.cache/cychosys-cli/ — on first use after `npm ci`, and again
 * whenever a file it was made from has changed (tools/cli-bundle.mjs). Should
 * the cache be out of reach (a read-only node_modules), they run from source
 * through tsx instead, as slowly as they used to.
 *
 * `node tools/cli.mjs --build` only brings the bundle up to date (the unit
 * tests' global setup does, so the tests that start a command find it built).
 */
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, entryOf, freshBuild } from "./cli-bundle.mjs";

const root = resolve(import.meta.dirname, "..");
const place = { root, cache: join(root, "node_modules", ".cache", "cychosys-cli"), entry: join(root, "src", "cli", "main.ts") };

/** The bundle's entry module, built first when it is missing or stale; undefined when it cannot be built here. */
async function bundled() {
  let record = freshBuild(place);
  if (!record) {
    try {
      record = await build(place);
    } catch (error) {
      if (error?.errors?.length) throw error; // esbuild found errors in the sources: they are shown above
      process.stderr.write(`note: cannot build the commands into ${relative(root, place.cache)} (${error?.message ?? error}); running them from source.\n`);
      return undefined;
    }
  }
  return pathToFileURL(entryOf(place, record)).href;
}

const [command, ...args] = process.argv.slice(2);
if (command === "--build") {
  await bundled();
} else {
  let url = await bundled();
  if (!url) {
    const { register } = await import("tsx/esm/api");
    register();
    url = pathToFileURL(place.entry).href;
  }
  const { run } = await import(url);
  process.exitCode = await run(command ?? "", args);
}
