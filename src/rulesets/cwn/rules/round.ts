/**
 * One fighter's round as pure transitions (§7 "What a VTT must track"):
 * the action budget (W7–W11), its own turn (W4), the actions of W21–W37
 * with their costs and effects, holding (W37), surprise (W2), and the
 * temporary states with their expiry (states.ts). Every transition returns
 * a new state or throws a CwnError whose text is the reason (the tracker
 * shows it); `whyNot` gives the same reason without throwing.
 */
import { type CwnActionId, CWN_ACTIONS, reloadCost } from "./actions.js";
import { CwnError } from "./errors.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { addEffect, lapseAtTurnStart, stateFigures, type TimedEffect, timedEffect } from "./states.js";
import type { ActionType, AttackKind, DownedState, ReloadAction } from "./types.js";

/** W7: a Main or a Move: still to use, used, put off by a Hold (W37), or lost when the turn ended unused. */
export type ActionSlot = "unspent" | "spent" | "held" | "forfeit";
/** W4: the fighter's turn this round. */
export type TurnState = "pending" | "acting" | "done";

export interface LoggedAction {
  readonly action: CwnActionId;
  /** What it was paid with. */
  readonly paid: readonly ("main" | "move" | "onTurn" | "instant")[];
  readonly label?: string;
}

export interface CwnFighterRound {
  readonly round: number;
  readonly turn: TurnState;
  readonly main: ActionSlot;
  readonly move: ActionSlot;
  /** W7/W9: Move actions taken this round (a Main spent as a Move counts). */
  readonly moves: number;
  /** W23/W27: the Main went on an Instant before the turn came. */
  readonly mainBeforeTurn: boolean;
  /** W37: holding: the held Main (and On Turn actions) may be used as Instants until the round ends. */
  readonly holding: boolean;
  /** W29: broke off from melee; moving away draws no free attacks for the rest of the turn. */
  readonly withdrawn: boolean;
  /** W2: caught by surprise in the free round. */
  readonly surprised: boolean;
  readonly prone: boolean;
  readonly downed: DownedState;
  /** W23: may Snap Attack. */
  readonly canSnap: boolean;
  /** Total Defense, Charge, screening (states.ts). */
  readonly effects: readonly TimedEffect[];
  /** W10/W11: every action taken this round, On Turn and Instant ones included. */
  readonly log: readonly LoggedAction[];
}

/** What an action may need to know besides the round state. */
export interface ActionContext {
  /** W9/W25/W26/W28: metres moved by this action. */
  metres?: number;
  /** W9: the fighter's Move rate (default the rules'). */
  moveMetres?: number;
  /** W21–W23: a Readied weapon (fists count for a melee attack). */
  readiedWeapon?: boolean;
  /** W25: the kind of weapon the charge ends with. */
  weaponKind?: AttackKind;
  /** W26: highest combat skill, the ally screened, and the distance kept from it. */
  highestSkill?: number;
  allyId?: string;
  allyMetres?: number;
  /** W34: a free hand. */
  freeHand?: boolean;
  /** W32. */
  reload?: ReloadAction;
  quiverReadied?: boolean;
  shootLevel?: number;
  /** A name for the log (an Edge, a cyber system, an unlisted action). */
  label?: string;
}

/**
 * The latest actions a fighter's round keeps in its log (W10, W11 allow any
 * number of On Turn and Instant actions; the fight's notes in the chat keep
 * every one), so the stored fight stays bounded however long a round runs.
 */
export const ROUND_LOG_KEPT = 64;

const NO_EFFECTS: readonly TimedEffect[] = Object.freeze([]);
const NO_LOG: readonly LoggedAction[] = Object.freeze([]);

