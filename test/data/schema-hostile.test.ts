/**
 * validateSystemSource never throws, whatever it is given: deep and cyclic
 * values, getters and proxy traps that throw, huge arrays, class instances,
 * NaN, Infinity (1e400 parsed), -0, BigInt, symbols. It returns problems with
 * field paths instead, each message one short line with nothing raw in it.
 * Property tests (fast-check) over fc.anything and hand-made hostile values,
 * as a whole `system` and planted at every field of a valid one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTOR_TYPES,
  type DocumentName,
  type FieldsDescription,
  ITEM_TYPES,
  MAX_PROBLEMS,
  schemaFor,
  systemDefaults,
  validateSystemSource,
  valueAboveMaxProblems,
} from "../../src/rulesets/cychosys/data/schema/index.js";
import { RAW_UNSAFE } from "../fixtures/hostile.js";

const TYPES: [DocumentName, string][] = [...ACTOR_TYPES.map((t) => ["Actor", t] as [DocumentName, string]), ...ITEM_TYPES.map((t) => ["Item", t] as [DocumentName, string])];

const deepArray = (levels: number) => {
  let v: unknown = [];
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};
const deepObject = (levels: number) => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v, value: v };
  return v;
};
const throwing = () => {
  throw new Error("boom");
};
class Custom {
  value = 3;
  max = 2;
  get name(): string {
    return throwing();
  }
}

/** Hand-made hostile values, made fresh for each run. */
const makers: Record<string, () => unknown> = {
  deepArray: () => deepArray(20_000),
  deepObject: () => deepObject(20_000),
  cyclic: () => {
    const o: Record<string, unknown> = { value: 1, max: 2 };
    o.self = o;
    o.list = [o, o];
    return o;
  },
  cyclicArray: () => {
    const a: unknown[] = [];
    a.push(a, { shield: a });
    return a;
  },
  throwingGetter: () => Object.defineProperty({ value: 1 }, "max", { get: throwing, enumerable: true }),
  throwingGetters: () => Object.defineProperties({}, Object.fromEntries(["value", "max", "shield", "skin", "hit", "name", "bonus"].map((k) => [k, { get: throwing, enumerable: true }]))),
  throwingToPrimitive: () => ({ [Symbol.toPrimitive]: throwing, toString: throwing, valueOf: throwing, toJSON: throwing }),
  throwingProxy: () => new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing, getPrototypeOf: throwing }),
  throwingArrayProxy: () => new Proxy([1, 2, 3], { get: throwing, getOwnPropertyDescriptor: throwing }),
  revokedProxy: () => {
    const r = Proxy.revocable({}, {});
    r.revoke();
    return r.proxy;
  },
  hugeArray: () => new Array(1_000_000).fill("x"),
  hugeSparseArray: () => new Array(2 ** 32 - 1),
  hugeString: () => "\u001b[31m\u202e".repeat(300_000),
  hugeKeys: () => Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`\u202ekey${i}`, i])),
  nullPrototype: () => Object.assign(Object.create(null), { value: 1, max: 0 }),
  classInstance: () => new Custom(),
  builtins: () => [new Date(Number.NaN), new Map([[1, 2]]), new Set([1]), /x/, new Error("e"), new Uint8Array(4), new WeakMap(), Promise.resolve()],
  numbers: () => [Number.NaN, Infinity, -Infinity, JSON.parse("1e400"), JSON.parse("-1e400"), -0, Number.MAX_VALUE, 2 ** 53 + 1, 0.5],
  bigints: () => [10n, -(10n ** 400n)],
  symbols: () => [Symbol("s"), Symbol.iterator, Symbol(), Symbol("\u001b".repeat(1000))],
  functions: () => [() => 1, class {}, Math.max],
  boxed: () => [Object("s"), Object(1), Object(true)],
};
/**
 * A hostile value: a maker's name (the value is made inside the property, so
 * that fast-check never handles a throwing proxy itself), or fc.anything.
 */
type Hostile = { maker: string } | { value: unknown };
const make = (h: Hostile): unknown => ("maker" in h ? makers[h.maker]!() : h.value);
const arbHostile: fc.Arbitrary<Hostile> = fc.oneof(
  fc.constantFrom(...Object.keys(makers)).map((maker) => ({ maker })),
  fc.anything({
    maxDepth: 4,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    withUnicodeString: true,
  }).map((value) => ({ value })),
);

/** Every field path of a description (a.b.c), lists' elements as `.0`. */
function fieldPaths(fields: FieldsDescription, prefix: string[] = []): string[][] {
  return Object.entries(fields).flatMap(([key, field]) => {
    const here = [...prefix, key];
    if (field.kind === "object") return [here, ...fieldPaths(field.fields, here)];
    if (field.kind === "list") return [here, [...here, "0"]];
    return [here];
  });
}

