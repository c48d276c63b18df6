/**
 * The GURPS attack on a card as a pure state machine (docs/rulesets/gurps.md,
 * "On the table"). The card keeps the attack's whole input — the attacker's
 * figures and roll, the defender's figures as the GM read them — and every
 * step adds the dice or the choice the core named as owed; the core
 * (`resolveGurpsAttack`) then resolves it again from the start:
 *
 *   declared (attack rolled, G5) ─▶ defense chosen and rolled by the defender's owner (G58–G68)
 *     ─▶ rolls it calls for (breakage, criticals …) ─▶ damage by the attacker's owner (G69)
 *     ─▶ rolls the injury calls for, by the struck side's owner (knockback G74, major wound G78,
 *        death checks G81, Will G22/G29) ─▶ apply (GM-checked) ⇄ undo, exactly
 *
 * Who may answer is checked here against `owed[].who`; every figure is the
 * core's. No Foundry, no randomness.
 */
import type { CardFlow, FlowUser, ParticipantRef } from "../../../core/ruleset.js";
import {
  type AoaOption, type AttackManeuver, type DefenseChoice, type DiceRoll, type GurpsAttackInput, type GurpsDefenderInput, type GurpsResolution, type GurpsRules,
  blocksResolution, GURPS_STANDARD_RULES, type InjuryMark, type OwedRoll, readRoll, resolveGurpsAttack, withOwedRoll,
} from "../rules/index.js";
import { GurpsFlowError } from "./errors.js";

/** What the card names of the attack. */
export interface GurpsAttackSummary {
  itemId: string;
  weapon: string;
  lineIndex: number;
  line: string;
  skill: string;
  maneuver: AttackManeuver;
  aoaOption: AoaOption | null;
}

/** One side an application hurt: what it wrote, kept so undo restores it exactly. */
export interface GurpsStruck {
  side: "defender" | "attacker";
  ref: ParticipantRef;
  injury: number;
  fpLost: number;
  /** G81: death checks newly rolled (a count added to the actor's). */
  deathChecks: number;
  hpBefore: number;
  hpAfter: number;
  /** The round state's injury fields before and after (null outside a combat). */
  before: InjuryMark | null;
  after: InjuryMark | null;
  /** This application's mark on the round (`<attack id>.<application>`; absent on applications made before marks existed). */
  mark?: string;
}

export interface GurpsApplication {
  by: string;
  struck: GurpsStruck[];
  undoneBy?: string;
}

export interface GurpsTargetFlow {
  target: ParticipantRef;
  /**
   * The attack's whole input as JSON text; dice and choices are added as they
   * are made. Text, because a card's flow comes back from the chat message with
   * its nulls dropped (flow-store.ts) and the core tells null (no retreat made)
   * from a value — the resolution must be the same at every step.
   */
  input: string;
  /** The defender's weapons and shields by id, for the card's defense buttons (`parry:<id>`, `block:<id>`). */
  items: Record<string, string>;
  /** What of this attack was already written to the round states (defense used, falls, items lost), so nothing is written twice. */
  noted: string[];
  applications: GurpsApplication[];
  /** Set when an apply found the struck side changed since (another blow): the rolls the new figures call for are owed first. */
  refreshed?: boolean;
}

export interface GurpsFlow extends CardFlow {
  ruleset: "gurps";
  attack: GurpsAttackSummary;
  targets: GurpsTargetFlow[];
}

export type GurpsPhase = "awaitingDefense" | "awaitingRolls" | "awaitingDamage" | "done" | "resolved" | "applied";

/** The attack's input as the card keeps it. */
export const inputOf = (target: Pick<GurpsTargetFlow, "input">): GurpsAttackInput => JSON.parse(target.input) as GurpsAttackInput;
const withInput = (target: GurpsTargetFlow, input: GurpsAttackInput): GurpsTargetFlow => ({ ...target, input: JSON.stringify(input) });

