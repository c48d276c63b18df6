/**
 * Where a GURPS combatant's round (§15 "What a VTT must track") lives:
 * `combat.flags.cychosys.rounds.<combatantId>`, on the combat, which only a
 * GM writes — the last maneuver, aim, evaluate, feint owed, posture and
 * movement, shock, stun, defenses used since his last turn, item readiness,
 * grapples, tasks. Its one reader checks the stored shape (anything malformed
 * reads as fresh) and its operations are the rules core's transitions
 * (src/rulesets/gurps/rules/round.ts). Pure.
 */
import { z } from "zod/mini";
import type { CombatantRef } from "../../../core/transport/ports.js";
import { diffUpdate } from "../../../core/update-diff.js";
import {
  AOA_OPTIONS, AOD_OPTIONS, chooseManeuver, GurpsError, type DefenseUse, endTurn, freedFrom, GURPS_STANDARD_RULES, type GrappleHold, type GurpsFighterRound, type GurpsRules,
  heldBy, HIT_LOCATIONS, holdFoe, type InjuryMark, type ItemState, letGo, type ManeuverChoice, type ManeuverFacts, MANEUVERS, newFighterRound, type Posture, POSTURES,
  consciousnessRolled, freshItem, knockedUnready, recordAttack, recordDefense, recordFeint, recordInjury, recordMove, recordPostureChange, recordReady, setPosture, type ShotsSpec,
  keepInjuryMarks, MARKED_FIELDS, MAX_MARKS_PER_FIELD, startSuffocating, startTask, startTurn, STUN_KINDS, type StunKind, type SuccessRoll, triedBreakFree, triggerWait, undoInjury, type VictimAfter, type VictimResult, WAIT_RESPONSES,
} from "../rules/index.js";

export const FLAG_SCOPE = "cychosys";
/** G39–G41: the weapons and shields one fighter's round keeps the state of (more is refused with a message, never dropped: `gurpsRoundUpdate`). */
export const MAX_ITEMS = 64;
/** G43–G50: the holds a fighter's round keeps, each way. */
export const MAX_HOLDS = 8;
const ROUNDS = "rounds";
const roundsPath = `flags.${FLAG_SCOPE}.${ROUNDS}`;

const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const nullable = <T extends z.ZodMiniType>(t: T) => z.nullable(t);

const maneuver = z.strictObject({
  id: z.enum(MANEUVERS as unknown as [string, ...string[]]),
  aoaOption: z.optional(nullable(z.enum(AOA_OPTIONS as unknown as [string, ...string[]]))),
  aodOption: z.optional(nullable(z.enum(AOD_OPTIONS as unknown as [string, ...string[]]))),
  wait: z.optional(nullable(z.strictObject({
    trigger: z.string().check(z.maxLength(200)), response: z.enum(WAIT_RESPONSES as unknown as [string, ...string[]]),
    aoaOption: z.optional(nullable(z.enum(AOA_OPTIONS as unknown as [string, ...string[]]))), stopThrust: z.optional(z.boolean()),
  }))),
  targetId: z.optional(nullable(id)),
  itemId: z.optional(nullable(id)),
  braced: z.optional(z.boolean()),
  sight: z.optional(int(0, 99)),
  ranged: z.optional(z.boolean()),
  posture: z.optional(nullable(z.enum(POSTURES as unknown as [string, ...string[]]))),
});
const hold = z.strictObject({ with: id, location: z.enum(HIT_LOCATIONS as unknown as [string, ...string[]]), hands: int(0, 20), pinned: z.boolean() });
const item = z.strictObject({
  ready: z.boolean(), reach: nullable(int(0, 20)), shotsLeft: nullable(int(0, 100_000)), reloadDone: int(0, 1000), attackedThisTurn: z.boolean(),
  parriedSinceLastTurn: z.boolean(), parries: int(0, 99), readyDone: int(0, 20),
});

/** An injury mark's key: a field an injury may change, or an item's readiness (rules/round.ts, `injuryMarks`). */
const INJURY_MARK_KEY = /^(posture|crouching|stun|stunDefense|unconscious|mortallyWounded|dead|aim|task|majorWound|ready\.[A-Za-z0-9_-]{1,64})$/;

