import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { CHARACTER_PARTS, ITEM_BODY_TEMPLATES, NPC_PARTS, OBJECT_PARTS, PARTIALS } from "../../src/rulesets/cychosys/views/index.js";
import { previewSheets } from "../../tools/preview/fixtures.js";
import { makeI18n } from "../../tools/preview/helpers.js";
import { makeEnvironment, readLang, renderParts, ROOT, templateSources } from "../../tools/preview/render.js";

const lang = readLang();
const i18n = makeI18n(lang);
const sources = templateSources();

describe("templates", () => {
  it.each([...sources.keys()])("%s compiles with the real Handlebars", (path) => {
    expect(() => Handlebars.precompile(sources.get(path)!)).not.toThrow();
  });

  it("every template and partial the sheets name exists", () => {
    const named = [
      ...Object.values(CHARACTER_PARTS).map((p) => p.template),
      ...Object.values(NPC_PARTS).map((p) => p.template),
      ...Object.values(OBJECT_PARTS).map((p) => p.template),
      ...Object.values(ITEM_BODY_TEMPLATES),
      ...PARTIALS,
    ];
    for (const path of named) expect(sources.has(path), path).toBe(true);
  });

  it("every literal CYCHOSYS key in the templates and sheet code is in lang/en.json", () => {
    const code = ["src/rulesets/cychosys/views/labels.ts", "src/rulesets/cychosys/views/combatant.ts", "src/rulesets/cychosys/views/items.ts", "src/foundry/cychosys/sheets/actor-sheets.ts", "src/foundry/cychosys/sheets/item-sheets.ts", "src/foundry/cychosys/sheets/index.ts"]
      .map((f) => readFileSync(join(ROOT, f), "utf8"))
      .join("\n");
    const ours = [...sources].filter(([path]) => /\/templates\/(actor|item|partials)\//.test(path)).map(([, source]) => source);
    const text = ours.join("\n") + code;
    const keys = new Set([...text.matchAll(/CYCHOSYS\.[A-Za-z]+(?:\.[A-Za-z]+)+(?=["`])/g)].map((m) => m[0]));
    expect(keys.size).toBeGreaterThan(100);
    // A key naming a group (ApplicationV2's tab labelPrefix) must name an object of keys.
    const group = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);
    expect([...keys].filter((k) => !i18n.has(k) && typeof group(k) !== "object")).toEqual([]);
  });
});

describe("the preview harness", () => {
  const env = makeEnvironment(lang);

  it.each(previewSheets(lang).map((s) => [s.id, s] as const))("%s renders with no raw lang key", (_id, sheet) => {
    const html = renderParts(env, sheet);
    expect(html.length).toBeGreaterThan(500);
    expect(html.match(/CYCHOSYS\.[\w.]+/g) ?? []).toEqual([]);
  });

  it("localize stands in for Foundry's: translation, missing key returned as is, hash formats", () => {
    const render = (source: string, context = {}) => env.hbs.compile(source)(context);
    expect(render('{{localize "CYCHOSYS.Sheet.Quickness"}}')).toBe("Quickness");
    expect(render('{{localize "CYCHOSYS.Sheet.NoSuchKey"}}')).toBe("CYCHOSYS.Sheet.NoSuchKey");
    expect(render('{{localize "CYCHOSYS.Sheet.RollNamed" name=n}}', { n: "shoot" })).toBe("Roll shoot");
    expect(render("{{numberFormat 3 sign=true}} {{numberFormat -2 sign=true}} {{numberFormat 0 sign=true}}")).toBe("+3 -2 0");
    expect(render("<input {{checked a}}><input {{checked b}}> {{disabled a}}", { a: true, b: false })).toBe("<input checked><input > disabled");
    expect(render('{{selectOptions c selected="b"}}', { c: { a: "A", b: "B" } })).toBe('<option value="a">A</option><option value="b" selected>B</option>');
  });
});
