/**
 * The attack workflow as a pure state machine:
 *
 *   declared ─ defend ─▶ resolved ─ apply ─▶ applied ─ undo ─▶ resolved …
 *                │  ▲
 *                ▼  │ (counter beats: the other side answers or takes it)
 *             exchange
 *
 * A flow is plain JSON (it lives in a chat message's flags). Every step takes
 * the flow, what the user asked, and who the user is, and returns the new
 * flow plus the changes to make to documents (`commands`); the Foundry side
 * carries out the commands, as the GM when the user may not. The rules core
 * decides every figure (contest, strike); this module only sequences, checks
 * permissions and keeps what undo needs. No Foundry, no randomness: new ids
 * are handed in.
 */
import {
  type AttackOutcomeJson,
  type AttackResolution,
  canStrike,
  type ContestOutcome,
  contest,
  type Defense,
  type Facet,
  FACETS,
  formatBundle,
  type HitLocation,
  otherSide,
  type OutfitPiece,
  outcomeJson,
  parseBundle,
  type Pools,
  resolveStrike,
  type Rules,
  RulesError,
  type Side,
  STANDARD_RULES,
  type StrikeChoices,
  type StrikeResolution,
  strikeLocation,
} from "../rules/index.js";
import { FlowError } from "./errors.js";
import type { CardFlow, FlowUser, ParticipantRef } from "../../../core/ruleset.js";

export type { FlowUser, ParticipantRef } from "../../../core/ruleset.js";

export const FLOW_VERSION = 1;

/** An actor taking part, by document UUID, with the name the cards show. */

/** How a total was made, for the card: the faces rolled (key die first) and each addend (R13). */
export interface RollSummary {
  /** What was rolled, e.g. "Knife · Brawl". */
  label: string;
  faces: number[];
  /** Every addend, costs and penalties negative; they sum to the total unless the key die crashed (R12). */
  terms: { kind: string; value: number }[];
}

export interface AttackDeclaration {
  /** Final action total, effect costs paid (R13, R19). */
  total: number;
  surge: boolean;
  /** Edge with the effects added to the attack (R27), as notation. */
  edge: string;
  /** Faces rolled, key die first, for the card. */
  dice: number[];
  /** An attack aimed at the mind or ego, or a called location (R29). */
  location?: HitLocation;
  /** R36: a non-lethal contest against this fatigue pool. */
  nonLethal?: Facet;
  roll?: RollSummary;
}

/** An object a parry lands on (R25, R37). */
export interface ParryObjectDeclaration {
  name: string;
  shield: string;
  hits: number;
  /** The item it is, so the GM can damage it; absent for an ad-hoc object. */
  itemUuid?: string;
}

export type DefenseDeclaration =
  | { form: "evade" | "brave" | "parry"; total: number; surge: boolean; object?: ParryObjectDeclaration; roll?: RollSummary }
  | { form: "counter"; total: number; surge: boolean; edge: string; roll?: RollSummary };

export interface CounterStep {
  side: Side;
  /** Total before handicap (R23). */
  total: number;
  surge: boolean;
  roll?: RollSummary;
}

export type TargetPhase = "awaitingDefense" | "exchange" | "resolved" | "applied";

/** What an application changed, kept so undo restores it exactly. */
export interface AppliedInjury {
  by: string;
  struck: ParticipantRef;
  choices: InjuryChoices;
  outcome: AttackOutcomeJson;
  /** The whole resolution (plain data), so the card explains every step (explainAttack). */
  resolution: AttackResolution;
  /** Pools before and after, exactly as stored. */
  before: Pools;
  after: Pools;
  /** Conditions created, with the ids handed in for their ActiveEffects. */
  conditions: { id: string; letter: string; piercing: boolean }[];
  object?: { itemUuid: string; hitsBefore: number; hitsAfter: number; destroyed: boolean };
  undoneBy?: string;
}

