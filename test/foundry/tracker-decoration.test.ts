/**
 * Issue 20.6: tracker rows decorated once (src/foundry/tracker-decoration.ts,
 * used by every ruleset's `renderCombatTracker` hook). A fake row holds the
 * decorations put in it; redraws overlap as the hook's async handlers do.
 */
import { describe, expect, it } from "vitest";
import { claimDecoration } from "../../src/foundry/tracker-decoration.js";

/** A row: the decorations in it, each removable. */
function fakeRow() {
  const children: { label: string; remove(): void }[] = [];
  const add = (label: string) => {
    const child = { label, remove: () => void children.splice(children.indexOf(child), 1) };
    children.push(child);
  };
  return { children, add, querySelectorAll: (_selector: string) => children.slice() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("decorating a tracker row", () => {
  it("two redraws close together (the first one's template arriving last) leave one decoration: the newer redraw's", async () => {
    const row = fakeRow();
    const redraw = async (label: string, delay: number) => {
      const put = claimDecoration(row, ".decoration");
      for (let i = 0; i < delay; i++) await tick();
      return put(() => row.add(label));
    };
    const [first, second] = await Promise.all([redraw("first", 3), redraw("second", 1)]);
    expect(row.children.map((c) => c.label)).toEqual(["second"]);
    expect([first, second]).toEqual([false, true]);
  });

  it("a later redraw replaces the earlier decoration instead of adding a second", async () => {
    const row = fakeRow();
    for (const label of ["one", "two", "three"]) claimDecoration(row, ".decoration")(() => row.add(label));
    expect(row.children.map((c) => c.label)).toEqual(["three"]);
  });

  it("rows are claimed one by one: decorating one row leaves another's alone", () => {
    const [a, b] = [fakeRow(), fakeRow()];
    const putA = claimDecoration(a, ".decoration");
    const putB = claimDecoration(b, ".decoration");
    expect(putA(() => a.add("a"))).toBe(true);
    expect(putB(() => b.add("b"))).toBe(true);
    expect([a.children.length, b.children.length]).toEqual([1, 1]);
  });
});