/** A valid source of the type with `value` planted at `path`. */
function planted(documentName: DocumentName, type: string, path: string[], value: unknown): unknown {
  const source = systemDefaults(documentName, type) as Record<string, unknown>;
  let node: Record<string, unknown> = source;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = Array.isArray(next) ? [next[0] ?? {}] : next;
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return source;
}

function expectProblems(problems: unknown): void {
  expect(Array.isArray(problems)).toBe(true);
  const list = problems as { path: unknown; message: unknown }[];
  expect(list.length).toBeLessThanOrEqual(MAX_PROBLEMS + 1);
  for (const p of list) {
    expect(typeof p.path).toBe("string");
    expect(typeof p.message).toBe("string");
    expect(p.message as string).not.toMatch(RAW_UNSAFE);
    expect(p.path as string).not.toMatch(RAW_UNSAFE);
    expect((p.message as string).length).toBeLessThan(400);
  }
}

describe("validateSystemSource never throws (property tests)", () => {
  it("any value as a whole system, for every actor and item type: problems, never an exception", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), arbHostile, ([documentName, type], hostile) => {
        const value = make(hostile);
        expectProblems(validateSystemSource(documentName, type, value));
        expect(() => valueAboveMaxProblems(schemaFor(documentName, type)!, value)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });

  it("any value planted at any field (or list element) of a valid system: a problem at that path, never an exception", () => {
    const arbPlace = fc.constantFrom(...TYPES).chain(([documentName, type]) =>
      fc.constantFrom(...fieldPaths(schemaFor(documentName, type)!)).map((path) => ({ documentName, type, path })),
    );
    fc.assert(
      fc.property(arbPlace, arbHostile, ({ documentName, type, path }, hostile) => {
        const source = planted(documentName, type, path, make(hostile));
        const problems = validateSystemSource(documentName, type, source);
        expectProblems(problems);
        expect(() => valueAboveMaxProblems(schemaFor(documentName, type)!, source)).not.toThrow();
      }),
      { numRuns: 1500 },
    );
  });

  it("any value as the type name: an unknown type, never an exception", () => {
    fc.assert(
      fc.property(arbHostile, (hostile) => {
        expectProblems(validateSystemSource("Item", make(hostile) as string, {}));
      }),
      { numRuns: 200 },
    );
  });
});

describe("hostile values give problems with field paths", () => {
  const skill = () => systemDefaults("Item", "skill") as Record<string, unknown>;
  const character = () => systemDefaults("Actor", "character") as Record<string, any>;

  it("a getter that throws is a problem at its path", () => {
    const source = character();
    Object.defineProperty(source.pools.hit.physical, "max", { get: throwing, enumerable: true });
    expect(validateSystemSource("Actor", "character", source)).toEqual([{ path: "pools.hit.physical.max", message: "cannot be read (reading it raised an error)." }]);
  });

  it("NaN, Infinity (1e400 parsed), BigInt and symbols are named in the problem; -0 is the whole number 0", () => {
    const problems = (base: unknown) => validateSystemSource("Item", "skill", { ...skill(), base }).map((p) => p.message);
    expect(problems(Number.NaN)).toEqual(["must be a whole number (got NaN)."]);
    expect(problems(JSON.parse("1e400"))).toEqual(["must be a whole number (got Infinity)."]);
    expect(problems(10n)).toEqual(["must be a whole number (got 10n)."]);
    expect(problems(Symbol("x"))).toEqual(["must be a whole number (got Symbol(x))."]);
    expect(problems(-0)).toEqual([]);
  });

  it("deep and cyclic values are previewed a few levels down, never walked", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validateSystemSource("Item", "skill", { ...skill(), finesses: [deepArray(100_000), cyclic] })).toEqual([
      { path: "finesses.0", message: "must be an object (got [[[…]]])." },
      { path: "finesses.1.name", message: "is missing." },
      { path: "finesses.1.bonus", message: "is missing." },
      { path: "finesses.1.self", message: "unknown field (expected one of name, bonus)." },
    ]);
  });

  it("a huge list stops at MAX_PROBLEMS and says the list of problems is cut", () => {
    const problems = validateSystemSource("Item", "skill", { ...skill(), finesses: new Array(1_000_000).fill(1) });
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(problems.at(-1)).toEqual({ path: "", message: `more problems were found than the ${MAX_PROBLEMS} listed.` });
  });

  it("class instances and other non-plain objects are not taken for objects", () => {
    const source = character();
    source.pools.hit.physical = new Custom();
    source.natural = new Map();
    expect(validateSystemSource("Actor", "character", source).map((p) => p.message)).toEqual([
      "must be an object (got a Custom object).",
      "must be an object (got a Map object).",
    ]);
  });

  it("an unknown key with control and bidi characters is named escaped and cut", () => {
    const problems = validateSystemSource("Item", "skill", { ...skill(), [`\u001b[31m\u202e${"k".repeat(100)}`]: 1 });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe(`\\u001b[31m\\u202e${"k".repeat(33)}…`);
  });
});
