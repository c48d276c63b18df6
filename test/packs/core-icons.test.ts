/**
 * Pack images are Foundry's own (issue 23.6): a path that is not in Foundry
 * v13 core shows a broken image on every document that uses it. We cannot
 * ship or read Foundry's files, so test/fixtures/foundry-core-icons.txt lists
 * the core paths confirmed as images in public systems and modules; every
 * image a pack source names (a document's, a token's, an effect's) must be
 * one of them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CONFIRMED = new Set(
  readFileSync("test/fixtures/foundry-core-icons.txt", "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}

/** Every image path in a pack document: the values of `img`, `src` and `icon` keys, at any depth. */
function imagesOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) imagesOf(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === "img" || key === "src" || key === "icon") && typeof inner === "string" && inner) found.push(inner);
      else imagesOf(inner, found);
    }
  }
  return found;
}

describe("pack images are Foundry core images", () => {
  it("the check reads nested images and can fail", () => {
    expect(imagesOf({ img: "icons/svg/sword.svg", prototypeToken: { texture: { src: "icons/nowhere.webp" } }, effects: [{ icon: "" }] })).toEqual([
      "icons/svg/sword.svg",
      "icons/nowhere.webp",
    ]);
    expect(CONFIRMED.has("icons/nowhere.webp")).toBe(false);
    expect(CONFIRMED.size).toBeGreaterThan(100);
  });

  it("every image in packs/_source is a confirmed core path", () => {
    const unknown = jsonFiles("packs/_source").flatMap((file) =>
      imagesOf(JSON.parse(readFileSync(file, "utf8")))
        .filter((path) => !CONFIRMED.has(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(unknown).toEqual([]);
  });
});
