/**
 * The OpenD6 attack on a card as a pure state machine (docs/rulesets/d6.md,
 * "On the table"): each target keeps the whole input of its attack — the
 * attacker's roll and figures, the target's figures and defenses in force as
 * the GM read them when the attack was made — and the rules core resolves it
 * again at every step, with the dice given so far:
 *
 *   declared ─▶ (interruptible: a target holding a wait may dodge, D14) ─▶ announced
 *   announced ─ hit ─▶ damage rolled (D31–D33) ─▶ resistance rolled (D34) ─▶ wound (D35–D37)
 *             ─ miss, refused, spared ─▶ done                       apply ⇄ undo
 *
 * Every figure is the core's (`resolveD6Attack`); this module only sequences,
 * checks who may act, and keeps what undo needs. No Foundry, no randomness.
 */
import type { CardFlow, FlowUser, ParticipantRef } from "../../../core/ruleset.js";
import {
  type CombatantRound,
  type D6AttackInput,
  type D6DefenseInput,
  type D6Resolution,
  type D6Rules,
  D6_STANDARD_RULES,
  type LostToDisable,
  lostToDisable,
  resolveD6Attack,
  type RollFaces,
  undoWoundSteps,
  type WoundState,
  woundStatus,
  woundStepsTaken,
} from "../rules/index.js";
import { D6FlowError } from "./errors.js";

/** What the card shows of the attack roll and its weapon. */
export interface D6AttackSummary {
  weapon: string;
  skill: string;
  mode: D6AttackInput["attacker"]["weapon"]["mode"];
  /** The faces rolled (plain dice, then the Wild Die's chain). */
  roll: RollFaces;
}

/**
 * An applied wound, kept so undo takes back exactly this wound's change: its
 * steps on the D36 ladder (`before` → `after`) and, when it left the struck
 * side unable to act, what that took from its round.
 */
export interface D6Application {
  by: string;
  struck: ParticipantRef;
  before: WoundState;
  after: WoundState;
  /** D10: the wound left the struck side unable to act (its defenses ended, D18). */
  disabled: boolean;
  /**
   * D10/D18: what becoming unable to act took from the struck combatant's
   * round (its waits, aim, defenses), given back by the undo; "none" when
   * there was no round to take from (outside a combat, or unable already:
   * the undo then leaves the round as it is). Absent on cards applied before
   * it was kept: the undo only lets it act. (Not null: a stored flow reads
   * null as absent.)
   */
  lostRound?: LostToDisable | "none";
  undoneBy?: string;
}

export interface D6TargetFlow {
  target: ParticipantRef;
  /** The attack's whole input for this target; dice are added as they are rolled. */
  input: D6AttackInput;
  /** D14: false while the target may still interrupt (it holds a wait); the result is then not yet announced. */
  announced: boolean;
  /** D14: the interrupting defense was rolled (its index in `input.defender.defenses`). */
  interrupted?: number;
  applications: D6Application[];
}

export interface D6Flow extends CardFlow {
  ruleset: "d6";
  attack: D6AttackSummary;
  targets: D6TargetFlow[];
}

export type D6Phase = "interruptible" | "done" | "awaitingDamage" | "awaitingResistance" | "resolved" | "applied";

