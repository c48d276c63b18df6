/**
 * The declarations as one viewer may see them (the issue's hidden
 * declarations; P6 read as the `openDeclarations` option). The GM sees
 * everything; a player sees their own combatants' declarations, and another's
 * only once it has taken effect — a free action at once (P7), a combined
 * action's first part when it resolves (P12) — or every declaration when the
 * world plays P6 as written. Who holds a slot, the order, initiative totals
 * and surprise are public. Pure: the tracker renders what this returns.
 */
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { dueThisPhase } from "./resolve-phase.js";
import type { DeclaredAction, PhaseEvent, PhaseState } from "./state.js";
import { surpriseLeft } from "./surprise.js";
import type { Area, TimedLength } from "./types.js";

export interface Viewer {
  isGM: boolean;
  /** Does this user own the combatant? */
  owns(combatantId: string): boolean;
}

/** An action as shown: its content, or only that there is one. */
export type ActionView = ({ hidden: false } & DeclaredAction) | { hidden: true; id: string };

export interface DeclarationRow {
  id: string;
  /** 0-based place in this phase's declaration order; null without a slot. */
  position: number | null;
  initiative: number | null;
  slot: "none" | "waiting" | "current" | "done";
  awareness: "aware" | "unaware" | "surprised";
  /** P3: phases of surprise left before the first roll. */
  surpriseLeft: number;
  failedSurpriseRolls: number;
  freeUsed: boolean;
  /** The action underway (null when none). */
  action: ActionView | null;
  /** P13/P16/P26: shown to the GM and the owner only. */
  targeting: { target: string; area: Area | null } | null | "hidden";
  aim: number | "hidden";
  defending: boolean | "hidden";
  suppressed: boolean;
}

/** An event of the phase's log as shown; a hidden one says only who did what kind of thing. */
export type EventView = PhaseEvent | { kind: "declare" | "cancel" | "distracted"; actor: string; hidden: true };

export interface DeclarationView {
  phase: number;
  step: PhaseState["step"];
  /** The combatant whose slot it is, or null. */
  current: string | null;
  rows: DeclarationRow[];
  events: EventView[];
  /** P9/P11: what resolves at the end of this phase, by length, as far as this viewer may know. */
  due: { length: TimedLength; actions: ActionView[] }[];
}

/** May this viewer see the content of this action? */
export function seesAction(viewer: Viewer, a: DeclaredAction, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): boolean {
  return viewer.isGM || rules.openDeclarations || viewer.owns(a.actor) || a.partsDone > 0;
}

function actionView(viewer: Viewer, a: DeclaredAction, rules: Readonly<PhaseRules>): ActionView {
  if (!seesAction(viewer, a, rules)) return { hidden: true, id: a.id };
  return { hidden: false, ...a, targets: [...a.targets] };
}

export function declarationView(state: PhaseState, viewer: Viewer, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): DeclarationView {
  const current = state.step === "declare" ? (state.order[state.cursor] ?? null) : null;
  const place = new Map(state.order.map((id, i) => [id, i]));
  const rows: DeclarationRow[] = state.combatants.map((c) => {
    const mine = viewer.isGM || viewer.owns(c.id);
    const position = place.get(c.id) ?? null;
    const slot = c.slot === "none" ? "none" : c.slot === "done" ? "done" : c.id === current ? "current" : "waiting";
    return {
      id: c.id, position, initiative: c.initiative?.total ?? null, slot,
      awareness: c.awareness.state, surpriseLeft: surpriseLeft(c.awareness, state.phase),
      failedSurpriseRolls: c.awareness.state === "surprised" ? c.awareness.failures : 0,
      freeUsed: c.freeUsed,
      action: c.action ? actionView(viewer, c.action, rules) : null,
      targeting: mine ? (c.targeting ? { ...c.targeting } : null) : "hidden",
      aim: mine ? (c.aim?.bonus ?? 0) : "hidden",
      defending: mine || rules.openDeclarations ? c.defending : "hidden",
      suppressed: c.suppressed,
    };
  });
  // The order of declaration first (lowest initiative first), then those without a slot.
  rows.sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER));
  const events: EventView[] = state.events.map((e) => {
    if ((e.kind === "declare" || e.kind === "cancel") && !seesAction(viewer, e.action, rules)) return { kind: e.kind, actor: e.actor, hidden: true };
    // Whom a character had lined up is its own business (P13).
    if (e.kind === "distracted" && !viewer.isGM && !viewer.owns(e.actor)) return { kind: e.kind, actor: e.actor, hidden: true };
    return e;
  });
  const due = dueThisPhase(state, rules)
    .map((g) => ({ length: g.length, actions: g.actions.filter((x) => seesAction(viewer, x.action, rules)).map((x) => actionView(viewer, x.action, rules)) }))
    .filter((g) => g.actions.length);
  return { phase: state.phase, step: state.step, current, rows, events, due };
}
