/**
 * The layering reads from the folders (docs/architecture.md, "Layers"):
 * src/core/ imports no ruleset and no Foundry code; a ruleset's pure code
 * imports no Foundry code, no other ruleset, and names none of Foundry's
 * globals; only src/foundry/ (and the entry) reaches Foundry.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Every module a file imports, as a path relative to the repository (type-only imports included). */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) out.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((s) => s.startsWith(".")).map((s) => relative(root, resolve(join(file, ".."), s)));
}

/** Foundry's globals used as values in code (comments and strings aside). */
const FOUNDRY_GLOBALS = new Set(["game", "CONFIG", "Hooks", "foundry", "ui", "ChatMessage", "Actor", "Item", "Combat", "Combatant", "Roll", "Macro", "fromUuid"]);
function globalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && FOUNDRY_GLOBALS.has(node.text)) {
      const parent = node.parent;
      const isName = (ts.isPropertyAccessExpression(parent) && parent.name === node) || ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent) || ts.isImportSpecifier(parent) || ts.isBindingElement(parent) || ts.isParameter(parent) || ts.isPropertyDeclaration(parent) || ts.isShorthandPropertyAssignment(parent) || ((ts.isInterfaceDeclaration(parent) || ts.isTypeAliasDeclaration(parent) || ts.isClassDeclaration(parent)) && parent.name === node);
      if (!isName) found.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found];
}

describe("layering", () => {
  it("src/core/ imports no ruleset and no Foundry code", () => {
    const bad = files(join(root, "src/core")).flatMap((f) => importsOf(f).filter((i) => i.startsWith("src/rulesets") || i.startsWith("src/foundry")).map((i) => `${relative(root, f)} → ${i}`));
    expect(bad).toEqual([]);
  });

  it("a ruleset's code imports no Foundry code and no other ruleset", () => {
    const bad: string[] = [];
    for (const f of files(join(root, "src/rulesets"))) {
      const mine = relative(root, f).split("/")[2];
      for (const i of importsOf(f)) {
        if (i.startsWith("src/foundry")) bad.push(`${relative(root, f)} → ${i}`);
        const other = i.startsWith("src/rulesets/") ? i.split("/")[2] : undefined;
        if (other && other !== mine && !other.endsWith(".ts") && relative(root, f) !== "src/rulesets/manifests.ts") bad.push(`${relative(root, f)} → ${i}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("the pure code names none of Foundry's globals", () => {
    const bad = [...files(join(root, "src/core")), ...files(join(root, "src/rulesets"))].flatMap((f) => globalsOf(f).map((g) => `${relative(root, f)}: ${g}`));
    expect(bad).toEqual([]);
  });
});
