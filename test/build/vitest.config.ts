/**
 * The build checks: they inspect dist/, so they run only after `vite build`
 * (tools/run-tests.mjs runs them as their own stage).
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/build/**/*.test.ts"],
    environment: "node",
    // One test file per core (vitest's default leaves one idle: on 2 cores, one file at a time).
    maxWorkers: availableParallelism(),
    // Each file imports or parses the whole built module (every ruleset, ~1 MB): slow on a busy machine, never stuck.
    // They assert results, never speed.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