export interface TargetFlow {
  target: ParticipantRef;
  phase: TargetPhase;
  /** Defense totals made against this attack (R15: the second costs an action). */
  defenses: number;
  defense?: DefenseDeclaration;
  /** Counterattacks so far (R23), defender first. */
  counters: CounterStep[];
  /** Who is due to counter again or take it, during an exchange. */
  awaiting?: Side;
  /** The contest's verdict once resolved: who is struck, by which totals. */
  verdict?: Verdict;
  /** Every application, newest last; at most one is in force (not undone). */
  applications: AppliedInjury[];
}

export interface Verdict {
  struck: Side | "none";
  striker?: Side;
  strikingTotal?: number;
  otherTotal?: number;
  edge?: string;
  antiImpact?: { hits: number; asterisks: number };
  parryWon?: boolean;
  parryBonus?: number;
  missed?: "miss" | "smallTarget";
}

/** A Cychosys card's flow: the shared card fields (src/core/ruleset.ts) and the attack with its targets. */
export interface AttackFlow extends CardFlow {
  attack: AttackDeclaration;
  targets: TargetFlow[];
}

/**
 * What the Foundry side must change after a step. Pools and an object's hits
 * change by a delta (after − before, or before − after for undo), so another
 * injury landing on the same actor in between is kept, never overwritten.
 */
export type FlowCommand =
  | { kind: "spendAction"; actorUuid: string; attackId: string }
  | { kind: "addToPools"; actorUuid: string; delta: Pools }
  | { kind: "addConditions"; actorUuid: string; conditions: { id: string; letter: string; piercing: boolean }[] }
  | { kind: "removeConditions"; actorUuid: string; ids: string[] }
  | { kind: "addToObjectHits"; itemUuid: string; delta: number }
  | { kind: "grantParryBonus"; actorUuid: string; againstUuid: string; bonus: number };

export interface StepResult {
  flow: AttackFlow;
  commands: FlowCommand[];
}

/**
 * The struck side's choices (R28, R32, R33) and, R36, whether the impact is
 * read as fatigue: a facet overrides the attack's declaration, `false` makes
 * the blow lethal after all; absent keeps what the attack declared.
 */
export interface InjuryChoices extends StrikeChoices {
  nonLethal?: Facet | false;
}

/** The struck side's state at the moment of application, read from its actor. */
export interface StruckState {
  outfit: readonly OutfitPiece[];
  extraSoakSteps: number;
  pools: Pools;
}

// ---------------------------------------------------------------------------

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

function targetOf(flow: AttackFlow, index: number): TargetFlow {
  const target = flow.targets[index];
  if (!target) throw new FlowError("noSuchTarget", { index });
  return target;
}

function requireMay(flow: AttackFlow, index: number, side: Side, user: FlowUser): void {
  if (!mayActFor(flow, index, side, user)) {
    const ref = side === "attacker" ? flow.attacker : targetOf(flow, index).target;
    throw new FlowError("notYours", { name: ref.name });
  }
}

