/**
 * The property tests' time budget (property-budget.ts, a setup file of every
 * unit test): a property that runs out of time passes on the runs it made
 * and says so; a failing property still fails, with fast-check's report.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { PROPERTY_BUDGET_MS } from "./property-budget.js";

describe("the property tests' time budget", () => {
  it("is set for every property test", () => {
    expect(fc.readConfigureGlobal()).toMatchObject({ interruptAfterTimeLimit: PROPERTY_BUDGET_MS, markInterruptAsFailure: false });
  });

  it("a property out of time passes on the runs it made and says so", () => {
    const note = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let runs = 0;
    let calls: unknown[][] = [];
    try {
      fc.assert(
        fc.property(fc.nat(), () => {
          runs++;
          const until = performance.now() + 2;
          while (performance.now() < until);
        }),
        { numRuns: 1_000_000, interruptAfterTimeLimit: 50 },
      );
      calls = [...note.mock.calls];
    } finally {
      note.mockRestore();
    }
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(1_000_000);
    expect(calls).toEqual([[expect.stringMatching(/^note: a property test stopped at its time budget after \d+ runs/)]]);
  });

  it("a failing property still fails with fast-check's report", () => {
    expect(() => fc.assert(fc.property(fc.nat(), (n) => n < 10), { seed: 1 })).toThrow(/Property failed after \d+ tests/);
  });
});
