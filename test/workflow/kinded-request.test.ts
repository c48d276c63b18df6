/**
 * The tracker requests' shared shape check (src/core/kinded-request.ts):
 * the request as a whole and the common field kinds every ruleset's tracker
 * uses (ids, true/false, bounded numbers, die faces), in the ruleset's words.
 */
import { describe, expect, it } from "vitest";
import { type CommonFieldSpec, commonFieldProblem, parseKindedRequest } from "../../src/core/kinded-request.js";

const invalid = (field: string, problem: string, params: Record<string, string | number> = {}) => ({ ok: false as const, field, reason: `${problem}${JSON.stringify(params)}` });
const check = (spec: CommonFieldSpec, value: unknown) => commonFieldProblem("f", spec, value, invalid)?.reason ?? null;

describe("commonFieldProblem", () => {
  it("ids: plain letters and digits; an optional id may be empty; missing is missing", () => {
    expect(check({ type: "id" }, "abc123")).toBeNull();
    expect(check({ type: "id" }, "a.b")).toBe("notId{}");
    expect(check({ type: "id" }, "")).toBe("notId{}");
    expect(check({ type: "optionalId" }, "")).toBeNull();
    expect(check({ type: "id" }, undefined)).toBe("missing{}");
    expect(check({ type: "bool" }, null)).toBe("missing{}");
  });

  it("numbers whole and within bounds; true/false only", () => {
    expect(check({ type: "int", min: 1, max: 8 }, 8)).toBeNull();
    expect(check({ type: "int", min: 1, max: 8 }, 8.5)).toBe('outOfRange{"min":1,"max":8}');
    expect(check({ type: "int", min: 1, max: 8 }, "3")).toBe('outOfRange{"min":1,"max":8}');
    expect(check({ type: "bool" }, "true")).toBe("notBoolean{}");
  });

  it("faces: a bounded list, each face from 1 to its die's size (6 unless said)", () => {
    expect(check({ type: "faces", min: 1, max: 3 }, [1, 6])).toBeNull();
    expect(check({ type: "faces", min: 1, max: 3 }, [])).toBe('count{"min":1,"max":3}');
    expect(check({ type: "faces", min: 0, max: 3 }, [7])).toBe('face{"faces":6}');
    expect(check({ type: "faces", min: 0, max: 3, faces: 8 }, [7])).toBeNull();
  });
});

describe("parseKindedRequest", () => {
  const schema = { schemas: { go: { id: { type: "id" } as CommonFieldSpec } }, checkField: (n: string, s: CommonFieldSpec, v: unknown) => commonFieldProblem(n, s, v, invalid), invalid, maxKeys: 3 };
  it("a fresh object of exactly the kind's fields; anything else refused by name", () => {
    expect(parseKindedRequest({ kind: "go", id: "x1" }, schema)).toEqual({ ok: true, request: { kind: "go", id: "x1" } });
    expect(parseKindedRequest({ kind: "go", id: "x1", hp: 9 }, schema)).toMatchObject({ ok: false, field: "hp" });
    expect(parseKindedRequest({ kind: "stop" }, schema)).toMatchObject({ ok: false, field: "kind" });
    expect(parseKindedRequest([], schema)).toMatchObject({ ok: false, field: "request" });
    expect(parseKindedRequest(Object.create({ kind: "go" }), schema)).toMatchObject({ ok: false, field: "request" });
  });
});
