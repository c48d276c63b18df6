/**
 * Checks of the built system in dist/ (run after `vite build`): the files
 * Foundry loads are there, the manifest is the one in the repository, and
 * `cychosys.mjs` with the chunks it loads reach Foundry only through its
 * globals; each ruleset's engine is a chunk of its own, loaded only where it
 * is played (test/build/load.test.ts runs them).
 */
import "../foundry/fakes.js";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const dist = resolve(root, "dist");
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, "utf8"));

interface Manifest {
  id: string;
  version: string;
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  license?: string;
}

describe("dist/", () => {
  it.each(["system.json", "cychosys.mjs", "cychosys.mjs.map", "lang/en.json", "styles/cychosys.css", "LICENSE"])(
    "contains %s",
    (file) => {
      expect(existsSync(resolve(dist, file))).toBe(true);
    },
  );

  it("ships the repository's manifest, versioned as package.json", () => {
    const manifest = readJson(resolve(dist, "system.json"));
    expect(manifest).toEqual(readJson(resolve(root, "system.json")));
    expect(manifest.version).toBe(readJson(resolve(root, "package.json")).version);
  });

  it("contains every file the manifest names", () => {
    const manifest = readJson(resolve(dist, "system.json")) as unknown as Manifest;
    const named = [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)];
    if (manifest.license) named.push(manifest.license);
    for (const file of named) expect(existsSync(resolve(dist, file)), file).toBe(true);
  });

  it("ships no placeholder files", () => {
    expect(existsSync(resolve(dist, "templates/.gitkeep"))).toBe(false);
  });
});

describe("dist/: the entry and the rulesets' chunks", () => {
  const files = readdirSync(dist).filter((f) => f.endsWith(".js") || f.endsWith(".mjs"));
  const read = (f: string) => readFileSync(resolve(dist, f), "utf8");
  /** The files a module imports statically, by relative path. */
  const importsOf = (code: string, name: string) => {
    const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const found: { spec: string; dynamic: boolean }[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push({ spec: node.moduleSpecifier.text, dynamic: false });
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = node.arguments[0];
        found.push({ spec: arg && ts.isStringLiteral(arg) ? arg.text : node.getText(file), dynamic: true });
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "require") found.push({ spec: node.getText(file), dynamic: false });
      ts.forEachChild(node, visit);
    };
    visit(file);
    return found;
  };
  /** The entry and everything it imports statically: what every world downloads before its ruleset. */
  const staticClosure = (entry: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of importsOf(read(f), f)) if (!i.dynamic) walk(i.spec.replace(/^\.\//, ""));
    };
    walk(entry);
    return seen;
  };

  it("reach only each other: relative imports of files in dist/, nothing else (Foundry only through its globals)", () => {
    for (const f of files) {
      for (const i of importsOf(read(f), f)) {
        expect(i.spec, `${f} imports ${i.spec}`).toMatch(/^\.\/[\w.-]+\.(m?js)$/);
        expect(existsSync(resolve(dist, i.spec)), `${f} imports ${i.spec}`).toBe(true);
      }
    }
  });

  it("every world downloads the entry and the shared core; each ruleset's engine only where it is played (a chunk of its own)", () => {
    const shared = staticClosure("cychosys.mjs");
    const sharedCode = [...shared].map(read).join("\n");
    // One marker per engine: Cychosys's strike, OpenD6's attack, the phase ruleset's phase end.
    const markers = ["function resolveStrike(", "function resolveD6Attack(", "function resolvePhase("];
    for (const marker of markers) expect(sharedCode).not.toContain(marker);
    const dynamic = importsOf(read("cychosys.mjs"), "cychosys.mjs").filter((i) => i.dynamic).map((i) => i.spec.replace(/^\.\//, ""));
    const engines = dynamic.flatMap((f) => [...staticClosure(f)].filter((x) => !shared.has(x)));
    const engineCode = (needle: string) => engines.filter((f) => read(f).includes(needle));
    for (const marker of markers) expect(engineCode(marker), marker).toHaveLength(1);
    const size = (set: Iterable<string>) => [...set].reduce((n, f) => n + read(f).length, 0);
    // The figures the README quotes: what a world downloads before its ruleset's chunk.
    console.log(`shared ${Math.round(size(shared) / 1024)} kB; engines: ${dynamic.map((f) => `${f} ${Math.round(size(new Set([...staticClosure(f)].filter((x) => !shared.has(x)))) / 1024)} kB`).join(", ")}`);
  });
});
