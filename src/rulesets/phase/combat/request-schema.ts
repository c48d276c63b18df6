/**
 * The shape of every request the phase tracker sends the active GM
 * (`flags.cychosys.combatRequest` on a chat message the player wrote — so
 * anything may be there), checked with zod before anything runs: a known
 * kind, exactly its fields, ids plain, numbers whole and bounded, texts
 * short and printable. A request names dice faces and choices, never a
 * total; the GM's handlers then check who may do it, and when, against the
 * ledger and the sheets (tracker-plan.ts). Pure apart from localizing the
 * reason.
 */
import { z } from "zod/mini";
import { format } from "../../../core/i18n.js";
import { findUnsafe } from "../../../core/echo.js";
import type { GmOnlyFields } from "../../../core/gm-only.js";
import { problemOf } from "../../../core/request-problem.js";
import { AREAS } from "../rules/types.js";

const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const id = z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/));
const key = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/));
/** Words a character speaks or an "other" action's description: short, one line, printable. */
const label = z.string().check(
  z.minLength(1),
  z.maxLength(200),
  z.refine((s) => findUnsafe(s) === -1),
);
const area = z.enum(AREAS as unknown as ["head", ...string[]]);
/** A d10 (or a die of the world's own size) as rolled: the rules core checks it against the die. */
const face = int(1, 100);

export const PHASE_REQUEST_LIMITS = { targets: 50, distance: 9999, faces: 10, extraPhases: 100 } as const;

const onCombat = { combatId: id };
const onCombatant = { combatId: id, combatantId: id };

export const phaseTrackerRequestSchema = z.discriminatedUnion("kind", [
  /** P3: the d10 of a surprised character's roll at the phase's start (its owner's, or the GM's for it). */
  z.strictObject({ kind: z.literal("phaseSurprise"), ...onCombatant, face }),
  /** P5/P7/P10: the initiative dice of a combatant that wants a slot. */
  z.strictObject({ kind: z.literal("phaseInitiative"), ...onCombatant, faces: z.array(face).check(z.minLength(1), z.maxLength(PHASE_REQUEST_LIMITS.faces)) }),
  /** P5: the GM closes initiative: the order is fixed and the slots open. */
  z.strictObject({ kind: z.literal("phaseCloseInitiative"), ...onCombat }),
  /** P6/P8: a new action in the combatant's slot. */
  z.strictObject({
    kind: z.literal("phaseDeclare"),
    ...onCombatant,
    action: key,
    weapon: z.optional(id),
    target: z.optional(id),
    targets: z.optional(z.array(id).check(z.maxLength(PHASE_REQUEST_LIMITS.targets))),
    area: z.optional(area),
    distance: z.optional(int(0, PHASE_REQUEST_LIMITS.distance)),
    label: z.optional(label),
  }),
  /** P7: the phase's free action (`face`: the d10 of the check a skill asks for, fastdraw). */
  z.strictObject({ kind: z.literal("phaseFree"), ...onCombatant, action: key, weapon: z.optional(id), label: z.optional(label), face: z.optional(face) }),
  /** P10/P38: cancel the committed action in the slot. */
  z.strictObject({ kind: z.literal("phaseCancel"), ...onCombatant }),
  /** The slot closes with nothing (more) declared. */
  z.strictObject({ kind: z.literal("phasePass"), ...onCombatant }),
  /** P2/P40: the GM marks a combatant aware or unaware. */
  z.strictObject({ kind: z.literal("phaseAwareness"), ...onCombatant, aware: z.boolean() }),
  /** P40: the GM saw these unaware combatants witness a hostile act (surprised from this phase, longer by `extraPhases`). */
  z.strictObject({ kind: z.literal("phaseWitness"), ...onCombat, combatantIds: z.array(id).check(z.minLength(1), z.maxLength(PHASE_REQUEST_LIMITS.targets)), extraPhases: int(0, PHASE_REQUEST_LIMITS.extraPhases) }),
  /** P13: the GM's "distracted": the combatant loses its Targeting. */
  z.strictObject({ kind: z.literal("phaseDistract"), ...onCombatant }),
  /** P24: the GM sets or clears `suppressed`. */
  z.strictObject({ kind: z.literal("phaseSuppressed"), ...onCombatant, suppressed: z.boolean() }),
  /** The GM starts the phase record again (it was deleted or unreadable). */
  z.strictObject({ kind: z.literal("phaseRestart"), ...onCombat, phase: int(1, 86_400) }),
]);

/**
 * The tracker's fields only a GM may send (src/core/gm-only.ts; refused from
 * anyone else before a handler runs): the marks the rules leave to the GM —
 * P2/P40 who is unaware, P40/P3 who witnessed a hostile act and for how
 * many phases more, P24 who is suppressed — and the phase a restarted
 * record begins at. Closing initiative and "distracted" (P13) carry no
 * field of their own: their handlers refuse them from players. The tracker
 * draws these controls for the GM only.
 */
export const PHASE_TRACKER_GM_ONLY: GmOnlyFields = {
  phaseAwareness: ["aware"],
  phaseWitness: ["combatantIds", "extraPhases"],
  phaseSuppressed: ["suppressed"],
  phaseRestart: ["phase"],
};

export type PhaseTrackerRequest = z.infer<typeof phaseTrackerRequestSchema>;
export type PhaseTrackerRequestKind = PhaseTrackerRequest["kind"];

export type PhaseRequestCheck = { ok: true; request: PhaseTrackerRequest } | { ok: false; field: string; reason: string };

/** Check a request payload; never throws, whatever `value` is. */
export function parsePhaseTrackerRequest(value: unknown): PhaseRequestCheck {
  try {
    const result = phaseTrackerRequestSchema.safeParse(value, { reportInput: true });
    if (result.success) return { ok: true, request: result.data };
    const problem = result.error.issues[0] ? problemOf(result.error.issues[0]) : { field: "", kind: "value" as const };
    return { ok: false, field: problem.field || "request", reason: format(`CYCHOSYS.Phase.Table.Invalid.${problem.kind}`) };
  } catch {
    // A value zod cannot walk (a hostile getter, a proxy): refused as a whole.
    return { ok: false, field: "request", reason: format("CYCHOSYS.Phase.Table.Invalid.type") };
  }
}
