/**
 * What the phase card shows one user (templates/phase/chat/phase-card.hbs):
 * the end of phase N with its round, turn and minute (P1); what resolves, by
 * length, in the order the rules resolve it (P9) — each attack in words,
 * every figure with its rule id (the core's explainPhaseAttack: the TN and
 * its modifiers, a wild shot's −2 and its dropped call, the check, the hit's
 * place and drift, damage, armor, a traumatic wound); who went out of action
 * and what they lost (P37); the rolls still owed, with a roll button for the
 * user who owes each (or the GM); the GM's modifiers, apply, undo and
 * cancel; and, once applied, what changed on each sheet. Pure.
 */
import { english, type ExplainLine, type Localize } from "../../../core/messages.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { actionDetails, explainEntry } from "../rules/sequence-explain.js";
import type { DeclaredAction } from "../rules/state.js";
import { attackersOf, currentApplication, type PhaseFlow, personOf } from "./flow.js";

export const PHASE_CARD_TEMPLATE = "systems/cychosys/templates/phase/chat/phase-card.hbs";

/** Who is looking: may they roll for this actor, are they the GM; for the GM, has the phase moved on since the card was applied. */
export interface CardViewer {
  isGM: boolean;
  owns(actorUuid: string): boolean;
  /** The GM's client knows the ledger: has it moved on since the applied revision? Undo then takes back the sheets only. */
  recordMovedOn?: boolean;
}

export interface CardButton {
  action: "roll" | "modifiers" | "apply" | "undo" | "cancel";
  label: string;
  combatantId?: string;
  roll?: string;
  formula?: string;
}

export interface CardLine {
  text: string;
  /** An attack's explanation lines are indented. */
  detail: boolean;
  /** A wild shot (P14) or a traumatic wound (P29) is marked. */
  mark: "wild" | "traumatic" | null;
}

export interface PhaseCardView {
  title: string;
  clock: string;
  status: string;
  statusKey: PhaseFlow["status"];
  groups: { label: string; lines: CardLine[] }[];
  waiting: string[];
  after: string[];
  owed: { text: string; button: CardButton | null }[];
  applied: string[];
  buttons: CardButton[];
}

const K = "CYCHOSYS.Phase.Card.";

/** Nobody in particular: the card's stored HTML. */
export const NOBODY: CardViewer = Object.freeze({ isGM: false, owns: () => false });

