/**
 * What the OpenD6 tracker shows (D5–D18, D35–D37): per row the round's
 * initiative total with its Wild Die marks and Character Points (D6, D9, D2),
 * the GM's place (D5) and ties (D7), the declared actions and the
 * multi-action penalty (D11, D12), a held wait and the interrupt right
 * (D13, D14), a moved-up turn (D15), the defenses in force (D18) and the
 * wound (D37); for the GM while initiative is rolled, the "Set the order"
 * banner; and the declare-actions dialog (D11, D12). Every figure comes from
 * the round state on the combat and the rules core. Pure: the tracker hook
 * and the preview render `templates/d6/combat/*.hbs` with these (Handlebars
 * escapes every name).
 */
import { actionsLeft, canInterrupt, D6_STANDARD_RULES, type D6Rules, multiActionPenaltyDice, roundPenaltyDice } from "../rules/index.js";
import { type TrackerControlView, type TrackerFigureView, type TrackerRowView, trackerRowView, type TrackerStatusView } from "../../../core/views/house.js";
import type { D6CombatantFacts } from "./facts.js";
import type { D6RoundState } from "./round-state.js";
import type { D6OrderState, D6Turn } from "./tracker-plan.js";

export const D6_BANNER_TEMPLATE = "systems/cychosys/templates/d6/combat/banner.hbs";
export const D6_DECLARE_TEMPLATE = "systems/cychosys/templates/d6/combat/declare.hbs";

/** `−1D` (a true minus sign), or "" for none. */
export const penaltyText = (dice: number): string => (dice > 0 ? `\u2212${dice}D` : "");

export interface D6TrackerRowView {
  combatantId: string;
  rolled: boolean;
  initiative: number | null;
  /** D9: Character Points spent on it. */
  characterPoints: number;
  exploded: boolean;
  complication: boolean;
  /** D5. */
  overridden: boolean;
  /** D7. */
  simultaneous: boolean;
  declared: number | null;
  used: number;
  left: number;
  /** D12: `−1D`, or "". */
  penalty: string;
  /** D13/D14: a held wait, and whether an action is left to interrupt with. */
  waiting: boolean;
  mayInterrupt: boolean;
  movedUp: boolean;
  fullDefense: boolean;
  /** D18: `{ skill, mode, total }` keys and figures for the template. */
  defenses: { skillKey: string; modeKey: string; total: number }[];
  woundKey: string | null;
  woundPenalty: string;
  unableToAct: boolean;
  /** `moveUp`: D15, the GM lets it act ahead of its turn (N declared then). */
  controls: { roll: boolean; characterPoint: boolean; declare: boolean; wait: boolean; place: boolean; moveUp: boolean };
}

export interface RowContext {
  order: D6OrderState;
  turn: D6Turn | undefined;
  /** This combatant's turn is the combat's current one. */
  current: boolean;
  canControl: boolean;
  isGM: boolean;
  started: boolean;
}

