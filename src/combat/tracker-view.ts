/**
 * What each combat tracker row shows (R14–R17): the combatant's quickness,
 * its action budget for the round — actions left of its actions per round,
 * extra actions taken, waiting — whether it is interrupting, and the
 * controls this user may use. Pure: the tracker hook and the preview harness
 * both render `templates/combat/tracker-row.hbs` with it.
 */
import { actionsLeft, type RulesOptions } from "../rules/index.js";
import type { CombatantFacts } from "./plan.js";
import { quicknessOf } from "./plan.js";
import { readRoundState } from "./round-state.js";

export const TRACKER_ROW_TEMPLATE = "systems/cychosys/templates/combat/tracker-row.hbs";
export const EXTRA_ACTION_TEMPLATE = "systems/cychosys/templates/combat/extra-action.hbs";

export interface TrackerRowView {
  combatantId: string;
  name: string;
  quickness: number | null;
  actionsLeft: number;
  perRound: number;
  extraTaken: number;
  waiting: boolean;
  interrupting: boolean;
  /** Owners and the GM see the controls. */
  controls: boolean;
  canWait: boolean;
  canExtra: boolean;
  extraCost: number;
}

export function trackerRowView(
  c: CombatantFacts,
  options: RulesOptions,
  state: { canControl: boolean; interrupting: boolean; started: boolean },
): TrackerRowView {
  const round = readRoundState(c, options);
  const left = actionsLeft(round.budget);
  const fatigue = c.actor?.system.pools?.fatigue;
  const affordable = !!fatigue && Object.values(fatigue).some((p) => p.value >= options.extraActionFatigue);
  const controls = state.canControl && state.started && !!c.actor?.system.pools && !c.defeated;
  return {
    combatantId: c.id,
    name: c.name,
    quickness: quicknessOf(c.actor),
    actionsLeft: left,
    perRound: round.budget.perRound,
    extraTaken: round.budget.extraTaken,
    waiting: round.budget.waiting,
    interrupting: state.interrupting,
    controls,
    canWait: controls && !round.budget.waiting && left > 0,
    canExtra: controls && affordable,
    extraCost: options.extraActionFatigue,
  };
}

/** The extra-action dialog (R16): one choice per fatigue pool, those that cannot pay disabled. */
export function extraActionView(name: string, choices: { facet: string; value: number; max: number; affordable: boolean }[], cost: number) {
  const first = choices.find((c) => c.affordable)?.facet;
  return { name, cost, choices: choices.map((c) => ({ ...c, checked: c.facet === first, label: `CYCHOSYS.Facet.${c.facet}` })) };
}
