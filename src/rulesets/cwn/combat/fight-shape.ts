/**
 * The shape of the fight as the combat stores it (`flags.cychosys.cwnCombat`)
 * and its limits, checked in one place both ways: `fightShapeProblem`
 * reads a stored value (anything may be there: a GM's macro, an old
 * version, a hand edit), and the table refuses to write a state it would
 * not read back (state.ts `requireStorable`). So a fight never vanishes:
 * what is written reads back, and what cannot be is refused before it is
 * written, with the limit or the field named.
 *
 * A plain checker rather than a schema library: the tracker reads the
 * stored fight once per sort and the table checks each state it writes, so
 * at 1,000 fighters the check must stay well under a millisecond; it
 * allocates nothing unless it finds a problem.
 */
import { CWN_ACTION_IDS } from "../rules/actions.js";
import type { CwnCombatState } from "../rules/combat.js";
import { ROUND_LOG_KEPT } from "../rules/round.js";
import { DOWNED_STATES } from "../rules/types.js";

/**
 * What one fight holds at most. Issue 20 asks for at least 1,000
 * combatants; every side has a member, so sides are as many as fighters can
 * be. Rounds and tie rolls are counted; a fighter's round keeps its latest
 * actions (the fight's notes in the chat keep all of them).
 */
export const CWN_FIGHT_LIMITS = Object.freeze({
  fighters: 10_000,
  round: 99_999,
  swarms: 10_000,
  /** W3: tie rolls per side (the GM's client rolls at most this many rounds of them before asking the GM). */
  tieRolls: 20,
  /** The latest actions a fighter's round keeps (rules/round.ts). */
  logKept: ROUND_LOG_KEPT,
  /** Total Defense, charging, screening: one of each at a time (W25–W27). */
  effects: 3,
});

const L = CWN_FIGHT_LIMITS;
/** A swarm's number: the highest in play + 1 (rules/swarm.ts). */
const MAX_SWARM_ID = 1_000_000_000;
const SCREEN_USES = 20;
const LABEL = 60;

/** The path of the first field that does not fit (empty: the value itself); null when it fits. */
type Problem = (string | number)[] | null;
type Check = (value: unknown) => Problem;

const HERE: Problem = Object.freeze([]) as unknown as (string | number)[];
const at = (key: string | number, inner: Problem): Problem => (inner === null ? null : [key, ...inner]);

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

const int =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? null : HERE;
const bool: Check = (v) => (typeof v === "boolean" ? null : HERE);
const oneOf = (values: readonly string[]): Check => {
  const set = new Set(values);
  return (v) => (typeof v === "string" && set.has(v) ? null : HERE);
};
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Combatant ids (the fighters) and side ids (dispositions or groups the tracker names): letters, digits, - and _. */
const id: Check = (v) => (typeof v === "string" && ID.test(v) ? null : HERE);
const text =
  (max: number): Check =>
  (v) =>
    typeof v === "string" && v.length <= max ? null : HERE;

function list(item: Check, min: number, max: number): Check {
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return HERE;
    for (let i = 0; i < v.length; i++) {
      const p = item(v[i]);
      if (p) return at(i, p);
    }
    return null;
  };
}

/** Exactly these fields (those in `optional` may be missing or undefined), each fitting its check. */
function strict(fields: Readonly<Record<string, Check>>, optional: readonly string[] = []): Check {
  const names = Object.keys(fields);
  const maybe = new Set(optional);
  return (v) => {
    if (!isPlain(v)) return HERE;
    let present = 0;
    for (const name of names) {
      const field = v[name];
      if (field === undefined) {
        if (maybe.has(name)) continue;
        return [name];
      }
      present++;
      const p = fields[name]!(field);
      if (p) return at(name, p);
    }
    let keys = 0;
    for (const _ in v) keys++;
    if (keys === present) return null;
    // Another key: one not a field (refused), or an optional field left undefined (as if missing).
    const extra = Object.keys(v).find((k) => !Object.hasOwn(fields, k));
    return extra === undefined ? null : [extra];
  };
}

