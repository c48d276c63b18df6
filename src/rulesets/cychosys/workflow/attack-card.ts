/**
 * What the attack chat card shows a given user: the attack (dice, key die,
 * surge or crash, total, edge, location), then one panel per target with its
 * defense, the exchange, the verdict explained line by line, the applied
 * injury explained, and the buttons THIS user may press. Pure: the chat
 * message renders it with a template; no Foundry here.
 */
import {
  type AttackResolution,
  counterHandicap,
  DEFENSE_FORMS,
  type DefenseForm,
  english,
  explainAttack,
  type ExplainLine,
  type Localize,
  locationFromTotal,
  type Pools,
  readRoll,
  type Rules,
  type Side,
  STANDARD_RULES,
} from "../rules/index.js";
import {
  type AttackFlow,
  contestFor,
  currentApplication,
  mayActFor,
  previewResolution,
  type RollSummary,
  type StruckState,
  type TargetPhase,
} from "./attack-flow.js";
import type { FlowUser } from "./attack-flow.js";

export interface DieView {
  face: number;
  value: number;
  key: boolean;
  surge: boolean;
  crash: boolean;
}

/** A total's arithmetic for the card: what was rolled, its dice, each addend. */
export interface RollLineView {
  label: string;
  dice: DieView[];
  /** e.g. "12 Skill base + 2 Finesse + 9 Dice − 2 Added effects = 21". */
  formula: string;
  total: number;
}

export interface TargetPanelView {
  index: number;
  name: string;
  actorUuid: string;
  phase: TargetPhase;
  phaseLabel: string;
  defenseLabel?: string;
  defenseRoll?: RollLineView;
  exchange: { side: string; raw: number; handicap: number; total: number; beat: boolean; roll?: RollLineView }[];
  /** The contest explained (R22–R25, R35), each line citing its rule. */
  verdict: ExplainLine[];
  /** Settled, not applied: the injury as the default choices would apply it now (R26–R33). */
  preview: ExplainLine[];
  /** The applied injury explained (R26–R33), when applied. */
  applied: ExplainLine[];
  /**
   * Who takes what, for the outcome headline: the applied resolution, else
   * the one the default choices would apply now (its `applied` false), else
   * the settled contest alone (the struck side not visible to this client).
   */
  outcome?: { resolution: AttackResolution; applied: boolean; poolsBefore?: Pools };
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
  roll?: RollLineView;
  targets: TargetPanelView[];
  noTargets: boolean;
  /** The GM is carrying a step out: no buttons until it is done. */
  pending: boolean;
}

export interface CardViewOptions {
  /** The struck side of target `index` as it is now (outfit, soak, pools, its parry object's hits), for the preview; absent when this client cannot see it. */
  stateOf?: (actorUuid: string, index: number) => StruckState | undefined;
}

function dieViews(faces: readonly number[]): DieView[] {
  if (!faces.length) return [];
  return readRoll(faces).dice.map((d, i) => ({ face: d.face, value: d.value, key: i === 0, surge: d.surge, crash: d.crash }));
}

/** R13: "12 Skill base + 2 Finesse + 9 Dice = 23"; a crash says the total is 0 (R12). */
export function rollLine(roll: RollSummary, total: number, localize: Localize = english): RollLineView {
  const parts = roll.terms.map((t, i) => {
    const label = localize(`CYCHOSYS.Term.${t.kind}`);
    if (i === 0) return `${t.value} ${label}`;
    return `${t.value < 0 ? "−" : "+"} ${Math.abs(t.value)} ${label}`;
  });
  const sum = roll.terms.reduce((acc, t) => acc + t.value, 0);
  const crashed = roll.faces.length > 0 && readRoll(roll.faces).crash;
  const tail = crashed ? localize("CYCHOSYS.Card.crashTotal") : sum !== total ? localize("CYCHOSYS.Card.floorTotal") : "";
  return { label: roll.label, dice: dieViews(roll.faces), formula: `${parts.join(" ")} = ${total}${tail ? ` ${tail}` : ""}`, total };
}