const aimShape = z.strictObject({ itemId: z.string().check(z.maxLength(64)), targetId: z.string().check(z.maxLength(64)), seconds: int(1, 100_000), braced: z.boolean(), sight: int(0, 99) });
const taskShape = z.strictObject({ name: z.string().check(z.maxLength(100)), done: int(0, 100_000), needed: int(0, 100_000), interruptible: z.boolean(), startedTurn: z.optional(int(0, 100_000)) });
const postureShape = z.enum(POSTURES as unknown as [string, ...string[]]);
const stunShape = nullable(z.enum(STUN_KINDS as unknown as [string, ...string[]]));
/** The shape of a marked field's value before an injury (rules/injury-marks.ts). */
function markedBefore(key: string): z.ZodMiniType {
  if (key === "posture") return postureShape;
  if (key === "stun") return stunShape;
  if (key === "aim") return nullable(aimShape);
  if (key === "task") return nullable(taskShape);
  return z.boolean();
}

/** The stored shape of a GURPS fighter's round (zod/mini): bounds and enums; no unknown keys. */
export const gurpsRoundSchema = z.strictObject({
  turn: int(0, 100_000),
  maneuver,
  posture: postureShape,
  crouching: z.boolean(),
  yardsMoved: int(0, 100_000),
  movedFast: z.boolean(),
  movedFastLastTurn: z.boolean(),
  sprintStreak: int(0, 100_000),
  aim: nullable(aimShape),
  evaluate: nullable(z.strictObject({ targetId: z.string().check(z.maxLength(64)), bonus: int(1, 9), turn: int(0, 100_000) })),
  feint: nullable(z.strictObject({ targetId: z.string().check(z.maxLength(64)), penalty: int(1, 99), attacks: int(1, 2), turn: int(0, 100_001) })),
  injurySinceLastTurn: int(0, 1_000_000),
  shock: int(0, 99),
  stun: stunShape,
  stunDefense: z.boolean(),
  unconscious: z.boolean(),
  mortallyWounded: z.boolean(),
  dead: z.boolean(),
  deathChecksRolled: int(0, 20),
  majorWound: z.optional(z.boolean()),
  chosenTurn: z.optional(int(0, 100_000)),
  postureStepTurn: z.optional(int(0, 100_000)),
  grappling: z.array(hold).check(z.maxLength(MAX_HOLDS)),
  grappledBy: z.array(hold).check(z.maxLength(MAX_HOLDS)),
  pinnedBy: nullable(id),
  lastBreakFreeTurn: nullable(int(0, 100_000)),
  items: z.record(id, item),
  used: z.strictObject({ blocked: z.boolean(), retreatAgainst: nullable(id), dropAgainst: nullable(id), acrobaticDodge: z.boolean(), sacrificialDodge: z.boolean() }),
  defendedSinceLastTurn: z.boolean(),
  task: nullable(taskShape),
  waitDefended: z.boolean(),
  suffocating: z.boolean(),
  actions: int(0, 99),
  waitTriggered: z.boolean(),
  consciousness: nullable(z.enum(["due", "unlessDoNothing"])),
  injuryMarks: z.optional(z.record(z.string().check(z.regex(INJURY_MARK_KEY)), z.array(z.strictObject({ mark: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,80}$/)), before: z.unknown() })).check(z.minLength(1), z.maxLength(MAX_MARKS_PER_FIELD)))),
});