function withTarget(flow: AttackFlow, index: number, target: TargetFlow): AttackFlow {
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

function contestOf(flow: AttackFlow, target: TargetFlow, rules: Rules): ContestOutcome {
  const defense = target.defense;
  if (!defense) throw new FlowError("noDefense");
  const attack = { total: flow.attack.total, surge: flow.attack.surge, edge: parseBundle(flow.attack.edge, rules.effects) };
  const asDefense: Defense =
    defense.form === "counter"
      ? { form: "counter", totals: target.counters.map((c) => ({ total: c.total, surge: c.surge })), edge: parseBundle(defense.edge, rules.effects) }
      : { form: defense.form, total: defense.total, surge: defense.surge };
  return contest(attack, asDefense, rules);
}

function verdictOf(flow: AttackFlow, target: TargetFlow, rules: Rules): Verdict {
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


/** The struck side's reference, once the contest is settled. */
export function struckParticipant(flow: AttackFlow, index: number): ParticipantRef | undefined {
  const target = targetOf(flow, index);
  const struck = target.verdict?.struck;
  if (!struck || struck === "none") return undefined;
  return struck === "attacker" ? flow.attacker : target.target;
}

/**
 * R26–R33: what applying the injury would do, with these choices, to the
 * struck side as it is now. Nothing changes; for the apply dialog.
 */
export function previewInjury(flow: AttackFlow, index: number, state: StruckState, choices: InjuryChoices = {}, rules: Rules = STANDARD_RULES): StrikeResolution | undefined {
  const target = targetOf(flow, index);
  const verdict = target.verdict;
  if (!verdict || verdict.struck === "none") return undefined;
  const edge = parseBundle(verdict.edge!, rules.effects);
  // R35 at the location the blow lands (R29): only the attacker's own blow is aimed.
  const aimed = verdict.striker === "attacker" ? flow.attack.location : undefined;
  if (!canStrike(edge, state.outfit, strikeLocation(verdict.strikingTotal!, aimed)).ok) return undefined;
  const defense = target.defense;
  const { nonLethal: chosenNonLethal, ...strikeChoices } = choices;
  const nonLethal = chosenNonLethal === undefined ? flow.attack.nonLethal : chosenNonLethal || undefined;
  const object =
    verdict.parryWon && defense && defense.form !== "counter" && defense.object
      ? { shield: parseBundle(defense.object.shield, rules.effects), hits: defense.object.hits }
      : undefined;
  return resolveStrike(
    {
      strikingTotal: verdict.strikingTotal!,
      otherTotal: verdict.otherTotal!,
      edge,
      ...(verdict.antiImpact && { antiImpact: verdict.antiImpact }),
      ...(object && { object }),
      outfit: state.outfit,
      extraSoakSteps: state.extraSoakSteps,
      ...(flow.attack.location && verdict.striker === "attacker" && { location: flow.attack.location }),
      pools: state.pools,
      ...(nonLethal && { nonLethal }),
      choices: strikeChoices,
    },
    rules,
  );
}

/**
 * The whole resolution as applying it now, with these choices, would make it
 * (R22–R35), or why nothing lands: a miss, or a small target the attack
 * cannot reach (R35). Undefined until the contest is settled. For the card,
 * which explains it line by line before anyone applies anything.
 */
export function previewResolution(
  flow: AttackFlow,
  index: number,
  state: StruckState,
  choices: InjuryChoices = {},
  rules: Rules = STANDARD_RULES,
): AttackResolution | undefined {
  const target = targetOf(flow, index);
  const verdict = target.verdict;
  if (!verdict || !target.defense || (target.phase !== "resolved" && target.phase !== "applied")) return undefined;
  const contest = contestOf(flow, target, rules);
  if (verdict.struck === "none") return { contest, struck: "none", missed: "miss" };
  const aimed = verdict.striker === "attacker" ? flow.attack.location : undefined;
  const reach = canStrike(parseBundle(verdict.edge!, rules.effects), state.outfit, strikeLocation(verdict.strikingTotal!, aimed));
  if (!reach.ok) {
    const smallTarget = { location: reach.location, aimed: aimed !== undefined, needed: reach.needed, has: reach.has };
    return { contest, struck: "none", missed: "smallTarget", smallTarget };
  }
  const strike = previewInjury(flow, index, state, choices, rules);
  return strike ? { contest, struck: verdict.struck, strike } : undefined;
}

/**
 * Apply the injury (R32–R33, R25/R37 for the parry object): only the struck
 * side's owners or the GM, only once while applied. `newIds` supplies one id
 * per condition the injury adds (the caller's random ids).
 */
export function applyInjury(
  flow: AttackFlow,
  index: number,
  state: StruckState,
  choices: InjuryChoices,
  user: FlowUser,
  newIds: readonly string[],
  rules: Rules = STANDARD_RULES,
): StepResult {
  const stored = targetOf(flow, index);
  if (stored.phase === "applied") throw new FlowError("alreadyApplied", { name: stored.target.name });
  if (stored.phase !== "resolved" || !stored.defense) throw new FlowError("notResolved");
  // The verdict is recomputed from the stored totals, never taken as written (docs/combat-workflow.md).
  const verdict = verdictOf(flow, stored, rules);
  const target: TargetFlow = { ...stored, verdict };
  flow = withTarget(flow, index, target);
  const struckRef = struckParticipant(flow, index);
  if (!struckRef) throw new FlowError("nobodyStruck");
  const struckSide = verdict.struck as Side;
  requireMay(flow, index, struckSide, user);
  const strike = previewInjury(flow, index, state, choices, rules);
  if (!strike || !strike.pools) throw new FlowError("nobodyStruck");

  const conditions = strike.taken.map((m, i) => {
    const id = newIds[i];
    if (!id) throw new FlowError("needIds", { count: strike.taken.length });
    return { id, letter: m.letter, piercing: m.piercing };
  });
  const resolution: AttackResolution = { contest: contestOf(flow, target, rules), struck: struckSide, strike };
  const outcome = outcomeJson(resolution, rules);
  const applied: AppliedInjury = {
    by: user.id,
    struck: struckRef,
    choices: structuredClone(choices),
    outcome,
    resolution: structuredClone(resolution),
    before: structuredClone(state.pools),
    after: structuredClone(strike.pools),
    conditions,
  };
  const commands: FlowCommand[] = [{ kind: "addToPools", actorUuid: struckRef.actorUuid, delta: poolDelta(strike.pools, state.pools) }];
  if (conditions.length) commands.push({ kind: "addConditions", actorUuid: struckRef.actorUuid, conditions });
  const defense = target.defense;
  if (strike.object && defense && defense.form !== "counter" && defense.object?.itemUuid) {
    applied.object = {
      itemUuid: defense.object.itemUuid,
      hitsBefore: defense.object.hits,
      hitsAfter: strike.object.hitsLeft,
      destroyed: strike.object.destroyed,
    };
    commands.push({ kind: "addToObjectHits", itemUuid: defense.object.itemUuid, delta: strike.object.hitsLeft - defense.object.hits });
  }
  const next: TargetFlow = { ...target, phase: "applied", applications: [...target.applications, applied] };
  return { flow: withTarget(flow, index, next), commands };
}

/** `to − from`, pool by pool. */
function poolDelta(to: Pools, from: Pools): Pools {
  const delta: Pools = { hit: { physical: 0, mental: 0, emotional: 0 }, fatigue: { physical: 0, mental: 0, emotional: 0 } };
  for (const f of FACETS) {
    delta.hit[f] = to.hit[f] - from.hit[f];
    delta.fatigue[f] = to.fatigue[f] - from.fatigue[f];
  }
  return delta;
}

/** The application in force (applied and not undone), if any. */
export function currentApplication(target: TargetFlow): AppliedInjury | undefined {
  const last = target.applications[target.applications.length - 1];
  return last && !last.undoneBy ? last : undefined;
}

/**
 * Undo the application in force exactly: the pools as they were, the added
 * conditions removed, the object's hits restored. Once; the injury can then
 * be applied again (with other choices).
 */
export function undoInjury(flow: AttackFlow, index: number, user: FlowUser): StepResult {
  const target = targetOf(flow, index);
  const applied = currentApplication(target);
  if (target.phase !== "applied" || !applied) throw new FlowError("nothingToUndo");
  if (!(user.isGM || user.owns(applied.struck.actorUuid))) throw new FlowError("notYours", { name: applied.struck.name });
  const commands: FlowCommand[] = [{ kind: "addToPools", actorUuid: applied.struck.actorUuid, delta: poolDelta(applied.before, applied.after) }];
  if (applied.conditions.length) {
    commands.push({ kind: "removeConditions", actorUuid: applied.struck.actorUuid, ids: applied.conditions.map((c) => c.id) });
  }
  if (applied.object) commands.push({ kind: "addToObjectHits", itemUuid: applied.object.itemUuid, delta: applied.object.hitsBefore - applied.object.hitsAfter });
  const applications = target.applications.slice();
  applications[applications.length - 1] = { ...applied, undoneBy: user.id };
  return { flow: withTarget(flow, index, { ...target, phase: "resolved", applications }), commands };
}
