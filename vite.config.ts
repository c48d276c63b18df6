/**
 * Builds the installable system into `dist/`: the bundled ES module
 * `cychosys.mjs` (+ source map) from `src/index.ts`, and copies of the
 * manifest, the static folders and the licence, and the compendium packs
 * compiled from `packs/_source/` into `dist/packs/` (tools/packs/lib.ts).
 * Foundry itself is never
 * bundled: the code reaches it through its globals (`Hooks`, `CONFIG`, `game`).
 */
import { cpSync, existsSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { compilePacks } from "./tools/packs/lib.js";

const root = fileURLToPath(new URL(".", import.meta.url));
const outDir = resolve(root, "dist");

/** Copied as they are, relative to the project root. */
const STATIC_FILES = ["system.json", "LICENSE", "README.md"];
const STATIC_FOLDERS = ["templates", "lang", "styles"];

/** Placeholders and editor/OS litter that must not ship. */
function shouldCopy(path: string): boolean {
  const name = basename(path);
  return name !== ".gitkeep" && name !== ".DS_Store" && !name.endsWith("~");
}

function copyStatic(): Plugin {
  return {
    name: "cychosys-copy-static",
    apply: "build",
    closeBundle() {
      for (const file of STATIC_FILES) {
        cpSync(resolve(root, file), resolve(outDir, file));
      }
      for (const folder of STATIC_FOLDERS) {
        const from = resolve(root, folder);
        if (!existsSync(from)) continue;
        cpSync(from, resolve(outDir, folder), { recursive: true, filter: shouldCopy });
      }
    },
  };
}

/** Compiles every pack system.json declares into LevelDB under dist/packs/. */
function compileCompendiumPacks(): Plugin {
  return {
    name: "cychosys-compile-packs",
    apply: "build",
    async closeBundle() {
      await compilePacks(outDir);
    },
  };
}

export default defineConfig({
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    minify: false,
    reportCompressedSize: false,
    lib: {
      entry: resolve(root, "src/index.ts"),
      formats: ["es"],
      fileName: () => "cychosys.mjs",
    },
  },
  plugins: [copyStatic(), compileCompendiumPacks()],
});