function record(value: Check, max: number): Check {
  return (v) => {
    if (!isPlain(v)) return HERE;
    let n = 0;
    for (const key in v) {
      if (++n > max) return HERE;
      if (!ID.test(key)) return [key];
      const p = value(v[key]);
      if (p) return at(key, p);
    }
    return null;
  };
}

const slot = oneOf(["unspent", "spent", "held", "forfeit"]);

const effect = strict(
  {
    kind: oneOf(["totalDefense", "charging", "screening"]),
    since: int(0, L.round),
    lapsesAtTurnIn: int(0, L.round + 1),
    allyId: id,
    usesLeft: int(0, SCREEN_USES),
  },
  ["allyId", "usesLeft"],
);

const logged = strict({ action: oneOf(CWN_ACTION_IDS), paid: list(oneOf(["main", "move", "onTurn", "instant"]), 0, 2), label: text(LABEL) }, ["label"]);

const fighter = strict({
  round: int(0, L.round),
  turn: oneOf(["pending", "acting", "done"]),
  main: slot,
  move: slot,
  moves: int(0, 2),
  mainBeforeTurn: bool,
  holding: bool,
  withdrawn: bool,
  surprised: bool,
  prone: bool,
  downed: oneOf(DOWNED_STATES),
  canSnap: bool,
  effects: list(effect, 0, L.effects),
  log: list(logged, 0, L.logKept),
});

const side = strict({
  id,
  playerCharacters: bool,
  members: list(id, 1, L.fighters),
  surprised: bool,
  initiative: strict({ roll: int(1, 20), dex: int(-5, 5), total: int(-4, 25) }),
  tieRolls: list(int(1, 20), 0, L.tieRolls),
  done: bool,
  lostThisRound: list(id, 0, L.fighters),
  morale: strict({ score: int(2, 12), status: oneOf(["none", "due", "held", "broken", "skipped"]), roll: (v) => (v === null ? null : int(2, 12)(v)) }),
});

const swarm = strict({
  id: int(1, MAX_SWARM_ID),
  sideId: id,
  targetId: id,
  round: int(0, L.round),
  participants: list(id, 1, 4),
  status: oneOf(["open", "ready"]),
});

const shape = strict({
  round: int(0, L.round),
  order: list(id, 1, L.fighters),
  current: int(-1, L.fighters),
  sides: record(side, L.fighters),
  fighters: record(fighter, L.fighters),
  swarms: list(swarm, 0, L.swarms),
});

/** Consistency the shape cannot say: order = the sides, each side's members are fighters, each fighter in one side. */
function inconsistency(s: CwnCombatState): Problem {
  const sideCount = Object.keys(s.sides).length;
  if (s.order.length !== sideCount) return ["order"];
  const seenSides = new Set<string>();
  for (const x of s.order) {
    if (seenSides.has(x) || !Object.hasOwn(s.sides, x)) return ["order"];
    seenSides.add(x);
    if (s.sides[x]!.id !== x) return ["sides", x, "id"];
  }
  if (s.current > s.order.length) return ["current"];
  const seen = new Set<string>();
  for (const x of s.order) {
    for (const m of s.sides[x]!.members) {
      if (seen.has(m) || !Object.hasOwn(s.fighters, m)) return ["sides", x, "members"];
      seen.add(m);
    }
  }
  return seen.size === Object.keys(s.fighters).length ? null : ["fighters"];
}

/** Where a stored value fails to be a fight (a dotted path, "" for the value itself), or null when it is one. */
export function fightShapeProblem(value: unknown): string | null {
  const problem = shape(value) ?? inconsistency(value as CwnCombatState);
  return problem === null ? null : problem.join(".");
}

/** A deep copy of plain JSON data (the stored fight, checked): faster than structuredClone for it. */
export function copyPlain<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  const out: Record<string, unknown> = {};
  for (const key in value as Record<string, unknown>) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}
