/**
 * The shape every attack-workflow request must have before the GM's client
 * looks at anything else (docs/combat-workflow.md, "Who may write what"). A
 * request is a chat message a player wrote, so it may hold anything: each
 * field is checked for type, enum, range and length here, with zod; unknown
 * fields are refused. What the shape cannot say (that a letter is in the
 * effects table, that faces match the total's dice, that the user owns the
 * actor) the state machine and the rules core check next.
 */
import { z } from "zod/mini";
import { ALL_LOCATIONS } from "../rules/index.js";
import { problemOf } from "../../../core/request-problem.js";
import type { RequestProblem } from "../../../core/ruleset.js";

// zod/mini: the same checks as zod with functions instead of methods, so the bundle carries only what is used.
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const list = <T extends z.core.SomeType>(item: T, max: number, min = 0) => z.array(item).check(z.minLength(min), z.maxLength(max));

/** A Foundry document id (16 letters and digits; a little slack for modules). */
const documentId = z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/));
/** A Foundry document UUID: ids joined by dots (`Actor.x`, `Scene.x.Token.y.Actor.z`, `Compendium.a.b.Actor.x`). */
const documentUuid = z.string().check(z.maxLength(256), z.regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/));
/** One effect letter (R9); whether the world's table has it is the rules core's check. */
const letter = z.string().check(z.regex(/^[A-Z]$/));
const facet = z.enum(["physical", "mental", "emotional"]);
const location = z.enum(ALL_LOCATIONS);
/** Hits and pool values are stored 0–999 (docs/data-model.md). */
const poolValue = int(0, 999);

/** The limits a request's numbers live within. */
export const REQUEST_LIMITS = {
  /** Dice a total may roll (R12: skills roll 1–20 dice; finesses and gear add none). */
  maxFaces: 40,
  /** The situational modifier a dialog accepts. */
  modifier: 99,
  /** Targets on one attack card. */
  maxTargets: 24,
  /** Counterattack answers on one target (R23): far more than any table plays. */
  maxTargetIndex: 63,
  /** Effects added to one attack or counter (R19); letters named in one choice. */
  maxLetters: 32,
  maxAdded: 12,
} as const;

const letters = list(letter, REQUEST_LIMITS.maxLetters);
const added = list(letter, REQUEST_LIMITS.maxAdded);

const rolledTotal = z.strictObject({
  totalKey: text(1, 128),
  faces: list(int(1, 12), REQUEST_LIMITS.maxFaces, 1),
  modifier: int(-REQUEST_LIMITS.modifier, REQUEST_LIMITS.modifier),
});

const parryObject = z.union([
  z.strictObject({ itemId: documentId }),
  z.strictObject({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), hits: int(1, 999), shield: text(0, 40) }),
]);

const defenseAnswer = z.discriminatedUnion("form", [
  z.strictObject({ form: z.enum(["evade", "brave"]), roll: rolledTotal }),
  z.strictObject({ form: z.literal("parry"), roll: rolledTotal, object: z.optional(parryObject) }),
  z.strictObject({ form: z.literal("counter"), roll: rolledTotal, weaponId: documentId, added }),
]);

const injuryChoices = z.strictObject({
  piercing: z.optional(letters),
  cancel: z.optional(letters),
  reduce: z.optional(letters),
  distribute: z.optional(z.strictObject({ physical: poolValue, mental: poolValue, emotional: poolValue })),
  nonLethal: z.optional(z.union([facet, z.literal(false)])),
});

const onCard = {
  attackId: documentId,
  messageId: documentId,
  targetIndex: int(0, REQUEST_LIMITS.maxTargetIndex),
};

const targetList = list(documentUuid, REQUEST_LIMITS.maxTargets);

/** Every request the attack workflow accepts, by `step`. */
export const attackRequestSchema = z.discriminatedUnion("step", [
  /** A player's attack: the active GM checks it and posts the card (the card is the GM's document). */
  z.strictObject({
    step: z.literal("declare"),
    actorUuid: documentUuid,
    itemId: documentId,
    roll: rolledTotal,
    added,
    location: z.optional(location),
    nonLethal: z.optional(facet),
    targets: targetList,
  }),
  z.strictObject({ step: z.literal("defend"), ...onCard, answer: defenseAnswer }),
  z.strictObject({ step: z.literal("counterAgain"), ...onCard, roll: rolledTotal }),
  z.strictObject({ step: z.literal("declineCounter"), ...onCard }),
  z.strictObject({ step: z.literal("apply"), ...onCard, choices: injuryChoices }),
  z.strictObject({ step: z.literal("undo"), ...onCard }),
  z.strictObject({ step: z.literal("assignTargets"), attackId: documentId, messageId: documentId, targets: targetList }),
]);

export type AttackRequest = z.infer<typeof attackRequestSchema>;
export type RequestStepName = AttackRequest["step"];
export type RolledTotal = z.infer<typeof rolledTotal>;
export type DefenseAnswer = z.infer<typeof defenseAnswer>;
export type ParryObjectAnswer = z.infer<typeof parryObject>;
export type InjuryChoicesRequest = z.infer<typeof injuryChoices>;
/** A step on an existing card (everything but `declare`). */
export type CardRequest = Exclude<AttackRequest, { step: "declare" }>;

export type { RequestProblem } from "../../../core/ruleset.js";

/** Check a request's shape. Never throws, whatever `value` is. */
export function parseAttackRequest(value: unknown): { ok: true; request: AttackRequest } | { ok: false; problem: RequestProblem } {
  try {
    const result = attackRequestSchema.safeParse(value, { reportInput: true });
    if (result.success) return { ok: true, request: result.data };
    const issue = result.error.issues[0];
    return { ok: false, problem: issue ? problemOf(issue) : { field: "", kind: "value" } };
  } catch {
    // A value zod cannot even walk (a hostile getter, a proxy): refused as a whole.
    return { ok: false, problem: { field: "", kind: "type" } };
  }
}
