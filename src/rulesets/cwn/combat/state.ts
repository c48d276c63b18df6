/**
 * Where a CWN fight lives on Foundry's Combat (docs/rulesets/cwn.md, "On the
 * table"): the whole `CwnCombatState` (rules/combat.ts) at
 * `flags.cychosys.cwnCombat`, written by the GM only. Turns belong to sides
 * (W4), so the state is the combat's, not a combatant's. `readCwnCombat`
 * takes a stored value only when it is well-formed — shape, bounds, and
 * consistency (every member a fighter, the order a permutation of the
 * sides, fight-shape.ts) — and returns null otherwise (the tracker then
 * offers to start the fight again); the table never writes a state it would
 * not read back (`requireStorable`: at most CWN_FIGHT_LIMITS, refused with
 * the limit named). `applyTableOperation` is the one entry the GM's
 * transport and the tracker call: an operation in, the rules core's
 * transition out.
 */
import {
  act, beginTurn, type CombatActionContext, type CombatStep, type CwnCombatState, type CwnSideSetup, type DownedRecord, endSideIfDone, endSideTurn, endTurn, finishSwarm,
  joinCombat, passTurn, readySwarm, resolveMorale, setDowned, spendScreens, startCwnCombat, undoDowned,
} from "../rules/combat.js";
import type { CwnActionId } from "../rules/actions.js";
import { CwnError } from "../rules/errors.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import type { DownedState } from "../rules/types.js";
import { CWN_FIGHT_LIMITS, copyPlain, fightShapeProblem } from "./fight-shape.js";

export { CWN_FIGHT_LIMITS } from "./fight-shape.js";

export const CWN_FLAG_SCOPE = "cychosys";
export const CWN_COMBAT_FLAG = "cwnCombat";
export const CWN_COMBAT_PATH = `flags.${CWN_FLAG_SCOPE}.${CWN_COMBAT_FLAG}`;

/** The stored state if well-formed (a fresh copy), else null. */
export function readCwnCombat(value: unknown): CwnCombatState | null {
  return fightShapeProblem(value) === null ? copyPlain(value as CwnCombatState) : null;
}

/**
 * Issue 20: a state the table is about to store, refused (a CwnError naming
 * the limit or the field) when the stored fight would not read back — so
 * the fight never vanishes, and what was stored before stays as it was.
 */
export function requireStorable(state: CwnCombatState): CwnCombatState {
  const L = CWN_FIGHT_LIMITS;
  const fighters = Object.keys(state.fighters).length;
  if (fighters > L.fighters) throw new CwnError("tooManyFighters", { limit: L.fighters, count: fighters });
  if (state.round > L.round) throw new CwnError("tooManyRounds", { limit: L.round });
  if (state.swarms.length > L.swarms) throw new CwnError("tooManySwarms", { limit: L.swarms, count: state.swarms.length });
  for (const id of state.order) {
    if ((state.sides[id]?.tieRolls.length ?? 0) > L.tieRolls) throw new CwnError("tooManyTieRolls", { side: id, limit: L.tieRolls });
  }
  const problem = fightShapeProblem(state);
  if (problem !== null) throw new CwnError("fightUnreadable", { field: problem || "fight" });
  return state;
}

/** The tracker's and the transport's operations on the fight, each a rules-core transition (rules/combat.ts). */
export type CwnCombatOperation =
  | { kind: "start"; sides: CwnSideSetup[] }
  | { kind: "beginTurn"; fighterId: string }
  | { kind: "endTurn"; fighterId: string }
  | { kind: "pass"; fighterId: string }
  | { kind: "act"; fighterId: string; action: CwnActionId; context?: CombatActionContext }
  | { kind: "endSideTurn" }
  | { kind: "readySwarm"; swarmId: number }
  | { kind: "finishSwarm"; swarmId: number }
  | { kind: "spendScreens"; screenerIds: string[] }
  | { kind: "downed"; fighterId: string; state: DownedState }
  | { kind: "morale"; sideId: string; faces: number[] | null }
  | { kind: "join"; side: CwnSideSetup }
  | { kind: "undoDowned"; fighterId: string; set: DownedState; record: DownedRecord };

/** Apply one operation; `start` needs no state, every other one does. Throws the core's CwnError to refuse. */
export function applyCwnOperation(state: CwnCombatState | null, op: CwnCombatOperation, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  if (op.kind === "start") return startCwnCombat(op.sides, rules);
  if (!state) throw new TypeError("applyCwnOperation: the fight has not started");
  switch (op.kind) {
    case "beginTurn":
      return beginTurn(state, op.fighterId);
    case "endTurn":
      return endTurn(state, op.fighterId);
    case "pass":
      return passTurn(state, op.fighterId);
    case "act":
      return act(state, op.fighterId, op.action, op.context ?? {}, rules);
    case "endSideTurn":
      return endSideTurn(state, rules);
    case "readySwarm":
      return readySwarm(state, op.swarmId);
    case "finishSwarm":
      return finishSwarm(state, op.swarmId);
    case "spendScreens":
      return spendScreens(state, op.screenerIds);
    case "downed":
      return setDowned(state, op.fighterId, op.state);
    case "morale":
      return resolveMorale(state, op.sideId, op.faces, rules);
    case "join":
      return joinCombat(state, op.side, rules);
    case "undoDowned":
      return undoDowned(state, op.fighterId, op.set, op.record);
  }
}

/**
 * The operations of the table (the tracker's controls, the attack card's
 * writes): each one as `applyCwnOperation`, and then, W4, the acting side's
 * turn ends once none of its members is left to act. A state that could
 * not be stored and read back is refused (`requireStorable`).
 */
export function applyTableOperation(state: CwnCombatState | null, op: CwnCombatOperation, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const step = applyCwnOperation(state, op, rules);
  const done = op.kind === "start" || op.kind === "join" ? step : endSideIfDone(step, rules);
  // Unchanged: nothing new to store. Changed: only what will read back (issue 20).
  if (done.state !== state) requireStorable(done.state);
  return done;
}

/**
 * An operation of one fighter as the attack card's writes name it: the
 * fighter is the combatant the write is for (the transport hands it in),
 * never a field of the operation, so a card cannot act for someone else.
 */
export type CwnFighterOperation =
  | { kind: "act"; action: CwnActionId; context?: CombatActionContext }
  | { kind: "downed"; state: DownedState }
  | { kind: "undoDowned"; set: DownedState; record: DownedRecord }
  | { kind: "spendScreen" }
  | { kind: "finishSwarm"; swarmId: number };

export function fighterOperation(op: CwnFighterOperation, fighterId: string): CwnCombatOperation {
  switch (op.kind) {
    case "act":
      return { kind: "act", fighterId, action: op.action, ...(op.context && { context: op.context }) };
    case "downed":
      return { kind: "downed", fighterId, state: op.state };
    case "undoDowned":
      return { kind: "undoDowned", fighterId, set: op.set, record: op.record };
    case "spendScreen":
      return { kind: "spendScreens", screenerIds: [fighterId] };
    case "finishSwarm":
      return { kind: "finishSwarm", swarmId: op.swarmId };
  }
}

