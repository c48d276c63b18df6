/**
 * P20: a location chart is data a GM may write (a body type's own chart), so
 * it is checked before use: every face of its die hits exactly one area.
 */
import { PhaseError } from "./errors.js";
import type { LocationChart } from "./options.js";

export const MAX_CHART_DIE = 100;

/** Throw unless every face 1…die is in exactly one row (and rows name real faces). */
export function checkChart(name: string, chart: LocationChart): LocationChart {
  if (!Number.isInteger(chart.die) || chart.die < 1 || chart.die > MAX_CHART_DIE) throw new PhaseError("outOfRange", { what: `${name} die`, min: 1, max: MAX_CHART_DIE, value: chart.die });
  const hits = new Array<number>(chart.die + 1).fill(0);
  for (const row of chart.rows) {
    if (!(row.from >= 1 && row.to <= chart.die && row.from <= row.to)) throw new PhaseError("chartGap", { chart: name, face: row.from });
    for (let f = row.from; f <= row.to; f++) hits[f]!++;
  }
  for (let f = 1; f <= chart.die; f++) if (hits[f] !== 1) throw new PhaseError("chartGap", { chart: name, face: f });
  return chart;
}
