/**
 * The CWN cards under random request sequences (the GM holds the truth for
 * this ruleset too): attacks, screen checks, apply, undo and the GM's downed
 * choice from the GM, Vee's player and a player who owns nothing, with dice
 * that fit or do not, on cards that exist or not, mixed with garbage. After
 * every request:
 *
 * - the handler returned an outcome (never threw);
 * - the player who owns nothing was refused, and nothing changed;
 * - the bystander, named by no request, was never written;
 * - hit points and soak stay within 0…max, the downed state is one of W19's;
 * - an undo right after its apply restores hit points, soak and downed exactly.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DOWNED_STATES } from "../../src/rulesets/cwn/rules/types.js";
import { p3 } from "../chat/fakes.js";
import { cwnWorld, gm, p1 } from "./world.js";

const USERS = [gm, p1, p3];
const d = (faces: number) => fc.integer({ min: 1, max: faces });
/** Mostly faces the weapons' dice can give (a d20, a d8 Trauma Die, 1d8 or 1d4 damage), sometimes anything. */
const roll = fc.oneof(
  { weight: 5, arbitrary: fc.record({ d20: d(20), trauma: fc.tuple(d(6)), damage: fc.tuple(fc.oneof(d(4), d(8))) }) },
  { weight: 1, arbitrary: fc.record({ d20: fc.integer({ min: -2, max: 25 }), trauma: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }), damage: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }) }) },
);
const cardIndex = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(2) });
const step = fc.oneof(
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((garbage) => ({ step: "garbage", garbage })) },
  {
    weight: 3,
    arbitrary: fc.record({
      step: fc.constant("declare"),
      who: fc.constantFrom("vee", "g1"),
      item: fc.oneof({ weight: 5, arbitrary: fc.constantFrom("wKnife", "wBaton") }, { weight: 1, arbitrary: fc.constantFrom("wPistol", "nope") }),
      roll,
      lethal: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ step: fc.constantFrom("apply", "undo"), card: cardIndex }) },
  { weight: 1, arbitrary: fc.record({ step: fc.constant("downed"), card: cardIndex, state: fc.constantFrom("dead", "unconscious", "stunned", "mortallyWounded", "asleep") }) },
  { weight: 1, arbitrary: fc.record({ step: fc.constant("screen"), card: cardIndex, dice: fc.array(d(6), { minLength: 2, maxLength: 2 }) }) },
);
const request = fc.record({ user: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) }), step });

describe("CWN cards: random requests from the GM and two players", () => {
  it("never throw, never write for a player who owns nothing, never touch a bystander, keep hit points and soak in range, and undo restores exactly", async () => {
    await fc.assert(
      // Each run plays one blow through (the guard's baton hitting Vee: apply, undo, apply again), each proper step preceded by up to four random requests.
      fc.asyncProperty(d(8), d(6), fc.array(fc.array(request, { maxLength: 4 }), { minLength: 4, maxLength: 4 }), async (damage, trauma, noise) => {
        const proper = [
          { user: 0, step: { step: "declare", who: "g1", item: "wBaton", roll: { d20: 18, trauma: [trauma], damage: [damage] }, lethal: true } },
          { user: 1, step: { step: "apply", card: 0 } },
          { user: 1, step: { step: "undo", card: 0 } },
          { user: 1, step: { step: "apply", card: 0 } },
        ];
        const requests = proper.flatMap((p, i) => [...noise[i]!, p]);
        const w = cwnWorld();
        const state = (a: (typeof w.actors)[number]) => ({
          hp: a.hp,
          downed: a.downed,
          soak: (a.source.soak as { value?: number } | undefined)?.value ?? null,
          armor: a.itemDocs.filter((i) => i.type === "cwnArmor").map((i) => (i.system.soak as { value: number }).value),
        });
        const snapshot = () => JSON.stringify(w.actors.map(state));
        const appliedFrom = new Map<string, string>();
        let blow: string | undefined;
        for (const { user: u, step: s } of requests as { user: number; step: Record<string, unknown> & { step: string } }[]) {
          const user = USERS[u]!;
          const card = "card" in s ? (s.card === 0 && proper.some((p) => p.step === s) ? w.cards().find((c) => c.id === blow) : w.cards().at(s.card === 0 ? -1 : -1 - (s.card as number))) : undefined;
          let payload: unknown;
          if (s.step === "garbage") payload = s.garbage;
          else if (s.step === "declare") {
            const attacker = s.who === "vee" ? w.vee : w.g1;
            payload = { step: "declare", actorUuid: attacker.uuid, itemId: s.item, targetUuid: (s.who === "vee" ? w.g1 : w.vee).uuid, action: "attack", lethal: s.lethal, roll: s.roll };
          } else {
            const { card: _, ...rest } = s;
            payload = { ...rest, attackId: card?.flow.id ?? "nope", messageId: card?.id ?? "nope" };
          }
          const before = snapshot();
          const outcome = await w.send(payload, user);
          if (proper.some((p) => p.step === s) && s.step === "declare") {
            expect(outcome?.ok).toBe(true);
            blow = w.cards().at(-1)!.id;
          }
          expect(outcome === undefined || typeof outcome.ok === "boolean").toBe(true);
          if (user === p3) {
            expect(outcome?.ok).not.toBe(true);
            expect(snapshot()).toBe(before);
          }
          expect(w.bystander.writes).toEqual([]);
          for (const a of w.actors) {
            const hp = a.source.hp as { value: number; max: number };
            expect(hp.value >= 0 && hp.value <= hp.max).toBe(true);
            expect(DOWNED_STATES).toContain(a.downed);
            for (const i of a.itemDocs.filter((x) => x.type === "cwnArmor")) {
              const soak = i.system.soak as { value: number; max: number };
              expect(soak.value >= 0 && soak.value <= soak.max).toBe(true);
            }
          }
          if (outcome?.ok && card && s.step === "apply") appliedFrom.set(card.id, before);
          if (outcome?.ok && card && s.step === "undo" && appliedFrom.has(card.id)) {
            expect(snapshot()).toBe(appliedFrom.get(card.id));
            appliedFrom.delete(card.id);
          }
          // Anything else in between (another card's apply) breaks "right after": forget older applies.
          if (outcome?.ok && s.step !== "apply" && s.step !== "undo") appliedFrom.clear();
          // An apply or undo of one card between another's apply and undo changes what that undo must give back: forget the others.
          if (outcome?.ok && (s.step === "apply" || s.step === "undo")) for (const key of [...appliedFrom.keys()]) if (key !== card?.id) appliedFrom.delete(key);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_SEEDS ?? 150) },
    );
  }, 120_000);
});
