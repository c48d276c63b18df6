/**
 * The docs name files by their path in the project (src/…, test/…, tools/…).
 * Files move; a doc that still names the old place sends a newcomer nowhere.
 * Every such path in README.md and docs/ must exist (an import specifier's
 * `.js` is read as the `.ts` it compiles from; placeholders like `<id>` or
 * globs are not paths). CHANGELOG.md is history and keeps old names.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["src", "test", "tools", "templates", "styles", "docs", "packs", "examples", "lang", ".ci"];
const PATH = new RegExp(`(?<![\\w/.-])((?:${ROOTS.map((r) => r.replace(".", "\\.")).join("|")})/[\\w./<>*{}|-]*)`, "g");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The paths a markdown text names, with the line each is on. */
function namedPaths(text: string): { line: number; path: string }[] {
  return text.split("\n").flatMap((line, index) =>
    [...line.matchAll(PATH)]
      .map((match) => match[1]!.replace(/[.,:;)]+$/, ""))
      .filter((path) => !/[<*{|]/.test(path))
      .map((path) => ({ line: index + 1, path })),
  );
}

function exists(path: string): boolean {
  return existsSync(path) || (path.endsWith(".js") && existsSync(path.replace(/\.js$/, ".ts")));
}

describe("paths named in the docs", () => {
  it("finds paths and skips placeholders (the check can fail)", () => {
    expect(namedPaths("see `src/core/json.ts`, src/rulesets/<id>/rules/ and test/*.ts.")).toEqual([
      { line: 1, path: "src/core/json.ts" },
    ]);
    expect(exists("src/rules/index.ts")).toBe(false);
    expect(exists("src/core/json.js")).toBe(true);
  });

  for (const file of ["README.md", ...markdownFiles("docs")]) {
    it(`${file} names only files that exist`, () => {
      const missing = namedPaths(readFileSync(file, "utf8"))
        .filter(({ path }) => !exists(path))
        .map(({ line, path }) => `${file}:${line}: ${path}`);
      expect(missing).toEqual([]);
    });
  }
});
