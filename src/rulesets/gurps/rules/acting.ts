/**
 * What the maneuver a fighter chose lets him do when he acts (G9, G10, G15,
 * G16, G19, G26, G30–G35, G38–G41, G81): attack, Ready, move, change
 * posture or crouch — checked against his round (rules/round.ts) whenever he
 * tries, on his turn or when his Wait is triggered. Each check returns the
 * refusal with its rule, or null; the tracker and the attack card call them,
 * never their own arithmetic.
 */
import { convertWait, type ManeuverChoice } from "./maneuvers.js";
import { mayCrouch, movementAllowance, postureChange, stepYards } from "./movement.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { ItemState } from "./readiness.js";
import { canAct, type GurpsFighterRound } from "./round.js";
import type { Posture } from "./types.js";

export type ActRefusal =
  | "cannotAct" | "stunned" | "notYourTurn" | "noAttackManeuver" | "noAttacksLeft" | "weaponNotReady" | "unbalancedParried" | "noReadyManeuver"
  | "readyDone" | "noMovement" | "tooFar" | "postureManeuver" | "postureDone" | "postureStep" | "crouch" | "consciousnessFirst" | "interrupted" | "interruptOpen";

export interface ActRefusalResult {
  readonly reason: ActRefusal;
  readonly rule: string;
  /** The posture change's own reason (G15), when the refusal is one. */
  readonly detail?: string;
}

const refuse = (reason: ActRefusal, rule: string, detail?: string): ActRefusalResult => ({ reason, rule, ...(detail !== undefined && { detail }) });

/** G26, G35, G38: the attacks a maneuver allows on one turn — one; two for All-Out Attack (Double); Rapid Strike makes one of them two. */
export function attacksAllowed(choice: ManeuverChoice, rapidStrike: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (!rules.maneuvers[choice.id].attacks) return 0;
  const base = choice.id === "allOutAttack" && choice.aoaOption === "double" ? 2 : 1;
  return base + (rapidStrike ? 1 : 0);
}

/**
 * G31: the maneuver he acts under now: on his turn the one he chose; outside
 * it, a triggered Wait converted (after a defense while waiting, never an
 * All-Out Attack), or none.
 */
export function actingManeuver(s: GurpsFighterRound, myTurn: boolean): ManeuverChoice | null {
  if (myTurn) return s.maneuver;
  if (s.waitTriggered) return s.maneuver;
  if (s.maneuver.id === "wait") return convertWait(s.maneuver, s.waitDefended);
  return null;
}

/** G8, G19, G81: may he act at all now? */
function mayAct(s: GurpsFighterRound): ActRefusalResult | null {
  if (!canAct(s)) return refuse("cannotAct", "G8");
  if (s.stun !== null) return refuse("stunned", "G19");
  if (s.consciousness === "due") return refuse("consciousnessFirst", "G81");
  return null;
}

/** G31: a Wait's trigger fired out of turn, as the combat's order notes it: `by` acts now, `of` (whose turn it is) resumes when he is done. */
export interface OpenInterrupt {
  readonly by: string;
  readonly of: string;
}

/**
 * G31: may the fighter `id` act while a triggered Wait interrupts? The
 * waiter acts; the fighter he interrupted waits until the waiter is done;
 * any other fighter acts only on a Wait already triggered (one interrupt at
 * a time, as the tracker fires them). No interrupt open: nothing to refuse.
 */
export function interruptRefusal(interrupt: OpenInterrupt | null, id: string, s: GurpsFighterRound, myTurn: boolean): ActRefusalResult | null {
  if (!interrupt || interrupt.by === id) return null;
  if (interrupt.of === id) return refuse("interrupted", "G31");
  if (!myTurn && !s.waitTriggered) return refuse("interruptOpen", "G31");
  return null;
}

/**
 * G24–G27, G31, G35, G38–G41: may he attack now with this item? Only under
 * Attack, All-Out Attack or Move and Attack (or a Wait converted into one),
 * as many attacks as the maneuver allows, with a ready weapon — and a U weapon
 * that parried since his last turn cannot attack. In a combat, `interrupt`
 * is the combat's open interrupt and his combatant id (interruptRefusal).
 */