export function phaseCardView(flow: PhaseFlow, viewer: CardViewer, localize: Localize = english, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseCardView {
  const name = (id: string) => personOf(flow, id)?.name ?? id;
  const weaponName = (actor: string, id: string | null) => (id ? (personOf(flow, actor)?.weapons[id] ?? id) : "");
  const actionName = (key: string) => {
    const text = localize(`CYCHOSYS.Phase.Action.${key}`);
    return text.startsWith("CYCHOSYS.") ? key : text;
  };
  const area = (a: string) => localize(`CYCHOSYS.Phase.Area.${a}`);
  const lengthName = (l: string) => localize(`CYCHOSYS.Phase.Length.${l}`);
  const describe = (a: DeclaredAction) => `${name(a.actor)}: ${actionName(a.action)}${actionDetails(a, name, weaponName, localize)}`;

  const groups = flow.outcome.groups.map((g) => {
    const lines: CardLine[] = [];
    const say = (key: string, params: Record<string, string | number> = {}) => lines.push({ text: localize(`CYCHOSYS.Phase.Sequence.${key}`, params), detail: false, mark: null });
    for (const entry of g.entries) {
      const start = lines.length;
      const collected: ExplainLine[] = [];
      explainEntry(entry, say, collected, name, actionName, area, weaponName, localize, rules);
      for (const l of collected) lines.push({ text: l.text.trim(), detail: true, mark: null });
      if (entry.outcome.kind === "attack") {
        const a = entry.outcome.attack;
        if (a.wild) lines[start] = { ...lines[start]!, mark: "wild" };
        if (a.newTraumas.length) lines.push({ text: localize(`${K}traumatic`, { name: name(entry.action.target!), areas: a.newTraumas.map((t) => area(t.area)).join(", ") }), detail: false, mark: "traumatic" });
        if (a.pending) lines.push({ text: localize(`${K}pending.${a.pending.roll}`), detail: true, mark: null });
      }
    }
    return { label: localize(`${K}group`, { length: lengthName(g.length) }), lines };
  });
  // P9: the longer lengths wait for the shorter ones' dice.
  const shown = new Set(flow.outcome.groups.map((g) => g.length));
  const waiting = flow.due.filter((g) => !shown.has(g.length)).map((g) => localize(`${K}waiting`, { length: lengthName(g.length), actions: g.actions.map((a) => describe(a.action)).join("; ") }));

  const after = [
    ...flow.outcome.outOfAction.map((o) => localize("CYCHOSYS.Phase.Sequence.outOfAction", { name: name(o.id), states: o.states.map((s) => localize(`CYCHOSYS.Phase.State.${s}`)).join(", ") })),
    ...flow.outcome.lost.map((l) => (l.action ? localize("CYCHOSYS.Phase.Sequence.lost", { name: name(l.actor), action: actionName(l.action.action) }) : localize(`${K}lostHidden`, { name: name(l.actor) }))),
    ...flow.outcome.surprised.map((id) => localize("CYCHOSYS.Phase.Sequence.surprised", { name: name(id), phase: flow.clock.phase })),
  ];

  const rolling = flow.status === "rolling";
  const owed = flow.needs.map((n) => {
    const person = personOf(flow, n.actor);
    const formula = `${n.dice}d${n.faces}`;
    const may = rolling && !!person && (viewer.isGM || viewer.owns(person.actorUuid));
    return {
      text: localize(`${K}owes.${n.roll}`, { name: name(n.actor), formula, check: n.check + 1, hit: n.hit + 1 }),
      button: may ? { action: "roll" as const, label: localize(`${K}Button.roll`, { formula }), combatantId: n.actor, roll: n.roll, formula } : null,
    };
  });

  const buttons: CardButton[] = [];
  if (viewer.isGM) {
    if (rolling || flow.status === "resolved") {
      for (const id of attackersOf(flow, rules)) if (!(flow.rolls[id]?.checks.length ?? 0)) buttons.push({ action: "modifiers", label: localize(`${K}Button.modifiers`, { name: name(id) }), combatantId: id });
    }
    if (flow.status === "resolved") buttons.push({ action: "apply", label: localize(`${K}Button.apply`) });
    if (currentApplication(flow)) buttons.push({ action: "undo", label: localize(viewer.recordMovedOn ? `${K}Button.undoSheets` : `${K}Button.undo`) });
    if (rolling || flow.status === "resolved") buttons.push({ action: "cancel", label: localize(`${K}Button.cancel`) });
  }

  const application = currentApplication(flow);
  const applied = application
    ? [
        ...application.actors.map((a) =>
          localize(`${K}appliedActor`, {
            name: a.name,
            changes: [
              a.flesh ? localize(`${K}flesh`, { value: a.flesh > 0 ? `+${a.flesh}` : a.flesh }) : "",
              a.stun ? localize(`${K}stun`, { value: a.stun > 0 ? `+${a.stun}` : a.stun }) : "",
              a.traumas.length ? localize(`${K}traumas`, { areas: a.traumas.map((t) => area(t.area)).join(", ") }) : "",
            ].filter(Boolean).join(", "),
          }),
        ),
        ...application.items.map((i) => localize(i.ammo ? `${K}appliedAmmo` : i.ready?.after ? `${K}appliedDrawn` : `${K}appliedHolstered`, { name: i.name, rounds: i.ammo })),
      ]
    : [];

  return {
    title: localize(`${K}title`, { phase: flow.clock.phase }),
    clock: localize(`${K}clock`, { round: flow.clock.round, turn: flow.clock.turn, minute: flow.clock.minute }),
    status: localize(`${K}Status.${flow.status}`),
    statusKey: flow.status,
    groups: groups.length || flow.due.length ? groups : [{ label: localize(`${K}nothing`), lines: [] }],
    waiting, after, owed, applied, buttons,
  };
}
