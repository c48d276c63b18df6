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
    // Room for a busy machine: the checks read every built file and load the build; they assert results,
    // never speed (the ruleset chunks' arrival is waited for up to 30 s the same way).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
