/**
 * Where an OpenD6 combatant's round (§8 "What a VTT must track") lives:
 * `combat.flags.cychosys.rounds.<combatantId>`, on the combat, which only a
 * GM writes — the declared actions and their penalty (D11–D12), waits and the
 * interrupt right (D13–D14), item uses (D16), defenses in force (D18, D23–D25),
 * aim (D29), unable to act (D10) — and this round's initiative (D6–D9),
 * which a player's combatant could otherwise rewrite. The operations the
 * GM's transport and the tracker make on it are the rules core's transitions
 * (src/rulesets/d6/rules/actions.ts). Pure.
 */
import type { CombatantRef } from "../../../core/transport/ports.js";
import { diffUpdate } from "../../../core/update-diff.js";
import {
  type ActiveDefense,
  aimAt,
  becomeUnableToAct,
  type CombatantRound,
  D6_STANDARD_RULES,
  type D6Rules,
  declareActions,
  newCombatantRound,
  type LostToDisable,
  MAX_DEFENSES_IN_FORCE,
  regainWithLost,
  startRound,
  takeAction,
  takeAttack,
  takeFullDefense,
  takeGmCalledDefense,
  takePartialDefense,
  takeWait,
} from "../rules/index.js";

/** This round's initiative as the GM computed it from the faces rolled (D6–D9). */
export interface D6Initiative {
  round: number;
  total: number;
  /** D7: player characters are listed first among ties. */
  playerCharacter: boolean;
  /** D6: a group rolled once shares its place. */
  group?: string;
  /** D5: the GM's move of this combatant to a place for this round (0-based). */
  override?: number;
  /** D6/D9: what the total was read from, so a Character Point re-reads it with the core (the tracker's). */
  roll?: { dice: number[]; wild: number[] };
  /** The code rolled: Perception less wound dice (D37). */
  code?: { dice: number; pips: number };
  bonus?: number;
  /** D9: one Wild Die chain per Character Point spent. */
  characterPointDice?: number[][];
  /** D2: the Wild Die's marks, for the tracker (a 6 rolled again; a 1 on its first face). */
  exploded?: boolean;
  complication?: boolean;
}

export interface D6RoundState {
  round: CombatantRound;
  initiative?: D6Initiative;
}

export type D6RoundOperation =
  /** D11, D15: the number of actions this round (at the turn's start, or a moved-up action). */
  | { kind: "declare"; actions: number; movedUp?: boolean }
  /** D13: a wait (one of the N actions, the right to interrupt). */
  | { kind: "wait" }
  /** One of the N actions that is not an attack (D11, D16); `interrupting` spends a held wait (D14). */
  | { kind: "action"; itemId?: string; usesPerRound?: number; interrupting?: boolean }
  /** An attack (D16, D29): the aim bonus is spent on it. */
  | { kind: "attack"; targetId: string; aimable: boolean; itemId?: string; usesPerRound?: number }
  /** D29: a round aiming at one target. */
  | { kind: "aim"; targetId: string }
  /** D18, D23–D25: an active defense now in force (`interrupting` for a dodge rolled in the gap of D14). */
  | { kind: "defense"; defense: ActiveDefense; interrupting?: boolean }
  /** D6–D9: this round's initiative. */
  | { kind: "initiative"; initiative: D6Initiative }
  /** D10. */
  | { kind: "unableToAct" }
  /** D10: able to act again; `lost` (a disabling wound undone) gives back what becoming unable took, in its round (D18). */
  | { kind: "regain"; lost?: LostToDisable }
  /** D39: a new round (unused actions forfeited; defenses stay until the owner's turn). */
  | { kind: "startRound"; round: number };

export const FLAG_SCOPE = "cychosys";
const ROUNDS = "rounds";
const roundsPath = `flags.${FLAG_SCOPE}.${ROUNDS}`;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value: unknown, max: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
const isDocumentId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9]{1,64}$/.test(value);

