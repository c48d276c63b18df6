/**
 * Checks of the built system in dist/ (run after `vite build`): the files
 * Foundry loads are there, the manifest is the one in the repository, and
 * `cychosys.mjs` is one minified module with every ruleset that reaches
 * Foundry only through its globals (a world registers its own ruleset on
 * `init`, with nothing loaded behind a promise; test/build/load*.test.ts run
 * it). Prints what a world downloads and holds it under a ceiling.
 */
import "../foundry/fakes.js";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const dist = resolve(root, "dist");
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, "utf8"));

/** The most JavaScript a world may download, gzip (issue 21: never above 400 KB, every ruleset bundled). */
const JS_CEILING_KB = 400;

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

describe("dist/: what a world downloads", () => {
  const files = readdirSync(dist).filter((f) => f.endsWith(".js") || f.endsWith(".mjs"));
  const read = (f: string) => readFileSync(resolve(dist, f), "utf8");
  const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  /** The files a module imports, by specifier. */
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

  it("is one module with every ruleset, importing nothing (Foundry only through its globals; nothing loaded behind a promise)", () => {
    expect(files).toEqual(["cychosys.mjs"]);
    expect(importsOf(read("cychosys.mjs"), "cychosys.mjs")).toEqual([]);
    // One marker per engine: every ruleset's rules are in the one file a world loads on init.
    for (const marker of ["function resolveStrike(", "function resolveD6Attack(", "function resolvePhase("]) expect(read("cychosys.mjs")).toContain(marker);
  });

  it("carries no duel or demo: those are the Node commands' (src/cli/duel-rulesets.ts, src/cli/headless.ts), never a world's", () => {
    const sources = (JSON.parse(read("cychosys.mjs.map")) as { sources: string[] }).sources;
    const commandOnly = sources.filter((source) => /\/duel\/|demo|\/cli\//i.test(source));
    expect(commandOnly).toEqual([]);
    expect(sources.length).toBeGreaterThan(100);
  });

  it(`prints what a world downloads, and holds its JS under ${JS_CEILING_KB} KB gzip (minified, every class name kept, source map shipped)`, () => {
    const manifest = readJson(resolve(dist, "system.json")) as unknown as Manifest;
    const js = manifest.esmodules.map((f) => resolve(dist, f));
    const css = manifest.styles.map((f) => resolve(dist, f));
    const jsGzip = js.reduce((n, f) => n + gzipped(f), 0);
    const jsRaw = js.reduce((n, f) => n + statSync(f).size, 0);
    const cssGzip = css.reduce((n, f) => n + gzipped(f), 0);
    const cssRaw = css.reduce((n, f) => n + statSync(f).size, 0);
    // The same for every ruleset: each world loads every module and stylesheet system.json names.
    const rulesets = ["cychosys", "d6", "cwn", "phase", "gurps"];
    console.log(
      [`what a world downloads (gzip; the same whatever it plays: ${rulesets.join(", ")}):`, `  JS  ${kb(jsGzip)} (${kb(jsRaw)} minified) in ${js.length} file(s)`, `  CSS ${kb(cssGzip)} (${kb(cssRaw)} minified) in ${css.length} file(s)`].join("\n"),
    );
    expect(jsGzip / 1024).toBeLessThanOrEqual(JS_CEILING_KB);
    // Minified: long lines (only the markup in template strings keeps its own), and the source map is there for debugging.
    const code = read("cychosys.mjs");
    expect(code.length / code.split("\n").length).toBeGreaterThan(1000);
    expect(existsSync(resolve(dist, "cychosys.mjs.map"))).toBe(true);
    expect(read("cychosys.mjs")).toMatch(/\/\/# sourceMappingURL=cychosys\.mjs\.map\s*$/);
  });

  it("every stylesheet is minified: smaller than its source, no comments, no indented lines", () => {
    const manifest = readJson(resolve(dist, "system.json")) as unknown as Manifest;
    for (const file of manifest.styles) {
      const built = readFileSync(resolve(dist, file), "utf8");
      expect(built.length, file).toBeLessThan(statSync(resolve(root, file)).size);
      expect(built, file).not.toMatch(/\/\*|\n\s+\S/);
    }
  });
});
