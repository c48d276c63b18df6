/**
 * What each combat tracker row shows (R14–R17): the combatant's quickness,
 * its action budget for the round — actions left of its actions per round,
 * extra actions taken, waiting — whether it is interrupting, and the
 * controls this user may use. The budget is the one the combat holds
 * (`flags.cychosys.rounds`, written by the GM only). Pure: the tracker hook
 * and the preview harness both render `templates/combat/tracker-row.hbs`
 * with it (Handlebars escapes every name).
 */
import { actionsLeft, FACETS, type Facet, type Localize, type RulesOptions } from "../rules/index.js";
import type { CombatantFacts, RoundEndPlan } from "./plan.js";
import { quicknessOf, recoveryPoolOf } from "./plan.js";
import { escapeHtml } from "../../../core/html.js";
import { readRoundState, type RoundStateSource } from "./round-state.js";

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
  /** R17: where unused actions restore fatigue: "" (the most depleted pool) or a facet. */
  recoverTo: "" | Facet;
  recoverOptions: { value: "" | Facet; label: string; selected: boolean }[];
}

export function trackerRowView(
  combat: RoundStateSource,
  c: CombatantFacts,
  options: RulesOptions,
  state: { canControl: boolean; interrupting: boolean; started: boolean },
): TrackerRowView {
  const round = readRoundState(combat, c, options);
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
    recoverTo: recoveryPoolOf(c) ?? "",
    recoverOptions: (["", ...FACETS] as const).map((value) => ({
      value,
      label: value ? `CYCHOSYS.Facet.${value}` : "CYCHOSYS.Combat.recoverAuto",
      selected: value === (recoveryPoolOf(c) ?? ""),
    })),
  };
}

/**
 * The chat note the active GM posts when a round ends (R17, R25, R33): what
 * each unused action restored, which parry bonuses lapsed, who is out of the
 * fight. Lines are localized text; `roundEndHtml` escapes them.
 */
export function roundEndSummary(
  round: number,
  plans: readonly RoundEndPlan[],
  nameOf: (actorUuid: string) => string,
  outOfFight: readonly string[],
  localize: Localize,
  notRestored: readonly string[] = [],
): { title: string; lines: string[] } {
  const lines: string[] = [];
  for (const plan of plans) {
    const gains = FACETS.filter((f) => plan.restored[f] > 0).map((f) =>
      localize("CYCHOSYS.Combat.RoundEnd.gain", { value: plan.restored[f], facet: localize(`CYCHOSYS.Facet.${f}`) }),
    );
    // Nothing restored (every action used, or fatigue already full): no line.
    if (gains.length) lines.push(localize("CYCHOSYS.Combat.RoundEnd.restored", { name: plan.name, unused: plan.unused, gains: gains.join(", ") }));
    for (const bonus of plan.lapsed) {
      lines.push(localize("CYCHOSYS.Combat.RoundEnd.lapsed", { name: plan.name, bonus: bonus.bonus, against: nameOf(bonus.againstUuid) }));
    }
  }
  if (notRestored.length) lines.push(localize("CYCHOSYS.Combat.RoundEnd.notRestored", { names: notRestored.join(", ") }));
  if (outOfFight.length) lines.push(localize("CYCHOSYS.Combat.RoundEnd.out", { names: outOfFight.join(", ") }));
  if (!lines.length) lines.push(localize("CYCHOSYS.Combat.RoundEnd.nothing"));
  return { title: localize("CYCHOSYS.Combat.RoundEnd.title", { round }), lines };
}

export function roundEndHtml(summary: { title: string; lines: string[] }): string {
  return `<section class="cychosys cychosys-round-end"><h3>${escapeHtml(summary.title)}</h3><ul>${summary.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul></section>`;
}

/** The extra-action dialog (R16): one choice per fatigue pool, those that cannot pay disabled. */
export function extraActionView(name: string, choices: { facet: string; value: number; max: number; affordable: boolean }[], cost: number) {
  const first = choices.find((c) => c.affordable)?.facet;
  return { name, cost, choices: choices.map((c) => ({ ...c, checked: c.facet === first, label: `CYCHOSYS.Facet.${c.facet}` })) };
}
