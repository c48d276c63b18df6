/**
 * The shape every OpenD6 attack-workflow request must have before the GM's
 * client looks at anything else (docs/combat-workflow.md): types, enums,
 * ranges, lengths, no unknown fields — zod/mini, as the Cychosys requests.
 * What the shape cannot say (that faces fit the code rolled, that the user
 * owns the actor, that a wait is held) the workflow and the rules core check.
 */
import { z } from "zod/mini";
import type { GmOnlyFields } from "../../../core/gm-only.js";
import type { ParsedRequest, RequestProblem } from "../../../core/ruleset.js";
import { parseCardRequest } from "../../../core/request-problem.js";
import { COVER_LEVELS, DEFENSE_SKILLS, RANGE_BANDS } from "../rules/types.js";

const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const documentId = z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/));
const documentUuid = z.string().check(z.maxLength(256), z.regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/));
const face = int(1, 6);

/** D1/D2: plain dice and the Wild Die's chain (a 6 rolls again). */
const faces = z.strictObject({
  dice: z.array(face).check(z.maxLength(99)),
  wild: z.array(face).check(z.maxLength(50)),
});

export const D6_REQUEST_LIMITS = { flat: 99, metres: 100_000, modifiers: 8, modifier: 99, targets: 24, targetIndex: 63 } as const;

const onCard = { attackId: documentId, messageId: documentId, targetIndex: int(0, D6_REQUEST_LIMITS.targetIndex) };

export const d6RequestSchema = z.discriminatedUnion("step", [
  /** D30: an attack with a weapon, its roll, range (D27), cover (D28) and the GM's modifiers (D26). */
  z.strictObject({
    step: z.literal("declare"),
    actorUuid: documentUuid,
    itemId: documentId,
    roll: faces,
    /** D41: a flat bonus to the roll — the GM's (D6_GM_ONLY_FIELDS); absent, none. */
    flat: z.optional(int(-D6_REQUEST_LIMITS.flat, D6_REQUEST_LIMITS.flat)),
    range: z.optional(z.union([z.strictObject({ band: z.enum(RANGE_BANDS as ["pointBlank", "short", "medium", "long"]) }), z.strictObject({ metres: int(0, D6_REQUEST_LIMITS.metres) })])),
    cover: z.optional(z.enum(COVER_LEVELS as ["none", "light", "medium", "heavy", "full"])),
    modifiers: z.optional(z.array(z.strictObject({ value: int(-D6_REQUEST_LIMITS.modifier, D6_REQUEST_LIMITS.modifier), label: z.optional(z.string().check(z.maxLength(60))) })).check(z.maxLength(D6_REQUEST_LIMITS.modifiers))),
    targets: z.array(documentUuid).check(z.minLength(1), z.maxLength(D6_REQUEST_LIMITS.targets)),
  }),
  /** D14: a target holding a wait interrupts with an active defense (a parry names its weapon, D21). */
  z.strictObject({ step: z.literal("interrupt"), ...onCard, skill: z.enum(DEFENSE_SKILLS as ["dodge", "block", "parry"]), itemId: z.optional(documentId), roll: faces, flat: z.optional(int(-D6_REQUEST_LIMITS.flat, D6_REQUEST_LIMITS.flat)) }),
  /** D14: no interrupt: the result is announced. */
  z.strictObject({ step: z.literal("announce"), ...onCard }),
  /** D31: the damage roll. */
  z.strictObject({ step: z.literal("damage"), ...onCard, roll: faces }),
  /** D34: the struck side's resistance roll. */
  z.strictObject({ step: z.literal("resist"), ...onCard, roll: faces }),
  /** D35–D37: the wound written to the struck actor, and its undo. */
  z.strictObject({ step: z.literal("apply"), ...onCard }),
  z.strictObject({ step: z.literal("undo"), ...onCard }),
]);

/**
 * The fields of the card's requests only a GM may send (src/core/gm-only.ts):
 * D26's difficulty modifiers and the flat bonus to an attack or an
 * interrupting defense (D38, D41) — the GM's call, shown in the dialogs to
 * the GM only: a player adding ±99 to their own roll is no rule. Range (D27:
 * a band or metres, bounded) and cover (D28: a level, which only makes the
 * attack harder) are the attacker's to declare in the dialog and stand on
 * the card for the table to see.
 */
export const D6_GM_ONLY_FIELDS: GmOnlyFields = Object.freeze({ declare: Object.freeze(["modifiers", "flat"]), interrupt: Object.freeze(["flat"]) });

export type D6Request = z.infer<typeof d6RequestSchema>;
export type D6Declaration = Extract<D6Request, { step: "declare" }>;
export type D6CardRequest = Exclude<D6Request, { step: "declare" }>;

/** Check a request's shape; never throws, whatever `value` is. */
export function parseD6Request(value: unknown): { ok: true; parsed: ParsedRequest<D6Declaration, D6CardRequest> } | { ok: false; problem: RequestProblem } {
  return parseCardRequest(d6RequestSchema, value);
}
