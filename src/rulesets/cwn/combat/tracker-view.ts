/**
 * What the tracker shows (docs/rulesets/cwn.md, "On the table"): one group
 * per side in initiative order (W3, W4) with its total, whether its turn is
 * done, acting or to come, and its Morale (W6); under it each fighter with
 * its turn, what it has left (W7), holding (W37), prone (W36), downed
 * (W19), and its temporary states with the round whose turn ends them
 * (W25–W27). Pure: the Foundry side renders it.
 */
import type { CwnCombatState, MoraleStatus } from "../rules/combat.js";
import { type ActionsLeft, actionsLeft, type TurnState } from "../rules/round.js";
import { stateFigures, type TimedEffectKind } from "../rules/states.js";
import type { DownedState } from "../rules/types.js";

export interface CwnTrackerFighter {
  id: string;
  turn: TurnState;
  left: ActionsLeft;
  holding: boolean;
  prone: boolean;
  downed: DownedState;
  /** W25–W27: each state in force and the round in which the fighter's turn ends it. */
  states: { kind: TimedEffectKind; until: number; usesLeft?: number; allyId?: string }[];
  /** W25, W27: what the states do to its ACs now. */
  acModifier: number;
  shockImmune: boolean;
}

export interface CwnTrackerSide {
  id: string;
  playerCharacters: boolean;
  total: number;
  status: "done" | "acting" | "pending" | "skipped";
  morale: MoraleStatus;
  fighters: CwnTrackerFighter[];
}

export interface CwnTrackerView {
  round: number;
  surpriseRound: boolean;
  sides: CwnTrackerSide[];
  /** W24: swarms whose blow is owed. */
  swarmsReady: number[];
}

export function cwnTrackerView(state: CwnCombatState): CwnTrackerView {
  return {
    round: state.round,
    surpriseRound: state.round === 0,
    sides: state.order.map((id, index) => {
      const side = state.sides[id]!;
      const skipped = state.round === 0 && side.surprised;
      const status = skipped ? "skipped" : side.done ? "done" : index === state.current ? "acting" : "pending";
      return {
        id,
        playerCharacters: side.playerCharacters,
        total: side.initiative.total,
        status,
        morale: side.morale.status,
        fighters: side.members.map((fid) => {
          const f = state.fighters[fid]!;
          const figures = stateFigures(f.effects);
          return {
            id: fid, turn: f.turn, left: actionsLeft(f), holding: f.holding, prone: f.prone, downed: f.downed,
            states: f.effects.map((e) => ({ kind: e.kind, until: e.lapsesAtTurnIn, ...(e.usesLeft !== undefined && { usesLeft: e.usesLeft }), ...(e.allyId !== undefined && { allyId: e.allyId }) })),
            acModifier: figures.acModifier, shockImmune: figures.shockImmune,
          };
        }),
      };
    }),
    swarmsReady: state.swarms.filter((w) => w.status === "ready").map((w) => w.id),
  };
}
