/** The forgiving readers every ruleset's derive uses on stored data (src/core/derive-input.ts). */
import { describe, expect, it } from "vitest";
import { norm, rec, str, whole } from "../../src/core/derive-input.js";

describe("derive input readers", () => {
  it("rec: a plain record, else {} (null, a list, a number)", () => {
    expect(rec({ a: 1 })).toEqual({ a: 1 });
    expect([rec(null), rec([1]), rec(3), rec(undefined)]).toEqual([{}, {}, {}, {}]);
  });
  it("str, whole, norm: text never undefined, numbers whole and bounded, names compared loosely", () => {
    expect([str("x"), str(null), str(undefined), str(4)]).toEqual(["x", "", "", "4"]);
    expect([whole(3, 0, 1, 5), whole(3.5, 0, 1, 5), whole(9, 0, 1, 5), whole("3", 7, 1, 5)]).toEqual([3, 0, 0, 7]);
    expect(norm("  Pistol ")).toBe("pistol");
  });
});
