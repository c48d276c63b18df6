/**
 * One combatant's round as pure state transitions (§8 of the reference):
 * declaring N (D11), the multi-action penalty (D12), waits and the interrupt
 * right (D13–D14), moving up (D15), item uses (D16), unable to act (D10),
 * active defenses in force and their end (D18, D23–D25), and aiming (D29).
 * Every transition returns a new state or throws a D6Error saying why not.
 */
import type { ActiveDefense } from "./defense.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { multiActionPenaltyDice } from "./skill-roll.js";
import { printable } from "./text.js";

/** Most actions one turn may declare: a sanity bound of the input, not a rule. */
export const MAX_DECLARED_ACTIONS = 20;

/**
 * Most active defenses in force at once (D18): a bound of the stored round
 * state, not a rule — partial defenses are bounded by N, GM-called ones
 * (D25) cost nothing, so one more than this is refused, saying so, rather
 * than stored where it would spoil the round state.
 */
export const MAX_DEFENSES_IN_FORCE = 20;

function requireRoomForDefense(state: CombatantRound): void {
  if (state.defenses.length >= MAX_DEFENSES_IN_FORCE) throw new D6Error("tooManyDefenses", { max: MAX_DEFENSES_IN_FORCE });
}

/** D29: consecutive rounds of aiming at one target. */
export interface AimState {
  readonly targetId: string;
  readonly rounds: number;
  /** The last round spent aiming. */
  readonly lastRound: number;
}

export interface CombatantRound {
  readonly round: number;
  /** D11: N declared this round; null before the turn (or the moved-up action) starts. */
  readonly declared: number | null;
  /** Actions taken, waits included (D13). */
  readonly used: number;
  /** D14: waits spent and not yet used to interrupt. */
  readonly waits: number;
  /** D15: the turn started early to react. */
  readonly movedUp: boolean;
  /** D23: this round's only action is a full defense. */
  readonly fullDefense: boolean;
  /** D10: knocked out, held fast or otherwise unable to act. */
  readonly unableToAct: boolean;
  /** D12: penalty-free actions (actor data). */
  readonly freeActions: number;
  /** D16: uses this round by item id. */
  readonly itemUses: Readonly<Record<string, number>>;
  /** D18: active defenses in force. */
  readonly defenses: readonly ActiveDefense[];
  readonly aim: AimState | null;
}

/** D16: the item an action uses; none for unarmed actions (limited only by N). */
export interface ItemUse {
  id: string;
  /** Item field `usesPerRound`; the rules' default when absent. */
  usesPerRound?: number;
}

export interface ActionOptions {
  item?: ItemUse;
  /** D14: the action interrupts another's, spending a held wait. */
  interrupting?: boolean;
}

const NO_USES: Readonly<Record<string, number>> = Object.freeze({});
const NO_DEFENSES: readonly ActiveDefense[] = Object.freeze([]);

export function newCombatantRound(round: number, freeActions: number = D6_STANDARD_RULES.defaultFreeActions): CombatantRound {
  return {
    round,
    declared: null,
    used: 0,
    waits: 0,
    movedUp: false,
    fullDefense: false,
    unableToAct: false,
    freeActions,
    itemUses: NO_USES,
    defenses: NO_DEFENSES,
    aim: null,
  };
}

/**
 * D39/D6: a new round. Actions, waits, the moved-up flag and item uses reset
 * (unused actions are forfeited, D11); defenses stay in force until the
 * owner's turn (D18); an aim carries on (D29); unable to act stays.
 */
export function startRound(state: CombatantRound, round: number): CombatantRound {
  return { ...state, round, declared: null, used: 0, waits: 0, movedUp: false, fullDefense: false, itemUses: NO_USES };
}

/**
 * D18 (fill): at the start of its owner's turn, before N, the defenses in
 * force end — unless N was already declared this round by moving up (D15:
 * that was the turn's start, and declaring ended them then).
 */
export function startTurn(state: CombatantRound): CombatantRound {
  if (state.declared !== null || state.defenses.length === 0) return state;
  return { ...state, defenses: NO_DEFENSES };
}

function requireAble(state: CombatantRound): void {
  if (state.unableToAct) throw new D6Error("unableToAct");
}

/**
 * D11: at the start of the turn — or at a moved-up action (D15) — N is
 * declared, once. D18: active defenses in force end now, before N.
 */
