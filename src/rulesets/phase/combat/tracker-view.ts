/**
 * The phase tracker as one user sees it (templates/phase/combat/tracker.hbs),
 * from the declarations that user may see (`declarationView` for the GM,
 * `viewFromProjection` for a player): the phase counter with round, turn and
 * minute (P1); the step and what it waits for; one row per combatant in
 * declaration order — initiative, slot, awareness and surprise (P3, P5),
 * the action underway or only that there is one, Targeting, Aim and Defend
 * for the owner and the GM (P13, P16, P26), the suppressed mark (P24), out
 * of action (P30) — with the controls this user may use now; the actions due
 * at the end of the phase by length (P9); the phase's log. Pure: texts come
 * through the localizer handed in.
 */
import type { Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { phaseClock } from "../rules/clock.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { actionDetails, explainEvent } from "../rules/sequence-explain.js";
import type { DeclaredAction } from "../rules/state.js";
import type { OutState } from "../rules/types.js";
import type { ActionView, DeclarationRow, DeclarationView, EventView } from "../rules/view.js";

export const PHASE_TRACKER_TEMPLATE = "systems/cychosys/templates/phase/combat/tracker.hbs";

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
  status: string | null;
  action: string | null;
  actionHidden: boolean;
  marks: { key: string; text: string }[];
  controls: TrackerControl[];
}

export interface PhaseTrackerView {
  title: string;
  clock: string;
  step: string;
  notice: string | null;
  isGM: boolean;
  buttons: TrackerControl[];
  rows: TrackerRow[];
  due: { label: string; items: string[] }[];
  log: string[];
}

const K = "CYCHOSYS.Phase.Tracker.";
const control = (action: string, icon: string, localize: Localize): TrackerControl => ({ action, icon, label: localize(`${K}Control.${action}`) });

/** The tracker when there is no phase record to show: the GM may start one. */
export function trackerProblemView(problem: "noRecord" | "unreadable", isGM: boolean, localize: Localize = english): PhaseTrackerView {
  return {
    title: localize(`${K}title`), clock: "", step: "", notice: localize(`${K}Problem.${problem}`), isGM,
    buttons: isGM ? [control("restart", "fa-solid fa-rotate-right", localize)] : [], rows: [], due: [], log: [],
  };
}

