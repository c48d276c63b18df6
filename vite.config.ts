/**
 * Builds the installable system into `dist/`: the bundled ES module
 * `cychosys.mjs` from `src/index.ts` — one file with every ruleset (a world
 * registers its own on `init`, src/foundry/rulesets.ts), minified, with its
 * source map for debugging — copies of the manifest, the static folders
 * (the stylesheets minified) and the licence, and the compendium packs
 * compiled from `packs/_source/` into `dist/packs/` (tools/packs/lib.ts).
 * Foundry itself is never bundled: the code reaches it through its globals
 * (`Hooks`, `CONFIG`, `game`).
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "lightningcss";
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
      minifyStylesheets(resolve(outDir, "styles"));
    },
  };
}

/**
 * Every world loads every stylesheet system.json names (a ruleset's rules are
 * scoped by its class, e.g. `.cychosys.d6`), so each is minified in place:
 * the same files, smaller (test/build/dist.test.ts prints what a world
 * downloads).
 */
function minifyStylesheets(folder: string): void {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder).filter((f) => f.endsWith(".css"))) {
    const path = join(folder, name);
    const { code } = transform({ filename: name, code: readFileSync(path), minify: true });
    writeFileSync(path, code);
  }
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
    minify: true,
    rolldownOptions: {
      output: {
        // Whitespace too: Vite's library mode leaves it for a consumer's bundler; Foundry loads this file as it is.
        minify: true,
        // Class and function names kept: Foundry keys sheets and serialized rolls and dice by class name
        // (`CychosysDie`, `CychosysRoll`), and fires render hooks by them.
        keepNames: true,
      },
    },
    reportCompressedSize: false,
    lib: {
      entry: resolve(root, "src/index.ts"),
      formats: ["es"],
      fileName: () => "cychosys.mjs",
    },
  },
  plugins: [copyStatic(), compileCompendiumPacks()],
});
