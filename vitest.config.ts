import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // test/build/ checks dist/ and runs after `vite build` (tools/run-tests.mjs).
    exclude: [...configDefaults.exclude, "test/build/**"],
    environment: "node",
    // Builds the commands' bundle once, before the files that start a command run side by side.
    globalSetup: ["test/cli/build-commands.global.ts"],
    reporters: ["default"],
  },
});