export function d6TrackerRowView(facts: D6CombatantFacts, state: D6RoundState, context: RowContext, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6TrackerRowView {
  const round = state.round;
  const initiative = state.initiative?.round === context.order.round ? state.initiative : undefined;
  const able = !round.unableToAct && !facts.wound.unableToAct && !facts.defeated;
  const rolling = context.started && !context.order.set;
  const mine = context.canControl && context.started && able;
  return {
    combatantId: facts.id,
    rolled: !!initiative,
    initiative: initiative?.total ?? null,
    characterPoints: initiative?.characterPointDice?.length ?? 0,
    exploded: !!initiative?.exploded,
    complication: !!initiative?.complication,
    overridden: Object.hasOwn(context.order.overrides, facts.id),
    simultaneous: !!context.turn?.simultaneous && !context.turn.unrolled,
    declared: round.declared,
    used: round.used,
    left: actionsLeft(round),
    penalty: penaltyText(roundPenaltyDice(round, rules)),
    waiting: round.waits > 0,
    mayInterrupt: canInterrupt(round),
    movedUp: round.movedUp,
    fullDefense: round.fullDefense,
    defenses: round.defenses.map((d) => ({ skillKey: `CYCHOSYS.D6.Defense.${d.skill}`, modeKey: `CYCHOSYS.D6.DefenseMode.${d.mode}`, total: d.total })),
    woundKey: facts.wound.level === "none" ? null : `CYCHOSYS.D6.Wound.${facts.wound.level}`,
    woundPenalty: penaltyText(facts.wound.penaltyDice),
    unableToAct: !able,
    controls: {
      roll: mine && rolling && !initiative,
      characterPoint: mine && rolling && !!initiative && facts.characterPoints !== null && facts.characterPoints > 0,
      declare: mine && context.order.set && context.current && round.declared === null,
      wait: mine && context.order.set && context.current && round.declared !== null && actionsLeft(round) > 0,
      place: context.isGM && rolling && !!initiative,
      moveUp: context.isGM && context.started && able && context.order.set && !context.current && round.declared === null,
    },
  };
}

export interface D6BannerView {
  show: boolean;
  round: number;
  rolled: number;
  of: number;
  /** The combatants still to roll (names, escaped by the template). */
  waitingFor: string[];
}

/** D6/D9: for the GM while the round's initiative is being rolled: who has rolled, and the "Set the order" button. */
export function d6BannerView(order: D6OrderState, rows: readonly { name: string; rolled: boolean; defeated: boolean }[], context: { isGM: boolean; started: boolean }): D6BannerView {
  const counted = rows.filter((r) => !r.defeated);
  return {
    show: context.isGM && context.started && !order.set,
    round: order.round,
    rolled: counted.filter((r) => r.rolled).length,
    of: counted.length,
    waitingFor: counted.filter((r) => !r.rolled).map((r) => r.name),
  };
}

export interface D6DeclareView {
  name: string;
  freeActions: number;
  max: number;
  /** D12: the penalty each choice of N brings. */
  choices: { value: number; penalty: string; selected: boolean }[];
  /** D18: the defenses this declaration ends. */
  endsDefenses: boolean;
  movedUp: boolean;
}

/** D11/D12: the declare-actions dialog: N from 1 with the penalty each brings (`freeActions` penalty-free). */
export function d6DeclareView(name: string, state: D6RoundState, options: { max?: number; movedUp?: boolean } = {}, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6DeclareView {
  const max = options.max ?? 6;
  const choices = [];
  for (let n = rules.minDeclaredActions; n <= max; n++) {
    choices.push({ value: n, penalty: penaltyText(multiActionPenaltyDice(n, state.round.freeActions, rules)), selected: n === rules.minDeclaredActions });
  }
  return { name, freeActions: state.round.freeActions, max, choices, endsDefenses: state.round.defenses.length > 0, movedUp: !!options.movedUp };
}

/** A control of the row: its action (tracker.ts), its Font Awesome 6 Free icon, its label and hint. */
const CONTROLS: readonly { key: keyof D6TrackerRowView["controls"]; icon: string; label: string }[] = [
  { key: "roll", icon: "fa-solid fa-dice-d6", label: "roll" },
  { key: "characterPoint", icon: "fa-solid fa-star", label: "characterPoint" },
  { key: "place", icon: "fa-solid fa-thumbtack", label: "place" },
  { key: "declare", icon: "fa-solid fa-list-ol", label: "declare" },
  { key: "moveUp", icon: "fa-solid fa-forward", label: "moveUp" },
  { key: "wait", icon: "fa-solid fa-hourglass-half", label: "wait" },
];

/**
 * The row in the house style (docs/style.md, templates/partials/tracker-row.hbs):
 * one line of essentials — the actions used of N and the round's penalty
 * (D11, D12); Foundry's own column shows the initiative — the statuses as
 * chips (a Character Point spent, placed, tied, moved up, a held wait, each
 * defense in force, the wound and its dice, unable to act), and the
 * controls as icon buttons, only for who may act (`view.controls` says
 * which: the combatant's owner or the GM, as the core allows now).
 */
export function d6HouseRow(name: string, view: D6TrackerRowView, localize: (key: string, params?: Record<string, unknown>) => string): TrackerRowView {
  const K = "CYCHOSYS.D6.Combat.";
  const actions = view.declared === null ? "—" : localize(`${K}actionsUsed`, { used: view.used, declared: view.declared });
  const figures: TrackerFigureView[] = [{ id: "actions", label: localize(`${K}actions`), value: view.penalty ? `${actions} ${view.penalty}` : actions, ...(view.penalty && { tone: "shock" as const }) }];
  const statuses: TrackerStatusView[] = [];
  if (view.characterPoints) statuses.push({ id: "cp", label: localize(`${K}cpSpent`, { count: view.characterPoints }) });
  if (view.overridden) statuses.push({ id: "placed", label: localize(`${K}placed`) });
  if (view.simultaneous) statuses.push({ id: "tied", label: localize(`${K}tied`) });
  if (view.movedUp) statuses.push({ id: "movedUp", label: localize(`${K}movedUp`) });
  if (view.waiting) statuses.push({ id: "waiting", label: localize(view.mayInterrupt ? `${K}mayInterrupt` : `${K}waiting`), tone: "good" });
  for (const d of view.defenses) statuses.push({ id: "defense", label: localize(`${K}defenseChip`, { defense: localize(d.skillKey.replace(".Defense.", ".Answer.")), total: d.total, mode: localize(d.modeKey) }), tone: "good" });
  if (view.woundKey) statuses.push({ id: "wound", label: view.woundPenalty ? `${localize(view.woundKey)} ${view.woundPenalty}` : localize(view.woundKey), tone: "wound" });
  if (view.unableToAct) statuses.push({ id: "unable", label: localize(`${K}unable`), tone: "wound" });
  const controls: TrackerControlView[] = CONTROLS.filter((c) => view.controls[c.key]).map((c) => ({ action: c.key, label: localize(`${K}${c.label}`), icon: c.icon }));
  return trackerRowView({ name, figures, statuses, controls, mayAct: controls.length > 0 }, localize);
}
