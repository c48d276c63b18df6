/**
 * The house style's typography helpers (src/core/views/text.ts; docs/style.md,
 * "Typography"): true minus, signed figures, plurals through Intl.PluralRules,
 * sentence case, lists in words.
 */
import { describe, expect, it } from "vitest";
import { figure, listText, MINUS, plural, pluralCategory, pluralKey, sentenceCase, signed, trueMinus } from "../../src/core/views/text.js";

describe("figures and signs", () => {
  it("a negative figure carries the true minus (U+2212), never a hyphen", () => {
    expect(MINUS).toBe("\u2212");
    expect(figure(-2)).toBe("−2");
    expect(figure(-2)).not.toContain("-");
    expect(figure(0)).toBe("0");
    expect(figure(-0)).toBe("0");
    expect(figure(12)).toBe("12");
    expect(figure(Number.NaN)).toBe("NaN");
  });

  it("a modifier is signed: +3, −2, and 0 or the zero given", () => {
    expect(signed(3)).toBe("+3");
    expect(signed(-2)).toBe("−2");
    expect(signed(0)).toBe("0");
    expect(signed(0, "±0")).toBe("±0");
    expect(signed(1.5)).toBe("+1.5");
  });

  it("trueMinus turns a hyphen used as a minus before a digit into a true minus, and leaves dice codes and words alone", () => {
    expect(trueMinus("trademark -2")).toBe("trademark −2");
    expect(trueMinus("-1 to hit")).toBe("−1 to hit");
    expect(trueMinus("shock (-4)")).toBe("shock (−4)");
    expect(trueMinus("1d6-1 damage")).toBe("1d6-1 damage");
    expect(trueMinus("well-known 3-4 odds")).toBe("well-known 3-4 odds");
    expect(trueMinus("5D+1 = 3D+1")).toBe("5D+1 = 3D+1");
  });
});

describe("plurals", () => {
  const hits = { one: "{count} hit", other: "{count} hits" };

  it("English: one for 1, other for 0, 2 and fractions", () => {
    expect(plural(1, hits)).toBe("1 hit");
    expect(plural(0, hits)).toBe("0 hits");
    expect(plural(2, hits)).toBe("2 hits");
    expect(plural(1.5, hits)).toBe("1.5 hits");
    expect(plural(-1, hits)).toBe("−1 hit");
  });

  it("a language with more categories picks its own (Polish: few, many), falling back to other when a form is missing", () => {
    const forms = { one: "{count} rana", few: "{count} rany", many: "{count} ran", other: "{count} rany" };
    expect(plural(1, forms, "pl")).toBe("1 rana");
    expect(plural(3, forms, "pl")).toBe("3 rany");
    expect(plural(5, forms, "pl")).toBe("5 ran");
    expect(plural(5, { other: "{count} x" }, "pl")).toBe("5 x");
    expect(pluralCategory(22, "pl")).toBe("few");
  });

  it("pluralKey names the lang entry of the count's category, or .other when the language has none for it", () => {
    const keys = new Set(["CYCHOSYS.Unit.yard.one", "CYCHOSYS.Unit.yard.other"]);
    const has = (key: string) => keys.has(key);
    expect(pluralKey("CYCHOSYS.Unit.yard", 1, has)).toBe("CYCHOSYS.Unit.yard.one");
    expect(pluralKey("CYCHOSYS.Unit.yard", 12, has)).toBe("CYCHOSYS.Unit.yard.other");
    expect(pluralKey("CYCHOSYS.Unit.yard", 5, has, "pl")).toBe("CYCHOSYS.Unit.yard.other");
  });
});

describe("sentence case and lists", () => {
  it("sentenceCase capitalises the first letter only, after any leading punctuation or figure", () => {
    expect(sentenceCase("mortally wounded")).toBe("Mortally wounded");
    expect(sentenceCase("Take the blow")).toBe("Take the blow");
    expect(sentenceCase("“dodge” first")).toBe("“Dodge” first");
    expect(sentenceCase("3 hits")).toBe("3 hits");
    expect(sentenceCase("ßig")).toBe("SSig");
    expect(sentenceCase("")).toBe("");
  });

  it("listText joins items in the locale's words", () => {
    expect(listText(["Mo"])).toBe("Mo");
    expect(listText(["Mo", "Leroy"])).toBe("Mo and Leroy");
    expect(listText(["Mo", "Leroy", "Earl"])).toBe("Mo, Leroy, and Earl");
    expect(listText(["Mo", "Leroy", "Earl"], "en-GB")).toBe("Mo, Leroy and Earl");
  });
});
