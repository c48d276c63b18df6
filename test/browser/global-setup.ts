/**
 * Runs once before all browser test files, in vitest's main process:
 * empties the shared screenshots folder (each run's screenshots are that
 * run's), serves the repository's preview pages, icon font and axe-core
 * over HTTP on 127.0.0.1 (static-server.ts), writes every preview page once
 * (tools/preview/build.ts), and launches ONE Chromium that every test file
 * connects to through its websocket endpoint (a file opens its own browser
 * context, so files never share a page or a viewport). Closes both after
 * the last file.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { relative } from "node:path";
import { buildPreview } from "../../tools/preview/build.js";
import { assetUrl, ROOT, useAssetBase } from "../../tools/preview/render.js";
import { ACCESSIBILITY, CHROMIUM, FLAGS, PREVIEW, SCREENSHOTS } from "./harness.js";
import { serveStatic } from "./static-server.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const dir of [SCREENSHOTS, ACCESSIBILITY]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  mkdirSync(PREVIEW, { recursive: true });
  const { server, base } = await serveStatic(ROOT, ["test-results/preview", "node_modules/@fortawesome/fontawesome-free", "node_modules/axe-core"]);
  useAssetBase(base);
  const pages = buildPreview(PREVIEW).pages.map((p) => ({ ...p, url: assetUrl(relative(ROOT, p.file).split("\\").join("/")) }));
  project.provide("previewPages", pages);
  project.provide("axeUrl", assetUrl("node_modules/axe-core/axe.min.js"));
  const browser = existsSync(CHROMIUM) ? await chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS, headless: true }) : undefined;
  project.provide("chromiumEndpoint", browser?.wsEndpoint() ?? "");
  return async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  };
}
