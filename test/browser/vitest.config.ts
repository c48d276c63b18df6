/**
 * The browser tests: Chromium (Debian's `chromium`) driven by playwright-core
 * over the sheet previews (tools/preview). Their own stage in
 * tools/run-tests.mjs; `npx vitest run --config test/browser/vitest.config.ts`.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/browser/**/*.browser.ts"],
    globalSetup: ["test/browser/global-setup.ts"],
    environment: "node",
    reporters: ["default"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time on two cores, each worker keeping the modules it
    // loaded for its next file (the preview's view code is shared by all).
    fileParallelism: true,
    maxWorkers: 2,
    isolate: false,
  },
});
