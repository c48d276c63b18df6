import { describe, expect, it } from "vitest";
import {
  addBundles,
  category,
  chartRow,
  formatBundle,
  formatImpact,
  impact,
  NotationError,
  parseBundle,
  parseImpact,
  rank,
  readDie,
  readRoll,
  STANDARD_CHART,
  STANDARD_EFFECTS,
  validateChart,
  validateEffectsTable,
} from "../../src/rulesets/cychosys/rules/index.js";

describe("R1–R3 notation", () => {
  it.each(["VD6", "FB2", "BR3", "VFXP2", "SOBP12", "WUXR3", "BBDD2", "X", "1", "0", "SXOBH10", "SDRH2"])(
    "R3: the seed's own spelling %s round-trips unchanged",
    (text) => {
      expect(formatBundle(parseBundle(text))).toBe(text);
    },
  );

  it("R2: letters may repeat and come in any order; formatting is canonical (R3)", () => {
    expect(formatBundle(parseBundle("DDBB2"))).toBe("BBDD2");
    expect(formatBundle(parseBundle("H R D 2"))).toBe("DRH2");
  });

  it("R2: a letter followed by * is piercing", () => {
    const bundle = parseBundle("B*6");
    expect(bundle.effects).toEqual([{ letter: "B", piercing: true }]);
    expect(bundle.hits).toBe(6);
    expect(formatBundle(parseBundle("D*DV10"))).toBe("VDD*10");
  });

  it("R2: a note in parentheses is kept as text", () => {
    expect(parseBundle("X (heat)")).toMatchObject({ hits: 0, note: "heat" });
    expect(formatBundle(parseBundle("B(edges)"))).toBe("B (edges)");
  });

  it("R3: zero hits are omitted when a letter is present; an empty bundle formats as 0", () => {
    expect(formatBundle(parseBundle("X0"))).toBe("X");
    expect(formatBundle({ effects: [], hits: 0 })).toBe("0");
  });

  it("R2: parse errors carry the 1-based position and the character", () => {
    const error = (() => {
      try {
        parseBundle("VQ6");
      } catch (e) {
        return e as NotationError;
      }
    })();
    expect(error).toBeInstanceOf(NotationError);
    expect(error?.position).toBe(2);
    expect(error?.message).toBe('Unknown effect letter "Q" at position 2 in "VQ6".');
  });

  it("R2: letters after the hits are an error", () => {
    expect(() => parseBundle("6VD")).toThrow(/Effect letters come before the hits: "V" at position 2/);
  });

  it("R30: adding bundles adds hits and keeps every effect", () => {
    expect(formatBundle(addBundles(parseBundle("RH1"), parseBundle("BBDD2")))).toBe("BBDDRH3");
  });

  it("R4: impact notation", () => {
    expect(parseImpact("4*")).toEqual({ hits: 4, asterisks: 1 });
    expect(parseImpact("3")).toEqual({ hits: 3, asterisks: 0 });
    expect(formatImpact({ hits: 4, asterisks: 2 })).toBe("4**");
    expect(() => parseImpact("*4")).toThrow(/not an impact/);
  });
});

describe("R5–R8 the standards chart", () => {
  // The reference's table up to 40, row by row (value ranges → rank, impact).
  const rows: [number, number, number, string][] = [
    [0, 0, 0, "0"],
    [1, 2, 1, "1"],
    [3, 4, 2, "1"],
    [5, 7, 3, "2"],
    [8, 9, 4, "2"],
    [10, 10, 5, "2"],
    [11, 12, 5, "3"],
    [13, 14, 6, "3"],
    [15, 17, 7, "3"],
    [18, 19, 8, "3"],
    [20, 21, 9, "3*"],
    [22, 22, 9, "4*"],
    [23, 24, 10, "4*"],
    [25, 27, 11, "4*"],
    [28, 29, 12, "4*"],
    [30, 32, 13, "4*"],
    [33, 34, 14, "4*"],
    [35, 37, 15, "4*"],
    [38, 39, 16, "4*"],
    [40, 42, 17, "4**"],
  ];
  it.each(rows)("R5–R7: values %i–%i have rank %i and impact %s", (from, to, expectedRank, expectedImpact) => {
    for (let v = from; v <= to; v++) {
      expect(rank(v)).toBe(expectedRank);
      expect(formatImpact(impact(v))).toBe(expectedImpact);
    }
  });

  it("R6: impact hits double their threshold past 176", () => {
    expect(impact(43).hits).toBe(4);
    expect(impact(44).hits).toBe(5);
    expect(impact(88).hits).toBe(6);
    expect(impact(175).hits).toBe(6);
    expect(impact(176).hits).toBe(7);
    expect(impact(351).hits).toBe(7);
    expect(impact(352).hits).toBe(8);
  });

  it("R5–R7: zero and negative values have no rank or impact", () => {
    expect(rank(-5)).toBe(0);
    expect(impact(-5)).toEqual({ hits: 0, asterisks: 0 });
  });

  it.each([
    [1, "trivial"],
    [4, "trivial"],
    [5, "simple"],
    [10, "simple"],
    [11, "average"],
    [21, "average"],
    [22, "tough"],
    [44, "remarkable"],
    [65, "fantastic"],
    [88, "legendary"],
    [500, "legendary"],
  ])("R8: %i is %s", (value, expected) => {
    expect(category(value)).toBe(expected);
  });

  it("R8: 0 has no category", () => {
    expect(category(0)).toBeUndefined();
    expect(chartRow(0).category).toBeUndefined();
  });

  it("R5–R8: the chart is data: a GM's chart changes the figures", () => {
    const chart = { ...STANDARD_CHART, asteriskStep: 10 };
    expect(impact(20, chart).asterisks).toBe(2);
    expect(validateChart(chart)).toEqual([]);
    expect(validateChart({ ...STANDARD_CHART, impactThresholds: [1, 5, 5] })).toHaveLength(1);
  });

  it("R10: the standard effects table is valid and a broken one is explained", () => {
    expect(validateEffectsTable(STANDARD_EFFECTS)).toEqual([]);
    const broken = { effects: [...STANDARD_EFFECTS.effects, { ...STANDARD_EFFECTS.effects[5]!, power: 0 }] };
    expect(validateEffectsTable(broken)).toEqual(["U: the power must be a whole number from 1 to 99.", "row 15: the letter U appears twice."].reverse());
  });
});

describe("R11–R12 dice", () => {
  it("R11: 1–10 count their face; 11 is a surge and 12 a crash, both counting 0", () => {
    expect(readDie(1)).toEqual({ face: 1, value: 1, surge: false, crash: false, nit: true });
    expect(readDie(10).value).toBe(10);
    expect(readDie(11)).toMatchObject({ value: 0, surge: true, crash: false });
    expect(readDie(12)).toMatchObject({ value: 0, surge: false, crash: true });
  });

  it("R12: the first die is the key die; surges and crashes elsewhere only add 0", () => {
    const roll = readRoll([5, 11, 12, 3]);
    expect(roll.sum).toBe(8);
    expect(roll.surge).toBe(false);
    expect(roll.crash).toBe(false);
    expect(roll.experience).toBe(0);
  });

  it("R12/R40: a surge or crash on the key die earns 1 experience", () => {
    expect(readRoll([11, 4]).experience).toBe(1);
    expect(readRoll([12, 4]).experience).toBe(1);
  });
});
