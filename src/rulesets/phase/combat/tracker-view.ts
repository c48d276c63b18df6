/**
 * The phase tracker as one user sees it (templates/phase/combat/tracker.hbs),
 * from the declarations that user may see (`declarationView` for the GM,
 * `viewFromProjection` for a player): the phase counter with round, turn and
 * minute (P1); the step and what it waits for; one row per combatant in
 * declaration order, in the house row's anatomy (docs/style.md): portrait,
 * place, name and initiative (P5), then one line of essentials — the
 * declaration once, short (in full in its tooltip, and in the tone of a
 * passing thing when it resolves at this phase's end, P9), flesh and wounds
 * where the user may know them (P30) — the statuses as chips (surprise P3,
 * Targeting, Aim and Defend for the owner and the GM P13, P16, P26,
 * suppressed P24, out of action P30), and the controls only for who may act;
 * the GM's marks behind one compact control; the phase's log besides the
 * declarations. Pure: texts come through the localizer handed in.
 */
import type { Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { type TrackerFigureView, type TrackerRowView, type TrackerStatusView, trackerRowView, type Tone } from "../../../core/views/house.js";
import { listText, sentenceCase, signed } from "../../../core/views/text.js";
import { actionLabel, countKey } from "../rules/words.js";
import { phaseClock } from "../rules/clock.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { actionDetails, explainEvent } from "../rules/sequence-explain.js";
import type { DeclaredAction } from "../rules/state.js";
import type { OutState } from "../rules/types.js";
import type { DeclarationRow, DeclarationView, EventView } from "../rules/view.js";

export const PHASE_TRACKER_TEMPLATE = "systems/cychosys/templates/phase/combat/tracker.hbs";

/** What a user may know of a combatant's wounds (its sheet: the GM, an owner or an observer), for the row's figures (P30). */
export interface TrackerWounds {
  flesh: number;
  stun: number;
  fleshMax: number;
  traumas: number;
  traumaLimit: number;
}

/** A sheet's derived wounds as the row shows them. */
export const trackerWounds = (w: { flesh: number; stun: number; fleshMax: number; traumaticWounds: readonly unknown[]; traumaLimit: number }): TrackerWounds => ({
  flesh: w.flesh, stun: w.stun, fleshMax: w.fleshMax, traumas: w.traumaticWounds.length, traumaLimit: w.traumaLimit,
});

/** A combatant as the tracker names it (the combat's combatant and its actor's sheet). */
export interface TrackerPerson {
  id: string;
  name: string;
  img: string;
  /** P30: out of action, and how (public: the token shows it). */
  out: OutState[];
  /** May this user work its controls (its owner, or the GM)? */
  canControl: boolean;
  /** Weapon item id → name (for the owner's and the GM's view of its actions). */
  weapons: Record<string, string>;
  /** Its wounds, when this user may see its sheet; null otherwise. */
  wounds?: TrackerWounds | null;
}

export interface TrackerContext {
  isGM: boolean;
  /** P9: the phase's end is being resolved on a card. */
  resolving: boolean;
  /** P3: who still owes a surprise roll this phase, and who has given it. */
  surpriseDue: readonly string[];
  surpriseRolled: readonly string[];
  /** Why there is no tracker to show (the GM may start the record again), or null. */
  problem: "noRecord" | "unreadable" | null;
}

export interface TrackerControl {
  action: string;
  label: string;
  icon: string;
}

export interface TrackerRow {
  id: string;
  name: string;
  img: string;
  position: number | null;
  initiative: number | null;
  slot: DeclarationRow["slot"];
  slotText: string;
  current: boolean;
  /** The declaration underway, in full (the figure's tooltip), or that there is one, hidden; null when none. */
  action: string | null;
  actionHidden: boolean;
  /** The house row (docs/style.md): one line of figures — the declaration once, short; flesh and wounds where this user may know them — the statuses as chips, the owner's controls. */
  row: TrackerRowView;
  /** The controls of the combatant's owner (or the GM): roll, declare, free action, cancel, pass. */
  controls: TrackerControl[];
  /** The GM's marks (P2, P13, P24, P40), behind one compact control. */
  marks: TrackerControl[];
}

export interface PhaseTrackerView {
  title: string;
  clock: string;
  step: string;
  notice: string | null;
  isGM: boolean;
  buttons: TrackerControl[];
  rows: TrackerRow[];
  /** The accessible name of the GM's marks control. */
  marksLabel: string;
  /** The phase so far, besides the declarations (shown once, on their rows): surprise rolls, free actions, cancels, passes. */
  log: string[];
}

const K = "CYCHOSYS.Phase.Tracker.";
const control = (action: string, icon: string, localize: Localize): TrackerControl => ({ action, icon, label: localize(`${K}Control.${action}`) });

/** The tracker when there is no phase record to show: the GM may start one. */
export function trackerProblemView(problem: "noRecord" | "unreadable", isGM: boolean, localize: Localize = english): PhaseTrackerView {
  return {
    title: localize(`${K}title`), clock: "", step: "", notice: localize(`${K}Problem.${problem}`), isGM,
    buttons: isGM ? [control("restart", "fa-solid fa-rotate-right", localize)] : [], rows: [], marksLabel: localize(`${K}marks`), log: [],
  };
}

export function phaseTrackerView(view: DeclarationView, people: readonly TrackerPerson[], context: TrackerContext, localize: Localize = english, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseTrackerView {
  if (context.problem) return trackerProblemView(context.problem, context.isGM, localize);
  const person = new Map(people.map((p) => [p.id, p]));
  const name = (id: string) => person.get(id)?.name ?? id;
  const weaponName = (actor: string, id: string | null) => (id ? (person.get(actor)?.weapons[id] ?? id) : "");
  const actionName = (key: string) => actionLabel(key, localize);
  const describe = (a: DeclaredAction) =>
    localize(`${K}action`, { action: actionName(a.action), details: actionDetails(a, name, weaponName, localize), length: localize(`CYCHOSYS.Phase.Length.${a.length}`), resolvesAt: a.resolvesAt });
  const clock = phaseClock(view.phase, rules);
  const step = context.resolving ? "resolving" : view.step;
  const surpriseDue = new Set(context.surpriseDue);
  const surpriseRolled = new Set(context.surpriseRolled);
  // P9: what resolves at the end of this phase, as far as this user may know (a row says "due now").
  const dueNow = new Set(view.due.flatMap((g) => g.actions.map((a) => a.id)));

  const rows = view.rows.map((r): TrackerRow => {
    const p = person.get(r.id);
    const controls: TrackerControl[] = [];
    const canControl = p?.canControl === true;
    const out = p?.out ?? [];
    if (canControl && !context.resolving && !out.length) {
      if (view.step === "start" && surpriseDue.has(r.id)) controls.push(control("rollSurprise", "fa-solid fa-dice", localize));
      if (view.step === "initiative" && r.initiative === null && r.awareness === "aware") controls.push(control("rollInitiative", "fa-solid fa-dice-d20", localize));
      if (r.slot === "current") {
        if (!r.action) controls.push(control("declare", "fa-solid fa-bullhorn", localize));
        if (!r.freeUsed) controls.push(control("free", "fa-solid fa-bolt", localize));
        if (r.action && !r.action.hidden && r.action.cancellable) controls.push(control("cancel", "fa-solid fa-ban", localize));
        controls.push(control("pass", "fa-solid fa-forward", localize));
      }
    }
    const marks: TrackerControl[] = [];
    if (context.isGM && !context.resolving) {
      marks.push(r.awareness === "aware" ? control("markUnaware", "fa-solid fa-eye-slash", localize) : control("markAware", "fa-solid fa-eye", localize));
      if (r.awareness === "unaware") marks.push(control("witness", "fa-solid fa-bomb", localize));
      if (r.targeting !== "hidden" && r.targeting !== null) marks.push(control("distract", "fa-solid fa-hand", localize));
      marks.push(r.suppressed ? control("unsuppress", "fa-solid fa-shield", localize) : control("suppress", "fa-solid fa-person-rifle", localize));
    }

    // One line of essentials: the declaration once (short; in full in its tooltip), flesh and wounds where this user may know them.
    const figures: TrackerFigureView[] = [];
    const a = r.action;
    if (a) {
      const short = a.hidden ? localize(`${K}hiddenShort`) : a.target ? localize(`${K}actionShort`, { action: actionName(a.action), target: name(a.target) }) : actionName(a.action);
      figures.push({ id: "action", label: localize(`${K}Figure.action`), value: short, ...(a.hidden ? {} : dueNow.has(a.id) ? { tone: "shock" as const } : {}) });
    }
    const w = p?.wounds;
    if (w) {
      figures.push({ id: "flesh", label: localize(`${K}Figure.flesh`), value: `${w.flesh}/${w.fleshMax}`, ...(w.flesh >= w.fleshMax ? { tone: "hit" as const } : {}) });
      if (w.stun) figures.push({ id: "stun", label: localize(`${K}Figure.stun`), value: `${w.stun}/${w.fleshMax}`, ...(w.stun >= w.fleshMax ? { tone: "hit" as const } : {}) });
      if (w.traumas) figures.push({ id: "traumas", label: localize(`${K}Figure.traumas`), value: `${w.traumas}/${w.traumaLimit}`, tone: "wound" });
    }

    const statuses: TrackerStatusView[] = [];
    const chip = (id: string, label: string, tone?: Tone) => statuses.push({ id, label, ...(tone && { tone }) });
    // Whose slot it is shows by the row's edge and the head's notice; an action due now by its figure's tone and tooltip.
    if (out.length) chip("out", listText(out.map((s) => localize(`CYCHOSYS.Phase.State.${s}`))), "hit");
    if (r.awareness === "unaware") chip("awareness", localize(`${K}Awareness.unaware`), "shock");
    else if (r.awareness === "surprised") chip("awareness", r.surpriseLeft > 0 ? localize(countKey(`${K}Awareness.surprisedFor`, r.surpriseLeft), { left: r.surpriseLeft }) : localize(`${K}Awareness.surprisedRolling`, { bonus: r.failedSurpriseRolls * rules.surpriseBonusPerFailure }), "shock");
    if (r.targeting && r.targeting !== "hidden") chip("targeting", localize(`${K}Mark.targeting`, { target: name(r.targeting.target), area: r.targeting.area ? localize("CYCHOSYS.Phase.Sequence.atArea", { area: localize(`CYCHOSYS.Phase.Area.${r.targeting.area}`) }) : "" }));
    if (typeof r.aim === "number" && r.aim > 0) chip("aim", localize(`${K}Mark.aim`, { bonus: r.aim }));
    if (r.defending === true) chip("defending", localize(`${K}Mark.defending`, { bonus: rules.defendBonus }), "good");
    if (r.suppressed) chip("suppressed", localize(`${K}Mark.suppressed`), "shock");
    if (r.freeUsed) chip("free", localize(`${K}Mark.free`));
    if (view.step === "start" && surpriseRolled.has(r.id)) chip("surpriseRolled", localize(`${K}Mark.surpriseRolled`));

    const rowName = name(r.id);
    const row = trackerRowView({ name: rowName, figures, statuses, controls: controls.map((c) => ({ action: c.action, label: c.label, icon: c.icon, data: [{ name: "phase-action", value: c.action }] })), mayAct: canControl }, localize);
    const action = a ? (a.hidden ? localize(`${K}hiddenAction`) : dueNow.has(a.id) ? localize(`${K}dueNow`, { action: describe(a) }) : describe(a)) : null;
    return {
      id: r.id, name: rowName, img: p?.img ?? "", position: r.position === null ? null : r.position + 1, initiative: r.initiative,
      slot: r.slot, slotText: localize(`${K}Slot.${r.slot}`), current: r.slot === "current", action, actionHidden: a?.hidden === true, row, controls, marks,
    };
  });

  const buttons: TrackerControl[] = [];
  if (context.isGM && !context.resolving) {
    if (view.step === "initiative") buttons.push(control("closeInitiative", "fa-solid fa-list-ol", localize));
    if (view.step === "declare") buttons.push(control("resolve", "fa-solid fa-hourglass-end", localize));
  }
  let notice: string | null = null;
  if (context.resolving) notice = localize(`${K}Notice.resolving`);
  else if (view.step === "start" && context.surpriseDue.length) notice = localize(`${K}Notice.surprise`, { names: listText(context.surpriseDue.map(name)) });
  else if (view.step === "declare" && view.current) notice = localize(`${K}Notice.current`, { name: name(view.current) });
  else if (view.step === "declare") notice = localize(`${K}Notice.slotsDone`);

  const log: string[] = [];
  const say = (key: string, params: Record<string, string | number> = {}) => log.push(sentenceCase(localize(`CYCHOSYS.Phase.Sequence.${key}`, params)));
  // The declarations are on their rows: the log keeps what happened besides them.
  for (const e of view.events) if (e.kind !== "declare") logEvent(e, say, name, actionName, (x) => actionDetails(x, name, weaponName, localize), localize, log);
  return {
    title: localize(`${K}phase`, { phase: view.phase }),
    clock: localize(`${K}clock`, { round: clock.round, turn: clock.turn, minute: clock.minute, ofRound: clock.phaseOfRound, roundLength: rules.phasesPer.round }),
    step: localize(`${K}Step.${step}`),
    notice, isGM: context.isGM, buttons, rows, marksLabel: localize(`${K}marks`), log,
  };
}

function logEvent(
  e: EventView,
  say: (key: string, params?: Record<string, string | number>) => void,
  name: (id: string) => string,
  actionName: (key: string) => string,
  details: (a: DeclaredAction) => string,
  localize: Localize,
  log: string[],
): void {
  if ("hidden" in e) {
    log.push(localize(`${K}Hidden.${e.kind}`, { name: name(e.actor) }));
    return;
  }
  if (e.kind === "surpriseRoll") {
    say(e.success ? "surpriseSuccess" : "surpriseFailure", { name: name(e.actor), face: e.face, bonus: signed(e.bonus, "+0"), total: e.total, tn: e.tn });
    return;
  }
  explainEvent(e, say, name, actionName, details, localize);
}
