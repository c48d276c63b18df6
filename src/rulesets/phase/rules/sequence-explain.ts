/**
 * A sequence run in words: per phase the clock, surprise, initiative and the
 * order, each slot, and what resolved by length — every line citing its rule
 * ids, attacks explained by explainPhaseAttack (indented).
 */
import { english, type ExplainLine, type Localize } from "../../../core/messages.js";
import { sentenceCase } from "../../../core/views/text.js";
import { explainPhaseAttack, signed } from "./explain.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import type { ResolvedEntry } from "./resolve-phase.js";
import type { SequenceRun } from "./sequence.js";
import { combatantIndex, type DeclaredAction, type PhaseEvent, type PhaseState } from "./state.js";
import { phaseClock } from "./clock.js";
import { surpriseLeft } from "./surprise.js";
import { actionLabel, countKey } from "./words.js";

const K = "CYCHOSYS.Phase.Sequence.";

export function explainPhaseSequence(run: SequenceRun, localize: Localize = english, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): ExplainLine[] {
  const lines: ExplainLine[] = [];
  // Every line a sentence; a count's key the form its plural takes.
  const say = (key: string, params: Record<string, string | number> = {}, count?: number) => {
    const full = count === undefined ? K + key : countKey(K + key, count);
    lines.push({ key: full, params, text: sentenceCase(localize(full, params)) });
  };
  const name = (id: string) => run.names[id] ?? id;
  const actionName = (key: string) => actionLabel(key, localize);
  const weaponName = (actor: string, id: string | null) => (id ? (run.fighters[actor]?.weapons[id]?.name ?? id) : "");
  const area = (a: string) => localize(`CYCHOSYS.Phase.Area.${a}`);
  const details = (a: DeclaredAction) => actionDetails(a, name, weaponName, localize);

  /** A phase up to its end: the clock, surprise, initiative and the order, each slot. */
  const slots = (declared: PhaseState) => {
    const c = phaseClock(declared.phase, rules);
    say("phase", { phase: c.phase, round: c.round, turn: c.turn, minute: c.minute });
    for (const x of declared.combatants) {
      const left = x.awareness.state === "surprised" ? surpriseLeft(x.awareness, c.phase) : 0;
      if (x.awareness.state === "surprised" && left > 0) say("stillSurprised", { name: name(x.id), left, from: x.awareness.rollFrom }, left);
    }
    for (const e of declared.events) if (e.kind === "surpriseRoll") say(e.success ? "surpriseSuccess" : "surpriseFailure", { name: name(e.actor), face: e.face, bonus: signed(e.bonus), total: e.total, tn: e.tn });
    const order = declared.order;
    for (const id of order) {
      const i = declared.combatants[combatantIndex(declared, id)]!.initiative!;
      say("initiative", { name: name(id), faces: i.faces.join(" + "), reflexes: i.reflexes, total: i.total });
    }
    if (order.length) say("order", { order: order.map((id) => name(id)).join(", ") });
    else say("noSlots");
    for (const e of declared.events) explainEvent(e, say, name, actionName, details, localize);
  };

  for (const { declared, report } of run.phases) {
    const c = report.clock;
    slots(declared);
    for (const g of report.groups) {
      say("resolveGroup", { phase: c.phase, length: localize(`CYCHOSYS.Phase.Length.${g.length}`) });
      for (const e of g.entries) explainEntry(e, say, lines, name, actionName, area, (actor, id) => weaponName(actor, id), localize, rules);
    }
    if (!report.groups.length) say("nothingResolves", { phase: c.phase });
    for (const o of report.outOfAction) say("outOfAction", { name: name(o.id), states: o.states.map((s) => localize(`CYCHOSYS.Phase.State.${s}`)).join(", ") });
    for (const l of report.lost) say("lost", { name: name(l.action.actor), action: actionName(l.action.action) });
    for (const id of report.surprised) say("surprised", { name: name(id), phase: c.phase });
  }
  const owed = run.owed;
  if (owed) {
    // P9: the run stops at a phase's end still owing dice, as the table's card waits for them.
    slots(owed.declared);
    say("owedHead", { phase: owed.declared.phase });
    for (const n of owed.rolls) say(`owed.${n.roll}`, { name: name(n.actor), action: actionName(n.action), check: n.check + 1, hit: n.hit + 1, formula: `${n.dice}d${n.faces}`, field: n.field });
    if (owed.unplayed) say("unplayed", { count: owed.unplayed }, owed.unplayed);
  }
  return lines;
}