/** A stored value that is a well-formed GURPS round (anything else reads as fresh). */
export function isGurpsRound(value: unknown): value is GurpsFighterRound {
  if (!gurpsRoundSchema.safeParse(value).success) return false;
  const round = value as { items: object; injuryMarks?: Record<string, { before: unknown }[]> };
  if (Object.keys(round.items).length > MAX_ITEMS) return false;
  const marks = Object.entries(round.injuryMarks ?? {});
  return marks.length <= MAX_ITEMS + MARKED_FIELDS.length && marks.every(([key, stack]) => stack.every((e) => markedBefore(key).safeParse(e.before).success));
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
function stored(ref: CombatantRef): Record<string, unknown> {
  const rounds = (ref.combat.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.[ROUNDS];
  return isRecord(rounds) ? rounds : {};
}

/** The stored round if well-formed, else a fresh one (Do Nothing, standing, G10). */
export function readGurpsRound(ref: CombatantRef): GurpsFighterRound {
  const value = stored(ref)[ref.combatant.id];
  return isGurpsRound(value) ? (structuredClone(value) as GurpsFighterRound) : newFighterRound();
}

/** The operations the GM's transport and the tracker make on a round; each is a rules-core transition. */
export type GurpsRoundOperation =
  /** G77, G19, G61–G67, G81: his turn starts (the rolls it makes due are the tracker's to ask for). */
  | { kind: "startTurn"; hp: number; currentHp: number; ht: number }
  /** G10: the maneuver chosen, checked against what he may do. */
  | { kind: "maneuver"; choice: ManeuverChoice; facts: ManeuverFacts }
  /** G19, G79: the end of his turn, with the stun recovery roll when he was stunned. */
  | { kind: "endTurn"; recovery: SuccessRoll | null }
  | { kind: "move"; yards: number; basicMove: number }
  | { kind: "posture"; posture: Posture; crouching: boolean }
  | { kind: "feint"; targetId: string; penalty: number; sameTurn?: boolean; double?: boolean }
  | { kind: "attack"; targetId: string; itemId?: string | null; item?: ItemState | null }
  | { kind: "defense"; used: DefenseUse; parried: string[] }
  /** `majorWound`: the attack dealt one (the victim result's `majorWound` threshold, G78); `mark`: the application's, so its undo takes back only its own change. */
  | { kind: "injury"; after: VictimAfter; unreadyOnFall: string[]; majorWound?: boolean; mark?: string; caused?: string[] }
  /** G30, G56, G87: one Ready (the maneuver's action). */
  | { kind: "ready"; itemId: string; shots?: ShotsSpec | null; reach?: number | null }
  /** G15, G16, G21: Change Posture or a step's kneel ↔ stand, and the crouch. */
  | { kind: "changePosture"; posture: Posture; crouching: boolean }
  /** G31: his Wait is triggered (it becomes its response). */
  | { kind: "triggerWait" }
  /** G40, G65, G85: an item knocked, dropped or broken out of readiness. */
  | { kind: "itemUnready"; itemId: string }
  /** Undo of an injury: only what its own application (`mark`) changed (the card's undo). */
  | { kind: "undoInjury"; before: InjuryMark; after: InjuryMark; mark?: string }
  /** G81: the turn-start HT roll made (or no longer owed). */
  | { kind: "consciousness"; stays: boolean }
  /** G19: the GM marks him surprised or stunned (mental or physical), or clears it. */
  | { kind: "stun"; stun: StunKind | null }
  | { kind: "hold"; hold: GrappleHold }
  | { kind: "heldBy"; hold: GrappleHold; pinned: boolean }
  | { kind: "letGo"; foe: string }
  | { kind: "freed"; foe: string }
  | { kind: "breakFreeTry" }
  | { kind: "suffocating" }
  | { kind: "task"; name: string; needed: number; interruptible: boolean };

/** The `injury` operation for a victim's result (G77–G81): his figures after it, and whether it dealt a major wound (G78). */
export function injuryOperation(victim: Pick<VictimResult, "after" | "thresholds">, unreadyOnFall: readonly string[] = []): GurpsRoundOperation {
  return { kind: "injury", after: victim.after, unreadyOnFall: [...unreadyOnFall], majorWound: victim.thresholds.some((t) => t.kind === "majorWound") };
}

/** The state after an operation; throws a GurpsError (localized) when the rules refuse it. */
export function applyGurpsRoundOperation(state: GurpsFighterRound, op: GurpsRoundOperation, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFighterRound {
  switch (op.kind) {
    case "startTurn":
      return startTurn(state, op, rules).state;
    case "maneuver":
      return chooseManeuver(state, op.choice, op.facts, rules);
    case "endTurn":
      return endTurn(state, op.recovery);
    case "move":
      return recordMove(state, op.yards, op.basicMove);
    case "posture":
      return setPosture(state, op.posture, op.crouching);
    case "feint":
      return recordFeint(state, op.targetId, op.penalty, { ...(op.sameTurn !== undefined && { sameTurn: op.sameTurn }), ...(op.double !== undefined && { double: op.double }) });
    case "attack":
      return recordAttack(state, { targetId: op.targetId, itemId: op.itemId ?? null, item: op.item ?? null });
    case "defense":
      return recordDefense(state, op.used, op.parried);
    case "injury":
      return recordInjury(state, op.after, op.unreadyOnFall, op.majorWound === true, op.mark ? { id: op.mark, caused: op.caused ?? [] } : undefined);
    case "ready":
      return recordReady(state, op.itemId, op.shots ?? null, op.reach ?? null);
    case "changePosture":
      return recordPostureChange(state, op.posture, op.crouching);
    case "triggerWait":
      return triggerWait(state);
    case "itemUnready": {
      const item = state.items[op.itemId] ?? freshItem();
      return { ...state, items: { ...state.items, [op.itemId]: knockedUnready(item) } };
    }
    case "undoInjury":
      return undoInjury(state, op.before, op.after, op.mark);
    case "consciousness":
      return consciousnessRolled(state, op.stays);
    case "stun":
      return { ...state, stun: op.stun, stunDefense: op.stun !== null || state.stunDefense };
    case "hold":
      return holdFoe(state, op.hold);
    case "heldBy":
      return heldBy(state, op.hold, op.pinned);
    case "letGo":
      return letGo(state, op.foe);
    case "freed":
      return freedFrom(state, op.foe);
    case "breakFreeTry":
      return triedBreakFree(state);
    case "suffocating":
      return startSuffocating(state);
    case "task":
      return startTask(state, op.name, op.needed, op.interruptible);
  }
}

/**
 * The combat update that stores `next` for the combatant (changed paths only,
 * stale keys deleted). Every stored change passes here, so here an injury's
 * mark is dropped from a field something else changed (`keepInjuryMarks`).
 */
export function gurpsRoundUpdate(ref: CombatantRef, next: GurpsFighterRound): Record<string, unknown> {
  const cid = ref.combatant.id;
  if (!/^[A-Za-z0-9]{1,64}$/.test(cid)) throw new TypeError(`Not a combatant id: ${JSON.stringify(cid)}`);
  // A round the reader would not read back is never stored: the change is refused with what was reached (nothing stored is lost).
  const over = roundOverLimit(next);
  if (over) throw new GurpsError(over.code, { max: over.max, count: over.count });
  const raw = stored(ref)[cid];
  const previous = isGurpsRound(raw) ? raw : newFighterRound();
  return diffUpdate(`${roundsPath}.${cid}`, raw, keepInjuryMarks(previous, next));
}

/** The first of a round's bounded lists over its bound (the stored shape's), or null. */
export function roundOverLimit(round: GurpsFighterRound): { code: "roundItems" | "roundHolds"; max: number; count: number } | null {
  const items = Object.keys(round.items).length;
  if (items > MAX_ITEMS) return { code: "roundItems", max: MAX_ITEMS, count: items };
  for (const list of [round.grappling, round.grappledBy]) if (list.length > MAX_HOLDS) return { code: "roundHolds", max: MAX_HOLDS, count: list.length };
  return null;
}

/**
 * The combatants whose round a combat update (Foundry's `changed`) may have
 * changed: those named under the rounds, or every one when the fight starts
 * or is reset (its round goes to 1 or 0), its rounds are cleared, or the
 * change is not known (a deleted combat).
 */
export function roundsChanged(changed: unknown): Set<string> | "all" {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isObject(changed)) return "all";
  if (changed.round === 0 || changed.round === 1 || Object.hasOwn(changed, "started")) return "all";
  const flags = changed.flags;
  if (!isObject(flags)) return new Set();
  if (Object.hasOwn(flags, `-=${FLAG_SCOPE}`)) return "all";
  const scope = flags[FLAG_SCOPE];
  if (!isObject(scope)) return new Set();
  if (Object.hasOwn(scope, `-=${ROUNDS}`)) return "all";
  const rounds = scope[ROUNDS];
  if (!isObject(rounds)) return rounds === undefined ? new Set() : "all";
  return new Set(Object.keys(rounds).map((k) => (k.startsWith("-=") ? k.slice(2) : k)));
}
