import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // test/build/ checks dist/ and runs after `vite build` (tools/run-tests.mjs).
    exclude: [...configDefaults.exclude, "test/build/**"],
    environment: "node",
    // One test file per core. Vitest's default leaves a core to its own process, which mostly waits: on a
    // 2-core machine that is one file at a time, twice as long.
    maxWorkers: availableParallelism(),
    // Builds the commands' bundle once, before the files that start a command run side by side.
    globalSetup: ["test/cli/build-commands.global.ts"],
    // Property tests stop at a time budget (test/setup/property-budget.ts, 20 s a property).
    setupFiles: ["test/setup/property-budget.ts"],
    // A test's own work, on a busy 2-core machine: room for a property's budget and more. Tests assert
    // results, never speed, so a generous timeout hides nothing; a hang still ends.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
