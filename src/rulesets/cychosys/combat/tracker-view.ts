/**
 * What each combat tracker row shows (R14–R17), in the house style
 * (docs/style.md, "Tracker row anatomy"): one line of essentials — the
 * combatant's quickness, its actions left of its actions per round, the
 * extra actions taken — its statuses (waiting, interrupting) as chips, and
 * for its owners and the GM only, icon buttons for what they may do now:
 * buy an extra action, wait, choose the pool resting restores. The budget
 * is the one the combat holds (`flags.cychosys.rounds`, written by the GM
 * only). Pure: the tracker hook and the preview harness both render the
 * kit's `templates/partials/tracker-row.hbs` with `row` (Handlebars escapes
 * every name).
 */
import { actionsLeft, english, FACETS, type Facet, type Localize, type RulesOptions } from "../rules/index.js";
import type { CombatantFacts, RoundEndPlan } from "./plan.js";
import { quicknessOf, recoveryPoolOf } from "./plan.js";
import { escapeHtml } from "../../../core/html.js";
import { type TrackerControlView, type TrackerFigureView, type TrackerRowView as HouseRowView, type TrackerStatusView, trackerRowView as houseRowView } from "../../../core/views/house.js";
import { countOf } from "../rules/words.js";
import { figure } from "../../../core/views/text.js";
import { readRoundState, type RoundStateSource } from "./round-state.js";

export const TRACKER_ROW_TEMPLATE = "systems/cychosys/templates/partials/tracker-row.hbs";
export const EXTRA_ACTION_TEMPLATE = "systems/cychosys/templates/combat/extra-action.hbs";
export const REST_INTO_TEMPLATE = "systems/cychosys/templates/combat/rest-into.hbs";

/** The tracker row's controls, by the `data-action` they carry. */
export type TrackerAction = "extraAction" | "wait" | "restInto";

export interface TrackerRowView {
  combatantId: string;
  name: string;
  quickness: number | null;
  actionsLeft: number;
  perRound: number;
  extraTaken: number;
  waiting: boolean;
  interrupting: boolean;
  /** Owners and the GM may act on this combatant (the combat started, it has pools, it is not defeated). */
  controls: boolean;
  canWait: boolean;
  canExtra: boolean;
  extraCost: number;
  /** R17: where unused actions restore fatigue: "" (the most depleted pool) or a facet. */
  recoverTo: "" | Facet;
  /** The row as the kit draws it: essentials, statuses, the controls this viewer may use now. */
  row: HouseRowView;
}

export function trackerRowView(
  combat: RoundStateSource,
  c: CombatantFacts,
  options: RulesOptions,
  state: { canControl: boolean; interrupting: boolean; started: boolean },
  localize: Localize = english,
): TrackerRowView {
  const round = readRoundState(combat, c, options);
  const left = actionsLeft(round.budget);
  const fatigue = c.actor?.system.pools?.fatigue;
  const affordable = !!fatigue && Object.values(fatigue).some((p) => p.value >= options.extraActionFatigue);
  const controls = state.canControl && state.started && !!c.actor?.system.pools && !c.defeated;
  const quickness = quicknessOf(c.actor);
  const recoverTo = recoveryPoolOf(c) ?? "";
  const canWait = controls && !round.budget.waiting && left > 0;
  const canExtra = controls && affordable;
  const figures: TrackerFigureView[] = [
    { id: "actions", label: localize("CYCHOSYS.Combat.actions"), value: localize("CYCHOSYS.Combat.actionsLeft", { left, perRound: round.budget.perRound }), ...(left <= 0 && { tone: "miss" as const }) },
  ];
  if (round.budget.extraTaken > 0) figures.push({ id: "extra", label: localize("CYCHOSYS.Combat.extra"), value: figure(round.budget.extraTaken) });
  // R14, R38: Foundry's initiative column shows the quickness the round is ordered by; the row adds the quickness only once it has
  // changed since (hits taken, burden), labelled as the one the next round is ordered by.
  if (quickness !== null && c.initiative !== null && quickness !== c.initiative) {
    figures.push({ id: "quickness", label: localize("CYCHOSYS.Combat.quicknessNext"), value: figure(quickness), tone: "shock" });
  }
  const statuses: TrackerStatusView[] = [];
  if (round.budget.waiting) statuses.push({ id: "waiting", label: localize("CYCHOSYS.Combat.waiting"), tone: "neutral" });
  if (state.interrupting) statuses.push({ id: "interrupting", label: localize("CYCHOSYS.Combat.interrupting"), tone: "shock" });
  // Only what this viewer may do now: a control that could not be used is not drawn.
  const buttons: TrackerControlView[] = [];
  if (canExtra) buttons.push({ action: "extraAction", label: localize("CYCHOSYS.Combat.extraActionHint", { cost: options.extraActionFatigue }), icon: "fa-solid fa-bolt" });
  if (canWait) buttons.push({ action: "wait", label: localize("CYCHOSYS.Combat.waitHint"), icon: "fa-solid fa-hourglass-half" });
  if (controls) {
    const pool = recoverTo ? localize(`CYCHOSYS.Facet.${recoverTo}`) : localize("CYCHOSYS.Combat.recoverAuto");
    buttons.push({ action: "restInto", label: localize("CYCHOSYS.Combat.restIntoNow", { pool }), icon: "fa-solid fa-bed" });
  }
  return {
    combatantId: c.id,
    name: c.name,
    quickness,
    actionsLeft: left,
    perRound: round.budget.perRound,
    extraTaken: round.budget.extraTaken,
    waiting: round.budget.waiting,
    interrupting: state.interrupting,
    controls,
    canWait,
    canExtra,
    extraCost: options.extraActionFatigue,
    recoverTo,
    row: houseRowView({ name: c.name, figures, statuses, controls: buttons, mayAct: controls }, localize),
  };
}

/** R17: the rest-into dialog: the most depleted pool or one chosen, the current choice checked. */
export function restIntoView(name: string, current: "" | Facet) {
  return {
    name,
    choices: (["", ...FACETS] as const).map((value) => ({ value, label: value ? `CYCHOSYS.Facet.${value}` : "CYCHOSYS.Combat.recoverAuto", checked: value === current })),
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
    if (gains.length) lines.push(localize("CYCHOSYS.Combat.RoundEnd.restored", { name: plan.name, unused: countOf("unusedAction", plan.unused, localize), gains: gains.join(", ") }));
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
