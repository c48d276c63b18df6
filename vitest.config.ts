import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Two projects. "shared": the rules cores, views, commands, packs and the
 * tests that drive them through small fakes they set up and take down
 * themselves — run without a fresh module graph per file (isolate: false),
 * since importing the same cores again for every file was most of the
 * stage's time. "isolated": the tests that stub Foundry's globals or keep a
 * fake world in module state (test/combat, test/foundry, test/data…), each
 * file in its own module graph. A new test that leaves a global or a
 * registered fake behind belongs in "isolated" (its directory below, or
 * FOUNDRY_FAKES); the shared project passes with its files in any order
 * (checked with --sequence.shuffle.files).
 */
const SHARED_DIRS = ["test/rules", "test/rulesets", "test/core", "test/cli", "test/packs", "test/applications", "test/chat", "test/cwn", "test/d6", "test/dice", "test/documents", "test/gurps", "test/phase", "test/setup", "test/workflow"];
/** Files under SHARED_DIRS that stub globals or drive fake Foundry documents. */
const FOUNDRY_FAKES = [
  "test/rulesets/d6/tracker-thug.test.ts",
  "test/rulesets/cychosys/refund-by-delta.test.ts",
  "test/rulesets/cychosys/table-costs.test.ts",
  "test/rulesets/cychosys/out-of-order-undo.test.ts",
  "test/rulesets/cychosys/size.test.ts",
  "test/rulesets/cychosys/unmetered-attacker.test.ts",
];
const shared = SHARED_DIRS.map((dir) => `${dir}/**/*.test.ts`);
// test/build/ checks dist/ and runs after `vite build` (tools/run-tests.mjs).
const excluded = [...configDefaults.exclude, "test/build/**"];
/** Every other test directory, and the test files at the top of test/. */
const isolated = [
  "test/*.test.ts",
  ...readdirSync(new URL("test", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SHARED_DIRS.includes(`test/${entry.name}`))
    .map((entry) => `test/${entry.name}/**/*.test.ts`),
  ...FOUNDRY_FAKES,
];

export default defineConfig({
  test: {
    environment: "node",
    // One test file per core. Vitest's default leaves a core to its own process, which mostly waits: on a
    // 2-core machine that is one file at a time, twice as long.
    maxWorkers: availableParallelism(),
    // Worker threads, not child processes: an isolated file starts in a fresh thread for less than a fresh process.
    pool: "threads",
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
          name: "shared",
          include: shared,
          exclude: [...excluded, ...FOUNDRY_FAKES],
          isolate: false,
          // Builds the commands' bundle once, before the files that start a command run side by side.
          globalSetup: ["test/cli/build-commands.global.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: isolated,
          exclude: excluded,
        },
      },
    ],
  },
});
