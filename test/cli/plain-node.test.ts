/**
 * The rules core runs in plain Node: bundled as Vite bundles it, imported by
 * a `node` process with no loader, no Foundry globals and no DOM, it resolves
 * a seed example.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const outDir = mkdtempSync(join(tmpdir(), "cychosys-rules-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the rules core in plain Node", () => {
  it("R22/R27: a bundled core resolves Parker's throw at Riddle with no Foundry and no DOM", async () => {
    await build({
      configFile: false,
      logLevel: "silent",
      build: { outDir, emptyOutDir: true, minify: false, lib: { entry: join(root, "src/rulesets/cychosys/rules/index.ts"), formats: ["es"], fileName: () => "rules.mjs" } },
    });
    const script = `
      if (typeof window !== "undefined" || typeof game !== "undefined" || typeof Hooks !== "undefined") throw new Error("not plain");
      const r = await import(${JSON.stringify(pathToFileURL(join(outDir, "rules.mjs")).href)});
      const out = r.outcomeJson(r.resolveAttack({
        attacker: { total: 22, edge: r.parseBundle("VD6"), outfit: [] },
        defender: { outfit: [] },
        defense: { form: "evade", total: 9 },
      }));
      console.log(JSON.stringify({ injury: out.injury, taken: out.taken }));
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ injury: "VD9", taken: "D" });
  }, 60_000);
});