export function attackCardView(
  flow: AttackFlow,
  user: FlowUser,
  localize: Localize = english,
  rules: Rules = STANDARD_RULES,
  options: CardViewOptions = {},
): AttackCardView {
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
    dice: dieViews(flow.attack.dice),
    edge: flow.attack.edge,
    location,
    // While the GM's writes are recorded but unconfirmed, nobody is offered a step on this card.
    targets: flow.targets.map((_, index) => targetPanel(flow, index, flow.pending ? NOBODY : user, localize, rules, options)),
    noTargets: flow.targets.length === 0,
    pending: !!flow.pending,
  };
  if (flow.attack.roll) view.roll = rollLine(flow.attack.roll, flow.attack.total, localize);
  if (flow.attack.nonLethal) {
    view.nonLethal = localize("CYCHOSYS.Card.nonLethal", { facet: localize(`CYCHOSYS.Facet.${flow.attack.nonLethal}`) });
  }
  return view;
}

/** A viewer who may press nothing. */
const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

function targetPanel(flow: AttackFlow, index: number, user: FlowUser, localize: Localize, rules: Rules, options: CardViewOptions): TargetPanelView {
  const target = flow.targets[index]!;
  const names: Record<Side, string> = { attacker: flow.attacker.name, defender: target.target.name };
  const explainNames = {
    attacker: names.attacker,
    defender: names.defender,
    ...(target.defense?.form === "parry" && target.defense.object && { object: target.defense.object.name }),
  };
  const contest = contestFor(flow, index, rules);
  const settled = contest && target.phase !== "exchange" ? contest : undefined;
  let verdict = settled ? explainAttack({ contest: settled, struck: settled.struck }, explainNames, localize, rules) : [];
  // Settled and not applied: the injury the default choices would apply now, step by step (R26–R33), or why none lands (R35).
  let preview: ExplainLine[] = [];
  let smallTarget = false;
  let outcome: TargetPanelView["outcome"];
  const struckNow = target.verdict?.struck;
  if (target.phase === "resolved" && struckNow && struckNow !== "none") {
    const struckRef = struckNow === "attacker" ? flow.attacker : target.target;
    const state = options.stateOf?.(struckRef.actorUuid, index);
    const resolution = state && previewResolution(flow, index, state, {}, rules);
    if (resolution?.missed === "smallTarget") {
      smallTarget = true;
      verdict = explainAttack(resolution, explainNames, localize, rules);
    } else if (resolution) {
      preview = explainAttack(resolution, explainNames, localize, rules).slice(verdict.length);
    }
    if (resolution) outcome = { resolution, applied: false, poolsBefore: state.pools };
  }
  const application = currentApplication(target);
  if (application) outcome = { resolution: application.resolution, applied: true, poolsBefore: application.before };
  else if (!outcome && settled) outcome = { resolution: { contest: settled, struck: settled.struck, ...(settled.struck === "none" && { missed: "miss" as const }) }, applied: false };
  // The contest lines are already in the verdict: the applied part starts after them.
  const applied = application ? explainAttack(application.resolution, explainNames, localize, rules).slice(verdict.length) : [];
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
      ? (contest?.exchange ?? []).map((step, i) => {
          const roll = target.counters[i]?.roll;
          return {
            side: names[step.side],
            raw: step.raw,
            handicap: step.handicap,
            total: step.total,
            beat: step.beat,
            ...(roll && { roll: rollLine(roll, step.raw, localize) }),
          };
        })
      : [],
    verdict,
    preview,
    applied,
    ...(outcome && { outcome }),
    undone: target.applications.filter((a) => a.undoneBy).length,
    can: {
      defend: canDefend ? [...DEFENSE_FORMS] : [],
      defendCostsAction: target.defenses >= 1,
      counterAgain: mayAnswer,
      counterHandicap: counterHandicap(target.counters.length + 1, rules.effects),
      takeIt: mayAnswer,
      apply: target.phase === "resolved" && !smallTarget && struck !== undefined && struck !== "none" && mayActFor(flow, index, struck, user),
      undo: target.phase === "applied" && application !== undefined && (user.isGM || user.owns(application.struck.actorUuid)),
    },
  };
  if (target.defense) {
    panel.defenseLabel = localize("CYCHOSYS.Card.defense", {
      form: localize(`CYCHOSYS.DefenseForm.${target.defense.form}`),
      total: target.defense.total,
    });
    // A counter's roll is shown in the exchange, step by step.
    if (target.defense.roll && target.defense.form !== "counter") panel.defenseRoll = rollLine(target.defense.roll, target.defense.total, localize);
  }
  return panel;
}