export function declareActions(
  state: CombatantRound,
  n: number,
  options: { movedUp?: boolean } = {},
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): CombatantRound {
  requireAble(state);
  if (state.declared !== null) throw new D6Error("alreadyDeclared", { declared: state.declared });
  if (!Number.isInteger(n) || n < rules.minDeclaredActions || n > MAX_DECLARED_ACTIONS) {
    throw new D6Error("outOfRange", { what: "actions declared", min: rules.minDeclaredActions, max: MAX_DECLARED_ACTIONS, value: String(n) });
  }
  return { ...state, declared: n, movedUp: !!options.movedUp, defenses: NO_DEFENSES };
}

/** D12: this round's multi-action dice (0 before N is declared, and for a full defense, D23). */
export function roundPenaltyDice(state: CombatantRound, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return state.fullDefense ? 0 : multiActionPenaltyDice(state.declared, state.freeActions, rules);
}

/** D11: actions still to take this round (0 when unable to act, D10). */
export function actionsLeft(state: CombatantRound): number {
  if (state.unableToAct || state.declared === null) return 0;
  return state.declared - state.used;
}

/** D14: a held wait and an action left to interrupt with. */
export function canInterrupt(state: CombatantRound): boolean {
  return state.waits > 0 && actionsLeft(state) > 0;
}

function spendAction(state: CombatantRound, options: ActionOptions, rules: Readonly<D6Rules>): CombatantRound {
  requireAble(state);
  if (state.declared === null) throw new D6Error("notDeclared");
  if (state.fullDefense) throw new D6Error("fullDefenseOnly");
  if (state.used >= state.declared) throw new D6Error("noActionsLeft", { declared: state.declared });
  if (options.interrupting && state.waits <= 0) throw new D6Error("noWaitHeld");
  let itemUses = state.itemUses;
  if (options.item) {
    const { id } = options.item;
    const limit = options.item.usesPerRound ?? rules.defaultUsesPerRound;
    const used = itemUses[id] ?? 0;
    if (used >= limit) throw new D6Error("itemUsesExhausted", { item: printable(id), limit });
    itemUses = { ...itemUses, [id]: used + 1 };
  }
  return { ...state, used: state.used + 1, waits: options.interrupting ? state.waits - 1 : state.waits, itemUses };
}

/** One of the N actions (D11) that is not an attack; it drops an aim (D29). */
export function takeAction(state: CombatantRound, options: ActionOptions = {}, rules: Readonly<D6Rules> = D6_STANDARD_RULES): CombatantRound {
  return { ...spendAction(state, options, rules), aim: null };
}

/** D13: a wait is one of the N actions; it gives the right to interrupt (D14). */
export function takeWait(state: CombatantRound, rules: Readonly<D6Rules> = D6_STANDARD_RULES): CombatantRound {
  const next = takeAction(state, {}, rules);
  return { ...next, waits: next.waits + 1 };
}

/** D29: the aim dice an aim state gives: +1D a round, at most +3D. */
export function aimDice(aim: AimState | null, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return aim ? Math.min(aim.rounds * rules.aimDicePerRound, rules.aimMaxDice) : 0;
}

/**
 * D29: aiming is the round's only action: N must be 1 and nothing taken yet.
 * A round following the last one aimed at the same target adds one; anything
 * else starts again at one. The count stops at the rounds that reach +3D.
 */
export function aimAt(state: CombatantRound, targetId: string, rules: Readonly<D6Rules> = D6_STANDARD_RULES): CombatantRound {
  if (state.declared !== null && (state.declared !== 1 || state.used > 0)) throw new D6Error("aimNotAlone");
  const next = spendAction(state.declared === null ? declareActions(state, 1, {}, rules) : state, {}, rules);
  const prev = state.aim;
  const consecutive = prev !== null && prev.targetId === targetId && prev.lastRound === state.round - 1;
  const cap = Math.ceil(rules.aimMaxDice / rules.aimDicePerRound);
  const rounds = consecutive ? Math.min(prev.rounds + 1, cap) : 1;
  return { ...next, aim: { targetId, rounds, lastRound: state.round } };
}

/**
 * An attack as one of the N actions. D29: the aim bonus goes to the first
 * aimable attack at the aimed target in a later round and is spent; any other
 * attack drops it.
 */