export function newFighterRound(round: number, options: { canSnap?: boolean; surprised?: boolean; prone?: boolean } = {}): CwnFighterRound {
  return {
    round, turn: "pending", main: "unspent", move: "unspent", moves: 0, mainBeforeTurn: false, holding: false, withdrawn: false,
    surprised: !!options.surprised, prone: !!options.prone, downed: "none", canSnap: !!options.canSnap, effects: NO_EFFECTS, log: NO_LOG,
  };
}

/**
 * W5/W37: a new round: a fresh Main and Move, the turn to come; held actions
 * lapse; surprise is over (W2). Prone, downed and timed states carry on
 * (they lapse at the owner's turn, states.ts).
 */
export function nextFighterRound(state: CwnFighterRound, round: number): CwnFighterRound {
  return { ...state, round, turn: "pending", main: "unspent", move: "unspent", moves: 0, mainBeforeTurn: false, holding: false, withdrawn: false, surprised: false, log: NO_LOG };
}

/** W4: the fighter starts its turn; states set in an earlier round lapse now (W25–W27). */
export function beginFighterTurn(state: CwnFighterRound): CwnFighterRound {
  if (state.downed !== "none") throw new CwnError("downed", { state: state.downed });
  if (state.surprised) throw new CwnError("surprised");
  if (state.turn !== "pending") throw new CwnError("turnAlreadyTaken");
  return { ...state, turn: "acting", effects: lapseAtTurnStart(state.effects, state.round) };
}

/** W4/W7: the turn ends; an unused Main or Move is lost unless held (W37); a withdrawal ends (W29). */
export function endFighterTurn(state: CwnFighterRound): CwnFighterRound {
  if (state.turn !== "acting") throw new CwnError("turnNotStarted");
  const lose = (slot: ActionSlot): ActionSlot => (slot === "unspent" ? "forfeit" : slot);
  return { ...state, turn: "done", main: lose(state.main), move: lose(state.move), withdrawn: false };
}

/** W4: the fighter passes: its turn is over without acting (its states lapse as at a turn's start). */
export function passFighterTurn(state: CwnFighterRound): CwnFighterRound {
  if (state.turn === "done") throw new CwnError("turnAlreadyTaken");
  const started = state.turn === "acting" ? state : { ...state, turn: "acting" as const, effects: lapseAtTurnStart(state.effects, state.round) };
  return endFighterTurn(started);
}

/** What the fighter can still do, for the tracker. */
export interface ActionsLeft {
  /** A Main usable now in its own turn, or held as an Instant (W37). */
  main: boolean;
  move: boolean;
  /** W23/W27: an Instant that spends the Main is still possible. */
  instantMain: boolean;
  onTurn: boolean;
}

export function actionsLeft(state: CwnFighterRound): ActionsLeft {
  if (state.downed !== "none") return { main: false, move: false, instantMain: false, onTurn: false };
  const acting = state.turn === "acting" && !state.surprised;
  const main = (acting && state.main === "unspent") || (state.holding && state.main === "held");
  const move = (acting && (state.move === "unspent" || state.main === "unspent")) || (state.holding && state.main === "held");
  const instantMain = !state.surprised && (state.main === "held" ? state.holding : state.main === "unspent" && state.turn !== "done");
  return { main, move, instantMain, onTurn: acting || state.holding };
}

/**
 * W7, W27: may this fighter answer an attack with Total Defense now —
 * standing, its Main unspent, still to come or held (the Instant Main), not
 * in Total Defense already? The same as `whyNot(…, "totalDefense")` being
 * null, without building a refusal (a duel asks it at every blow).
 */
export function totalDefenseOpen(state: CwnFighterRound, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): boolean {
  return state.downed === "none" && actionsLeft(state).instantMain && !stateFigures(state.effects, rules).totalDefense;
}

