/**
 * The [fixed] numbers of the reference that are not in the effects table or
 * the chart, kept as data so a world setting can change them.
 */
import { type ChartTable, STANDARD_CHART } from "./chart.js";
import { type EffectsTable, STANDARD_EFFECTS } from "./effects.js";

export interface RulesOptions {
  /** R15: actions each participant has per round (trademarks may add). */
  actionsPerRound: number;
  /** R16: fatigue paid from one pool for an extra action. */
  extraActionFatigue: number;
  /** R17: fatigue restored per unused action at round end. */
  unusedActionFatigue: number;
  /** R26: added to a positive result per F. */
  forceBonus: number;
  /** R31: soak steps every outfit has before V and trademarks. */
  baseSoakSteps: number;
  /** R25 [fixed]: a parry that ties the attack wins. */
  parryWinsTies: boolean;
  /** R12 [fixed]: in an opposed comparison a surge on the key die wins a tie. */
  surgeWinsTies: boolean;
  /** R39 [fixed]: a chase move never takes a character backwards. */
  chaseNeverBackwards: boolean;
}

export const STANDARD_OPTIONS: Readonly<RulesOptions> = Object.freeze({
  actionsPerRound: 1,
  extraActionFatigue: 6,
  unusedActionFatigue: 1,
  forceBonus: 10,
  baseSoakSteps: 1,
  parryWinsTies: true,
  surgeWinsTies: true,
  chaseNeverBackwards: true,
});

/** Everything a world can change about the rules. */
export interface Rules {
  effects: EffectsTable;
  chart: ChartTable;
  options: RulesOptions;
}

export const STANDARD_RULES: Readonly<Rules> = Object.freeze({
  effects: STANDARD_EFFECTS,
  chart: STANDARD_CHART,
  options: STANDARD_OPTIONS,
});

/** A rules object with some parts replaced (e.g. a world's effects table). */
export function makeRules(parts: Partial<Omit<Rules, "options">> & { options?: Partial<RulesOptions> } = {}): Rules {
  return {
    effects: parts.effects ?? STANDARD_EFFECTS,
    chart: parts.chart ?? STANDARD_CHART,
    options: { ...STANDARD_OPTIONS, ...parts.options },
  };
}