export function attackRefusal(
  s: GurpsFighterRound,
  o: { myTurn: boolean; rapidStrike: boolean; item: ItemState; unbalanced: boolean; interrupt?: { open: OpenInterrupt | null; id: string } },
  rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): ActRefusalResult | null {
  const cannot = mayAct(s);
  if (cannot) return cannot;
  const interrupted = o.interrupt ? interruptRefusal(o.interrupt.open, o.interrupt.id, s, o.myTurn) : null;
  if (interrupted) return interrupted;
  const choice = actingManeuver(s, o.myTurn);
  if (!choice) return refuse("notYourTurn", "G9");
  if (!rules.maneuvers[choice.id].attacks) return refuse("noAttackManeuver", "G35");
  if (s.actions >= attacksAllowed(choice, o.rapidStrike, rules)) return refuse("noAttacksLeft", o.rapidStrike ? "G38" : "G35");
  if (!o.item.ready) return refuse("weaponNotReady", "G39");
  if (o.unbalanced && o.item.parriedSinceLastTurn) return refuse("unbalancedParried", "G41");
  return null;
}

/** G30, G32, G33, G31: may he take one Ready action now (Ready, All-Out Ready, Move and Ready, or a Wait converted into Ready; one per turn)? */
export function readyRefusal(s: GurpsFighterRound, o: { myTurn: boolean }): ActRefusalResult | null {
  const cannot = mayAct(s);
  if (cannot) return cannot;
  const choice = actingManeuver(s, o.myTurn);
  if (!choice) return refuse("notYourTurn", "G9");
  if (choice.id !== "ready" && choice.id !== "allOutReady" && choice.id !== "moveAndReady") return refuse("noReadyManeuver", "G30");
  if (s.actions > 0) return refuse("readyDone", "G10");
  return null;
}

/**
 * G11–G13, G26, G28, G32, G34: may he move `yards` more now? Within what his
 * maneuver allows in his posture (the sprint bonus on a second forward Move).
 * `move` is his current Move (reeling applied).
 */
export function moveRefusal(s: GurpsFighterRound, yards: number, o: { myTurn: boolean; move: number; bracedTwoHanded?: boolean }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): ActRefusalResult | null {
  const cannot = mayAct(s);
  if (cannot) return cannot;
  const choice = actingManeuver(s, o.myTurn);
  if (!choice) return refuse("notYourTurn", "G9");
  const allowance = movementAllowanceNow(s, choice, o.move, o.bracedTwoHanded ?? false, rules);
  if (allowance === 0) return refuse("noMovement", "G34");
  if (s.yardsMoved + yards > allowance) return refuse("tooFar", "G12");
  return null;
}

/** G12, G13, G34: the yards his maneuver allows this turn, in his posture (the sprint counts his earlier consecutive Moves). */
export function movementAllowanceNow(s: GurpsFighterRound, choice: ManeuverChoice, move: number, bracedTwoHanded = false, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const streak = choice.id === "move" ? Math.max(0, s.sprintStreak - 1) : 0;
  return movementAllowance(choice.id, move, { posture: s.posture, crouching: s.crouching, aodOption: choice.aodOption ?? null, sprintStreak: streak, bracedTwoHanded }, rules).yards;
}

/**
 * G15, G21, G11: may he change to `to` now? By the Change Posture maneuver
 * (once, lying must first rise to crawling, kneeling or sitting); or kneeling
 * ↔ standing as the step of a maneuver that has one, before he moves.
 */
export function postureRefusal(s: GurpsFighterRound, to: Posture, o: { myTurn: boolean; move: number }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): ActRefusalResult | null {
  const cannot = mayAct(s);
  if (cannot) return cannot;
  if (!o.myTurn) return refuse("notYourTurn", "G9");
  if (s.maneuver.id === "changePosture") {
    if (s.actions > 0) return refuse("postureDone", "G15");
    const change = postureChange(s.posture, to, "maneuver");
    return change.allowed ? null : refuse("postureManeuver", "G15", change.reason ?? undefined);
  }
  const step = rules.maneuvers[s.maneuver.id].movement;
  const hasStep = step !== "none" && stepYards(o.move, rules) > 0;
  const change = postureChange(s.posture, to, "step");
  if (!hasStep || s.yardsMoved > 0) return refuse("postureStep", "G11");
  return change.allowed ? null : refuse("postureStep", "G15", change.reason ?? undefined);
}

/**
 * G16: may he crouch now (standing; at the start of his turn under any
 * maneuver, or after his action having moved no more than a step; never
 * sprinting)? Rising from a crouch is free at any time.
 */
export function crouchRefusal(s: GurpsFighterRound, crouch: boolean, o: { myTurn: boolean; move: number }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): ActRefusalResult | null {
  if (!crouch) return null;
  const cannot = mayAct(s);
  if (cannot) return cannot;
  if (!o.myTurn) return refuse("notYourTurn", "G9");
  const sprinting = s.maneuver.id === "move" && s.sprintStreak > 1;
  const may = mayCrouch({ posture: s.posture, atTurnStart: s.actions === 0 && s.yardsMoved === 0, yardsMoved: s.yardsMoved, step: stepYards(o.move, rules), sprinting });
  return may ? null : refuse("crouch", "G16");
}
