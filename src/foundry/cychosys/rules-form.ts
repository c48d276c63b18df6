/**
 * The rules settings form (effects table R10, standards chart R5–R8) as pure
 * data: the context the template shows, and reading the submitted form back
 * into a table and a chart that the rules core then validates.
 */
import {
  type ChartTable,
  type EffectDefinition,
  type EffectsTable,
  FACETS,
  validateChart,
  validateEffectsTable,
} from "../../rulesets/cychosys/rules/index.js";

/** Flat form data as Foundry's FormDataExtended gives it (`effects.0.letter` → value). */
export type FlatForm = Record<string, unknown>;

const PENALTY_KEYS = ["physical", "mental", "emotional", "quickness"] as const;

function num(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return Number.NaN;
}

function list(text: unknown): number[] {
  return String(text ?? "")
    .split(/[\s,;]+/)
    .filter((part) => part !== "")
    .map(Number);
}

/** The form's rows and fields for a table and chart. */
export function rulesFormContext(effects: EffectsTable, chart: ChartTable, problems: string[] = []) {
  return {
    problems,
    effects: effects.effects.map((effect, index) => ({
      index,
      ...effect,
      reducible: effect.reduceCost !== null,
      reduceCost: effect.reduceCost ?? { physical: 0, mental: 0, emotional: 0 },
      wounding: effect.kind === "wounding",
    })),
    chart: {
      ...chart,
      impactThresholds: chart.impactThresholds.join(", "),
      categories: chart.categories.map((c) => ({ ...c, label: `CYCHOSYS.Category.${c.key}` })),
    },
  };
}

/** Read the submitted form into a table and a chart (not yet validated). */
export function readRulesForm(form: FlatForm, current: ChartTable): { effects: EffectsTable; chart: ChartTable } {
  const rows = new Set<number>();
  for (const key of Object.keys(form)) {
    const match = /^effects\.(\d+)\./.exec(key);
    if (match) rows.add(Number(match[1]));
  }
  const effects: EffectDefinition[] = [...rows]
    .sort((a, b) => a - b)
    .map((i) => {
      const at = (field: string) => form[`effects.${i}.${field}`];
      const reducible = at("reducible") === true || at("reducible") === "on" || at("reducible") === "true";
      return {
        letter: String(at("letter") ?? "").trim(),
        name: String(at("name") ?? "").trim(),
        description: String(at("description") ?? "").trim(),
        kind: at("kind") === "modifier" ? "modifier" : at("kind") === "wounding" ? "wounding" : (String(at("kind")) as "wounding"),
        power: num(at("power")),
        reduceCost: reducible ? (Object.fromEntries(FACETS.map((f) => [f, num(at(`reduceCost.${f}`))])) as unknown as EffectDefinition["reduceCost"]) : null,
        penalty: Object.fromEntries(PENALTY_KEYS.map((k) => [k, num(at(`penalty.${k}`))])) as unknown as EffectDefinition["penalty"],
        incapacitates: at("incapacitates") === true || at("incapacitates") === "on" || at("incapacitates") === "true",
      };
    });
  const chart: ChartTable = {
    rank: { multiplier: num(form["chart.rank.multiplier"]), offset: num(form["chart.rank.offset"]), divisor: num(form["chart.rank.divisor"]) },
    impactThresholds: list(form["chart.impactThresholds"]),
    asteriskStep: num(form["chart.asteriskStep"]),
    categories: current.categories.map((c, i) => ({ key: c.key, min: num(form[`chart.categories.${i}.min`]) })),
  };
  return { effects: { effects }, chart };
}

/** Every problem of a submitted table and chart (rules core validators); empty means it may be saved. */
export function rulesFormProblems(effects: EffectsTable, chart: ChartTable): string[] {
  return [...validateEffectsTable(effects), ...validateChart(chart)];
}
