/**
 * The CWN attack on a card as a pure state machine (docs/rulesets/cwn.md,
 * "On the table"). The card keeps the whole input of the attack as the GM
 * built it from the documents when it was declared; the rules core
 * (`resolveCwnAttack`, W39) resolves it again at every step, with the dice
 * given so far:
 *
 *   declared ─ screened target (W26) ─▶ screen: the attacker's 2d6 and each
 *            │                          eligible screener's 2d6 ─▶ (W40 tie:
 *            │                          the attacker's controller picks)
 *            ├ the target may still answer (W7, W27) ─▶ defense: Total
 *            │   Defense or take it, the roll seen ─┐
 *            └───────────────────────▶ resolved ◀─┘ ─ apply ⇄ undo (W19)
 *                                       │          └ the GM's downed choice
 *                                       └ nothing lands ─▶ done
 *
 * This module only sequences, checks who may act, and keeps what undo
 * needs. No Foundry, no randomness.
 */
import type { CardFlow, FlowUser, ParticipantRef } from "../../../core/ruleset.js";
import type { DownedRecord } from "../rules/combat.js";
import { readPool } from "../rules/dice.js";
import { spreadSoak } from "../rules/harm.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { type CwnAttackInput, type CwnDefenderInput, type CwnResolution, resolveCwnAttack } from "../rules/resolve.js";
import { screenBar } from "../rules/screen.js";
import type { AttackAction, AttackKind, DownedState } from "../rules/types.js";
import { CwnFlowError } from "./errors.js";

/** What the card shows of the attack besides the core's figures. */
export interface CwnAttackSummary {
  weapon: string;
  itemId: string;
  kind: AttackKind;
  action: AttackAction;
  /** W24: the swarm whose blow this is. */
  swarm?: { id: number; participants: number; standing: number };
  /** W12, W22, W36, W39: the situation came from the GM's own measure of the tokens (else: as declared). */
  measured: boolean;
}

export interface CwnScreenerRef {
  ref: ParticipantRef;
  fighterId: string;
}

/** An application of the damage, kept so its undo takes back exactly its own change. */
export interface CwnApplication {
  by: string;
  struck: ParticipantRef;
  hpLost: number;
  /** W19: what each soak pool took (an armor piece's uuid, or the NPC actor's own pool). */
  soak: { uuid: string; taken: number }[];
  downedBefore: DownedState;
  /** The state the GM wrote at 0 hit points (null: unchanged). */
  downedAfter: DownedState | null;
  /** The fight's own record of the fighter before this attack took it down (W19, W6, W37), for its undo. */
  record?: DownedRecord;
  traumatic: boolean;
  undoneBy?: string;
}

/**
 * W7, W27: Total Defense is an Instant that may be used "even after dice have
 * been rolled": a target of a started fight whose Main is still to come or
 * unspent sees the roll and answers. Open when the GM declared the card and
 * the target could answer then; the window shows only when the answer
 * would change what lands (`defenseMatters`).
 */
export interface CwnDefenseWindow {
  open: boolean;
  /** The target's answer once given: Total Defense, or taking the blow. */
  answer?: CwnDefenseAnswer;
  by?: string;
}

export const CWN_DEFENSE_ANSWERS = ["none", "totalDefense"] as const;
export type CwnDefenseAnswer = (typeof CWN_DEFENSE_ANSWERS)[number];

export interface CwnFlow extends CardFlow {
  ruleset: "cwn";
  attack: CwnAttackSummary;
  /** W27: the target's answer after the roll (absent: none possible). */
  defense?: CwnDefenseWindow;
  /** The attack's whole input for the core; screen dice are added as they are rolled. */
  input: CwnAttackInput;
  /** Who stands behind each of `input.screen.screeners` (same order). */
  screeners: CwnScreenerRef[];
  /** Items the card's writes may touch, each with its owner: the weapon (W32) and the worn armor of whoever can be struck (W19). */
  objects: { uuid: string; owner: string }[];
  applications: CwnApplication[];
}

export type CwnPhase = "screen" | "screenChoice" | "defense" | "resolved" | "done" | "applied";

