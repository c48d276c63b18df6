/**
 * The phase card under random request sequences (the GM holds the truth for
 * this ruleset too): rolls of any kind with any faces, modifiers, apply,
 * undo, cancel and garbage, from the GM, Leroy's player and Earl's player
 * (who owns no one on the card's attacks), on the newest card or an older
 * one. After every request:
 *
 * - the handler returned an outcome (never threw);
 * - a request from Earl's player changed nothing (the card, the sheets, the ledger);
 * - Earl, named by no attack, was never written;
 * - flesh, stun and rounds stay within their bounds;
 * - an undo right after its apply restores the sheets and the ledger exactly.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PHASE_LIMITS } from "../../src/rulesets/phase/data/schema.js";
import { gm, onCard, p1, p2, phaseWorld, shootout as sharedShootout } from "./world.js";

const USERS = [gm, p1, p2];
const kinds = ["check", "location", "damage"] as const;
const step = fc.oneof(
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((garbage) => ({ step: "garbage", garbage })) },
  // Mostly the roll the card owes, with dice that fit (so cards get played to apply and undo).
  { weight: 10, arbitrary: fc.record({ step: fc.constant("owed"), seed: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 3, maxLength: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ step: fc.constant("roll"), combatantId: fc.constantFrom("leroy", "mo", "earl"), roll: fc.constantFrom(...kinds), faces: fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 0, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ step: fc.constant("modifiers"), combatantId: fc.constantFrom("leroy", "mo"), range: fc.integer({ min: -3, max: 3 }), cover: fc.integer({ min: 0, max: 4 }), other: fc.constant(0), coverAreas: fc.subarray(["head", "chest", "abdomen"]) }) },
  { weight: 3, arbitrary: fc.record({ step: fc.constantFrom("apply", "undo", "cancel") }) },
);
const request = fc.record({ user: fc.integer({ min: 0, max: 2 }), old: fc.boolean(), step });

/** Phase 1 resolves Leroy's draw; phase 2 has Leroy firing at Mo and Mo bursting at Leroy, resolved on a card (the shared shootout). */
const shootout = async () => (await sharedShootout()).w;

const snapshot = (w: Awaited<ReturnType<typeof shootout>>) =>
  JSON.stringify({
    sheets: w.actors.map((a) => [a.source, a.itemDocs.map((i) => i.system)]),
    ledger: w.ledger(),
    cards: w.cards().map((c) => c.flags.cychosys!.flow),
  });

describe("phase cards: random requests from the GM and two players", () => {
  it("never throw, never change anything for a player who owns no attacker, never touch Earl, keep figures in bounds, and undo restores exactly", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { maxLength: 25 }), async (requests) => {
        const w = await shootout();
        const earlBefore = JSON.stringify([w.earl.source, w.earl.itemDocs.map((i) => i.system)]);
        for (const r of requests) {
          const cards = w.cards();
          const card = r.old && cards.length > 1 ? cards[0]! : cards.at(-1)!;
          const before = snapshot(w);
          const ledgerBefore = JSON.stringify(w.ledger());
          const sheetsBefore = JSON.stringify(w.actors.map((a) => [a.source, a.itemDocs.map((i) => i.system)]));
          const user = USERS[r.user]!;
          let payload: Record<string, unknown> = { ...r.step };
          if (r.step.step === "owed") {
            const need = card.flow.needs[0];
            if (!need) continue;
            const seed = (r.step as { seed: number[] }).seed;
            payload = { step: "roll", combatantId: need.actor, roll: need.roll, faces: Array.from({ length: need.dice }, (_, i) => ((seed[i % seed.length]! - 1) % need.faces) + 1) };
          }
          const outcome = await w.send({ ...payload, ...onCard(card) }, user);
          expect(outcome).toBeDefined();
          if (user === p2) expect(snapshot(w)).toBe(before);
          // Undo right after a successful apply: everything as it was before the apply.
          if (outcome?.ok && r.step.step === "apply") {
            const undone = await w.send({ step: "undo", ...onCard(card) }, gm);
            if (undone?.ok) {
              expect(JSON.stringify(w.actors.map((a) => [a.source, a.itemDocs.map((i) => i.system)]))).toBe(sheetsBefore);
              expect(JSON.parse(JSON.stringify(w.ledger())).state).toEqual(JSON.parse(ledgerBefore).state);
            }
          }
          for (const a of w.actors) {
            for (const key of ["flesh", "stun"]) expect(a.source[key]).toSatisfy((v: number) => Number.isInteger(v) && v >= 0 && v <= PHASE_LIMITS.points);
            for (const i of a.itemDocs) {
              const ammo = i.system.ammo as { value: number; max: number };
              expect(ammo.value).toSatisfy((v: number) => v >= 0 && v <= ammo.max);
            }
          }
        }
        expect(JSON.stringify([w.earl.source, w.earl.itemDocs.map((i) => i.system)])).toBe(earlBefore);
        expect(w.reported).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }, 60_000); // a time budget of its own: many requests the whole way, on a busy 2-core machine too

  it("a whole shootout always plays to the end: whatever the dice, the owed rolls lead to a resolved card the GM applies", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 20, maxLength: 20 }), async (faces) => {
        const w = await shootout();
        let n = 0;
        for (let guard = 0; guard < 30 && w.cards().at(-1)!.flow.status === "rolling"; guard++) {
          const card = w.cards().at(-1)!;
          const need = card.flow.needs[0]!;
          const dice = Array.from({ length: need.dice }, () => ((faces[n++ % faces.length]! - 1) % need.faces) + 1);
          const outcome = await w.send({ step: "roll", ...onCard(card), combatantId: need.actor, roll: need.roll, faces: dice }, need.actor === "leroy" ? p1 : gm);
          expect(outcome).toMatchObject({ ok: true });
        }
        const card = w.cards().at(-1)!;
        expect(card.flow.status).toBe("resolved");
        const sheets = () => JSON.stringify(w.actors.map((a) => [a.source, a.itemDocs.map((i) => i.system)]));
        const before = { sheets: sheets(), state: structuredClone(w.ledger().state) };
        expect(await w.send({ step: "apply", ...onCard(card) }, gm)).toMatchObject({ ok: true });
        // Undo is exact whatever the dice did; applied again, the same lands.
        const after = sheets();
        expect(await w.send({ step: "undo", ...onCard(card) }, gm)).toMatchObject({ ok: true });
        expect(sheets()).toBe(before.sheets);
        expect(w.ledger().state).toEqual(before.state);
        expect(await w.send({ step: "apply", ...onCard(card) }, gm)).toMatchObject({ ok: true });
        expect(sheets()).toBe(after);
        expect(w.ledger().state.phase).toBe(3);
        // P39: rounds spent whatever the dice: Leroy's one, Mo's burst three.
        expect(w.leroy.items.get("pistol")!.system.ammo).toEqual({ value: 11, max: 12 });
        expect(w.mo.items.get("smg")!.system.ammo).toEqual({ value: 27, max: 30 });
      }),
      { numRuns: 40 },
    );
  }, 60_000); // a time budget of its own: many requests the whole way, on a busy 2-core machine too
});
