/**
 * The shape of every request the GURPS tracker sends the active GM
 * (`flags.cychosys.combatRequest` on a chat message the player wrote — so
 * anything may be there), checked with zod/mini before anything runs: a
 * plain object, a known kind, exactly that kind's fields; ids plain ids,
 * numbers whole and bounded, faces 1–6, text bounded. The GM's handlers
 * then re-check who may do it and when against the GM's own documents.
 * Requests name choices and dice, never a result. Pure.
 */
import { z } from "zod/mini";
import { format } from "../../../core/i18n.js";
import { isPlainObject } from "../../../core/kinded-request.js";
import { AOA_OPTIONS, AOD_OPTIONS, MANEUVERS, MAX_TASK_NAME, MAX_TASK_SECONDS, POSTURES, TASK_KINDS, type TaskKind, WAIT_RESPONSES, type ManeuverChoice, type Posture } from "../rules/index.js";
import { MAX_RANK } from "./tracker-plan.js";

const id = z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/));
const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const oneOf = <T extends readonly string[]>(values: T) => z.enum(values as unknown as [string, ...string[]]);
/** G31: the Wait's trigger as stated, in words. */
export const MAX_TRIGGER = 200;

/** G10: the maneuver as chosen (the stored round's shape, stricter ids: the combat's own). */
const choice = z.strictObject({
  id: oneOf(MANEUVERS),
  aoaOption: z.optional(z.nullable(oneOf(AOA_OPTIONS))),
  aodOption: z.optional(z.nullable(oneOf(AOD_OPTIONS))),
  wait: z.optional(z.nullable(z.strictObject({
    trigger: z.string().check(z.maxLength(MAX_TRIGGER)), response: oneOf(WAIT_RESPONSES), aoaOption: z.optional(z.nullable(oneOf(AOA_OPTIONS))), stopThrust: z.optional(z.boolean()),
  }))),
  targetId: z.optional(z.nullable(id)),
  itemId: z.optional(z.nullable(id)),
  braced: z.optional(z.boolean()),
  ranged: z.optional(z.boolean()),
  posture: z.optional(z.nullable(oneOf(POSTURES))),
});

const REQUESTS = {
  /** G10: this turn's maneuver; `turn` is the fighter's turn it is for (a stale or replayed choice names an old one). */
  gurpsManeuver: z.strictObject({ kind: z.literal("gurpsManeuver"), combatId: id, combatantId: id, turn: int(1, 100_000), choice }),
  /** G16: crouch (at the start of his turn, or after no more than a step) or rise from a crouch (free at any time). */
  gurpsCrouch: z.strictObject({ kind: z.literal("gurpsCrouch"), combatId: id, combatantId: id, turn: int(1, 100_000), crouching: z.boolean() }),
  /** G12, G13, G34: yards moved on his turn (toward his maneuver's allowance). */
  gurpsMove: z.strictObject({ kind: z.literal("gurpsMove"), combatId: id, combatantId: id, turn: int(1, 100_000), yards: int(1, 1000) }),
  /** G19, G79: the stunned fighter's recovery roll at the end of a Do Nothing turn (3d6 faces). */
  gurpsRecover: z.strictObject({ kind: z.literal("gurpsRecover"), combatId: id, combatantId: id, turn: int(1, 100_000), faces: z.array(int(1, 6)).check(z.minLength(3), z.maxLength(3)) }),
  /** G81: the HT roll to stay conscious at the start of his turn at 0 HP or below (3d6 faces). */
  gurpsConsciousness: z.strictObject({ kind: z.literal("gurpsConsciousness"), combatId: id, combatantId: id, turn: int(1, 100_000), faces: z.array(int(1, 6)).check(z.minLength(3), z.maxLength(3)) }),
  /** G11, G15: kneeling ↔ standing as the step of this turn's maneuver. */
  gurpsStepPosture: z.strictObject({ kind: z.literal("gurpsStepPosture"), combatId: id, combatantId: id, turn: int(1, 100_000), posture: oneOf(POSTURES) }),
  /** G29, G89: a task begun under Concentrate or Ready, its seconds needed, whether it may be interrupted. */
  gurpsTask: z.strictObject({
    kind: z.literal("gurpsTask"), combatId: id, combatantId: id, turn: int(1, 100_000), maneuver: oneOf(TASK_KINDS),
    name: z.string().check(z.minLength(1), z.maxLength(MAX_TASK_NAME)), seconds: int(1, MAX_TASK_SECONDS), interruptible: z.boolean(),
  }),
  /** G31: his Wait's trigger fired before his next turn (`turn`: the waiter's turn the Wait was chosen on). */
  gurpsWaitFire: z.strictObject({ kind: z.literal("gurpsWaitFire"), combatId: id, combatantId: id, turn: int(1, 100_000) }),
  /** G31: his action out of turn is over; the interrupted fighter resumes. */
  gurpsWaitDone: z.strictObject({ kind: z.literal("gurpsWaitDone"), combatId: id, combatantId: id, turn: int(1, 100_000) }),
  /** G9 [fixed]: the GM moves a fighter to a place in the order (0 first). */
  gurpsReorder: z.strictObject({ kind: z.literal("gurpsReorder"), combatId: id, combatantId: id, to: int(0, MAX_RANK) }),
} as const;

