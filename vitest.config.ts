import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Two projects. "pure": the rules cores, views, commands and packs — code
 * with no Foundry globals — run without a fresh module graph per file
 * (isolate: false), since importing the same cores again for every file was
 * most of the stage's time. "foundry": every test that stubs Foundry's
 * globals or keeps fake documents, each file in its own module graph as
 * before. A test that installs a global or fake world belongs in "foundry"
 * (a directory below, or FOUNDRY_FAKES).
 */
const PURE_DIRS = ["test/rules", "test/rulesets", "test/core", "test/cli", "test/packs"];
/** Files under PURE_DIRS that stub globals or drive fake Foundry documents. */
const FOUNDRY_FAKES = [
  "test/rulesets/d6/tracker-thug.test.ts",
  "test/rulesets/cychosys/refund-by-delta.test.ts",
  "test/rulesets/cychosys/table-costs.test.ts",
  "test/rulesets/cychosys/out-of-order-undo.test.ts",
  "test/rulesets/cychosys/size.test.ts",
  "test/rulesets/cychosys/unmetered-attacker.test.ts",
];
const pure = PURE_DIRS.map((dir) => `${dir}/**/*.test.ts`);
// test/build/ checks dist/ and runs after `vite build` (tools/run-tests.mjs).
const excluded = [...configDefaults.exclude, "test/build/**"];
/** Every other test directory, and the test files at the top of test/. */
const foundry = [
  "test/*.test.ts",
  ...readdirSync(new URL("test", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !PURE_DIRS.includes(`test/${entry.name}`))
    .map((entry) => `test/${entry.name}/**/*.test.ts`),
  ...FOUNDRY_FAKES,
];

export default defineConfig({
  test: {
    environment: "node",
    // One test file per core. Vitest's default leaves a core to its own process, which mostly waits: on a
    // 2-core machine that is one file at a time, twice as long.
    maxWorkers: availableParallelism(),
    // Property tests stop at a time budget (test/setup/property-budget.ts, 20 s a property).
    setupFiles: ["test/setup/property-budget.ts"],
    // A test's own work, on a busy 2-core machine: room for a property's budget and more. Tests assert
    // results, never speed, so a generous timeout hides nothing; a hang still ends.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "pure",
          include: pure,
          exclude: [...excluded, ...FOUNDRY_FAKES],
          isolate: false,
          // Builds the commands' bundle once, before the files that start a command run side by side.
          globalSetup: ["test/cli/build-commands.global.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "foundry",
          include: foundry,
          exclude: excluded,
        },
      },
    ],
  },
});
