/**
 * GM-only request fields (src/core/gm-only.ts): the one check every ruleset's
 * card steps and tracker requests go through before any handler runs.
 */
import { describe, expect, it } from "vitest";
import { gmOnlyFieldSent } from "../../src/core/gm-only.js";

const fields = { declare: ["modifiers", "difficulty"], order: ["places"] };

describe("gmOnlyFieldSent", () => {
  it("names the first GM-only field a player sent with a value", () => {
    expect(gmOnlyFieldSent({ step: "declare", modifiers: [{ value: -99 }] }, "declare", fields, false)).toBe("modifiers");
    expect(gmOnlyFieldSent({ step: "declare", difficulty: 3 }, "declare", fields, false)).toBe("difficulty");
    expect(gmOnlyFieldSent({ kind: "order", places: ["a"] }, "order", fields, false)).toBe("places");
  });

  it("a zero, false or empty text is a value: refused from a player", () => {
    expect(gmOnlyFieldSent({ difficulty: 0 }, "declare", fields, false)).toBe("difficulty");
    expect(gmOnlyFieldSent({ difficulty: false }, "declare", fields, false)).toBe("difficulty");
    expect(gmOnlyFieldSent({ difficulty: "" }, "declare", fields, false)).toBe("difficulty");
  });

  it("absent, null or an empty list is not sent; a GM may send anything", () => {
    expect(gmOnlyFieldSent({ step: "declare" }, "declare", fields, false)).toBeUndefined();
    expect(gmOnlyFieldSent({ modifiers: [], difficulty: null }, "declare", fields, false)).toBeUndefined();
    expect(gmOnlyFieldSent({ modifiers: [{ value: -99 }] }, "declare", fields, true)).toBeUndefined();
  });

  it("kinds with no GM-only fields, unknown kinds and odd values pass to the schema's own check", () => {
    expect(gmOnlyFieldSent({ modifiers: [1] }, "defend", fields, false)).toBeUndefined();
    expect(gmOnlyFieldSent({ modifiers: [1] }, "toString", fields, false)).toBeUndefined();
    expect(gmOnlyFieldSent({ modifiers: [1] }, 7, fields, false)).toBeUndefined();
    expect(gmOnlyFieldSent(null, "declare", fields, false)).toBeUndefined();
    expect(gmOnlyFieldSent({ modifiers: [1] }, "declare", undefined, false)).toBeUndefined();
  });

  it("an inherited field is not the request's own: not read", () => {
    const forged = Object.create({ modifiers: [{ value: -99 }] }) as object;
    expect(gmOnlyFieldSent(forged, "declare", fields, false)).toBeUndefined();
  });
});
