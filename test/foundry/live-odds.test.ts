/** src/foundry/odds.ts `liveOddsLines`: an attack dialog's odds lines redrawn as its form changes (OpenD6 and CWN share it). */
import { renderedTemplates } from "./fakes.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../src/foundry/dialogs.js", () => ({ formValues: (form: { values: Record<string, unknown> }) => ({ ...form.values }) }));
const { liveOddsLines } = await import("../../src/foundry/odds.js");

function fakeForm() {
  const listeners = new Map<string, (() => void)[]>();
  const host = { outerHTML: "<ul class=\"cy-odds-lines\"></ul>" };
  return {
    values: { modifier: "0" } as Record<string, unknown>,
    host,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    querySelector: (selector: string) => (selector === ".cy-odds-lines" ? host : null),
    fire(type: string) {
      for (const fn of listeners.get(type) ?? []) fn();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  renderedTemplates.length = 0;
});
afterEach(() => vi.useRealTimers());

describe("liveOddsLines", () => {
  it("redraws once the typing pauses, from the form's last values, read then priced", async () => {
    const form = fakeForm();
    const priced: unknown[] = [];
    liveOddsLines((v) => Number(v.modifier), (m) => (priced.push(m), { lines: [{ text: `modifier ${m}` }] }))(form as never);
    form.values.modifier = "1";
    form.fire("input");
    form.values.modifier = "2";
    form.fire("input");
    form.values.modifier = "3";
    form.fire("change");
    await vi.advanceTimersByTimeAsync(79);
    expect(priced).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Three changes in a burst: one pricing, of the last values.
    expect(priced).toEqual([3]);
    expect(renderedTemplates).toEqual([{ path: "systems/cychosys/templates/partials/odds-lines.hbs", context: { lines: [{ text: "modifier 3" }] } }]);
  });

  it("a change while the lines render wins: an older render finishing late does not overwrite the newer", async () => {
    const handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate: unknown } } } }).foundry.applications.handlebars;
    const original = handlebars.renderTemplate;
    const pending: { context: { m: string }; finish: (html: string) => void }[] = [];
    handlebars.renderTemplate = (_path: string, context: { m: string }) => new Promise<string>((finish) => pending.push({ context, finish }));
    try {
      const form = fakeForm();
      liveOddsLines((v) => String(v.modifier), (m) => ({ m }))(form as never);
      form.fire("input");
      await vi.advanceTimersByTimeAsync(80);
      form.values.modifier = "5";
      form.fire("input");
      await vi.advanceTimersByTimeAsync(80);
      expect(pending.map((p) => p.context.m)).toEqual(["0", "5"]);
      pending[1]!.finish("<ul>modifier 5</ul>");
      await vi.advanceTimersByTimeAsync(0);
      pending[0]!.finish("<ul>modifier 0</ul>");
      await vi.advanceTimersByTimeAsync(0);
      expect(form.host.outerHTML).toBe("<ul>modifier 5</ul>");
    } finally {
      handlebars.renderTemplate = original;
    }
  });
});
