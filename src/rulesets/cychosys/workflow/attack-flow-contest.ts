/**
 * The attack workflow's contest steps (see attack-flow.ts): declaring an
 * attack, assigning targets, defending, the counterattack exchange, and the
 * verdict. The helpers exported here for attack-flow-injury.ts (targetOf,
 * requireMay, withTarget, contestOf, verdictOf) are not part of attack-flow.ts's API.
 */
import {
  type ContestOutcome,
  contest,
  type Defense,
  formatBundle,
  otherSide,
  parseBundle,
  type Rules,
  RulesError,
  type Side,
  STANDARD_RULES,
} from "../rules/index.js";
import { FlowError } from "./errors.js";
import { type AttackDeclaration, type AttackFlow, type DefenseDeclaration, FLOW_VERSION, type FlowCommand, type FlowUser, type ParticipantRef, type RollSummary, type StepResult, type TargetFlow, type Verdict } from "./attack-flow-types.js";

export function declareAttack(id: string, attacker: ParticipantRef, attack: AttackDeclaration, targets: readonly ParticipantRef[]): AttackFlow {
  if (!Number.isInteger(attack.total) || attack.total < 0) throw new RulesError("outOfRange", { what: "total", min: 0, max: 999, value: attack.total });
  parseBundle(attack.edge);
  return {
    version: FLOW_VERSION,
    id,
    attacker,
    attack: { ...attack, dice: [...attack.dice] },
    targets: targets.map((target) => ({ target, phase: "awaitingDefense", defenses: 0, counters: [], applications: [] })),
  };
}

/**
 * The GM assigns targets to an attack posted without any: each new target
 * starts awaiting its defense; targets already on the attack are kept as they are.
 */
export function assignTargets(flow: AttackFlow, targets: readonly ParticipantRef[], user: FlowUser): StepResult {
  if (!user.isGM) throw new FlowError("gmOnly");
  const known = new Set(flow.targets.map((t) => t.target.actorUuid));
  const added: TargetFlow[] = [];
  for (const target of targets) {
    if (known.has(target.actorUuid) || target.actorUuid === flow.attacker.actorUuid) continue;
    known.add(target.actorUuid);
    added.push({ target: { ...target }, phase: "awaitingDefense", defenses: 0, counters: [], applications: [] });
  }
  if (!added.length) throw new FlowError("noNewTargets");
  return { flow: { ...flow, targets: [...flow.targets, ...added] }, commands: [] };
}

/** May this user answer for this side of the attack? Owners of that actor, and the GM. */
export function mayActFor(flow: AttackFlow, targetIndex: number, side: Side, user: FlowUser): boolean {
  const ref = side === "attacker" ? flow.attacker : targetOf(flow, targetIndex).target;
  return user.isGM || user.owns(ref.actorUuid);
}

export function targetOf(flow: AttackFlow, index: number): TargetFlow {
  const target = flow.targets[index];
  if (!target) throw new FlowError("noSuchTarget", { index });
  return target;
}

export function requireMay(flow: AttackFlow, index: number, side: Side, user: FlowUser): void {
  if (!mayActFor(flow, index, side, user)) {
    const ref = side === "attacker" ? flow.attacker : targetOf(flow, index).target;
    throw new FlowError("notYours", { name: ref.name });
  }
}

export function withTarget(flow: AttackFlow, index: number, target: TargetFlow): AttackFlow {
  const targets = flow.targets.slice();
  targets[index] = target;
  return { ...flow, targets };
}

/**
 * R21–R25: the target answers with a defense. The first defense against an
 * attack is free; a further one (before the injury is applied) replaces the
 * earlier and costs an action (R15) — the command says so.
 */
export function defend(flow: AttackFlow, index: number, defense: DefenseDeclaration, user: FlowUser, rules: Rules = STANDARD_RULES): StepResult {
  const target = targetOf(flow, index);
  requireMay(flow, index, "defender", user);
  if (target.phase === "applied") throw new FlowError("alreadyApplied", { name: target.target.name });
  if (target.phase === "exchange") throw new FlowError("inExchange");
  if (!Number.isInteger(defense.total) || defense.total < 0) throw new RulesError("outOfRange", { what: "total", min: 0, max: 999, value: defense.total });
  if (defense.form === "counter") parseBundle(defense.edge, rules.effects);
  if (defense.form !== "counter" && defense.object) parseBundle(defense.object.shield, rules.effects);

  const commands: FlowCommand[] = [];
  if (target.defenses >= 1) commands.push({ kind: "spendAction", actorUuid: target.target.actorUuid, attackId: flow.id });
  const next: TargetFlow = { ...target, defenses: target.defenses + 1, defense, counters: [], verdict: undefined, awaiting: undefined };
  if (defense.form === "counter") {
    next.counters = [{ side: "defender", total: defense.total, surge: defense.surge, ...(defense.roll && { roll: defense.roll }) }];
    return settleExchange(flow, index, next, commands, rules);
  }
  next.phase = "resolved";
  next.verdict = verdictOf(flow, next, rules);
  if (next.verdict.parryWon && next.verdict.parryBonus) {
    commands.push({ kind: "grantParryBonus", actorUuid: target.target.actorUuid, againstUuid: flow.attacker.actorUuid, bonus: next.verdict.parryBonus });
  }
  return { flow: withTarget(flow, index, next), commands };
}

