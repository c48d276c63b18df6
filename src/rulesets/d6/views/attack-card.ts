/**
 * What an OpenD6 attack card shows one user (docs/rulesets/d6.md, "On the
 * table"): the attack roll with every die — the Wild Die and its explosion
 * marked, a complication flagged, removed faces struck —, then per target
 * the whole resolution in words with rule ids (the core's explainD6Attack),
 * the rolls still due and, for this user only, the buttons they may press.
 * Pure.
 */
import type { FlowUser } from "../../../core/ruleset.js";
import { english, type Localize } from "../../../core/messages.js";
import { D6_STANDARD_RULES, type D6Rules, explainD6Attack, formatDieCode, type RollReading } from "../rules/index.js";
import { currentApplication, type D6Flow, phaseOf, resolutionOf, sideRef } from "../workflow/flow.js";
import type { OddsTableView } from "../../../core/views/odds.js";
import type { D6InterruptOption } from "../rules/index.js";
import { d6CardOddsTable } from "./odds.js";

export const D6_ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/d6/chat/attack-card.hbs";

export interface D6DieView {
  face: number;
  wild: boolean;
  /** A face the removing complication took away (D2). */
  removed: boolean;
  /** The Wild Die's 1 on its first face (D2). */
  complication: boolean;
}

export interface D6ButtonView {
  action: "interrupt" | "announce" | "damage" | "resist" | "apply" | "undo";
  skill?: "dodge" | "block" | "parry";
  label: string;
}

export interface D6TargetPanel {
  index: number;
  name: string;
  phase: string;
  phaseLabel: string;
  lines: string[];
  rolls: { label: string; dice: D6DieView[]; total: number }[];
  outcome?: string;
  buttons: D6ButtonView[];
  applied?: string;
  /** D14: while the target may interrupt, each answer's odds (docs/odds.md), for its owner. */
  odds?: OddsTableView;
}

export interface D6CardView {
  title: string;
  weapon: string;
  dice: D6DieView[];
  total: number | null;
  complication: boolean;
  targets: D6TargetPanel[];
  pending: boolean;
}

/** The dice of a reading: plain dice, then the Wild Die's chain, removed faces marked. */
export function diceOf(reading: RollReading): D6DieView[] {
  const removed = [...reading.removed];
  const take = (face: number) => {
    const i = removed.indexOf(face);
    if (i < 0) return false;
    removed.splice(i, 1);
    return true;
  };
  const wild = reading.wild.map((face, i) => ({ face, wild: true, removed: false, complication: i === 0 && reading.complication }));
  if (wild[0] && wild[0].complication && take(wild[0].face)) wild[0].removed = true;
  const plain = reading.dice.map((face) => ({ face, wild: false, removed: take(face), complication: false }));
  return [...plain, ...wild];
}

const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

export interface D6CardOptions {
  /** The interrupts a target could roll now, as this client sees it (docs/odds.md); undefined when it may not, or odds are not shown. */
  interruptsOf?: (actorUuid: string) => readonly D6InterruptOption[] | undefined;
}

export function d6AttackCardView(flow: D6Flow, viewer: FlowUser, localize: Localize = english, rules: Readonly<D6Rules> = D6_STANDARD_RULES, options: D6CardOptions = {}): D6CardView {
  const user = flow.pending ? NOBODY : viewer;
  const may = (uuid: string) => user.isGM || user.owns(uuid);
  const first = flow.targets[0] ? resolutionOf(flow.targets[0], rules) : undefined;
  const attack = first?.attack ?? null;
  const panels = flow.targets.map((target, index): D6TargetPanel => {
    const resolution = resolutionOf(target, rules);
    const phase = phaseOf(target, resolution);
    const names = { attacker: flow.attacker.name, defender: target.target.name };
    const lines = target.announced ? explainD6Attack(resolution, names, localize).map((l) => l.text) : [localize("CYCHOSYS.D6.Card.awaitingInterrupt", { name: target.target.name })];
    const rolls: D6TargetPanel["rolls"] = [];
    if (target.announced) {
      for (const d of resolution.defenses) if (d.rolled) rolls.push({ label: localize(`CYCHOSYS.D6.Defense.${d.skill}`), dice: diceOf(d.rolled.reading), total: d.total });
      if (resolution.damage?.reading) rolls.push({ label: localize("CYCHOSYS.D6.Card.damage"), dice: diceOf(resolution.damage.reading), total: resolution.damage.total ?? 0 });
      if (resolution.resistance?.reading) rolls.push({ label: localize("CYCHOSYS.D6.Card.resistance"), dice: diceOf(resolution.resistance.reading), total: resolution.resistance.total ?? 0 });
    }
    const buttons: D6ButtonView[] = [];
    const dealer = resolution.struck === "attacker" ? target.target : flow.attacker;
    const struck = resolution.struck === "attacker" ? flow.attacker : target.target;
    let odds: OddsTableView | undefined;
    switch (phase) {
      case "interruptible":
        if (may(target.target.actorUuid)) {
          const interrupts = options.interruptsOf?.(target.target.actorUuid);
          odds = interrupts ? d6CardOddsTable(target, interrupts, localize, rules) : undefined;
          for (const skill of ["dodge", "block", "parry"] as const) buttons.push({ action: "interrupt", skill, label: localize("CYCHOSYS.D6.Card.interrupt", { defense: localize(`CYCHOSYS.D6.Defense.${skill}`) }) });
          buttons.push({ action: "announce", label: localize("CYCHOSYS.D6.Card.announce") });
        }
        break;
      case "awaitingDamage":
        if (may(dealer.actorUuid)) buttons.push({ action: "damage", label: localize("CYCHOSYS.D6.Card.rollDamage", { code: formatDieCode(resolution.damage!.code) }) });
        break;
      case "awaitingResistance":
        if (may(struck.actorUuid)) buttons.push({ action: "resist", label: localize("CYCHOSYS.D6.Card.rollResistance", { code: formatDieCode(resolution.resistance!.code) }) });
        break;
      case "resolved":
        if (may(struck.actorUuid)) buttons.push({ action: "apply", label: localize("CYCHOSYS.D6.Card.apply") });
        break;
      case "applied": {
        const application = currentApplication(target);
        if (application && may(application.struck.actorUuid)) buttons.push({ action: "undo", label: localize("CYCHOSYS.D6.Card.undo") });
        break;
      }
    }
    const application = currentApplication(target);
    return {
      index,
      name: target.target.name,
      phase,
      phaseLabel: localize(`CYCHOSYS.D6.Card.phase.${phase}`, { name: sideRef(flow, index, resolution.struck === "attacker" ? "attacker" : "defender").name }),
      lines,
      rolls,
      ...(resolution.woundTaken && target.announced && { outcome: localize(`CYCHOSYS.D6.Wound.${resolution.woundTaken}`) }),
      buttons,
      ...(odds && { odds }),
      ...(application && { applied: localize("CYCHOSYS.D6.Card.applied", { name: application.struck.name, wound: localize(`CYCHOSYS.D6.Wound.${application.after.level}`) }) }),
    };
  });
  return {
    title: localize("CYCHOSYS.D6.Card.title", { name: flow.attacker.name }),
    weapon: localize("CYCHOSYS.D6.Card.weapon", { weapon: flow.attack.weapon, skill: flow.attack.skill }),
    dice: attack ? diceOf(attack.reading) : [],
    total: attack?.total ?? null,
    complication: attack?.reading.complication ?? false,
    targets: panels,
    pending: !!flow.pending,
  };
}
