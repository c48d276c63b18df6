/**
 * The shape every CWN attack-workflow request must have before the GM's
 * client looks at anything else (docs/combat-workflow.md): types, enums,
 * ranges, lengths, no unknown fields (zod/mini, as the other rulesets').
 * A request names dice faces and choices, never a total: what the shape
 * cannot say (that the faces fit the weapon's dice, that the author owns
 * the actor, that the round can pay) the workflow and the rules core check.
 */
import { z } from "zod/mini";
import { parseCardRequest } from "../../../core/request-problem.js";
import type { ParsedRequest, RequestProblem } from "../../../core/ruleset.js";
import { MAX_DICE, MAX_FACES } from "../rules/dice.js";
import { ATTACK_ACTIONS, DISTANCES, DOWNED_STATES } from "../rules/types.js";

const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const documentId = z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/));
const documentUuid = z.string().check(z.maxLength(256), z.regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/));
const faces = z.array(int(1, MAX_FACES)).check(z.maxLength(MAX_DICE));
/** W26: the opposed check's 2d6 (the core reads the count and size). */
const screenDice = z.array(int(1, 6)).check(z.maxLength(2));

export const CWN_REQUEST_LIMITS = { modifier: 20, modifiers: 6, label: 60, metres: 1000, screeners: 8 } as const;

const onCard = { attackId: documentId, messageId: documentId };

export const cwnRequestSchema = z.discriminatedUnion("step", [
  /**
   * W13–W25, W39: an attack with a weapon at one target — the action (a
   * plain attack, a Snap, a Charge with its metres, a swarm's blow), the
   * situation as the attacker's client measured it (the GM measures again
   * when it can), labelled modifiers, lethal or not (W19), and the faces of
   * the d20, the Trauma Die and the damage dice rolled together; with a
   * screened target, the attacker's 2d6 screen check too (W26).
   */
  z.strictObject({
    step: z.literal("declare"),
    actorUuid: documentUuid,
    itemId: documentId,
    targetUuid: documentUuid,
    action: z.enum(ATTACK_ACTIONS as unknown as ["attack", "snap", "charge", "swarm"]),
    chargeMetres: z.optional(int(0, CWN_REQUEST_LIMITS.metres)),
    distance: z.optional(z.enum(DISTANCES as unknown as ["adjacent", "distant"])),
    adjacentFoe: z.optional(z.enum(["none", "fists", "armed"])),
    inRange: z.optional(z.boolean()),
    modifiers: z.optional(z.array(z.strictObject({ label: z.string().check(z.minLength(1), z.maxLength(CWN_REQUEST_LIMITS.label)), value: int(-CWN_REQUEST_LIMITS.modifier, CWN_REQUEST_LIMITS.modifier) })).check(z.maxLength(CWN_REQUEST_LIMITS.modifiers))),
    lethal: z.boolean(),
    roll: z.strictObject({ d20: int(1, 20), trauma: faces, damage: faces }),
    screenDice: z.optional(screenDice),
  }),
  /** W26: a screen check's 2d6 — the attacker's (no `screener`) or one screener's (its index). */
  z.strictObject({ step: z.literal("screen"), ...onCard, screener: z.optional(int(0, CWN_REQUEST_LIMITS.screeners - 1)), dice: screenDice }),
  /** W40: the attacker's controller picks among screeners tied lowest. */
  z.strictObject({ step: z.literal("screenChoice"), ...onCard, screener: int(0, CWN_REQUEST_LIMITS.screeners - 1) }),
  /** W7, W27: the target answers the roll seen: Total Defense, or taking it. */
  z.strictObject({ step: z.literal("defense"), ...onCard, answer: z.enum(["none", "totalDefense"]) }),
  /** W19: the damage written to the struck fighter, and its exact undo. */
  z.strictObject({ step: z.literal("apply"), ...onCard }),
  z.strictObject({ step: z.literal("undo"), ...onCard }),
  /** W19: the GM picks another of the four states for a fighter the attack took to 0. */
  z.strictObject({ step: z.literal("downed"), ...onCard, state: z.enum(DOWNED_STATES.filter((s) => s !== "none") as ["mortallyWounded", "dead", "unconscious", "stunned"]) }),
]);

export type CwnRequest = z.infer<typeof cwnRequestSchema>;
export type CwnDeclaration = Extract<CwnRequest, { step: "declare" }>;
export type CwnCardRequest = Exclude<CwnRequest, { step: "declare" }>;

/** Check a request's shape; never throws, whatever `value` is. */
export function parseCwnRequest(value: unknown): { ok: true; parsed: ParsedRequest<CwnDeclaration, CwnCardRequest> } | { ok: false; problem: RequestProblem } {
  return parseCardRequest(cwnRequestSchema, value);
}
