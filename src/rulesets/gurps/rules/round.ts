/**
 * One fighter's state between turns, as pure transitions (§15 "What a VTT
 * must track"): the last maneuver, aim, evaluate, feint owed, posture and
 * movement, shock, stun, defenses used since his last turn, item readiness,
 * grapples, tasks — and where each clears. Every transition returns a new
 * state or throws a GurpsError saying why not.
 */
import type { DefenseUse } from "./defense.js";
import { NO_DEFENSE_USE } from "./defense.js";
import type { SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { consciousnessModifier, shockPenalty } from "./injury.js";
import { convertWait, DO_NOTHING, type ManeuverChoice, type ManeuverFacts, maneuverRefusal } from "./maneuvers.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { afterParry, freshItem, type ItemState, itemTurnEnd, itemTurnStart, knockedUnready, readyItem } from "./readiness.js";
import type { ShotsSpec } from "./notation.js";
import type { HitLocation, Posture, StunKind } from "./types.js";
import type { VictimAfter } from "./victim.js";
import { claimInjury, type InjuryMarks, type MarkedField, READY_MARK, takeBackInjury } from "./injury-marks.js";

export interface GrappleHold {
  /** The other fighter. */
  readonly with: string;
  readonly location: HitLocation;
  readonly hands: number;
  /** G46: the held foe is pinned. */
  readonly pinned: boolean;
}

export interface GurpsFighterRound {
  /** His turns so far (0 before the first). */
  readonly turn: number;
  /** G10: the last maneuver (Do Nothing before the first turn). */
  readonly maneuver: ManeuverChoice;
  readonly posture: Posture;
  readonly crouching: boolean;
  /** G12, G67: yards moved this turn; faster than Basic Move this turn and last turn; consecutive forward Moves. */
  readonly yardsMoved: number;
  readonly movedFast: boolean;
  readonly movedFastLastTurn: boolean;
  readonly sprintStreak: number;
  /** G22: the aim being built. */
  readonly aim: { readonly itemId: string; readonly targetId: string; readonly seconds: number; readonly braced: boolean; readonly sight: number } | null;
  /** G23: consecutive Evaluates on one foe, for the next turn only. */
  readonly evaluate: { readonly targetId: string; readonly bonus: number; readonly turn: number } | null;
  /** G25: the feint penalty he holds, the attacks it covers, the turn it is good for. */
  readonly feint: { readonly targetId: string; readonly penalty: number; readonly attacks: number; readonly turn: number } | null;
  /** G77: injury since his last turn, and the shock in force on this turn. */
  readonly injurySinceLastTurn: number;
  readonly shock: number;
  /** G19, G79: stunned (and the −4 to defenses that lasts until his next turn begins); surprised (as mental stun). */
  readonly stun: StunKind | null;
  readonly stunDefense: boolean;
  readonly unconscious: boolean;
  readonly mortallyWounded: boolean;
  readonly dead: boolean;
  readonly deathChecksRolled: number;
  /** G78, §15: a major wound taken since his last turn began, kept until that turn is over (absent in rounds stored before it existed: none). */
  readonly majorWound?: boolean;
  /** G10: the turn his maneuver was chosen on (one choice a turn; absent in rounds stored before it existed: none yet). */
  readonly chosenTurn?: number;
  /** G11, G15: the turn whose step he spent on kneeling ↔ standing (absent: none). */
  readonly postureStepTurn?: number;
  /** G43–G50. */
  readonly grappling: readonly GrappleHold[];
  readonly grappledBy: readonly GrappleHold[];
  readonly pinnedBy: string | null;
  readonly lastBreakFreeTurn: number | null;
  /** G39–G41, G56, G63, G88: per weapon or shield. */
  readonly items: Readonly<Record<string, ItemState>>;
  /** G61–G68: defenses used since his last turn. */
  readonly used: DefenseUse;
  readonly defendedSinceLastTurn: boolean;
  /** G29, G89: a Concentrate task or a long action in progress (`startedTurn`: the turn it began on; absent on tasks kept before it existed). */
  readonly task: { readonly name: string; readonly done: number; readonly needed: number; readonly interruptible: boolean; readonly startedTurn?: number } | null;
  /** G31: defended while waiting (the Wait may then become only an Attack). */
  readonly waitDefended: boolean;
  /** G47: choked — 1 FP per turn until he escapes. */
  readonly suffocating: boolean;
  /** G26, G30, G35, G38: attacks and Readies made under this turn's maneuver (counted afresh at each choice). */
  readonly actions: number;
  /** G31: his Wait was triggered since his turn: he acts now, outside his turn, as the converted maneuver. */
  readonly waitTriggered: boolean;
  /** G81: the HT roll to stay conscious this turn: owed whatever he does, owed unless he chooses Do Nothing, or none. */
  readonly consciousness: "due" | "unlessDoNothing" | null;
  /**
   * Per field an applied injury set (`posture`, `stun`, …, `ready.<itemId>`), the applications that set it
   * and the value before each (injury-marks.ts): an undo takes back only its own. Absent: none.
   */
  readonly injuryMarks?: InjuryMarks;
}

export function newFighterRound(items: Readonly<Record<string, ItemState>> = {}, posture: Posture = "standing"): GurpsFighterRound {
  return {
    turn: 0, maneuver: DO_NOTHING, posture, crouching: false, yardsMoved: 0, movedFast: false, movedFastLastTurn: false, sprintStreak: 0, aim: null, evaluate: null,
    feint: null, injurySinceLastTurn: 0, shock: 0, stun: null, stunDefense: false, unconscious: false, mortallyWounded: false, dead: false, deathChecksRolled: 0, majorWound: false,
    grappling: [], grappledBy: [], pinnedBy: null, lastBreakFreeTurn: null, items, used: NO_DEFENSE_USE, defendedSinceLastTurn: false, task: null,
    waitDefended: false, suffocating: false, actions: 0, waitTriggered: false, consciousness: null,
  };
}

/** G8: a fighter who can take turns (not knocked out or dead). */
export const canAct = (s: GurpsFighterRound): boolean => !s.unconscious && !s.dead;

export interface TurnStartDue {
  /** G81: the HT roll to stay conscious (−1 per full multiple of HP below zero); skipped on a Do Nothing turn without a defense since his last turn (setting). */
  readonly consciousness: { readonly effective: number; readonly skipIfDoNothing: boolean } | null;
  /** G47: FP lost to suffocation this turn. */
  readonly fpLoss: number;
  /** G19: stunned or surprised: Do Nothing is forced. */
  readonly forcedDoNothing: boolean;
  /** What lapsed now: an unused feint or evaluate. */
  readonly lapsed: readonly ("feint" | "evaluate" | "aim")[];
}

/**
 * The start of his turn: shock from the injury since his last turn comes
 * into force for this turn only (G77); the stun's −4 now lasts only while
 * he is still stunned (G19); defenses used since his last turn are counted
 * afresh (G61–G67); a feint not used on the turn it was good for lapses (G25);
 * an evaluate is good only on the turn after it (G23).
 */
export function startTurn(s: GurpsFighterRound, f: { hp: number; currentHp: number; ht: number }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { state: GurpsFighterRound; due: TurnStartDue } {
  const turn = s.turn + 1;
  const lapsed: TurnStartDue["lapsed"][number][] = [];
  const feint = s.feint && s.feint.turn >= turn ? s.feint : null;
  if (s.feint && !feint) lapsed.push("feint");
  const evaluate = s.evaluate && s.evaluate.turn === turn - 1 ? s.evaluate : null;
  if (s.evaluate && !evaluate) lapsed.push("evaluate");
  const items: Record<string, ItemState> = {};
  for (const [id, item] of Object.entries(s.items)) items[id] = itemTurnStart(item);
  const consciousness = f.currentHp <= 0 && canAct(s) ? { effective: f.ht + consciousnessModifier(f.currentHp, f.hp), skipIfDoNothing: rules.zeroHpDoNothingSkipsRoll && !s.defendedSinceLastTurn } : null;
  // Object.assign, not a spread with overrides: the same object, built without V8's slow clone path (a third of this function's time in a duel, measured).
  const state: GurpsFighterRound = Object.assign({}, s, {
    turn, feint, evaluate, items, shock: shockPenalty(s.injurySinceLastTurn, f.hp, rules), injurySinceLastTurn: 0, stunDefense: s.stun !== null,
    used: NO_DEFENSE_USE, defendedSinceLastTurn: false, movedFastLastTurn: s.movedFast, movedFast: false, yardsMoved: 0, waitDefended: false,
    actions: 0, waitTriggered: false, consciousness: consciousness ? (consciousness.skipIfDoNothing ? "unlessDoNothing" : "due") : null,
  } as const);
  return { state, due: { consciousness, fpLoss: s.suffocating ? rules.chokeFpPerTurn : 0, forcedDoNothing: s.stun !== null, lapsed } };
}

/** The facts `maneuverRefusal` reads, from the state (the caller adds ST and weapon readiness). */
export function maneuverFacts(s: GurpsFighterRound, more: Partial<ManeuverFacts> = {}): ManeuverFacts {
  return {
    unconscious: s.unconscious, dead: s.dead, stunned: s.stun, grappled: s.grappledBy.length > 0, pinned: s.pinnedBy !== null,
    grapplingUnpinned: s.grappling.some((g) => !g.pinned), ...more,
  };
}

/**
 * G10: choose this turn's maneuver (checked by `maneuverRefusal`). G22: Aim
 * on the same weapon and target builds seconds, anything else but an attack
 * with it loses it; G23: Evaluate on the same foe builds +1 (max +3); G12:
 * consecutive Moves count toward a sprint; G29: Concentrate advances a task.
 */
export function chooseManeuver(s: GurpsFighterRound, choice: ManeuverChoice, facts: ManeuverFacts, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFighterRound {
  // G10: exactly one maneuver a turn (a second choice would build Aim or Evaluate twice).
  if (s.turn > 0 && s.chosenTurn === s.turn) throw new GurpsError("maneuverChosen", { maneuver: s.maneuver.id });
  const refusal = maneuverRefusal(choice, facts, rules);
  if (refusal) throw new GurpsError("maneuverNotAllowed", { maneuver: english(`CYCHOSYS.Gurps.Maneuver.${choice.id}`), reason: english(`CYCHOSYS.Gurps.Refusal.${refusal.reason}`), rule: refusal.rule });
  let aim = s.aim;
  let evaluate = s.evaluate;
  if (choice.id === "aim") {
    const same = aim && s.maneuver.id === "aim" && aim.itemId === choice.itemId && aim.targetId === choice.targetId;
    aim = { itemId: choice.itemId ?? "", targetId: choice.targetId ?? "", seconds: same ? aim!.seconds + 1 : 1, braced: !!choice.braced, sight: choice.sight ?? 0 };
  } else if (choice.id !== "attack" && choice.id !== "allOutAttack") {
    aim = null;
  }
  if (choice.id === "evaluate") {
    const same = evaluate && evaluate.targetId === choice.targetId;
    evaluate = { targetId: choice.targetId ?? "", bonus: Math.min(rules.evaluateMax, same ? evaluate!.bonus + rules.evaluatePerTurn : rules.evaluatePerTurn), turn: s.turn };
  }
  // G29, G89: Concentrate or Ready advances the task; another maneuver pauses an interruptible one and ends the rest; a finished task is over.
  const advances = choice.id === "concentrate" || choice.id === "ready";
  const task = !s.task || taskDone(s) ? null : advances ? { ...s.task, done: s.task.done + 1 } : s.task.interruptible ? s.task : null;
  return {
    ...s, maneuver: choice, chosenTurn: s.turn, aim, evaluate, task, sprintStreak: choice.id === "move" ? s.sprintStreak + 1 : 0,
    crouching: choice.id === "move" && s.sprintStreak > 0 ? false : s.crouching, actions: 0, waitTriggered: false,
  };
}

/** G12, G67: movement this turn; faster than Basic Move bars retreating until his next turn is over. */
export function recordMove(s: GurpsFighterRound, yards: number, basicMove: number): GurpsFighterRound {
  const yardsMoved = s.yardsMoved + yards;
  return { ...s, yardsMoved, movedFast: s.movedFast || yardsMoved > basicMove };
}

/** G15, G16: a new posture (a fall, a Change Posture, a step) and the crouch flag (only standing). */
export function setPosture(s: GurpsFighterRound, posture: Posture, crouching = false): GurpsFighterRound {
  return { ...s, posture, crouching: posture === "standing" && crouching };
}

/** G25: the feint penalty he may use against `targetId` on this turn (0 when none). */
export function feintPenaltyOn(s: GurpsFighterRound, targetId: string): number {
  return s.feint && s.feint.targetId === targetId && s.feint.turn === s.turn && s.feint.attacks > 0 ? s.feint.penalty : 0;
}

/** G23: the evaluate bonus he may use against `targetId` on this turn. */
export function evaluateBonusOn(s: GurpsFighterRound, targetId: string): number {
  return s.evaluate && s.evaluate.targetId === targetId && s.evaluate.turn === s.turn - 1 ? s.evaluate.bonus : 0;
}

/** G25, G26: a feint made (its penalty is good on his next turn; with All-Out Attack (Feint), on this one). */
export function recordFeint(s: GurpsFighterRound, targetId: string, penalty: number, o: { sameTurn?: boolean; double?: boolean } = {}): GurpsFighterRound {
  if (penalty <= 0) return { ...s, feint: null };
  return { ...s, feint: { targetId, penalty, attacks: o.double ? 2 : 1, turn: o.sameTurn ? s.turn : s.turn + 1 } };
}

/** G22–G25, G40–G41, G56: an attack made: aim and evaluate spent, the feint's use counted, the weapon's new state. */
export function recordAttack(s: GurpsFighterRound, o: { targetId: string; itemId?: string | null; item?: ItemState | null }): GurpsFighterRound {
  const feint = s.feint && s.feint.targetId === o.targetId && s.feint.turn === s.turn ? (s.feint.attacks > 1 ? { ...s.feint, attacks: s.feint.attacks - 1 } : null) : s.feint;
  const items = o.itemId && o.item ? { ...s.items, [o.itemId]: o.item } : s.items;
  return Object.assign({}, s, { aim: null, evaluate: null, feint, items, actions: s.actions + 1 });
}

/** G61–G68, G22, G31: a defense made: what it used, the parrying item's count, aim spoiled, Wait defended. */
export function recordDefense(s: GurpsFighterRound, used: DefenseUse, parried: readonly string[]): GurpsFighterRound {
  const items: Record<string, ItemState> = { ...s.items };
  // An item the round has not seen yet parried while ready (its state starts with this parry).
  for (const id of parried) items[id] = afterParry(items[id] ?? freshItem({ ready: true }));
  return Object.assign({}, s, { used, items, defendedSinceLastTurn: true, aim: s.maneuver.id === "aim" ? null : s.aim, waitDefended: s.waitDefended || s.maneuver.id === "wait" });
}

/**
 * G77–G81: the victim's figures after an attack (resolve's `victim.after`):
 * injury toward shock, stun, posture, unconsciousness, death checks rolled;
 * G40 ‡ weapons (`unreadyOnFall`) go unready when he falls or is stunned;
 * G78 `majorWound` when the attack dealt one (the victim result's
 * `majorWound` threshold), marked until his next turn is over.
 */
export function recordInjury(
  s: GurpsFighterRound, after: VictimAfter, unreadyOnFall: readonly string[] = [], majorWound = false, mark?: { id: string; caused?: readonly string[] },
): GurpsFighterRound {
  const fell = after.posture !== s.posture && (after.posture === "prone" || after.posture === "faceUp");
  const newlyStunned = after.stunned !== null && s.stun === null;
  const items: Record<string, ItemState> = { ...s.items };
  if (fell || newlyStunned) for (const id of unreadyOnFall) if (items[id]) items[id] = knockedUnready(items[id]!);
  const aimLost = after.aimLost === true || (after.unconscious && s.aim !== null);
  const next: GurpsFighterRound = Object.assign({}, s, {
    items, injurySinceLastTurn: after.injurySinceLastTurn, posture: after.posture, crouching: fell ? false : s.crouching, stun: after.stunned,
    stunDefense: s.stunDefense || after.stunned !== null, unconscious: after.unconscious, mortallyWounded: after.mortallyWounded, dead: after.dead,
    deathChecksRolled: after.deathChecksRolled, aim: aimLost ? null : s.aim, task: after.taskBroken && s.task ? { ...s.task, done: 0 } : s.task,
    majorWound: s.majorWound === true || majorWound,
  });
  if (!mark) return next;
  // A fall or a stun this injury caused claims the ‡ weapons it unreadies, even those already unready (G40).
  const caused = mark.caused ?? [];
  const knocks = caused.includes("posture") || caused.includes("stun") ? unreadyOnFall.filter((id) => items[id]).map((id) => READY_MARK + id) : [];
  return claimInjury(s, next, mark.id, [...caused, ...knocks]);
}

/**
 * The end of his turn: G19/G79 a stunned fighter who did nothing rolls HT
 * (IQ for mental stun) and recovers on a success — his −4 lasts until his
 * next turn begins; G23 an evaluate not renewed and G25 a feint not used
 * lapse; G41 the parry mark has done its work; G77 shock (his next turn
 * only: it is over) and G78 the major wound's mark lapse.
 */
export function endTurn(s: GurpsFighterRound, recovery: SuccessRoll | null = null): GurpsFighterRound {
  const recovered = s.stun !== null && s.maneuver.id === "doNothing" && recovery?.success === true;
  const items: Record<string, ItemState> = {};
  for (const [id, item] of Object.entries(s.items)) items[id] = itemTurnEnd(item);
  return Object.assign({}, s, {
    items, stun: recovered ? null : s.stun, evaluate: s.maneuver.id === "evaluate" ? s.evaluate : null,
    feint: s.feint && s.feint.turn <= s.turn ? null : s.feint, majorWound: false, shock: 0,
  });
}

/** G43–G47: a grapple taken hold of, or let go (a free action on one's own turn, G44). */
export function holdFoe(s: GurpsFighterRound, hold: GrappleHold): GurpsFighterRound {
  return { ...s, grappling: [...s.grappling.filter((g) => g.with !== hold.with), hold] };
}
export function heldBy(s: GurpsFighterRound, hold: GrappleHold, pinned = false): GurpsFighterRound {
  return { ...s, grappledBy: [...s.grappledBy.filter((g) => g.with !== hold.with), hold], pinnedBy: pinned ? hold.with : s.pinnedBy };
}
export function letGo(s: GurpsFighterRound, foe: string): GurpsFighterRound {
  return { ...s, grappling: s.grappling.filter((g) => g.with !== foe) };
}
/** G50: broken free of `foe` (or let go by him), or a try made while pinned (one per 10 seconds). */
export function freedFrom(s: GurpsFighterRound, foe: string): GurpsFighterRound {
  return { ...s, grappledBy: s.grappledBy.filter((g) => g.with !== foe), pinnedBy: s.pinnedBy === foe ? null : s.pinnedBy, suffocating: false };
}
export function triedBreakFree(s: GurpsFighterRound): GurpsFighterRound {
  return { ...s, lastBreakFreeTurn: s.turn };
}
/** G47: a choke that did injury starts the suffocation (1 FP per turn). */
export const startSuffocating = (s: GurpsFighterRound): GurpsFighterRound => ({ ...s, suffocating: true });

/** G29, G89: a task of `needed` seconds begins (Concentrate or a long action). */
export function startTask(s: GurpsFighterRound, name: string, needed: number, interruptible = true): GurpsFighterRound {
  return { ...s, task: { name, done: 0, needed, interruptible } };
}
export const taskDone = (s: GurpsFighterRound): boolean => s.task !== null && s.task.done >= s.task.needed;

/** G31: his Wait is triggered: he acts now, outside his turn, as the converted maneuver (an Attack only, after a defense while waiting). */
export function triggerWait(s: GurpsFighterRound): GurpsFighterRound {
  if (s.maneuver.id !== "wait" || s.waitTriggered) return s;
  return { ...s, maneuver: convertWait(s.maneuver, s.waitDefended), waitTriggered: true, actions: 0 };
}

/** G30, G56, G87: one Ready on an item (readied, or one second of reloading), counted as the maneuver's action. */
export function recordReady(s: GurpsFighterRound, itemId: string, shots: ShotsSpec | null = null, reach: number | null = null): GurpsFighterRound {
  const current = s.items[itemId] ?? { ready: false, reach: null, shotsLeft: null, reloadDone: 0, attackedThisTurn: false, parriedSinceLastTurn: false, parries: 0, readyDone: 0 };
  return { ...s, items: { ...s.items, [itemId]: readyItem(current, shots, reach) }, actions: s.actions + 1 };
}

/** G15, G21: a posture changed by the Change Posture maneuver (its one action) or by a step; G16 the crouch. */
export function recordPostureChange(s: GurpsFighterRound, posture: Posture, crouching: boolean): GurpsFighterRound {
  const next = setPosture(s, posture, crouching);
  return s.maneuver.id === "changePosture" && posture !== s.posture ? { ...next, actions: s.actions + 1 } : next;
}

/** G81: the HT roll to stay conscious at the start of his turn was made (failure: unconscious) or is no longer owed. */
export function consciousnessRolled(s: GurpsFighterRound, stays: boolean): GurpsFighterRound {
  return { ...s, consciousness: null, unconscious: s.unconscious || !stays };
}

/** What an injury changes of a round (`recordInjury`), kept so an undo restores it exactly. */
export interface InjuryMark {
  readonly injurySinceLastTurn: number;
  readonly posture: Posture;
  readonly crouching: boolean;
  readonly stun: StunKind | null;
  readonly stunDefense: boolean;
  readonly unconscious: boolean;
  readonly mortallyWounded: boolean;
  readonly dead: boolean;
  readonly deathChecksRolled: number;
  readonly aim: GurpsFighterRound["aim"];
  readonly task: GurpsFighterRound["task"];
  /** G78: the major wound's mark until his next turn is over (absent on marks kept before it existed: false). */
  readonly majorWound?: boolean;
  /** Readiness of the items an injury may knock unready (G40). */
  readonly ready: Readonly<Record<string, boolean>>;
}

export function injuryMark(s: GurpsFighterRound): InjuryMark {
  const ready: Record<string, boolean> = {};
  for (const [id, item] of Object.entries(s.items)) ready[id] = item.ready;
  return {
    injurySinceLastTurn: s.injurySinceLastTurn, posture: s.posture, crouching: s.crouching, stun: s.stun, stunDefense: s.stunDefense, unconscious: s.unconscious,
    mortallyWounded: s.mortallyWounded, dead: s.dead, deathChecksRolled: s.deathChecksRolled, aim: s.aim, task: s.task, majorWound: s.majorWound === true, ready,
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const withNulls = (m: InjuryMark): InjuryMark => ({ ...m, stun: m.stun ?? null, aim: m.aim ?? null, task: m.task ?? null, majorWound: m.majorWound === true, ready: m.ready ?? {} });

/**
 * Undo an injury by its own change only: the injury since his last turn and
 * the death checks rolled go back by what it added (never below 0); every
 * other field it set returns where no later blow stands on it and nothing
 * else has changed it since (its claims, `mark`, injury-marks.ts). An
 * application kept before injury marks existed (no `mark`): a field returns
 * when it is still as that injury left it.
 */
export function undoInjury(s: GurpsFighterRound, storedBefore: InjuryMark, storedAfter: InjuryMark, mark?: string): GurpsFighterRound {
  // Marks kept on a card come back with their nulls dropped (src/core/transport/flow-store.ts).
  const before = withNulls(storedBefore);
  const after = withNulls(storedAfter);
  const added = (key: "injurySinceLastTurn" | "deathChecksRolled") => Math.max(0, after[key] - before[key]);
  const counts = {
    injurySinceLastTurn: Math.max(0, s.injurySinceLastTurn - added("injurySinceLastTurn")),
    deathChecksRolled: Math.max(0, s.deathChecksRolled - added("deathChecksRolled")),
  };
  if (mark) return { ...takeBackInjury(s, mark), ...counts };
  const back = <K extends MarkedField>(key: K, current: InjuryMark[K]): InjuryMark[K] => (same(current, after[key]) ? before[key] : current);
  const items: Record<string, ItemState> = { ...s.items };
  for (const [id, wasReady] of Object.entries(before.ready)) {
    const item = items[id];
    if (item && item.ready === after.ready[id] && wasReady !== after.ready[id]) items[id] = { ...item, ready: wasReady };
  }
  return {
    ...s, items, ...counts,
    posture: back("posture", s.posture), crouching: back("crouching", s.crouching), stun: back("stun", s.stun), stunDefense: back("stunDefense", s.stunDefense),
    unconscious: back("unconscious", s.unconscious), mortallyWounded: back("mortallyWounded", s.mortallyWounded), dead: back("dead", s.dead),
    aim: back("aim", s.aim), task: back("task", s.task), majorWound: back("majorWound", s.majorWound === true),
  };
}
