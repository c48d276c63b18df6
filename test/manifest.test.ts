/** system.json: the manifest Foundry reads, checked against the repository. */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFESTS } from "../src/rulesets/manifests.js";

const root = resolve(import.meta.dirname, "..");
const readJson = (file: string) => JSON.parse(readFileSync(resolve(root, file), "utf8"));
const manifest = readJson("system.json");

describe("system.json", () => {
  it("names the system and its Foundry version", () => {
    expect(manifest.id).toBe("cychosys");
    expect(manifest.title).toBe("Cychosys");
    expect(manifest.compatibility).toEqual({ minimum: "13", verified: "13" });
    expect(manifest.authors.length).toBeGreaterThan(0);
  });

  it("has package.json's version", () => {
    expect(manifest.version).toBe(readJson("package.json").version);
  });

  it("loads the bundle the build writes", () => {
    expect(manifest.esmodules).toEqual(["cychosys.mjs"]);
  });

  it("names styles, languages and licence that exist in the repository", () => {
    const files = [...manifest.styles, ...manifest.languages.map((l: { path: string }) => l.path), manifest.license];
    for (const file of files) expect(existsSync(resolve(root, file)), file).toBe(true);
  });

  it("points each language at valid JSON with the system's strings", () => {
    for (const language of manifest.languages) {
      expect(readJson(language.path).CYCHOSYS?.SystemTitle, language.path).toBeTypeOf("string");
    }
  });

  it("declares every ruleset's document types, each with the HTML fields its schema has", () => {
    for (const m of MANIFESTS) {
      for (const doc of ["Actor", "Item"] as const) {
        for (const [type, t] of Object.entries(m[doc])) expect(manifest.documentTypes[doc][type], `${m.id} ${doc} ${type}`).toEqual(t.htmlFields?.length ? { htmlFields: t.htmlFields } : {});
      }
    }
    const declared = ["Actor", "Item"].flatMap((doc) => Object.keys(manifest.documentTypes[doc]));
    expect(declared.sort()).toEqual(MANIFESTS.flatMap((m) => [...Object.keys(m.Actor), ...Object.keys(m.Item)]).sort());
  });
});