export type GurpsCombatRequest =
  | { kind: "gurpsManeuver"; combatId: string; combatantId: string; turn: number; choice: ManeuverChoice }
  | { kind: "gurpsRecover"; combatId: string; combatantId: string; turn: number; faces: number[] }
  | { kind: "gurpsConsciousness"; combatId: string; combatantId: string; turn: number; faces: number[] }
  | { kind: "gurpsCrouch"; combatId: string; combatantId: string; turn: number; crouching: boolean }
  | { kind: "gurpsMove"; combatId: string; combatantId: string; turn: number; yards: number }
  | { kind: "gurpsStepPosture"; combatId: string; combatantId: string; turn: number; posture: Posture }
  | { kind: "gurpsTask"; combatId: string; combatantId: string; turn: number; maneuver: TaskKind; name: string; seconds: number; interruptible: boolean }
  | { kind: "gurpsWaitFire"; combatId: string; combatantId: string; turn: number }
  | { kind: "gurpsWaitDone"; combatId: string; combatantId: string; turn: number }
  | { kind: "gurpsReorder"; combatId: string; combatantId: string; to: number };
export type GurpsCombatRequestKind = GurpsCombatRequest["kind"];

/**
 * The tracker's GM-only fields (src/core/gm-only.ts): the place a GM gives a
 * fighter in the order (G9, `gurpsReorder.to`) — a player's request naming
 * one is refused before any handler runs. Every other tracker request is a
 * fighter's own choice or roll — his maneuver (G10), crouch (G16), step
 * posture (G15), task (G29), movement (G12), the Wait's trigger and its end
 * (G31), the stun recovery (G19) and the 0-HP roll (G81) — and names nothing
 * the GM decides; the GM's handlers check who may make it and when against
 * the GM's own round state.
 */
export const GURPS_TRACKER_GM_ONLY_FIELDS: Readonly<Record<GurpsCombatRequestKind, readonly string[]>> = {
  gurpsManeuver: [], gurpsCrouch: [], gurpsMove: [], gurpsRecover: [], gurpsConsciousness: [],
  gurpsStepPosture: [], gurpsTask: [], gurpsWaitFire: [], gurpsWaitDone: [], gurpsReorder: ["to"],
};
export const GURPS_REQUEST_KINDS = Object.keys(REQUESTS) as GurpsCombatRequestKind[];

export type GurpsRequestCheck = { ok: true; request: GurpsCombatRequest } | { ok: false; field: string; reason: string };

const refuse = (field: string, problem: string, params: Record<string, string | number> = {}): GurpsRequestCheck => ({
  ok: false, field: field.slice(0, 60), reason: format(`CYCHOSYS.Gurps.Tracker.Invalid.${problem}`, params),
});

/** Check a request payload; on success a fresh copy holding only the checked fields. */
export function parseGurpsCombatRequest(value: unknown): GurpsRequestCheck {
  if (!isPlainObject(value)) return refuse("request", "notObject");
  const kind = value.kind;
  if (typeof kind !== "string" || !Object.hasOwn(REQUESTS, kind)) return refuse("kind", "notOneOf", { values: GURPS_REQUEST_KINDS.join(", ") });
  const result = REQUESTS[kind as GurpsCombatRequestKind].safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const keys = (issue as { keys?: string[] } | undefined)?.keys;
    const path = [...(issue?.path ?? []), ...(keys ?? [])].map(String).join(".") || "request";
    return refuse(path, issue?.code === "unrecognized_keys" ? "unexpected" : "wrong");
  }
  return { ok: true, request: structuredClone(result.data) as GurpsCombatRequest };
}