/** A stored value that is a well-formed D6 round state (shape and bounds; anything else reads as fresh). */
export function isD6RoundState(value: unknown): value is D6RoundState {
  if (!isRecord(value) || !isRecord(value.round)) return false;
  const r = value.round;
  const declaredOk = r.declared === null || isCount(r.declared, 99);
  const usesOk = isRecord(r.itemUses) && Object.entries(r.itemUses).every(([k, v]) => k.length <= 64 && isCount(v, 99));
  const defensesOk = Array.isArray(r.defenses) && r.defenses.length <= MAX_DEFENSES_IN_FORCE && r.defenses.every((d) => isRecord(d) && typeof d.total === "number" && typeof d.skill === "string" && typeof d.mode === "string");
  const aimOk = r.aim === null || (isRecord(r.aim) && typeof r.aim.targetId === "string" && isCount(r.aim.rounds, 99) && isCount(r.aim.lastRound, 99_999));
  const initiativeOk = value.initiative === undefined || (isRecord(value.initiative) && typeof value.initiative.total === "number" && isCount(value.initiative.round, 99_999));
  return (
    isCount(r.round, 99_999) && declaredOk && isCount(r.used, 99) && isCount(r.waits, 99) && typeof r.movedUp === "boolean" && typeof r.fullDefense === "boolean" &&
    typeof r.unableToAct === "boolean" && isCount(r.freeActions, 99) && usesOk && defensesOk && aimOk && initiativeOk
  );
}

function stored(ref: CombatantRef): Record<string, unknown> {
  const rounds = (ref.combat.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[ROUNDS];
  return isRecord(rounds) ? rounds : {};
}

/** The combatant's freeActions (D12, actor data), or the rules' default. */
function freeActionsOf(ref: CombatantRef, rules: Readonly<D6Rules>): number {
  const system = ref.combatant.actor?.system as { freeActions?: unknown } | undefined;
  return isCount(system?.freeActions, 99) ? system.freeActions : rules.defaultFreeActions;
}

/** The stored state if well-formed, else a fresh one for the combat's round. */
export function readD6Round(ref: CombatantRef & { combat: { round?: number } }, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6RoundState {
  const value = stored(ref)[ref.combatant.id];
  if (isD6RoundState(value)) return structuredClone(value);
  return { round: newCombatantRound(Math.max(0, ref.combat.round ?? 0), freeActionsOf(ref, rules)) };
}

/** The state after an operation; throws a D6Error (localized) when the rules refuse it. */
export function applyD6RoundOperation(state: D6RoundState, operation: D6RoundOperation, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6RoundState {
  const round = state.round;
  switch (operation.kind) {
    case "declare":
      return { ...state, round: declareActions(round, operation.actions, { movedUp: !!operation.movedUp }, rules) };
    case "wait":
      return { ...state, round: takeWait(round, rules) };
    case "action":
      return {
        ...state,
        round: takeAction(round, { ...(operation.itemId && { item: { id: operation.itemId, ...(operation.usesPerRound && { usesPerRound: operation.usesPerRound }) } }), ...(operation.interrupting && { interrupting: true }) }, rules),
      };
    case "attack":
      return {
        ...state,
        round: takeAttack(round, { targetId: operation.targetId, aimable: operation.aimable }, operation.itemId ? { item: { id: operation.itemId, ...(operation.usesPerRound && { usesPerRound: operation.usesPerRound }) } } : {}, rules).state,
      };
    case "aim":
      return { ...state, round: aimAt(round, operation.targetId, rules) };
    case "defense": {
      const defense = operation.defense;
      if (defense.mode === "full") return { ...state, round: takeFullDefense(round, defense, rules) };
      if (defense.mode === "gmCalled") return { ...state, round: takeGmCalledDefense(round, defense) };
      return { ...state, round: takePartialDefense(round, defense, operation.interrupting ? { interrupting: true } : {}, rules) };
    }
    case "initiative":
      return { ...state, initiative: { ...operation.initiative } };
    case "unableToAct":
      return { ...state, round: becomeUnableToAct(round) };
    case "regain":
      return { ...state, round: regainWithLost(round, operation.lost) };
    case "startRound":
      return { round: startRound(round, operation.round), ...(state.initiative && { initiative: state.initiative }) };
  }
}

/** The combat update that stores `next` for the combatant (changed paths only, stale keys deleted). */
export function d6RoundUpdate(ref: CombatantRef, next: D6RoundState): Record<string, unknown> {
  const id = ref.combatant.id;
  if (!isDocumentId(id)) throw new TypeError(`Not a combatant id: ${JSON.stringify(id)}`);
  const current = stored(ref)[id];
  return diffUpdate(`${roundsPath}.${id}`, current, next);
}