/** R23: the side due to answer counters again (its total before the handicap). */
export function counterAgain(
  flow: AttackFlow,
  index: number,
  total: number,
  surge: boolean,
  user: FlowUser,
  rules: Rules = STANDARD_RULES,
  roll?: RollSummary,
): StepResult {
  const target = targetOf(flow, index);
  if (target.phase !== "exchange" || !target.awaiting) throw new FlowError("noExchange");
  requireMay(flow, index, target.awaiting, user);
  if (!Number.isInteger(total) || total < 0) throw new RulesError("outOfRange", { what: "total", min: 0, max: 999, value: total });
  const next: TargetFlow = { ...target, counters: [...target.counters, { side: target.awaiting, total, surge, ...(roll && { roll }) }] };
  return settleExchange(flow, index, next, [], rules);
}

/** R23: the side due to answer declines and takes the blow. */
export function declineCounter(flow: AttackFlow, index: number, user: FlowUser, rules: Rules = STANDARD_RULES): StepResult {
  const target = targetOf(flow, index);
  if (target.phase !== "exchange" || !target.awaiting) throw new FlowError("noExchange");
  requireMay(flow, index, target.awaiting, user);
  const next: TargetFlow = { ...target, phase: "resolved", awaiting: undefined };
  next.verdict = verdictOf(flow, next, rules);
  return { flow: withTarget(flow, index, next), commands: [] };
}

/** After a counter: if it failed the exchange is over; if it beat, the other side is due. */
function settleExchange(flow: AttackFlow, index: number, next: TargetFlow, commands: FlowCommand[], rules: Rules): StepResult {
  const outcome = contestOf(flow, next, rules);
  const last = outcome.exchange?.[outcome.exchange.length - 1];
  if (last && last.beat) {
    next.phase = "exchange";
    next.awaiting = otherSide(last.side);
    next.verdict = undefined;
  } else {
    next.phase = "resolved";
    next.awaiting = undefined;
    next.verdict = verdictOf(flow, next, rules);
  }
  return { flow: withTarget(flow, index, next), commands };
}

/** The rules core's contest for a target as it stands (its defense and counters so far). */
export function contestFor(flow: AttackFlow, index: number, rules: Rules = STANDARD_RULES): ContestOutcome | undefined {
  const target = targetOf(flow, index);
  return target.defense ? contestOf(flow, target, rules) : undefined;
}

export function contestOf(flow: AttackFlow, target: TargetFlow, rules: Rules): ContestOutcome {
  const defense = target.defense;
  if (!defense) throw new FlowError("noDefense");
  const attack = { total: flow.attack.total, surge: flow.attack.surge, edge: parseBundle(flow.attack.edge, rules.effects) };
  const asDefense: Defense =
    defense.form === "counter"
      ? { form: "counter", totals: target.counters.map((c) => ({ total: c.total, surge: c.surge })), edge: parseBundle(defense.edge, rules.effects) }
      : { form: defense.form, total: defense.total, surge: defense.surge };
  return contest(attack, asDefense, rules);
}

export function verdictOf(flow: AttackFlow, target: TargetFlow, rules: Rules): Verdict {
  const c = contestOf(flow, target, rules);
  const verdict: Verdict = { struck: c.struck };
  if (c.struck === "none") {
    verdict.missed = "miss";
    return verdict;
  }
  verdict.striker = c.striker!;
  verdict.strikingTotal = c.strikingTotal!;
  verdict.otherTotal = c.otherTotal!;
  verdict.edge = formatBundle(c.edge!, rules.effects);
  if (c.antiImpact) verdict.antiImpact = { ...c.antiImpact };
  if (c.parryWon !== undefined) verdict.parryWon = c.parryWon;
  if (c.parryWon && c.parryBonus !== undefined) verdict.parryBonus = c.parryBonus;
  return verdict;
}
