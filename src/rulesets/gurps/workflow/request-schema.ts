/**
 * The shape every GURPS attack-card request must have before the GM's client
 * looks at anything else (docs/combat-workflow.md): types, enums, ranges,
 * lengths, no unknown fields — zod/mini, as the other rulesets' requests.
 * A request names an item, a line, choices and the faces rolled; never a
 * skill, a score or a total (the GM reads those from its own documents).
 */
import { z } from "zod/mini";
import type { ParsedRequest, RequestProblem } from "../../../core/ruleset.js";
import { parseCardRequest } from "../../../core/request-problem.js";
import { AOA_OPTIONS, HIT_LOCATIONS } from "../rules/index.js";

const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const documentId = z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/));
const documentUuid = z.string().check(z.maxLength(256), z.regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/));
const face = int(1, 6);
/** G4: a success roll's three dice. */
const threeDice = z.array(face).check(z.length(3));

export const GURPS_REQUEST_LIMITS = { modifiers: 8, modifier: 20, range: 100_000, speed: 10_000, shots: 10_000, deceptive: 10, hits: 100, dicePerHit: 100, label: 60, velocity: 1_000 } as const;

const onCard = { attackId: documentId, messageId: documentId };
const situational = (min: number, max: number) =>
  z.array(z.strictObject({ value: int(min, max), label: z.optional(z.string().check(z.maxLength(GURPS_REQUEST_LIMITS.label))) })).check(z.maxLength(GURPS_REQUEST_LIMITS.modifiers));

/**
 * The fields of the card's requests only a GM may send (src/core/gm-only.ts):
 * the GM's situational modifiers and range (G3, G53) and the side the blow
 * comes from (G59, the defense's question — a player attacking would take the
 * foe's shield away). The other steps name only the side's own choices and dice.
 */
export const GURPS_GM_ONLY_FIELDS = { declare: ["gmModifiers", "gmRange", "fromFront"] } as const;

/** An owed roll's name (`resolution.owed[].id`): `rolls.majorWound[0]`, `rolls.attacker.knockback`, `slam.foeDamage` … */
const owedId = z.string().check(z.maxLength(48), z.regex(/^[A-Za-z]+(\[[0-9]\])?(\.[A-Za-z]+(\[[0-9]\])?){0,2}$/));

export const gurpsRequestSchema = z.discriminatedUnion("step", [
  /** G24–G27, G35–G38, G51–G57: an attack with one line of a weapon at one target, and the attack roll's dice. */
  z.strictObject({
    step: z.literal("declare"),
    actorUuid: documentUuid,
    itemId: documentId,
    line: int(0, 31),
    targetUuid: documentUuid,
    roll: threeDice,
    /** Outside a combat only (in one, the maneuver is the round's, G10). */
    maneuver: z.optional(z.enum(["attack", "allOutAttack", "moveAndAttack"])),
    aoaOption: z.optional(z.enum(AOA_OPTIONS as unknown as ["determined", "double", "feint", "strong", "suppressionFire"])),
    deceptive: z.optional(int(0, GURPS_REQUEST_LIMITS.deceptive)),
    rapidStrike: z.optional(z.boolean()),
    location: z.optional(z.enum(HIT_LOCATIONS as unknown as ["torso"])),
    shots: z.optional(int(1, GURPS_REQUEST_LIMITS.shots)),
    /** G53: range and the target's speed in yards; the range is at least what the GM measures on the scene. */
    range: z.optional(int(0, GURPS_REQUEST_LIMITS.range)),
    speed: z.optional(int(0, GURPS_REQUEST_LIMITS.speed)),
    /** G60: the attacker within reach of a parry (it can only add a defense; within 1 yard on the scene it is so anyway). */
    inReach: z.optional(z.boolean()),
    /** G3: the attacker's own situational penalties (he may make his attack only harder). */
    modifiers: z.optional(situational(-GURPS_REQUEST_LIMITS.modifier, 0)),
    /** GM only (G3): the GM's situational modifiers, bonuses or penalties. */
    gmModifiers: z.optional(situational(-GURPS_REQUEST_LIMITS.modifier, GURPS_REQUEST_LIMITS.modifier)),
    /** GM only (G53): the range exactly, over what is measured on the scene. */
    gmRange: z.optional(int(0, GURPS_REQUEST_LIMITS.range)),
    /** GM only (G59): from the front or the shield side (default yes): the defense's question, never the attacker's player's. */
    fromFront: z.optional(z.boolean()),
    /**
     * G48, G49: a slam instead of the line — the form and the yards moved
     * (1 at least, [fixed]); the GM checks them against the maneuver's
     * movement and picks the skill (and a shield rush's shield) himself.
     */
    slam: z.optional(z.strictObject({ form: z.enum(["slam", "flyingTackle", "shieldRush"]), velocity: int(1, GURPS_REQUEST_LIMITS.velocity) })),
  }),
  /**
   * G58–G68: the defender's choice (an option id of `legalDefenses`, with
   * retreat, dodge and drop or an acrobatic dodge) and its dice; or `none`.
   */
  z.strictObject({
    step: z.literal("defend"),
    ...onCard,
    option: z.string().check(z.maxLength(80), z.regex(/^(none|dodge|(parry|block):[A-Za-z0-9_-]{1,64})$/)),
    retreat: z.optional(z.boolean()),
    dodgeAndDrop: z.optional(z.boolean()),
    acrobatic: z.optional(z.boolean()),
    acrobaticRoll: z.optional(threeDice),
    roll: z.optional(threeDice),
  }),
  /** One owed success, table or breakage roll (G4, G65, G74, G78, G81, G84–G86 …), rolled by its owner. */
  z.strictObject({ step: z.literal("roll"), ...onCard, id: owedId, faces: z.array(face).check(z.minLength(1), z.maxLength(3)) }),
  /** G69, G82, G48: the damage dice of each hit. */
  z.strictObject({
    step: z.literal("damage"),
    ...onCard,
    id: z.enum(["damage", "followUpDamage", "linkedDamage", "slam.foeDamage"]),
    faces: z.array(z.array(face).check(z.maxLength(GURPS_REQUEST_LIMITS.dicePerHit))).check(z.minLength(1), z.maxLength(GURPS_REQUEST_LIMITS.hits)),
  }),
  /** G77–G81: the injury written to the struck actor (and an attacker hurt by his own blow), and its undo. */
  z.strictObject({ step: z.literal("apply"), ...onCard }),
  z.strictObject({ step: z.literal("undo"), ...onCard }),
]);

export type GurpsRequest = z.infer<typeof gurpsRequestSchema>;
export type GurpsDeclaration = Extract<GurpsRequest, { step: "declare" }>;
export type GurpsCardRequest = Exclude<GurpsRequest, { step: "declare" }>;

/** Check a request's shape; never throws, whatever `value` is. */
export function parseGurpsRequest(value: unknown): { ok: true; parsed: ParsedRequest<GurpsDeclaration, GurpsCardRequest> } | { ok: false; problem: RequestProblem } {
  return parseCardRequest(gurpsRequestSchema, value);
}
