/**
 * The OpenD6 cards under random request sequences (the GM holds the truth,
 * for the second ruleset too): attacks, interrupts, damage, resistance,
 * apply and undo from the GM, Kira's player and a player who owns nothing,
 * with dice that fit or do not, on cards that exist or not, mixed with
 * garbage. After every request:
 *
 * - the handler returned an outcome (never threw);
 * - the player who owns nothing was refused, and nothing changed;
 * - the bystander, named by no request, was never written;
 * - every stored wound level is one of D35's;
 * - an undo right after its apply restores the struck actor's wounds exactly.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WOUND_LEVELS } from "../../src/rulesets/d6/rules/index.js";
import { d6World, gm, p1, p2 } from "./world.js";

const USERS = [gm, p1, p2];
/** Mostly dice a code of 2D to 4D could give (so cards get played), sometimes anything. */
const faces = fc.oneof(
  { weight: 4, arbitrary: fc.record({ dice: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }), wild: fc.oneof(fc.tuple(fc.integer({ min: 1, max: 5 })), fc.tuple(fc.constant(6), fc.integer({ min: 1, max: 5 }))) }) },
  { weight: 1, arbitrary: fc.record({ dice: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 6 }), wild: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }) }) },
);
/** The faces of an N-die code: N − 1 plain dice and a Wild Die chain. */
const codeFaces = (n: number) =>
  fc.record({ dice: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: n - 1, maxLength: n - 1 }), wild: fc.oneof(fc.tuple(fc.integer({ min: 1, max: 5 })), fc.tuple(fc.constant(6), fc.integer({ min: 1, max: 5 }))) });
/** Mostly the newest card (counted back from it). */
const cardIndex = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(2) });
const step = fc.oneof(
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((garbage) => ({ step: "garbage", garbage })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("kira" as const, "thug" as const).chain((attacker) =>
      fc.record({
        step: fc.constant("declare"),
        attacker: fc.constant(attacker),
        // Kira's knife rolls melee combat 4D, the thug's fists brawling 3D+1 (the GM checks the count).
        item: fc.oneof({ weight: 5, arbitrary: fc.constant(attacker === "kira" ? "wpKnife" : "wpFists") }, { weight: 1, arbitrary: fc.constantFrom("wpKnife", "wpFists", "nope") }),
        roll: fc.oneof({ weight: 4, arbitrary: codeFaces(attacker === "kira" ? 4 : 3) }, { weight: 1, arbitrary: faces }),
        // The flat bonus is the GM's (D6_GM_ONLY_FIELDS): from a player it is refused.
        flat: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
      }),
    ),
  },
  { weight: 1, arbitrary: fc.record({ step: fc.constant("interrupt"), card: cardIndex, skill: fc.constantFrom("dodge", "block", "parry", "bogus"), roll: faces }) },
  { weight: 4, arbitrary: fc.record({ step: fc.constantFrom("announce", "apply", "undo"), card: cardIndex }) },
  // Damage 2D or 3D+2, resistance 2D+2 or 3D+1: one or two plain dice and the Wild Die.
  { weight: 6, arbitrary: fc.record({ step: fc.constantFrom("damage", "resist"), card: cardIndex, roll: fc.oneof(codeFaces(2), codeFaces(3), faces) }) },
);
const request = fc.record({ user: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }), step });

describe("OpenD6 cards: random requests from the GM and two players", () => {
  it("never throw, never write for a player who owns nothing, never touch a bystander, keep wounds valid, and undo restores exactly", async () => {
    await fc.assert(
      // Each run plays one attack through (the thug's swing that hits; its damage, Kira's resistance, apply, undo, apply again),
      // each proper step preceded by up to three random requests (anyone's, fitting or not, on any card, or garbage).
      fc.asyncProperty(
        fc.record({ dice: fc.array(fc.integer({ min: 5, max: 6 }), { minLength: 2, maxLength: 2 }), wild: fc.tuple(fc.integer({ min: 3, max: 5 })) }),
        codeFaces(2),
        codeFaces(2),
        fc.array(fc.array(request, { maxLength: 3 }), { minLength: 5, maxLength: 5 }),
        async (swing, damage, resistance, noise) => {
        const proper = [
          { user: 0, step: { step: "damage", card: 0, roll: damage } },
          { user: 1, step: { step: "resist", card: 0, roll: resistance } },
          { user: 1, step: { step: "apply", card: 0 } },
          { user: 1, step: { step: "undo", card: 0 } },
          { user: 1, step: { step: "apply", card: 0 } },
        ];
        const requests = [
          { user: 0, step: { step: "declare", attacker: "thug", item: "wpFists", roll: swing } },
          ...proper.flatMap((p, i) => [...noise[i]!, p]),
        ] as { user: number; step: Record<string, unknown> & { step: string } }[];
        const w = d6World();
        const snapshot = () => JSON.stringify(w.actors.map((a) => a.system.wounds));
        const appliedFrom = new Map<string, string>();
        for (const { user: u, step: s } of requests) {
          const user = USERS[u]!;
          const card = "card" in s ? w.cards().at(s.card === 0 ? 0 : -1 - (s.card as number)) : undefined;
          let payload: unknown;
          if (s.step === "garbage") payload = (s as unknown as { garbage: unknown }).garbage;
          else if (s.step === "declare") {
            const d = s as unknown as { attacker: "kira" | "thug"; item: string; roll: unknown; flat?: number };
            payload = { step: "declare", actorUuid: w[d.attacker].uuid, itemId: d.item, roll: d.roll, ...(d.flat !== undefined && { flat: d.flat }), targets: [d.attacker === "kira" ? w.thug.uuid : w.kira.uuid] };
          } else {
            const { card: _, ...rest } = s as Record<string, unknown>;
            payload = { ...rest, attackId: card?.flow.id ?? "nope", messageId: card?.id ?? "nope", targetIndex: 0 };
          }
          const before = snapshot();
          const outcome = await w.send(payload, user);
          expect(outcome === undefined || typeof outcome.ok === "boolean").toBe(true);
          if (user === p2) {
            expect(outcome?.ok).not.toBe(true);
            expect(snapshot()).toBe(before);
          }
          expect(w.bystander.writes).toEqual([]);
          for (const a of w.actors) expect(WOUND_LEVELS).toContain((a.system.wounds as { level: string }).level);
          if (outcome?.ok && card && s.step === "apply") appliedFrom.set(card.id, before);
          if (outcome?.ok && card && s.step === "undo" && appliedFrom.has(card.id)) {
            expect(snapshot()).toBe(appliedFrom.get(card.id));
            appliedFrom.delete(card.id);
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_SEEDS ?? 150) },
    );
  }, 120_000);
});