export function phaseTrackerView(view: DeclarationView, people: readonly TrackerPerson[], context: TrackerContext, localize: Localize = english, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseTrackerView {
  if (context.problem) return trackerProblemView(context.problem, context.isGM, localize);
  const person = new Map(people.map((p) => [p.id, p]));
  const name = (id: string) => person.get(id)?.name ?? id;
  const weaponName = (actor: string, id: string | null) => (id ? (person.get(actor)?.weapons[id] ?? id) : "");
  const actionName = (key: string) => {
    const text = localize(`CYCHOSYS.Phase.Action.${key}`);
    return text.startsWith("CYCHOSYS.") ? key : text;
  };
  const describe = (a: DeclaredAction) =>
    localize(`${K}action`, { action: actionName(a.action), details: actionDetails(a, name, weaponName, localize), length: localize(`CYCHOSYS.Phase.Length.${a.length}`), resolvesAt: a.resolvesAt });
  const clock = phaseClock(view.phase, rules);
  const step = context.resolving ? "resolving" : view.step;
  const surpriseDue = new Set(context.surpriseDue);
  const surpriseRolled = new Set(context.surpriseRolled);

  const rows = view.rows.map((r): TrackerRow => {
    const p = person.get(r.id);
    const controls: TrackerControl[] = [];
    const canControl = p?.canControl === true;
    const out = p?.out ?? [];
    if (canControl && !context.resolving && !out.length) {
      if (view.step === "start" && surpriseDue.has(r.id)) controls.push(control("rollSurprise", "fa-solid fa-dice", localize));
      if (view.step === "initiative" && r.initiative === null && r.awareness === "aware") controls.push(control("rollInitiative", "fa-solid fa-dice", localize));
      if (r.slot === "current") {
        if (!r.action) controls.push(control("declare", "fa-solid fa-bullhorn", localize));
        if (!r.freeUsed) controls.push(control("free", "fa-solid fa-bolt", localize));
        if (r.action && !r.action.hidden && r.action.cancellable) controls.push(control("cancel", "fa-solid fa-ban", localize));
        controls.push(control("pass", "fa-solid fa-forward", localize));
      }
    }
    if (context.isGM && !context.resolving) {
      controls.push(r.awareness === "aware" ? control("markUnaware", "fa-solid fa-eye-slash", localize) : control("markAware", "fa-solid fa-eye", localize));
      if (r.awareness === "unaware") controls.push(control("witness", "fa-solid fa-bomb", localize));
      if (r.targeting !== "hidden" && r.targeting !== null) controls.push(control("distract", "fa-solid fa-hand", localize));
      controls.push(r.suppressed ? control("unsuppress", "fa-solid fa-shield", localize) : control("suppress", "fa-solid fa-person-rifle", localize));
    }
    const marks: TrackerRow["marks"] = [];
    if (out.length) marks.push({ key: "out", text: localize(`${K}Mark.out`, { states: out.map((s) => localize(`CYCHOSYS.Phase.State.${s}`)).join(", ") }) });
    if (r.targeting && r.targeting !== "hidden") marks.push({ key: "targeting", text: localize(`${K}Mark.targeting`, { target: name(r.targeting.target), area: r.targeting.area ? localize("CYCHOSYS.Phase.Sequence.atArea", { area: localize(`CYCHOSYS.Phase.Area.${r.targeting.area}`) }) : "" }) });
    if (typeof r.aim === "number" && r.aim > 0) marks.push({ key: "aim", text: localize(`${K}Mark.aim`, { bonus: r.aim }) });
    if (r.defending === true) marks.push({ key: "defending", text: localize(`${K}Mark.defending`, { bonus: rules.defendBonus }) });
    if (r.suppressed) marks.push({ key: "suppressed", text: localize(`${K}Mark.suppressed`) });
    if (r.freeUsed) marks.push({ key: "free", text: localize(`${K}Mark.free`) });
    if (view.step === "start" && surpriseRolled.has(r.id)) marks.push({ key: "surpriseRolled", text: localize(`${K}Mark.surpriseRolled`) });
    const status =
      r.awareness === "unaware" ? localize(`${K}Awareness.unaware`)
      : r.awareness === "surprised" ? (r.surpriseLeft > 0 ? localize(`${K}Awareness.surprisedFor`, { left: r.surpriseLeft }) : localize(`${K}Awareness.surprisedRolling`, { bonus: r.failedSurpriseRolls * rules.surpriseBonusPerFailure }))
      : null;
    const action = r.action ? (r.action.hidden ? localize(`${K}hiddenAction`) : describe(r.action)) : null;
    return {
      id: r.id, name: name(r.id), img: p?.img ?? "", position: r.position === null ? null : r.position + 1, initiative: r.initiative,
      slot: r.slot, slotText: localize(`${K}Slot.${r.slot}`), current: r.slot === "current", status, action, actionHidden: r.action?.hidden === true, marks, controls,
    };
  });

  const buttons: TrackerControl[] = [];
  if (context.isGM && !context.resolving) {
    if (view.step === "initiative") buttons.push(control("closeInitiative", "fa-solid fa-list-ol", localize));
    if (view.step === "declare") buttons.push(control("resolve", "fa-solid fa-hourglass-end", localize));
  }
  let notice: string | null = null;
  if (context.resolving) notice = localize(`${K}Notice.resolving`);
  else if (view.step === "start" && context.surpriseDue.length) notice = localize(`${K}Notice.surprise`, { names: context.surpriseDue.map(name).join(", ") });
  else if (view.step === "declare" && view.current) notice = localize(`${K}Notice.current`, { name: name(view.current) });
  else if (view.step === "declare") notice = localize(`${K}Notice.slotsDone`);

  const due = view.due.map((g) => ({
    label: localize(`${K}due`, { length: localize(`CYCHOSYS.Phase.Length.${g.length}`) }),
    items: g.actions.filter((a): a is Extract<ActionView, { hidden: false }> => !a.hidden).map((a) => `${name(a.actor)}: ${describe(a)}`),
  }));
  const log: string[] = [];
  const say = (key: string, params: Record<string, string | number> = {}) => log.push(localize(`CYCHOSYS.Phase.Sequence.${key}`, params));
  for (const e of view.events) logEvent(e, say, name, actionName, (a) => actionDetails(a, name, weaponName, localize), localize, log);
  return {
    title: localize(`${K}phase`, { phase: view.phase }),
    clock: localize(`${K}clock`, { round: clock.round, turn: clock.turn, minute: clock.minute, ofRound: clock.phaseOfRound, roundLength: rules.phasesPer.round }),
    step: localize(`${K}Step.${step}`),
    notice, isGM: context.isGM, buttons, rows, due, log,
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
    say(e.success ? "surpriseSuccess" : "surpriseFailure", { name: name(e.actor), face: e.face, bonus: e.bonus >= 0 ? `+${e.bonus}` : `−${-e.bonus}`, total: e.total, tn: e.tn });
    return;
  }
  explainEvent(e, say, name, actionName, details, localize);
}