/** The core's resolution as the card stands. */
export function resolutionOf(flow: CwnFlow, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnResolution {
  return resolveCwnAttack(flow.input, rules);
}

/** W26: a screen whose checks are not all rolled: the attacker's, or an eligible screener's. */
export function screenOwed(flow: CwnFlow, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { attacker: boolean; screeners: number[] } | null {
  const screen = flow.input.screen;
  if (!screen || screen.screeners.length === 0) return null;
  const screeners = screen.screeners.flatMap((s, i) => (!screenBar(s, flow.attack.kind, rules) && !s.dice?.length ? [i] : []));
  const attacker = screen.attackerDice.length === 0;
  return attacker || screeners.length ? { attacker, screeners } : null;
}

export function currentApplication(flow: CwnFlow): CwnApplication | undefined {
  const last = flow.applications.at(-1);
  return last && !last.undoneBy ? last : undefined;
}

/**
 * W27: would Total Defense change what this attack does to the target — a hit
 * turned to a miss, a Shock stopped, less damage landing? (With the roll seen,
 * an answer that changes nothing is no choice.) Only while the attack goes to
 * the target itself, not a screener.
 */
export function defenseMatters(flow: CwnFlow, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): boolean {
  const now = resolutionOf(flow, rules);
  if (now.refused || now.target !== "defender" || now.owed.length || !now.harm || flow.input.defender.totalDefense) return false;
  const guarded = resolveCwnAttack({ ...flow.input, defender: { ...flow.input.defender, totalDefense: true } }, rules);
  const landed = (h: NonNullable<CwnResolution["harm"]>) => h.soaked + h.hpLost;
  return now.hit !== guarded.hit || landed(now.harm) !== landed(guarded.harm!);
}

/** Where the card stands. */
export function phaseOf(flow: CwnFlow, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnPhase {
  if (screenOwed(flow, rules)) return "screen";
  const resolution = resolutionOf(flow, rules);
  if (resolution.owed.includes("screenChoice")) return "screenChoice";
  if (flow.defense?.open && !flow.defense.answer && !flow.applications.length && defenseMatters(flow, rules)) return "defense";
  if (currentApplication(flow)) return "applied";
  const h = resolution.harm;
  return !h || h.alreadyDown || (h.soaked === 0 && h.hpLost === 0) ? "done" : "resolved";
}

/** The fighter the attack lands on: the target, or the screener it went to (W26). */
export function struckOf(flow: CwnFlow, resolution: CwnResolution): ParticipantRef {
  return resolution.target === "screener" ? flow.screeners[resolution.screenerIndex!]!.ref : flow.targets[0]!.target;
}

function requireMay(ref: ParticipantRef, user: FlowUser): void {
  if (!(user.isGM || user.owns(ref.actorUuid))) throw new CwnFlowError("notYours", { name: ref.name });
}

/**
 * A new card. The core checks every figure and face now (a face that does
 * not fit the weapon's dice is refused before any card is posted); a
 * screen's dice come later.
 */
export function declareCwnAttack(flow: Omit<CwnFlow, "version" | "ruleset" | "applications">, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFlow {
  const card: CwnFlow = { ...flow, version: 1, ruleset: "cwn", applications: [] };
  const { screen: _screen, ...unscreened } = card.input;
  resolveCwnAttack(unscreened, rules);
  if (card.input.screen?.attackerDice.length) readPool(rules.screenCheckDice, card.input.screen.attackerDice, "attacker's screen check");
  return card;
}

/** W26: one screen check's 2d6, by the attacker's controller (no index) or that screener's. */
export function rollScreen(flow: CwnFlow, screener: number | undefined, dice: readonly number[], user: FlowUser, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFlow {
  const owed = screenOwed(flow, rules);
  if (!owed) throw new CwnFlowError("notAwaiting");
  readPool(rules.screenCheckDice, dice, "screen check");
  const screen = flow.input.screen!;
  if (screener === undefined) {
    requireMay(flow.attacker, user);
    if (!owed.attacker) throw new CwnFlowError("screenRolled", { name: flow.attacker.name });
    return { ...flow, input: { ...flow.input, screen: { ...screen, attackerDice: [...dice] } } };
  }
  const who = flow.screeners[screener];
  if (!who) throw new CwnFlowError("notScreener");
  requireMay(who.ref, user);
  if (!owed.screeners.includes(screener)) throw new CwnFlowError("screenRolled", { name: who.ref.name });
  const screeners = screen.screeners.map((s, i) => (i === screener ? { ...s, dice: [...dice] } : s));
  return { ...flow, input: { ...flow.input, screen: { ...screen, screeners } } };
}

/** W40: the attacker's controller picks among the screeners tied lowest. */
export function chooseScreener(flow: CwnFlow, screener: number, user: FlowUser, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFlow {
  requireMay(flow.attacker, user);
  if (phaseOf(flow, rules) !== "screenChoice") throw new CwnFlowError("notAwaiting");
  const next: CwnFlow = { ...flow, input: { ...flow.input, screen: { ...flow.input.screen!, choice: screener } } };
  resolutionOf(next, rules); // the core refuses a screener who is not tied lowest
  return next;
}

/**
 * W27: the target's answer after the roll, by its owner or the GM: Total
 * Defense (+2 AC and no Shock against this attack and until its next turn;
 * the fight's own Total Defense is written by the step) or taking it. Once.
 */
export function answerDefense(flow: CwnFlow, answer: CwnDefenseAnswer, user: FlowUser, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFlow {
  if (phaseOf(flow, rules) !== "defense") throw new CwnFlowError("notAwaiting");
  requireMay(flow.targets[0]!.target, user);
  const defense: CwnDefenseWindow = { open: true, answer, by: user.id };
  if (answer === "none") return { ...flow, defense };
  return { ...flow, defense, input: { ...flow.input, defender: { ...flow.input.defender, totalDefense: true } } };
}

/** The struck fighter as it is now: hit points and each soak pool (armor pieces, or an NPC's own). */
export interface StruckNow {
  hp: number;
  downed: DownedState;
  soak: { uuid: string; value: number }[];
}

/** The input with the struck fighter's hit points and soak as they are now (another attack may have landed since). */
function withStruckNow(flow: CwnFlow, resolution: CwnResolution, now: StruckNow): CwnAttackInput {
  const soak = now.soak.reduce((n, p) => n + Math.max(0, p.value), 0);
  const patch = (d: CwnDefenderInput): CwnDefenderInput => ({ ...d, hp: now.hp, soak });
  if (resolution.target !== "screener") return { ...flow.input, defender: patch(flow.input.defender) };
  const screen = flow.input.screen!;
  return { ...flow.input, screen: { ...screen, screeners: screen.screeners.map((s, i) => (i === resolution.screenerIndex ? { ...s, defender: patch(s.defender) } : s)) } };
}

/**
 * W19: the damage written to the struck fighter over its hit points and
 * soak as they are now — soak first, spread over the pieces in order, then
 * hit points; at 0 the default downed state. Once, until undone.
 */
export function applyDamage(flow: CwnFlow, now: StruckNow, user: FlowUser, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { flow: CwnFlow; application: CwnApplication } {
  const phase = phaseOf(flow, rules);
  if (phase === "applied") throw new CwnFlowError("alreadyApplied");
  if (phase === "done") throw new CwnFlowError("nothingToApply");
  if (phase !== "resolved") throw new CwnFlowError("notResolved");
  const stale = resolutionOf(flow, rules);
  const struck = struckOf(flow, stale);
  requireMay(struck, user);
  const resolution = resolveCwnAttack(withStruckNow(flow, stale, now), rules);
  const harm = resolution.harm!;
  const after = spreadSoak(now.soak.map((p) => p.value), harm.soaked);
  const application: CwnApplication = {
    by: user.id,
    struck,
    hpLost: harm.hpLost,
    soak: now.soak.map((p, i) => ({ uuid: p.uuid, taken: Math.max(0, p.value) - after[i]! })).filter((p) => p.taken > 0),
    downedBefore: now.downed,
    downedAfter: harm.downed && harm.downed !== now.downed ? harm.downed : null,
    traumatic: resolution.trauma?.traumatic === true,
  };
  return { flow: { ...flow, applications: [...flow.applications, application] }, application };
}

/** Keep the fight's record of the struck fighter (the GM reads it as it writes the downed state). */
export function withRecord(flow: CwnFlow, record: DownedRecord): CwnFlow {
  const applications = flow.applications.slice();
  applications[applications.length - 1] = { ...applications.at(-1)!, record };
  return { ...flow, applications };
}

/** Undo the damage in force (its own change only: steps.ts). Once; it may then be applied again. */
export function undoDamage(flow: CwnFlow, user: FlowUser): { flow: CwnFlow; application: CwnApplication } {
  const application = currentApplication(flow);
  if (!application) throw new CwnFlowError("nothingToUndo");
  requireMay(application.struck, user);
  const applications = flow.applications.slice();
  applications[applications.length - 1] = { ...application, undoneBy: user.id };
  return { flow: { ...flow, applications }, application };
}

/**
 * W19: the GM picks another of the four states for a fighter this attack
 * took to 0 hit points. Only a GM may send the choice: its `state` is a
 * GM-only field of the request (steps.ts `CWN_GM_ONLY`), refused from
 * anyone else before this runs.
 */
export function chooseDowned(flow: CwnFlow, state: Exclude<DownedState, "none">): { flow: CwnFlow; application: CwnApplication } {
  const application = currentApplication(flow);
  if (!application?.downedAfter) throw new CwnFlowError("notDowned");
  const applications = flow.applications.slice();
  applications[applications.length - 1] = { ...application, downedAfter: state };
  return { flow: { ...flow, applications }, application };
}
