/** R39: chases. */
import { type ChartTable, rank, STANDARD_CHART } from "./chart.js";
import { type RulesOptions, STANDARD_OPTIONS } from "./options.js";

export interface ChaseMoveInput {
  /** Position relative to the landmark before the move. */
  position: number;
  /** The move (or drive, pilot) action total against 0 difficulty. */
  moveTotal: number;
  quickness: number;
  /** Terrain rank the GM sets for this participant this round. */
  terrain: number;
  /** A barrier the participant cannot pass this round (a closed door). */
  barrier?: number;
}

export interface ChaseMove {
  rank: number;
  /** rank + quickness − terrain (never below 0 by default). */
  change: number;
  position: number;
  /** The barrier stopped the move short. */
  stopped: boolean;
}

/** R39: position change = rank(move total) + quickness − terrain. */
export function chaseMove(
  input: ChaseMoveInput,
  chart: ChartTable = STANDARD_CHART,
  options: RulesOptions = STANDARD_OPTIONS,
): ChaseMove {
  const moveRank = rank(input.moveTotal, chart);
  const raw = moveRank + input.quickness - input.terrain;
  const change = options.chaseNeverBackwards ? Math.max(0, raw) : raw;
  let position = input.position + change;
  let stopped = false;
  if (input.barrier !== undefined && position > input.barrier && input.position <= input.barrier) {
    position = input.barrier;
    stopped = true;
  }
  return { rank: moveRank, change, position, stopped };
}
