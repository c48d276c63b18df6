/**
 * What the attack chat card shows a given user: the attack (dice, key die,
 * surge or crash, total, edge, location), then one panel per target with its
 * defense, the exchange, the verdict explained line by line, the applied
 * injury explained, and the buttons THIS user may press. Pure: the chat
 * message renders it with a template; no Foundry here.
 */
import {
  counterHandicap,
  DEFENSE_FORMS,
  type DefenseForm,
  english,
  explainAttack,
  type ExplainLine,
  type Localize,
  locationFromTotal,
  readRoll,
  type Rules,
  type Side,
  STANDARD_RULES,
} from "../rules/index.js";
import { type AttackFlow, contestFor, currentApplication, mayActFor, type TargetPhase } from "./attack-flow.js";
import type { FlowUser } from "./attack-flow.js";

export interface DieView {
  face: number;
  value: number;
  key: boolean;
  surge: boolean;
  crash: boolean;
}

export interface TargetPanelView {
  index: number;
  name: string;
  actorUuid: string;
  phase: TargetPhase;
  phaseLabel: string;
  defenseLabel?: string;
  exchange: { side: string; raw: number; handicap: number; total: number; beat: boolean }[];
  /** The contest explained (R22–R25), each line citing its rule. */
  verdict: ExplainLine[];
  /** The applied injury explained (R26–R33), when applied. */
  applied: ExplainLine[];
  undone: number;
  /** What this user may press. */
  can: {
    defend: DefenseForm[];
    defendCostsAction: boolean;
    counterAgain: boolean;
    counterHandicap: number;
    takeIt: boolean;
    apply: boolean;
    undo: boolean;
  };
}

export interface AttackCardView {
  attackId: string;
  attacker: { name: string; actorUuid: string };
  total: number;
  surge: boolean;
  crash: boolean;
  dice: DieView[];
  edge: string;
  location: string;
  nonLethal?: string;
  targets: TargetPanelView[];
  noTargets: boolean;
}

export function attackCardView(flow: AttackFlow, user: FlowUser, localize: Localize = english, rules: Rules = STANDARD_RULES): AttackCardView {
  const roll = flow.attack.dice.length ? readRoll(flow.attack.dice) : undefined;
  const location = flow.attack.location
    ? localize("CYCHOSYS.Card.aimed", { location: localize(`CYCHOSYS.Location.${flow.attack.location}`) })
    : localize("CYCHOSYS.Card.byDigit", {
        digit: flow.attack.total % 10,
        location: localize(`CYCHOSYS.Location.${locationFromTotal(flow.attack.total)}`),
      });
  const view: AttackCardView = {
    attackId: flow.id,
    attacker: { name: flow.attacker.name, actorUuid: flow.attacker.actorUuid },
    total: flow.attack.total,
    surge: roll?.surge ?? flow.attack.surge,
    crash: roll?.crash ?? false,
    dice: (roll?.dice ?? []).map((d, i) => ({ face: d.face, value: d.value, key: i === 0, surge: d.surge, crash: d.crash })),
    edge: flow.attack.edge,
    location,
    targets: flow.targets.map((_, index) => targetPanel(flow, index, user, localize, rules)),
    noTargets: flow.targets.length === 0,
  };
  if (flow.attack.nonLethal) {
    view.nonLethal = localize("CYCHOSYS.Card.nonLethal", { facet: localize(`CYCHOSYS.Facet.${flow.attack.nonLethal}`) });
  }
  return view;
}

function targetPanel(flow: AttackFlow, index: number, user: FlowUser, localize: Localize, rules: Rules): TargetPanelView {
  const target = flow.targets[index]!;
  const names: Record<Side, string> = { attacker: flow.attacker.name, defender: target.target.name };
  const contest = contestFor(flow, index, rules);
  const verdict =
    contest && target.phase !== "exchange"
      ? explainAttack({ contest, struck: contest.struck }, { attacker: names.attacker, defender: names.defender }, localize, rules)
      : [];
  const application = currentApplication(target);
  const applied = application
    ? explainAttack(application.resolution, {
        attacker: names.attacker,
        defender: names.defender,
        ...(target.defense?.form === "parry" && target.defense.object && { object: target.defense.object.name }),
      }, localize, rules)
    : [];
  const struck = target.verdict?.struck;
  const mayDefend = mayActFor(flow, index, "defender", user);
  const canDefend = mayDefend && (target.phase === "awaitingDefense" || target.phase === "resolved");
  const awaiting = target.awaiting;
  const mayAnswer = target.phase === "exchange" && awaiting !== undefined && mayActFor(flow, index, awaiting, user);
  const panel: TargetPanelView = {
    index,
    name: target.target.name,
    actorUuid: target.target.actorUuid,
    phase: target.phase,
    phaseLabel: localize(`CYCHOSYS.Card.phase.${target.phase}`, { side: awaiting ? names[awaiting] : "" }),
    exchange: target.counters.length
      ? (contest?.exchange ?? []).map((step) => ({ side: names[step.side], raw: step.raw, handicap: step.handicap, total: step.total, beat: step.beat }))
      : [],
    verdict,
    applied,
    undone: target.applications.filter((a) => a.undoneBy).length,
    can: {
      defend: canDefend ? [...DEFENSE_FORMS] : [],
      defendCostsAction: target.defenses >= 1,
      counterAgain: mayAnswer,
      counterHandicap: counterHandicap(target.counters.length + 1, rules.effects),
      takeIt: mayAnswer,
      apply: target.phase === "resolved" && struck !== undefined && struck !== "none" && mayActFor(flow, index, struck, user),
      undo: target.phase === "applied" && application !== undefined && (user.isGM || user.owns(application.struck.actorUuid)),
    },
  };
  if (target.defense) {
    panel.defenseLabel = localize("CYCHOSYS.Card.defense", {
      form: localize(`CYCHOSYS.DefenseForm.${target.defense.form}`),
      total: target.defense.total,
    });
  }
  return panel;
}