/** The reason this action cannot be taken now, or null (the same as `takeAction` would throw). */
export function whyNot(state: CwnFighterRound, action: CwnActionId, ctx: ActionContext = {}, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnError | null {
  try {
    takeAction(state, action, ctx, rules);
    return null;
  } catch (error) {
    if (error instanceof CwnError) return error;
    throw error;
  }
}

/** W9/W36: metres one Move action covers (halved while prone). */
export function moveAllowance(state: Pick<CwnFighterRound, "prone">, moveMetres: number = CWN_STANDARD_RULES.moveMetres, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): number {
  return state.prone ? moveMetres * rules.proneMoveFactor : moveMetres;
}

type Paid = LoggedAction["paid"][number];

/** Take one action: charge its cost (W7–W11) and apply its effect (W21–W37). */
export function takeAction(state: CwnFighterRound, action: CwnActionId, ctx: ActionContext = {}, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFighterRound {
  const spec = CWN_ACTIONS[action];
  if (!spec) throw new CwnError("unknownAction", { action: String(action) });
  if (state.downed !== "none") throw new CwnError("downed", { state: state.downed });
  let cost = spec.cost as string;
  if (cost === "reload") cost = reloadCost(ctx.reload ?? "main", { quiverReadied: !!ctx.quiverReadied, shootLevel: ctx.shootLevel ?? rules.untrainedSkillLevel }, rules);
  if (state.surprised && cost !== "instant") throw new CwnError("surprised");

  let next: CwnFighterRound = state;
  let paid: Paid[];
  switch (cost) {
    case "main":
      next = payMain(state);
      paid = ["main"];
      break;
    case "move": {
      const r = payMove(state);
      next = r.state;
      paid = [r.with];
      break;
    }
    case "mainAndMove":
      if (state.turn !== "acting") throw new CwnError("notYourTurn");
      if (state.main !== "unspent") throw new CwnError("mainSpent");
      if (state.move !== "unspent") throw new CwnError("moveSpent");
      next = { ...state, main: "spent", move: "spent", moves: state.moves + 1 };
      paid = ["main", "move"];
      break;
    case "onTurn":
      if (state.turn !== "acting" && !state.holding) throw new CwnError("onTurnOutsideTurn");
      paid = ["onTurn"];
      break;
    case "instantMain":
      next = payInstantMain(state);
      paid = ["main"];
      break;
    case "hold":
      if (state.turn !== "acting") throw new CwnError("notYourTurn");
      if (state.holding) throw new CwnError("alreadyHolding");
      if (state.move !== "unspent") throw new CwnError("holdNeedsMove");
      next = { ...state, move: "held", main: state.main === "unspent" ? "held" : state.main, holding: true, turn: "done", withdrawn: false };
      paid = ["move"];
      break;
    default:
      paid = ["instant"];
  }
  // The moment and the budget first (above), then what this action needs besides.
  checkConditions(state, action, ctx, rules);
  next = applyEffect(next, action, ctx, rules);
  const entry: LoggedAction = ctx.label ? { action, paid, label: ctx.label } : { action, paid };
  const log = next.log.length < ROUND_LOG_KEPT ? [...next.log, entry] : [...next.log.slice(next.log.length - ROUND_LOG_KEPT + 1), entry];
  return { ...next, log };
}

/** W7/W8: a Main in its own turn, or the held Main later in the round (W37). */
function payMain(state: CwnFighterRound): CwnFighterRound {
  if (state.holding && state.main === "held") return { ...state, main: "spent" };
  if (state.turn !== "acting") throw new CwnError("notYourTurn");
  if (state.main !== "unspent") throw new CwnError("mainSpent");
  return { ...state, main: "spent" };
}

/** W7/W9: the Move, else the Main spent as a second Move; held, the held Main (W37). */
function payMove(state: CwnFighterRound): { state: CwnFighterRound; with: Paid } {
  if (state.holding && state.main === "held") return { state: { ...state, main: "spent", moves: state.moves + 1 }, with: "main" };
  if (state.turn !== "acting") throw new CwnError("notYourTurn");
  if (state.move === "unspent") return { state: { ...state, move: "spent", moves: state.moves + 1 }, with: "move" };
  if (state.main === "unspent") return { state: { ...state, main: "spent", moves: state.moves + 1 }, with: "main" };
  throw new CwnError("noMoveLeft");
}

/** W23/W27: an Instant that spends a Main still to come or unspent this turn, or held. */
function payInstantMain(state: CwnFighterRound): CwnFighterRound {
  if (state.holding && state.main === "held") return { ...state, main: "spent" };
  if (state.main !== "unspent" || state.turn === "done") throw new CwnError("mainSpent");
  return { ...state, main: "spent", mainBeforeTurn: state.turn === "pending" };
}

/** The conditions an action has beyond its cost. */
function checkConditions(state: CwnFighterRound, action: CwnActionId, ctx: ActionContext, rules: Readonly<CwnRules>): void {
  const allowance = moveAllowance(state, ctx.moveMetres ?? rules.moveMetres, rules);
  switch (action) {
    case "snapAttack":
      if (!state.canSnap) throw new CwnError("cannotSnap");
      if (ctx.readiedWeapon === false) throw new CwnError("noReadiedWeapon");
      break;
    case "rangedAttack":
      if (ctx.readiedWeapon === false) throw new CwnError("noReadiedWeapon");
      break;
    case "charge": {
      if (ctx.weaponKind === "ranged") throw new CwnError("chargeWeapon");
      const metres = ctx.metres ?? 0;
      const most = allowance * rules.chargeMoveMultiplier;
      if (metres < rules.chargeMinMetres) throw new CwnError("chargeTooShort", { metres, min: rules.chargeMinMetres });
      if (metres > most) throw new CwnError("chargeTooFar", { metres, max: most });
      break;
    }
    case "run":
    case "screenAlly":
      if ((ctx.metres ?? 0) > allowance) throw new CwnError("moveTooFar", { metres: ctx.metres ?? 0, max: allowance });
      if (action === "screenAlly") {
        if ((ctx.highestSkill ?? 0) < rules.screenMinSkill) throw new CwnError("screenSkill", { level: ctx.highestSkill ?? 0, min: rules.screenMinSkill });
        if (!ctx.allyId) throw new CwnError("screenNoAlly");
        if ((ctx.allyMetres ?? 0) > rules.screenMaxMetres) throw new CwnError("screenTooFar", { metres: ctx.allyMetres ?? 0, max: rules.screenMaxMetres });
      }
      break;
    case "standUp":
      if (!state.prone) throw new CwnError("notProne");
      break;
    case "goProne":
      if (state.prone) throw new CwnError("alreadyProne");
      break;
    case "pickUp":
      if (ctx.freeHand === false) throw new CwnError("noFreeHand");
      break;
  }
}

/** The effect an action leaves on the round state (W25–W29, W35–W36). */
function applyEffect(state: CwnFighterRound, action: CwnActionId, ctx: ActionContext, rules: Readonly<CwnRules>): CwnFighterRound {
  switch (action) {
    case "totalDefense":
      return { ...state, effects: addEffect(state.effects, timedEffect("totalDefense", state.round)) };
    case "charge":
      return { ...state, effects: addEffect(state.effects, timedEffect("charging", state.round)) };
    case "screenAlly":
      return { ...state, effects: addEffect(state.effects, { ...timedEffect("screening", state.round), allyId: ctx.allyId!, usesLeft: ctx.highestSkill! }) };
    case "fightingWithdrawal":
      return { ...state, withdrawn: true };
    case "goProne":
      return { ...state, prone: true };
    case "standUp":
      return { ...state, prone: false };
    default:
      void rules;
      return state;
  }
}

/** The action type an action was paid as, for the tracker's log (W10/W11). */
export function paidAs(entry: LoggedAction): ActionType {
  return entry.paid.includes("main") ? "main" : entry.paid.includes("move") ? "move" : entry.paid.includes("onTurn") ? "onTurn" : "instant";
}