export function takeAttack(
  state: CombatantRound,
  attack: { targetId: string; aimable: boolean },
  options: ActionOptions = {},
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): { state: CombatantRound; aimDice: number } {
  const next = spendAction(state, options, rules);
  const aim = state.aim;
  const spent = aim !== null && attack.aimable && aim.targetId === attack.targetId && aim.lastRound < state.round;
  return { state: { ...next, aim: null }, aimDice: spent ? aimDice(aim, rules) : 0 };
}

/** D29: losing sight of the target (or switching) drops the aim. */
export function dropAim(state: CombatantRound): CombatantRound {
  return state.aim ? { ...state, aim: null } : state;
}

/** D24: a partial defense is one of the N actions and stands until the next turn. */
export function takePartialDefense(
  state: CombatantRound,
  defense: ActiveDefense,
  options: ActionOptions = {},
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): CombatantRound {
  if (defense.mode !== "partial") throw new D6Error("unknownValue", { what: "defense mode", value: defense.mode, allowed: "partial" });
  requireRoomForDefense(state);
  const next = takeAction(state, options, rules);
  return { ...next, defenses: [...next.defenses, defense] };
}

/** D23: a full defense at the start of the turn: N = 1, no penalty, no wait; the only action. */
export function takeFullDefense(state: CombatantRound, defense: ActiveDefense, rules: Readonly<D6Rules> = D6_STANDARD_RULES): CombatantRound {
  if (defense.mode !== "full") throw new D6Error("unknownValue", { what: "defense mode", value: defense.mode, allowed: "full" });
  const declared = declareActions(state, 1, {}, rules);
  return { ...declared, used: 1, fullDefense: true, aim: null, defenses: [defense] };
}

/** D25: a GM-called partial defense costs no action (its roll takes the round's declared penalty). */
export function takeGmCalledDefense(state: CombatantRound, defense: ActiveDefense): CombatantRound {
  requireAble(state);
  if (defense.mode !== "gmCalled") throw new D6Error("unknownValue", { what: "defense mode", value: defense.mode, allowed: "gmCalled" });
  requireRoomForDefense(state);
  return { ...state, defenses: [...state.defenses, defense] };
}

/** D10/D18: unable to act: the rest of the round's actions, held waits and an aim are lost; defenses end at once. */
export function becomeUnableToAct(state: CombatantRound): CombatantRound {
  return { ...state, unableToAct: true, waits: 0, aim: null, defenses: NO_DEFENSES };
}

/** D10: woken or freed; a turn still to come this round can be taken. */
export function regainAbilityToAct(state: CombatantRound): CombatantRound {
  return state.unableToAct ? { ...state, unableToAct: false } : state;
}

/**
 * D10/D18: what becoming unable to act took from a round (held waits, an aim,
 * the defenses in force), kept so an undo can give it back. Kept on a card,
 * whose stored flow reads a null as absent: an absent aim is no aim.
 */
export interface LostToDisable {
  /** The round it was taken in: given back only in that round. */
  readonly round: number;
  readonly waits: number;
  readonly aim?: AimState | null;
  readonly defenses: readonly ActiveDefense[];
}

/** What `becomeUnableToAct` would take from this round now (null when the combatant is unable to act already: it takes nothing). */
export function lostToDisable(state: CombatantRound): LostToDisable | null {
  if (state.unableToAct) return null;
  return { round: state.round, waits: state.waits, aim: state.aim, defenses: state.defenses };
}

/**
 * D10/D18: a disablement taken back (its wound undone): able to act again,
 * and — still in the round it was taken — the held waits (never more than
 * the actions taken, D13), the aim (unless a new one was taken) and the
 * defenses it ended come back, added to what the round holds now. In a later
 * round only the ability to act comes back: the waits were forfeited (D11)
 * and the defenses would have ended at the turn it had (D18).
 */
export function regainWithLost(state: CombatantRound, lost: LostToDisable | undefined): CombatantRound {
  if (!state.unableToAct) return state;
  const regained = regainAbilityToAct(state);
  if (!lost || lost.round !== state.round) return regained;
  return {
    ...regained,
    waits: Math.min(regained.used, regained.waits + lost.waits),
    aim: regained.aim ?? lost.aim ?? null,
    // Nothing can be added while unable to act, so the round holds none besides these; the bound is kept regardless (newest last).
    defenses: lost.defenses?.length ? [...regained.defenses, ...lost.defenses].slice(-MAX_DEFENSES_IN_FORCE) : regained.defenses,
  };
}