/** The core's resolution of one target as it stands. */
export function resolutionOf(target: D6TargetFlow, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Resolution {
  return resolveD6Attack(target.input, rules);
}

/** Where a target stands. */
export function phaseOf(target: D6TargetFlow, resolution: D6Resolution = resolutionOf(target)): D6Phase {
  if (!target.announced) return "interruptible";
  const current = target.applications.at(-1);
  if (current && !current.undoneBy) return "applied";
  if (resolution.pending === "damage") return "awaitingDamage";
  if (resolution.pending === "resistance") return "awaitingResistance";
  if (resolution.struck === "none" || resolution.woundTaken === null) return "done";
  return "resolved";
}

export function targetOf(flow: D6Flow, index: number): D6TargetFlow {
  const target = flow.targets[index];
  if (!target) throw new D6FlowError("noSuchTarget", { index });
  return target;
}

function withTarget(flow: D6Flow, index: number, target: D6TargetFlow): D6Flow {
  const targets = flow.targets.slice();
  targets[index] = target;
  return { ...flow, targets };
}

/** The side a roll is due from, as a participant. */
export function sideRef(flow: D6Flow, index: number, side: "attacker" | "defender"): ParticipantRef {
  return side === "attacker" ? flow.attacker : targetOf(flow, index).target;
}

function requireMay(flow: D6Flow, index: number, side: "attacker" | "defender", user: FlowUser): void {
  const ref = sideRef(flow, index, side);
  if (!(user.isGM || user.owns(ref.actorUuid))) throw new D6FlowError("notYours", { name: ref.name });
}

/** A new card: one target flow per target, each announced at once unless the target may interrupt (D14). */
export function declareD6Attack(id: string, attacker: ParticipantRef, attack: D6AttackSummary, targets: { ref: ParticipantRef; input: D6AttackInput; canInterrupt: boolean }[], rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Flow {
  const flow: D6Flow = {
    version: 1,
    ruleset: "d6",
    id,
    attacker,
    attack,
    targets: targets.map((t) => ({ target: t.ref, input: t.input, announced: !t.canInterrupt, applications: [] })),
  };
  // The core checks every figure now: a roll that does not fit its code is refused before any card is posted.
  for (const target of flow.targets) resolutionOf(target, rules);
  return flow;
}

/** D14: the target interrupts with an active defense rolled now; it is in force against this attack. */
export function interrupt(flow: D6Flow, index: number, defense: D6DefenseInput, user: FlowUser, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Flow {
  const target = targetOf(flow, index);
  requireMay(flow, index, "defender", user);
  if (target.announced) throw new D6FlowError("tooLateToInterrupt");
  const defenses = [...(target.input.defender.defenses ?? []), defense];
  const next: D6TargetFlow = { ...target, input: { ...target.input, defender: { ...target.input.defender, defenses } }, announced: true, interrupted: defenses.length - 1 };
  resolutionOf(next, rules);
  return withTarget(flow, index, next);
}

/** D14: no interrupt — the GM (or the target's owner) lets the result be announced. */
export function announce(flow: D6Flow, index: number, user: FlowUser): D6Flow {
  const target = targetOf(flow, index);
  requireMay(flow, index, "defender", user);
  if (target.announced) throw new D6FlowError("alreadyAnnounced");
  return withTarget(flow, index, { ...target, announced: true });
}

/** D31–D33: the damage roll, by the side dealing it (the attacker; the parrying defender for D21). */
export function rollDamage(flow: D6Flow, index: number, roll: RollFaces, user: FlowUser, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Flow {
  const target = targetOf(flow, index);
  const resolution = resolutionOf(target, rules);
  if (phaseOf(target, resolution) !== "awaitingDamage") throw new D6FlowError("notAwaiting", { roll: "damage" });
  requireMay(flow, index, resolution.struck === "attacker" ? "defender" : "attacker", user);
  const next: D6TargetFlow = { ...target, input: { ...target.input, damageRoll: roll } };
  resolutionOf(next, rules);
  return withTarget(flow, index, next);
}

/** D34: the struck side's resistance roll. */
export function resist(flow: D6Flow, index: number, roll: RollFaces, user: FlowUser, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Flow {
  const target = targetOf(flow, index);
  const resolution = resolutionOf(target, rules);
  if (phaseOf(target, resolution) !== "awaitingResistance") throw new D6FlowError("notAwaiting", { roll: "resistance" });
  requireMay(flow, index, resolution.struck === "attacker" ? "attacker" : "defender", user);
  const next: D6TargetFlow = { ...target, input: { ...target.input, resistanceRoll: roll } };
  resolutionOf(next, rules);
  return withTarget(flow, index, next);
}

/**
 * D35–D37: the wound written to the struck actor, over its wound state as it
 * is now (`current`; another attack may have hurt it since this one was
 * made) — stacked by the core (D36). Once, until undone. `round` is the
 * struck side's round state in the started combat, when it has one: what a
 * disabling wound takes from it is kept for the undo (D10, D18).
 */
export function applyWound(
  flow: D6Flow,
  index: number,
  current: WoundState,
  user: FlowUser,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
  round?: CombatantRound,
): { flow: D6Flow; application: D6Application } {
  const target = targetOf(flow, index);
  const stale = resolutionOf(target, rules);
  const phase = phaseOf(target, stale);
  if (phase === "applied") throw new D6FlowError("alreadyApplied", { name: target.target.name });
  if (phase !== "resolved") throw new D6FlowError("notResolved");
  const side = stale.struck === "attacker" ? "attacker" : "defender";
  requireMay(flow, index, side, user);
  // The same dice over the struck side's wounds as they are now.
  const input: D6AttackInput =
    side === "defender"
      ? { ...target.input, defender: { ...target.input.defender, wounds: current } }
      : { ...target.input, attacker: { ...target.input.attacker, wounds: current } };
  const resolution = resolveD6Attack(input, rules);
  const after = side === "defender" ? resolution.woundsAfter.defender : resolution.woundsAfter.attacker;
  const disabled = resolution.becameUnableToAct === side;
  const application: D6Application = {
    by: user.id,
    struck: sideRef(flow, index, side),
    before: current,
    after,
    disabled,
    ...(disabled && { lostRound: (round && lostToDisable(round)) ?? "none" }),
  };
  return { flow: withTarget(flow, index, { ...target, applications: [...target.applications, application] }), application };
}

/** The wound in force (applied, not undone). */
export function currentApplication(target: D6TargetFlow): D6Application | undefined {
  const last = target.applications.at(-1);
  return last && !last.undoneBy ? last : undefined;
}

/** What an undo writes: the struck side's wounds with this wound's steps taken back, and whether (and with what) it may act again. */
export interface D6Undo {
  application: D6Application;
  wounds: WoundState;
  /** D10: the round state to give back (false: nothing changes on the round). */
  regain: false | { lost?: LostToDisable };
}

/**
 * Undo the wound in force by its own change (issue 22: by delta, clamped):
 * the struck side's wounds as they are now (`now`) less the steps this wound
 * took on the D36 ladder, never below unhurt — so a newer wound stays. Its
 * disablement (D10) is taken back only when the wounds left no longer keep
 * the struck side from acting. Once; it may then be applied again.
 */
export function undoWound(flow: D6Flow, index: number, now: WoundState, user: FlowUser, rules: Readonly<D6Rules> = D6_STANDARD_RULES): { flow: D6Flow; undo: D6Undo } {
  const target = targetOf(flow, index);
  const application = currentApplication(target);
  if (!application) throw new D6FlowError("nothingToUndo");
  if (!(user.isGM || user.owns(application.struck.actorUuid))) throw new D6FlowError("notYours", { name: application.struck.name });
  const round = target.input.round ?? 1;
  const steps = woundStepsTaken(application.before, application.after, round, rules);
  const wounds = undoWoundSteps(now, steps, { before: application.before, round }, rules);
  const stillUnable = woundStatus(wounds, round, rules).unableToAct;
  const regain: D6Undo["regain"] =
    application.disabled && !stillUnable && application.lostRound !== "none" ? (application.lostRound ? { lost: application.lostRound } : {}) : false;
  const applications = target.applications.slice();
  applications[applications.length - 1] = { ...application, undoneBy: user.id };
  return { flow: withTarget(flow, index, { ...target, applications }), undo: { application, wounds, regain } };
}
