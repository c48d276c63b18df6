/** `npm run package` (tools/package/): the release zip and manifest, built from a small dist/ in a temp folder. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packageRelease, releaseUrls } from "../../tools/package/package.js";
import { createZip, readZip } from "../../tools/package/zip.js";

const scratch = mkdtempSync(join(tmpdir(), "cychosys-release-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fakeDist(version: string): string {
  const dist = join(scratch, `dist-${version}`);
  mkdirSync(join(dist, "packs", "outfits"), { recursive: true });
  writeFileSync(join(dist, "system.json"), JSON.stringify({ id: "cychosys", version }));
  writeFileSync(join(dist, "cychosys.mjs"), "console.log('ünïcode');\n".repeat(50));
  writeFileSync(join(dist, "packs", "outfits", "000005.ldb"), Buffer.from([0, 1, 2, 3, 255]));
  writeFileSync(join(dist, "packs", "outfits", "CURRENT"), "MANIFEST-000002\n");
  writeFileSync(join(dist, "packs", "outfits", "LOCK"), "");
  writeFileSync(join(dist, "packs", "outfits", "LOG"), "log");
  return dist;
}

describe("release packaging", () => {
  it("fills manifest (latest release) and download (this version's zip) from the base URL", () => {
    expect(releaseUrls("https://github.com/o/r/releases/", "1.2.3")).toEqual({
      manifest: "https://github.com/o/r/releases/latest/download/system.json",
      download: "https://github.com/o/r/releases/download/v1.2.3/cychosys-v1.2.3.zip",
      zipName: "cychosys-v1.2.3.zip",
    });
  });

  it("refuses a missing base URL or a version that is not one", () => {
    expect(() => releaseUrls("", "1.2.3")).toThrow(/releaseBaseUrl/);
    expect(() => releaseUrls("https://example.com/releases", "next")).toThrow(/version/);
  });

  it("zips dist/ without LevelDB lock and log files, with the filled manifest inside and beside it", () => {
    const dist = fakeDist("0.9.0");
    const out = join(scratch, "release");
    const result = packageRelease({ distDir: dist, outDir: out, version: "0.9.0", baseUrl: "https://example.com/releases" });
    const entries = readZip(readFileSync(result.zipPath));
    expect(entries.map((e) => e.name)).toEqual(["cychosys.mjs", "packs/outfits/000005.ldb", "packs/outfits/CURRENT", "system.json"]);
    const byName = new Map(entries.map((e) => [e.name, e.data]));
    expect(byName.get("cychosys.mjs")!.equals(readFileSync(join(dist, "cychosys.mjs")))).toBe(true);
    expect(byName.get("packs/outfits/000005.ldb")!.equals(Buffer.from([0, 1, 2, 3, 255]))).toBe(true);
    const inside = JSON.parse(byName.get("system.json")!.toString("utf8"));
    expect(inside).toEqual({
      id: "cychosys",
      version: "0.9.0",
      manifest: "https://example.com/releases/latest/download/system.json",
      download: "https://example.com/releases/download/v0.9.0/cychosys-v0.9.0.zip",
    });
    expect(JSON.parse(readFileSync(result.systemPath, "utf8"))).toEqual(inside);
  });

  it("refuses a dist/ built for another version", () => {
    const dist = fakeDist("0.8.0");
    expect(() => packageRelease({ distDir: dist, outDir: join(scratch, "x"), version: "0.9.0", baseUrl: "https://example.com/r" })).toThrow(/rebuild/);
  });

  it("the same files always give the same archive, and it reads back", () => {
    const entries = [
      { name: "a.txt", data: Buffer.from("stored") },
      { name: "lang/en.json", data: Buffer.from('{"CYCHOSYS":{}}') },
    ];
    const zip = createZip(entries);
    expect(createZip(entries).equals(zip)).toBe(true);
    expect(readZip(zip).map((e) => [e.name, e.data.toString()])).toEqual([
      ["a.txt", "stored"],
      ["lang/en.json", '{"CYCHOSYS":{}}'],
    ]);
  });
});