export function resolutionOf(target: GurpsTargetFlow, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsResolution {
  return resolveGurpsAttack(inputOf(target), rules);
}

/** The rolls that must come before anything else happens (a critical table roll is the GM's to read and blocks nothing, G86). */
export const blockingOwed = (r: GurpsResolution): OwedRoll[] => r.owed.filter(blocksResolution);
/** Every roll the card may ask for now: the blocking ones and the critical tables. */
export const cardOwed = (r: GurpsResolution): OwedRoll[] => r.owed.filter((o) => o.when === "now");
const isDefenseChoice = (o: OwedRoll) => /^defenses\[\d\]$/.test(o.id);

export function currentApplication(target: GurpsTargetFlow): GurpsApplication | undefined {
  const last = target.applications.at(-1);
  return last && !last.undoneBy ? last : undefined;
}

/** Where a target stands. */
export function phaseOf(target: GurpsTargetFlow, r: GurpsResolution = resolutionOf(target)): GurpsPhase {
  if (currentApplication(target)) return "applied";
  const owed = blockingOwed(r);
  if (owed.some((o) => o.id.startsWith("defenses["))) return "awaitingDefense";
  if (owed.some((o) => o.roll === "damage")) return "awaitingDamage";
  if (owed.length) return "awaitingRolls";
  return r.victim || r.self ? "resolved" : "done";
}

export function targetOf(flow: GurpsFlow, index = 0): GurpsTargetFlow {
  const target = flow.targets[index];
  if (!target) throw new GurpsFlowError("notAwaiting", { what: "target" });
  return target;
}

function withTarget(flow: GurpsFlow, target: GurpsTargetFlow, index = 0): GurpsFlow {
  const targets = flow.targets.slice();
  targets[index] = target;
  return { ...flow, targets };
}

/** The participant a roller stands for. */
export function rollerRef(flow: GurpsFlow, who: OwedRoll["who"]): ParticipantRef | null {
  return who === "attacker" ? flow.attacker : who === "defender" ? targetOf(flow).target : null;
}

/** May this user roll for `who` (the GM always; a side's owner for that side)? */
export function mayRoll(flow: GurpsFlow, who: OwedRoll["who"], user: FlowUser): boolean {
  if (user.isGM) return true;
  const ref = rollerRef(flow, who);
  return !!ref && user.owns(ref.actorUuid);
}

function requireMay(flow: GurpsFlow, who: OwedRoll["who"], user: FlowUser): void {
  if (mayRoll(flow, who, user)) return;
  const ref = rollerRef(flow, who);
  throw new GurpsFlowError("notYours", { name: ref?.name ?? "GM" });
}

/** A new card: the attack rolled (G5); the core checks every figure now — a refused attack posts no card. */
export function declareGurpsAttack(
  id: string, attacker: ParticipantRef, attack: GurpsAttackSummary, target: ParticipantRef & { items?: Record<string, string> }, input: GurpsAttackInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): GurpsFlow {
  const { items = {}, ...ref } = target;
  const flow: GurpsFlow = { version: 1, ruleset: "gurps", id, attacker, attack, targets: [{ target: ref, input: JSON.stringify(input), items, noted: [], applications: [] }] };
  const r = resolutionOf(flow.targets[0]!, rules);
  if (r.refused) throw new GurpsFlowError("refused", { reason: r.refused });
  return flow;
}

/** The defense choice as the defender's owner made it (a request's fields, faces already checked for shape). */
export interface DefenseAnswer {
  option: string;
  retreat?: boolean;
  dodgeAndDrop?: boolean;
  acrobatic?: boolean;
  acrobaticRoll?: readonly number[];
  roll?: readonly number[];
}

/**
 * G58–G68, G28: the defender's owner chooses (or declines) and rolls. At the
 * first defense the defender's round — what he used since his last turn, his
 * maneuver, readiness, stun — is read afresh (`fresh`), since other attacks
 * may have come between the attack roll and now.
 */
export function defend(flow: GurpsFlow, answer: DefenseAnswer, user: FlowUser, fresh: Partial<GurpsDefenderInput> | null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFlow {
  const target = targetOf(flow);
  const owed = resolutionOf(target, rules).owed.find(isDefenseChoice);
  if (!owed) throw new GurpsFlowError("notAwaiting", { what: "defense" });
  requireMay(flow, "defender", user);
  const index = Number(owed.id.slice("defenses[".length, -1));
  let choice: DefenseChoice;
  if (answer.option === "none") {
    choice = { id: "none" };
  } else {
    if (!answer.roll) throw new GurpsFlowError("rollMissing", { what: "defense" });
    if (answer.acrobatic && !answer.acrobaticRoll) throw new GurpsFlowError("rollMissing", { what: "Acrobatics" });
    choice = {
      id: answer.option,
      ...(answer.retreat && { retreat: true }),
      ...(answer.dodgeAndDrop && { dodgeAndDrop: true }),
      ...(answer.acrobatic && { acrobatic: true, acrobaticRoll: readRoll(answer.acrobaticRoll!, "acrobaticRoll", rules) }),
      roll: readRoll(answer.roll, "roll", rules),
    };
  }
  const input = inputOf(target);
  const defender = index === 0 && fresh ? { ...input.defender, ...fresh } : input.defender;
  const next = withInput(target, { ...input, defender, defenses: [...(input.defenses ?? []).slice(0, index), choice] });
  // The core checks the choice against the legal defenses now (G58–G68) and refuses an illegal one.
  resolutionOf(next, rules);
  return withTarget(flow, next);
}

/** Set the value at an owed roll's id (`rolls.majorWound[1]`, `rolls.attacker.knockback`, `rolls.breakage` …) in a copy of the input. */
function withRoll(input: GurpsAttackInput, id: string, value: unknown): GurpsAttackInput {
  if (id.split(".")[0] !== "rolls") throw new GurpsFlowError("notOwed", { id });
  return withOwedRoll(input, id, value);
}

/** An earlier roll of the same kind still owed (death checks and major wounds are rolled in order, G78, G81). */
function earlierOwed(owed: readonly OwedRoll[], id: string): OwedRoll | undefined {
  const m = /^(.*)\[(\d)\]$/.exec(id);
  if (!m) return undefined;
  return owed.find((o) => {
    const n = /^(.*)\[(\d)\]$/.exec(o.id);
    return !!n && n[1] === m[1] && Number(n[2]) < Number(m[2]);
  });
}

/** One owed 3d6, table or breakage roll, by its owner (G4, G65, G74, G78, G81, G84–G86 …). */
export function rollOwed(flow: GurpsFlow, id: string, faces: readonly number[], user: FlowUser, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFlow {
  const target = targetOf(flow);
  const owed = cardOwed(resolutionOf(target, rules));
  const roll = owed.find((o) => o.id === id && o.roll !== "damage" && !isDefenseChoice(o));
  if (!roll) throw new GurpsFlowError("notOwed", { id });
  requireMay(flow, roll.who, user);
  const earlier = earlierOwed(owed, id);
  if (earlier) throw new GurpsFlowError("rollFirst", { id: earlier.id });
  let value: DiceRoll | number;
  if (roll.roll === "1d") {
    if (faces.length !== 1) throw new GurpsFlowError("facesCount", { id, count: 1 });
    value = faces[0]!;
  } else {
    if (faces.length !== rules.successDice) throw new GurpsFlowError("facesCount", { id, count: rules.successDice });
    value = readRoll(faces, id, rules);
  }
  const next = withInput(target, withRoll(inputOf(target), id, value));
  resolutionOf(next, rules);
  return withTarget(flow, next);
}

/** G69, G82, G48: the damage dice of every hit, by the side the core names (the attacker; the foe for his half of a slam). */
export function rollDamage(flow: GurpsFlow, id: "damage" | "followUpDamage" | "linkedDamage" | "slam.foeDamage", faces: readonly (readonly number[])[], user: FlowUser, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFlow {
  const target = targetOf(flow);
  const roll = blockingOwed(resolutionOf(target, rules)).find((o) => o.id === id && o.roll === "damage");
  if (!roll) throw new GurpsFlowError("notOwed", { id });
  requireMay(flow, roll.who, user);
  const dice = faces.map((f) => [...f]);
  const before = inputOf(target);
  const input: GurpsAttackInput = id === "slam.foeDamage" ? { ...before, slam: { velocity: before.slam?.velocity ?? 0, foeDamage: dice[0] ?? [] } } : { ...before, [id]: dice };
  const next = withInput(target, input);
  // The core checks the number of rolls (one per hit; one with G73's fast resolution) and of dice in each.
  resolutionOf(next, rules);
  return withTarget(flow, next);
}

/** What of a victim the GM reads afresh when applying: only what another blow since may have changed, nothing the attack or defense was decided on. */
export interface VictimNow {
  currentHp: number;
  currentFp: number;
  deathChecksRolled: number;
  injurySinceLastTurn: number;
  mortallyWounded: boolean;
  dead: boolean;
}

/**
 * The input with the struck sides' figures as they are now (`now.defender`,
 * `now.attacker` for an attacker hurt by his own blow): the same dice over
 * the HP he has now (another blow may have come since).
 */
export function refreshedInput(input: GurpsAttackInput, now: { defender?: VictimNow; attacker?: VictimNow }): GurpsAttackInput {
  const defender = now.defender ? { ...input.defender, ...now.defender } : input.defender;
  const self = input.attacker.self;
  const attacker = now.attacker && self ? { ...input.attacker, self: { ...self, ...now.attacker } } : input.attacker;
  return { ...input, defender, attacker };
}

export type ApplyOutcome = { kind: "applied"; flow: GurpsFlow; resolution: GurpsResolution } | { kind: "refreshed"; flow: GurpsFlow };

/**
 * G77–G81: apply the injury over the struck sides as they are now. Once,
 * until undone; the GM or every struck side's owner. When the figures now call
 * for a roll the card had not asked for (another blow dropped his HP past a
 * death threshold since), nothing is applied: the card is brought up to date
 * and asks for it first.
 */
export function applyInjury(
  flow: GurpsFlow, now: { defender?: VictimNow; attacker?: VictimNow }, user: FlowUser, build: (resolution: GurpsResolution, input: GurpsAttackInput) => GurpsApplication, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): ApplyOutcome {
  const target = targetOf(flow);
  const stale = resolutionOf(target, rules);
  const phase = phaseOf(target, stale);
  if (phase === "applied") throw new GurpsFlowError("alreadyApplied", { name: target.target.name });
  if (phase !== "resolved") throw new GurpsFlowError("notResolved");
  if (stale.victim) requireMay(flow, "defender", user);
  if (stale.self) requireMay(flow, "attacker", user);
  const input = refreshedInput(inputOf(target), now);
  const fresh = resolveGurpsAttack(input, rules);
  if (blockingOwed(fresh).length) return { kind: "refreshed", flow: withTarget(flow, { ...withInput(target, input), refreshed: true }) };
  const application = build(fresh, input);
  const next: GurpsTargetFlow = { ...withInput(target, input), applications: [...target.applications, application] };
  delete next.refreshed;
  return { kind: "applied", flow: withTarget(flow, next), resolution: fresh };
}

/** Undo the injury in force exactly (the GM, or the owner of every side it struck); once — it may then be applied again. */
export function undoInjury(flow: GurpsFlow, user: FlowUser): { flow: GurpsFlow; application: GurpsApplication } {
  const target = targetOf(flow);
  const application = currentApplication(target);
  if (!application) throw new GurpsFlowError("nothingToUndo");
  for (const s of application.struck) if (!(user.isGM || user.owns(s.ref.actorUuid))) throw new GurpsFlowError("notYours", { name: s.ref.name });
  const applications = target.applications.slice();
  applications[applications.length - 1] = { ...application, undoneBy: user.id };
  return { flow: withTarget(flow, { ...target, applications }), application };
}
