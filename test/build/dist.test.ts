/**
 * Checks of the built system in dist/ (run after `vite build`): the files
 * Foundry loads are there, the manifest is the one in the repository, and
 * `cychosys.mjs` is one self-contained ES module that reaches Foundry only
 * through its globals.
 */
import "../foundry/fakes.js";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { runInNewContext } from "node:vm";
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

describe("dist/cychosys.mjs", () => {
  const code = readFileSync(resolve(dist, "cychosys.mjs"), "utf8");

  it("imports nothing: no import or export declarations, no import(), no require()", () => {
    const file = ts.createSourceFile("cychosys.mjs", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node)) found.push(node.getText(file));
      if (ts.isExportDeclaration(node) || ts.isExportAssignment(node)) found.push(node.getText(file));
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (callee.kind === ts.SyntaxKind.ImportKeyword) found.push(node.getText(file));
        if (ts.isIdentifier(callee) && callee.text === "require") found.push(node.getText(file));
      }
      if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) found.push(node.getText(file));
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(found).toEqual([]);
  });

  it("bundles only the system's own sources and its runtime dependencies (zod; no Foundry, no other node_modules)", () => {
    const map = readJson(resolve(dist, "cychosys.mjs.map")) as { sources: string[] };
    expect(map.sources.length).toBeGreaterThan(0);
    const runtime = Object.keys((readJson(resolve(dist, "..", "package.json")) as { dependencies: Record<string, string> }).dependencies);
    const allowed = new RegExp(`^\\.\\./(src/|node_modules/(${runtime.join("|")})/)`);
    for (const source of map.sources) expect(source, source).toMatch(allowed);
  });

  it("registers its hooks and, on init, exposes the rules core and registers the system through Foundry's globals", () => {
    const hooks: [string, () => void][] = [];
    const logs: unknown[][] = [];
    const registered: string[] = [];
    const fakes = globalThis as unknown as Record<string, unknown>;
    const sandbox: Record<string, unknown> = {
      Hooks: { once: (name: string, fn: () => void) => hooks.push([name, fn]), on: (name: string, fn: () => void) => hooks.push([name, fn]) },
      CONFIG: { Actor: { dataModels: {} }, Item: { dataModels: {} }, Combat: {}, Combatant: {}, Dice: { terms: {}, rolls: [] }, statusEffects: [] },
      game: { settings: { register: (_ns: string, key: string) => registered.push(key), registerMenu: (_ns: string, key: string) => registered.push(key) } },
      foundry: fakes.foundry,
      Actor: fakes.Actor,
      Item: fakes.Item,
      Combat: class Combat {},
      Combatant: class Combatant {},
      structuredClone,
      console: { log: (...args: unknown[]) => logs.push(args) },
    };
    runInNewContext(`"use strict";\n${code}`, sandbox, { filename: "cychosys.mjs" });
    expect(hooks.map(([name]) => name)).toEqual(["init", "setup", "ready", "diceSoNiceReady"]);
    expect(sandbox.cychosys).toBeUndefined();

    hooks[0]![1]();
    const config = sandbox.CONFIG as {
      CYCHOSYS: { effects: { effects: unknown[] }; chart: unknown; options: unknown };
      Actor: { dataModels: object };
      Dice: { terms: Record<string, { name: string }> };
    };
    expect(config.CYCHOSYS.effects.effects.length).toBeGreaterThan(0);
    expect(config.CYCHOSYS.chart).toBeDefined();
    expect(config.CYCHOSYS.options).toBeDefined();
    expect(Object.keys(config.Actor.dataModels)).toEqual(["character", "npc", "object"]);
    expect(config.Dice.terms.c!.name).toBe("CychosysDie");
    expect((sandbox.CONFIG as { Combat: { documentClass: { name: string } } }).Combat.documentClass.name).toBe("CychosysCombat");
    expect(registered).toContain("effectsTable");
    const rules = (sandbox.cychosys as { rules: Record<string, (...args: unknown[]) => unknown> }).rules;
    expect(rules.formatBundle!(rules.parseBundle!("VD6"))).toBe("VD6");
    expect(logs).toHaveLength(1);
  });
});
