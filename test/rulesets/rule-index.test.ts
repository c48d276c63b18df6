/**
 * Issue 20.8: rule ids a reader can follow without our workspace. Each
 * ruleset's doc (docs/rulesets/<id>.md) carries a rule index — every id of its
 * rules reference, one line each in our own words — and every rule id cited
 * in that ruleset's own code and tests is in its index. The references
 * themselves are not in the project, so nothing here points at them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

/** Each ruleset: its doc, its rule-id letter, how many rules its reference has, and the folders that are its own. */
const RULESETS = [
  {
    id: "cychosys",
    letter: "R",
    count: 41,
    // The folders from before rulesets existed are Cychosys's too.
    own: ["src/rulesets/cychosys", "src/foundry/cychosys", "test/rulesets/cychosys", "test/rules", "test/combat", "test/workflow", "test/chat", "test/data", "test/applications", "test/dice", "test/documents"],
  },
  { id: "d6", letter: "D", count: 41, own: ["src/rulesets/d6", "src/foundry/d6", "test/rulesets/d6", "test/d6"] },
  { id: "cwn", letter: "W", count: 40, own: ["src/rulesets/cwn", "src/foundry/cwn", "test/rulesets/cwn", "test/cwn"] },
  { id: "phase", letter: "P", count: 41, own: ["src/rulesets/phase", "src/foundry/phase", "test/rulesets/phase", "test/phase"] },
  { id: "gurps", letter: "G", count: 94, own: ["src/rulesets/gurps", "src/foundry/gurps", "test/rulesets/gurps", "test/gurps"] },
] as const;

/** The index of a ruleset's doc: id → its line. */
function ruleIndex(id: string): Map<string, string> {
  const doc = readFileSync(join(ROOT, "docs/rulesets", `${id}.md`), "utf8");
  const start = doc.indexOf("\n## Rule index\n");
  expect(start, `docs/rulesets/${id}.md has a "Rule index" section`).toBeGreaterThan(-1);
  const section = doc.slice(start).split(/\n## (?!Rule index)/)[0]!;
  return new Map([...section.matchAll(/^- \*\*([A-Z]\d+)\*\* (.+)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Every .ts file under a folder. */
function filesUnder(folder: string): string[] {
  const dir = join(ROOT, folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => join(dir, f));
}

describe.each(RULESETS)("the $id rule index", ({ id, letter, count, own }) => {
  const index = ruleIndex(id);

  it(`lists every rule of the reference, ${letter}1–${letter}${count}, in order, each with a line of its own`, () => {
    expect([...index.keys()]).toEqual(Array.from({ length: count }, (_, i) => `${letter}${i + 1}`));
    for (const [rule, line] of index) {
      expect(line.length, rule).toBeGreaterThan(20);
      expect(line, rule).toMatch(/\*\((chapter|chapter, details ours|ours|outside the chapter)\)\*$/);
    }
    const texts = [...index.values()];
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("holds every rule id the ruleset's own code and tests cite", () => {
    const cited = new Map<string, string>();
    const pattern = new RegExp(`\\b${letter}(\\d+)\\b`, "g");
    const files = own.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) for (const m of readFileSync(file, "utf8").matchAll(pattern)) if (!cited.has(m[0])) cited.set(m[0], relative(ROOT, file));
    expect(cited.size).toBeGreaterThan(0);
    const missing = [...cited].filter(([rule]) => !index.has(rule)).map(([rule, file]) => `${rule} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe("rule references", () => {
  it("point at the rule indexes, never at a file outside the project", () => {
    const places = ["src", "test", "docs", "README.md", "CHANGELOG.md", "examples", "tools"];
    const files = places.flatMap((p) => (p.endsWith(".md") ? [join(ROOT, p)] : (readdirSync(join(ROOT, p), { recursive: true, encoding: "utf8" }) as string[]).filter((f) => /\.(ts|md|json|mjs)$/.test(f)).map((f) => join(ROOT, p, f))));
    const outside = files.filter((f) => /shared\/(rules|seeds)\//.test(readFileSync(f, "utf8"))).map((f) => relative(ROOT, f));
    expect(outside).toEqual([]);
  });
});
