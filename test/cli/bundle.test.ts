/**
 * The commands' bundle (tools/cli-bundle.mjs): built once, fresh while
 * nothing it was made from changed, stale as soon as a source changes, is
 * removed, or a file is added beside one (a ruleset's new bench.ts). Shown
 * on a small project of its own in a temporary folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_FILES, build, entryOf, freshBuild } from "../../tools/cli-bundle.mjs";

const root = mkdtempSync(join(tmpdir(), "cychosys-bundle-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};
/**
 * Every file and folder of the project aged a minute, as sources are before a build (one counts as made two
 * seconds before it starts); touching one afterwards marks it changed now.
 */
const ageAll = () => {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!path.includes("node_modules")) utimesSync(path, new Date(), new Date(Date.now() - 60_000));
  }
};
const touch = (path: string) => utimesSync(join(root, path), new Date(), new Date());

for (const file of BUILD_FILES) write(file, "{}");
write("src/cli/main.ts", 'import { answer } from "./answer.js";\nexport const run = (name: string): string => `${name} ${answer}`;\n');
write("src/cli/answer.ts", "export const answer: number = 42;\n");
write("lang/unused.json", "{}");
ageAll();
const place = { root, cache: join(root, "node_modules", ".cache", "cli"), entry: join(root, "src", "cli", "main.ts") };

describe("the commands' bundle", () => {
  it("is built from the sources and runs as plain JavaScript", async () => {
    expect(freshBuild(place)).toBeUndefined();
    const record = await build(place);
    expect(record.inputs).toEqual(expect.arrayContaining(["src/cli/main.ts", "src/cli/answer.ts", "src/cli", ...BUILD_FILES]));
    expect(record.inputs).not.toContain("lang/unused.json");
    expect(freshBuild(place)).toEqual(record);
    const { run } = await import(pathToFileURL(entryOf(place, record)).href);
    expect(run("rules")).toBe("rules 42");
  });

  it("is stale when a source it was made from changes, or a build file does", async () => {
    touch("src/cli/answer.ts");
    expect(freshBuild(place)).toBeUndefined();
    ageAll();
    await build(place);
    expect(freshBuild(place)).toBeDefined();
    touch("tools/cli-bundle.mjs");
    expect(freshBuild(place)).toBeUndefined();
  });

  it("is stale when a file is added beside its sources, or one of them is gone", async () => {
    ageAll();
    await build(place);
    expect(freshBuild(place)).toBeDefined();
    write("src/cli/bench.ts", "export {};\n");
    expect(freshBuild(place)).toBeUndefined();
    ageAll();
    await build(place);
    expect(freshBuild(place)).toBeDefined();
    rmSync(join(root, "src", "cli", "answer.ts"));
    expect(freshBuild(place)).toBeUndefined();
  });

  it("a file touched but unchanged and not among its inputs leaves it fresh", async () => {
    write("src/cli/answer.ts", "export const answer: number = 42;\n");
    ageAll();
    const record = await build(place);
    touch("lang/unused.json");
    expect(freshBuild(place)).toEqual(record);
  });
});
