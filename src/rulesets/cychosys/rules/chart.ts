/**
 * R5–R8: the standards chart. The chapter uses it but never prints it; these
 * formulas reproduce every data point it gives (see the reference, §2). The
 * thresholds are data (a world setting may replace them), so every function
 * takes a chart defaulting to STANDARD_CHART.
 */
import { RulesError } from "./errors.js";
import { english } from "../../../core/messages.js";
import type { Impact } from "./notation.js";

export type CategoryKey = "trivial" | "simple" | "average" | "tough" | "remarkable" | "fantastic" | "legendary";

export interface ChartTable {
  /** R5: rank(v) = floor((multiplier·v + offset) / divisor) for v > 0. */
  rank: { multiplier: number; offset: number; divisor: number };
  /** R6: impact hits = how many thresholds v reaches; past the last, each further doubling adds one. */
  impactThresholds: readonly number[];
  /** R7: one asterisk per this much value. */
  asteriskStep: number;
  /** R8: lowest value of each category, rising. */
  categories: readonly { key: CategoryKey; min: number }[];
}

export const STANDARD_CHART: ChartTable = Object.freeze({
  rank: Object.freeze({ multiplier: 4, offset: 11, divisor: 10 }),
  impactThresholds: Object.freeze([1, 5, 11, 22, 44, 88, 176]),
  asteriskStep: 20,
  categories: Object.freeze([
    { key: "trivial", min: 1 },
    { key: "simple", min: 5 },
    { key: "average", min: 11 },
    { key: "tough", min: 22 },
    { key: "remarkable", min: 44 },
    { key: "fantastic", min: 65 },
    { key: "legendary", min: 88 },
  ] as const),
});

/** R5: the rank of a value; 0 for 0 or less. */
export function rank(value: number, chart: ChartTable = STANDARD_CHART): number {
  if (value <= 0) return 0;
  const { multiplier, offset, divisor } = chart.rank;
  return Math.max(0, Math.floor((multiplier * value + offset) / divisor));
}

/** Impact hits of 0…IMPACT_TABLE_SIZE−1 worked out once per chart: most results are small. */
const IMPACT_TABLE_SIZE = 256;
const impactTables = new WeakMap<ChartTable, Uint8Array>();

/** R6: impact hits of a value. */
export function impactHits(value: number, chart: ChartTable = STANDARD_CHART): number {
  if (value <= 0) return 0;
  if (value < IMPACT_TABLE_SIZE && Number.isInteger(value)) {
    let table = impactTables.get(chart);
    if (!table) {
      table = new Uint8Array(IMPACT_TABLE_SIZE);
      for (let v = 1; v < IMPACT_TABLE_SIZE; v++) table[v] = countImpactHits(v, chart);
      impactTables.set(chart, table);
    }
    return table[value]!;
  }
  return countImpactHits(value, chart);
}

function countImpactHits(value: number, chart: ChartTable): number {
  const thresholds = chart.impactThresholds;
  let hits = 0;
  for (const threshold of thresholds) {
    if (value < threshold) return hits;
    hits++;
  }
  let next = (thresholds[thresholds.length - 1] ?? 1) * 2;
  while (value >= next) {
    hits++;
    next *= 2;
  }
  return hits;
}

/** R7: impact asterisks of a value. */
export function impactAsterisks(value: number, chart: ChartTable = STANDARD_CHART): number {
  return value <= 0 ? 0 : Math.floor(value / chart.asteriskStep);
}

/** R6–R7: the impact column of the chart (R4 notation: hits and asterisks). */
export function impact(value: number, chart: ChartTable = STANDARD_CHART): Impact {
  return { hits: impactHits(value, chart), asterisks: impactAsterisks(value, chart) };
}

/** R8: the category a value falls in; undefined for 0 or less. */
export function category(value: number, chart: ChartTable = STANDARD_CHART): CategoryKey | undefined {
  let found: CategoryKey | undefined;
  for (const c of chart.categories) {
    if (value >= c.min) found = c.key;
    else break;
  }
  return found;
}

/** One row of the chart for display: value, rank, impact. */
export function chartRow(value: number, chart: ChartTable = STANDARD_CHART) {
  return { value, rank: rank(value, chart), impact: impact(value, chart), category: category(value, chart) };
}

/** Problems with a chart a GM edited; an empty list means usable. */
export function validateChart(chart: unknown): string[] {
  const problems: string[] = [];
  const say = (key: string) => problems.push(english(`CYCHOSYS.ChartProblem.${key}`));
  const c = chart as Partial<ChartTable> | null;
  if (!c || typeof c !== "object") return [english("CYCHOSYS.ChartProblem.rank")];
  const r = c.rank;
  if (!r || !int(r.multiplier, 1, 100) || !int(r.offset, -100, 100) || !int(r.divisor, 1, 100)) say("rank");
  const t = c.impactThresholds;
  if (!Array.isArray(t) || t.length === 0 || t.some((v, i) => !int(v, 1, 1_000_000) || (i > 0 && v <= t[i - 1]!))) {
    say("impactThresholds");
  }
  if (!int(c.asteriskStep, 1, 999)) say("asteriskStep");
  const cats = c.categories;
  if (
    !Array.isArray(cats) ||
    cats.length === 0 ||
    cats.some((cat, i) => !cat || typeof cat.key !== "string" || !int(cat.min, 1, 1_000_000) || (i > 0 && cat.min <= cats[i - 1]!.min))
  ) {
    say("categories");
  }
  return problems;
}

export function assertChart(chart: unknown): asserts chart is ChartTable {
  const problems = validateChart(chart);
  if (problems.length > 0) throw new RulesError("chartInvalid", { problem: problems[0]! });
}

function int(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}
