/**
 * The shape of every phase-card request before the GM's client looks at
 * anything else (docs/combat-workflow.md): a known step, exactly its
 * fields, ids plain, faces whole and bounded — zod/mini, as the other
 * rulesets' requests. A request names the dice rolled and the GM's
 * modifiers, never a total; the flow and the rules core check the rest
 * (that the roll is the one owed, by its owner, with the right dice).
 */
import { z } from "zod/mini";
import type { GmOnlyFields } from "../../../core/gm-only.js";
import type { ParsedRequest, RequestProblem } from "../../../core/ruleset.js";
import { parseCardRequest } from "../../../core/request-problem.js";
import { MAX_REVISION } from "../combat/ledger.js";
import { AREAS } from "../rules/types.js";

const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const id = z.string().check(z.regex(/^[A-Za-z0-9]{1,64}$/));
const onCard = { attackId: id, messageId: id };
const modifier = int(-99, 99);

export const PHASE_CARD_LIMITS = { faces: 20, face: 100, modifier: 99 } as const;

export const phaseCardRequestSchema = z.discriminatedUnion("step", [
  /** P11 step 4: the GM resolves the end of the phase the ledger is at (`revision`: the record the GM saw). */
  z.strictObject({ step: z.literal("declare"), combatId: id, revision: int(0, MAX_REVISION) }),
  /** The faces of the roll a combatant owes: its check, a hit's location, a hit's damage. */
  z.strictObject({
    step: z.literal("roll"),
    ...onCard,
    combatantId: id,
    roll: z.enum(["check", "location", "damage"]),
    faces: z.array(int(1, PHASE_CARD_LIMITS.face)).check(z.maxLength(PHASE_CARD_LIMITS.faces)),
  }),
  /** P17/P35, P21/P41: the GM's TN modifiers and the target's areas behind cover, before the first check. */
  z.strictObject({
    step: z.literal("modifiers"),
    ...onCard,
    combatantId: id,
    range: modifier,
    cover: modifier,
    other: modifier,
    coverAreas: z.array(z.enum(AREAS as unknown as ["head", ...string[]])).check(z.maxLength(AREAS.length)),
  }),
  z.strictObject({ step: z.literal("apply"), ...onCard }),
  z.strictObject({ step: z.literal("undo"), ...onCard }),
  z.strictObject({ step: z.literal("cancel"), ...onCard }),
]);

/**
 * The card's fields only a GM may send (src/core/gm-only.ts; the transport
 * refuses them from anyone else before a step runs): P11 step 4, the phase
 * end is resolved at the record the GM saw (`revision`); P17/P35 and
 * P21/P41, the TN modifiers for range, cover and the rest and the target's
 * areas behind cover are the GM's (the card offers them to the GM only).
 * Apply, undo and cancel carry no field of their own: their handlers refuse
 * them from players.
 */
export const PHASE_CARD_GM_ONLY: GmOnlyFields = {
  declare: ["revision"],
  modifiers: ["range", "cover", "other", "coverAreas"],
};

export type PhaseCardRequest = z.infer<typeof phaseCardRequestSchema>;
export type PhaseDeclareRequest = Extract<PhaseCardRequest, { step: "declare" }>;
export type PhaseStepRequest = Exclude<PhaseCardRequest, { step: "declare" }>;

/** Check a request's shape; never throws, whatever `value` is. */
export function parsePhaseCardRequest(value: unknown): { ok: true; parsed: ParsedRequest<PhaseDeclareRequest, PhaseStepRequest> } | { ok: false; problem: RequestProblem } {
  return parseCardRequest(phaseCardRequestSchema, value);
}
