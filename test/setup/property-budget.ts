/**
 * Every property test (fast-check) has a time budget: after PROPERTY_BUDGET_MS
 * a property starts no new run, and passes on the runs it made if none
 * failed. On a quiet machine every property makes all its runs well inside
 * it; on a machine so busy that one would not, the test ends green on fewer
 * runs and says so (a warning), instead of failing on a timeout. The
 * unit tests' timeout (vitest.config.ts) leaves room for it.
 */
import fc from "fast-check";

export const PROPERTY_BUDGET_MS = 20_000;

fc.configureGlobal({
  interruptAfterTimeLimit: PROPERTY_BUDGET_MS,
  markInterruptAsFailure: false,
  reporter(details) {
    if (details.failed) throw new Error(fc.defaultReportMessage(details));
    if (details.interrupted) {
      console.warn(`note: a property test stopped at its time budget after ${details.numRuns} runs (the machine is busy); no run failed.`);
    }
  },
});