/** What a declared action names, in words: its target, area, weapon, targets, words (` on Leroy at the head with Pistol`). */
export function actionDetails(a: DeclaredAction, name: (id: string) => string, weaponName: (actor: string, id: string | null) => string, localize: Localize = english): string {
  return [
    a.target ? localize(`${K}onTarget`, { target: name(a.target) }) : "",
    a.area ? localize(`${K}atArea`, { area: localize(`CYCHOSYS.Phase.Area.${a.area}`) }) : "",
    a.weapon ? localize(`${K}withWeapon`, { weapon: weaponName(a.actor, a.weapon) }) : "",
    a.targets.length ? localize(`${K}onTargets`, { targets: a.targets.map(name).join(", ") }) : "",
    a.label ? localize(`${K}label`, { label: a.label }) : "",
  ].join("");
}

/** One event of a phase's slots in words (a surprise roll says nothing: the caller tells those). */
export function explainEvent(
  e: PhaseEvent,
  say: (key: string, params?: Record<string, string | number>) => void,
  name: (id: string) => string,
  actionName: (key: string) => string,
  details: (a: DeclaredAction) => string,
  localize: Localize,
): void {
  switch (e.kind) {
    case "surpriseRoll":
      return;
    case "cancel":
      return say("cancel", { name: name(e.actor), action: actionName(e.action.action) });
    case "pass":
      return say("pass", { name: name(e.actor) });
    case "distracted":
      return say("distracted", { name: name(e.actor), target: name(e.target) });
    case "free": {
      const label = e.label ? localize(`${K}label`, { label: e.label }) : "";
      if (!e.check) return say("free", { name: name(e.actor), action: actionName(e.action), label });
      return say(e.check.success ? "freeSuccess" : "freeFailure", { name: name(e.actor), action: actionName(e.action), face: e.check.face, total: e.check.total, tn: e.check.tn });
    }
    case "declare": {
      const a = e.action;
      return say(e.fromFailedFree ? "declareAfterFailedFree" : "declare", {
        name: name(e.actor), action: actionName(a.action), details: details(a), length: localize(`CYCHOSYS.Phase.Length.${a.length}`), resolvesAt: a.resolvesAt,
      });
    }
  }
}

/** One resolved action in words; an attack is followed by its explanation, indented. */
export function explainEntry(
  e: ResolvedEntry,
  say: (key: string, params?: Record<string, string | number>) => void,
  lines: ExplainLine[],
  name: (id: string) => string,
  actionName: (key: string) => string,
  area: (a: string) => string,
  weapon: (actor: string, id: string | null) => string,
  localize: Localize,
  rules: Readonly<PhaseRules>,
): void {
  const who = name(e.action.actor);
  const o = e.outcome;
  const base = { name: who, action: actionName(e.action.action) };
  switch (o.kind) {
    case "targeting":
      return say(e.part ? "targetingPart" : "targeting", { ...base, target: localize(`${K}onTarget`, { target: name(o.target) }), area: o.area ? localize(`${K}atArea`, { area: area(o.area) }) : "" });
    case "aim":
      return say("aim", { ...base, target: name(o.target), bonus: o.bonus });
    case "aimLost":
      return say("aimLost", { ...base, target: name(o.target) });
    case "draw":
    case "holster":
      return say(o.kind, { ...base, weapon: weapon(e.action.actor, o.weapon) });
    case "suppress":
      return say("suppress", { ...base, weapon: weapon(e.action.actor, o.weapon), rounds: o.rounds, targets: o.targets.map(name).join(", ") || "—" });
    case "defend":
      return say("defend", { ...base, bonus: rules.defendBonus });
    case "other":
      return say("other", { ...base, label: e.action.label ? localize(`${K}label`, { label: e.action.label }) : "" });
    case "noWeapon":
      return say("noWeapon", { ...base, weapon: o.weapon });
    case "noAmmo":
      return say("noAmmo", { ...base, weapon: weapon(e.action.actor, o.weapon), need: o.need, left: o.left });
    case "noTarget":
      return say("noTarget", { ...base, target: o.target });
    case "attack": {
      say("attack", { ...base, target: name(e.action.target!), weapon: weapon(e.action.actor, e.action.weapon) });
      for (const l of explainPhaseAttack(o.attack, { attacker: who, target: name(e.action.target!) }, localize, rules)) lines.push({ ...l, text: `  ${l.text}` });
      return;
    }
  }
}
