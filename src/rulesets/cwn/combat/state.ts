/**
 * Where a CWN fight lives on Foundry's Combat (docs/rulesets/cwn.md, "On the
 * table"): the whole `CwnCombatState` (rules/combat.ts) at
 * `flags.cychosys.cwnCombat`, written by the GM only. Turns belong to sides
 * (W4), so the state is the combat's, not a combatant's. `readCwnCombat`
 * takes a stored value only when it is well-formed — shape, bounds, and
 * consistency (every member a fighter, the order a permutation of the
 * sides) — and returns null otherwise (the tracker then offers to start the
 * fight again). `applyCwnOperation` is the one entry the GM's transport and
 * the tracker call: an operation in, the rules core's transition out.
 */
import { z } from "zod/mini";
import {
  act, beginTurn, type CombatActionContext, type CombatStep, type CwnCombatState, type CwnSideSetup, type DownedRecord, endSideIfDone, endSideTurn, endTurn, finishSwarm,
  joinCombat, passTurn, readySwarm, resolveMorale, restoreDowned, setDowned, spendScreens, startCwnCombat,
} from "../rules/combat.js";
import { CWN_ACTION_IDS, type CwnActionId } from "../rules/actions.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { DOWNED_STATES } from "../rules/types.js";

export const CWN_FLAG_SCOPE = "cychosys";
export const CWN_COMBAT_FLAG = "cwnCombat";
export const CWN_COMBAT_PATH = `flags.${CWN_FLAG_SCOPE}.${CWN_COMBAT_FLAG}`;

const MAX = { round: 99_999, sides: 16, members: 64, fighters: 256, effects: 8, log: 64, swarms: 64 } as const;
const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
/** Combatant ids (the fighters) and side ids (dispositions or groups the tracker names): letters, digits, - and _. */
const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const slot = z.enum(["unspent", "spent", "held", "forfeit"]);
const actionId = z.enum(CWN_ACTION_IDS as unknown as [CwnActionId, ...CwnActionId[]]);

const effect = z.strictObject({
  kind: z.enum(["totalDefense", "charging", "screening"]),
  since: int(0, MAX.round),
  lapsesAtTurnIn: int(0, MAX.round + 1),
  allyId: z.optional(id),
  usesLeft: z.optional(int(0, 20)),
});

const fighter = z.strictObject({
  round: int(0, MAX.round),
  turn: z.enum(["pending", "acting", "done"]),
  main: slot,
  move: slot,
  moves: int(0, 2),
  mainBeforeTurn: z.boolean(),
  holding: z.boolean(),
  withdrawn: z.boolean(),
  surprised: z.boolean(),
  prone: z.boolean(),
  downed: z.enum(DOWNED_STATES),
  canSnap: z.boolean(),
  effects: z.array(effect).check(z.maxLength(MAX.effects)),
  log: z.array(z.strictObject({ action: actionId, paid: z.array(z.enum(["main", "move", "onTurn", "instant"])).check(z.maxLength(2)), label: z.optional(z.string().check(z.maxLength(60))) })).check(z.maxLength(MAX.log)),
});

const side = z.strictObject({
  id,
  playerCharacters: z.boolean(),
  members: z.array(id).check(z.minLength(1), z.maxLength(MAX.members)),
  surprised: z.boolean(),
  initiative: z.strictObject({ roll: int(1, 20), dex: int(-5, 5), total: int(-4, 25) }),
  tieRolls: z.array(int(1, 20)).check(z.maxLength(8)),
  done: z.boolean(),
  lostThisRound: z.array(id).check(z.maxLength(MAX.members)),
  morale: z.strictObject({ score: int(2, 12), status: z.enum(["none", "due", "held", "broken", "skipped"]), roll: z.nullable(int(2, 12)) }),
});

const swarm = z.strictObject({
  id: int(1, 99_999),
  sideId: id,
  targetId: id,
  round: int(0, MAX.round),
  participants: z.array(id).check(z.minLength(1), z.maxLength(4)),
  status: z.enum(["open", "ready"]),
});

const combatState = z.strictObject({
  round: int(0, MAX.round),
  order: z.array(id).check(z.minLength(1), z.maxLength(MAX.sides)),
  current: int(-1, MAX.sides),
  sides: z.record(id, side),
  fighters: z.record(id, fighter),
  swarms: z.array(swarm).check(z.maxLength(MAX.swarms)),
});

/** Consistency the shape cannot say: order = the sides, each side's members are fighters, each fighter in one side. */
function consistent(s: CwnCombatState): boolean {
  const sideIds = Object.keys(s.sides);
  if (s.order.length !== sideIds.length || new Set(s.order).size !== s.order.length || !s.order.every((x) => Object.hasOwn(s.sides, x))) return false;
  if (s.current > s.order.length) return false;
  const members = s.order.flatMap((x) => s.sides[x]!.members);
  const fighters = Object.keys(s.fighters);
  if (members.length !== fighters.length || new Set(members).size !== members.length || !members.every((m) => Object.hasOwn(s.fighters, m))) return false;
  return s.order.every((x) => s.sides[x]!.id === x);
}

/** The stored state if well-formed (a fresh copy), else null. */
export function readCwnCombat(value: unknown): CwnCombatState | null {
  const parsed = combatState.safeParse(value);
  if (!parsed.success) return null;
  const state = parsed.data as CwnCombatState;
  return consistent(state) ? structuredClone(state) : null;
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
  | { kind: "downed"; fighterId: string; state: (typeof DOWNED_STATES)[number] }
  | { kind: "morale"; sideId: string; faces: number[] | null }
  | { kind: "join"; side: CwnSideSetup }
  | { kind: "restoreDowned"; fighterId: string; record: DownedRecord };

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
    case "restoreDowned":
      return restoreDowned(state, op.fighterId, op.record);
  }
}

/**
 * The operations of the table (the tracker's controls, the attack card's
 * writes): each one as `applyCwnOperation`, and then, W4, the acting side's
 * turn ends once none of its members is left to act.
 */
export function applyTableOperation(state: CwnCombatState | null, op: CwnCombatOperation, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CombatStep {
  const step = applyCwnOperation(state, op, rules);
  return op.kind === "start" || op.kind === "join" ? step : endSideIfDone(step, rules);
}

/**
 * An operation of one fighter as the attack card's writes name it: the
 * fighter is the combatant the write is for (the transport hands it in),
 * never a field of the operation, so a card cannot act for someone else.
 */
export type CwnFighterOperation =
  | { kind: "act"; action: CwnActionId; context?: CombatActionContext }
  | { kind: "downed"; state: (typeof DOWNED_STATES)[number] }
  | { kind: "restoreDowned"; record: DownedRecord }
  | { kind: "spendScreen" }
  | { kind: "finishSwarm"; swarmId: number };

export function fighterOperation(op: CwnFighterOperation, fighterId: string): CwnCombatOperation {
  switch (op.kind) {
    case "act":
      return { kind: "act", fighterId, action: op.action, ...(op.context && { context: op.context }) };
    case "downed":
      return { kind: "downed", fighterId, state: op.state };
    case "restoreDowned":
      return { kind: "restoreDowned", fighterId, record: op.record };
    case "spendScreen":
      return { kind: "spendScreens", screenerIds: [fighterId] };
    case "finishSwarm":
      return { kind: "finishSwarm", swarmId: op.swarmId };
  }
}

