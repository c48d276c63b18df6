/**
 * The GURPS cards under random request sequences (fast-check): attacks both
 * ways, defenses legal or not, owed rolls and damage fitting or not, applies
 * and undos, from the GM, both players and a player who owns nothing, on
 * cards that exist or not, mixed with garbage, in and out of a combat. After
 * every request:
 *
 * - the handler returned an outcome (never threw);
 * - the player who owns nothing was refused, and nothing changed;
 * - the bystander, named by no request, was never written;
 * - HP stays within what the data model stores, and every card the GM holds resolves;
 * - an undo right after its apply restores the struck actor's HP and round exactly.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseManeuver, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { cardOwed, type GurpsFlow, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { trustedFlow } from "../../src/core/transport/flow-store.js";
import { p3 } from "../chat/fakes.js";
import { gm, gurpsWorld, p1, p2 } from "./world.js";

const USERS = [gm, p1, p2, p3];
const d6 = fc.integer({ min: 1, max: 6 });
const faces3 = fc.oneof({ weight: 6, arbitrary: fc.tuple(d6, d6, d6) }, { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 4 }) });
const cardIndex = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(2) });
const OWED = ["rolls.majorWound[0]", "rolls.deathChecks[0]", "rolls.deathChecks[1]", "rolls.knockback", "rolls.criticalTable", "rolls.defenderCriticalTable", "rolls.breakage", "rolls.aimWill", "rolls.nonsense"];
const step = fc.oneof(
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((garbage) => ({ kind: "garbage", garbage })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("declare"),
      attacker: fc.constantFrom("louis", "pierre"),
      item: fc.constantFrom("own", "own", "own", "pistol", "nope"),
      line: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(3) }),
      roll: faces3,
      deceptive: fc.oneof(fc.constant(undefined), fc.nat(2)),
      modifier: fc.oneof(fc.constant(undefined), fc.integer({ min: -4, max: 4 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("defend"), card: cardIndex, option: fc.constantFrom("none", "dodge", "block:shPierre", "parry:wpPierre", "parry:wpShortsword", "parry:hands", "block:nope"),
      retreat: fc.boolean(), dodgeAndDrop: fc.boolean(), roll: faces3,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("roll"), card: cardIndex, id: fc.constantFrom(...OWED), faces: faces3 }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("damage"), card: cardIndex, faces: fc.array(fc.array(d6, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom("apply", "undo"), card: cardIndex }) },
);
const request = fc.record({ user: fc.nat(3), step });

/** The proper next request on a card from its owed rolls (the first one, by its owner), then apply, undo, apply again. */
function properNext(w: ReturnType<typeof gurpsWorld>, faces: number[], stage: { applied: number }) {
  const card = w.cards()[0];
  if (!card) return null;
  const on = { attackId: card.flow.id, messageId: card.id };
  const r = resolutionOf(card.flow.targets[0]!);
  const owed = cardOwed(r)[0];
  const owner = (who: string) => (who === "attacker" ? p1 : who === "defender" ? (w.pierre.hasPlayerOwner ? p2 : gm) : gm);
  if (owed) {
    if (owed.id.startsWith("defenses[")) return { user: owner("defender"), payload: { step: "defend", ...on, option: "none" } };
    if (owed.roll === "damage") return { user: owner(owed.who), payload: { step: "damage", ...on, id: owed.id, faces: Array.from({ length: owed.hits ?? 1 }, () => faces.slice(0, owed.dice ?? 1)) } };
    return { user: owner(owed.who), payload: { step: "roll", ...on, id: owed.id, faces: owed.roll === "1d" ? faces.slice(0, 1) : faces.slice(0, 3) } };
  }
  if (!r.victim || stage.applied >= 3) return null;
  const kind = stage.applied++ % 2 === 0 ? "apply" : "undo";
  return { user: gm, payload: { step: kind, ...on } };
}

describe("GURPS cards: random requests from the GM and three players", () => {
  it("never throw, never write for a player who owns nothing, never touch a bystander, keep HP in range and cards readable, and undo restores exactly", async () => {
    await fc.assert(
      // Each run plays one attack through — Louis's swing that hits, no defense, its damage and every roll it calls for,
      // apply, undo, apply — each proper step preceded by up to three random requests (anyone's, fitting or not, or garbage).
      fc.asyncProperty(
        fc.boolean(), fc.integer({ min: -30, max: 12 }), fc.tuple(d6, d6, d6), fc.array(fc.array(request, { maxLength: 3 }), { minLength: 12, maxLength: 12 }),
        async (inCombat, pierreHp, faces, noise) => {
        const w = gurpsWorld({ combat: inCombat, autoApply: noise.length % 2 === 0, pierreOwners: faces[0]! % 2 ? [p2.id] : [] });
        await w.pierre.update({ "system.hp.value": pierreHp });
        if (inCombat) {
          await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "allOutAttack", aoaOption: "double" }, {}));
          await w.setRound(w.pierre, chooseManeuver(startTurn(w.fresh(), { hp: 12, currentHp: 12, ht: 11 }).state, { id: "attack" }, {}));
        }
        const snapshot = () => JSON.stringify([w.actors.map((a) => a.source), w.combat?.flags ?? null]);
        const struckState = () => JSON.stringify([w.louis.source.hp, w.pierre.source.hp, w.louis.source.deathChecksRolled, w.pierre.source.deathChecksRolled, w.combat ? [w.roundOf(w.louis), w.roundOf(w.pierre)] : null]);
        const appliedFrom = new Map<string, string>();
        const stage = { applied: 0 };
        const run = async (user: (typeof USERS)[number], payload: unknown, kind: string, card: { id: string } | undefined) => {
          const before = snapshot();
          const struckBefore = struckState();
          const outcome = await w.send(payload, user);
          expect(outcome === undefined || typeof outcome.ok === "boolean").toBe(true);
          if (user === p3) {
            expect(outcome?.ok).not.toBe(true);
            expect(snapshot()).toBe(before);
          }
          expect(w.bystander.writes).toEqual([]);
          for (const a of w.actors) {
            const hp = a.source.hp as { value: number; max: number };
            expect(hp.value).toBeGreaterThanOrEqual(-99_990);
            expect(hp.value).toBeLessThanOrEqual(hp.max);
          }
          // Every card resolves, and the same from its flow as the GM reads it back (nulls dropped) as from what was stored.
          for (const c of w.cards()) expect(resolutionOf(trustedFlow<GurpsFlow>(c)!.targets[0]!)).toEqual(resolutionOf(c.flow.targets[0]!));
          // Only an undo right after its apply is compared (anything else successful in between may change what it restores to).
          if (outcome?.ok && card && kind === "undo" && appliedFrom.has(card.id)) expect(struckState()).toBe(appliedFrom.get(card.id));
          if (outcome?.ok) appliedFrom.clear();
          if (outcome?.ok && card && kind === "apply") appliedFrom.set(card.id, struckBefore);
          return outcome;
        };
        expect(await run(p1, { step: "declare", actorUuid: w.louis.uuid, itemId: "wpShortsword", line: 0, targetUuid: w.pierre.uuid, roll: [3, 4, 4] }, "declare", undefined)).toMatchObject({ ok: true });
        for (const extra of noise) {
          for (const { user: u, step: s } of extra) {
            const card = "card" in s ? w.cards().at(-1 - (s.card as number)) : undefined;
            await run(USERS[u]!, payloadOf(w, s, card), s.kind, card);
          }
          const next = properNext(w, [...faces], stage);
          if (!next) break;
          await run(next.user, next.payload, (next.payload as { step: string }).step, w.cards()[0]);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_SEEDS ?? 150) },
    );
  }, 120_000);
});

/** A random request's payload on a card (or none). */
function payloadOf(w: ReturnType<typeof gurpsWorld>, s: { kind: string } & Record<string, unknown>, card: { id: string; flow: { id: string } } | undefined): unknown {
  const on = { attackId: card?.flow.id ?? "nope", messageId: card?.id ?? "nope" };
  switch (s.kind) {
    case "garbage":
      return s.garbage;
    case "declare": {
      const me = w[s.attacker as "louis" | "pierre"];
      const own = s.attacker === "louis" ? "wpShortsword" : "wpPierre";
      return {
        step: "declare", actorUuid: me.uuid, itemId: s.item === "own" ? own : s.item === "pistol" ? "wpPistol" : "nope", line: s.line,
        targetUuid: (s.attacker === "louis" ? w.pierre : w.louis).uuid, roll: s.roll, ...(s.deceptive !== undefined && { deceptive: s.deceptive }),
        ...(s.modifier !== undefined && { modifiers: [{ value: s.modifier }] }),
      };
    }
    case "defend": {
      const { kind: _k, card: _c, ...rest } = s;
      return { step: "defend", ...on, ...rest };
    }
    case "roll":
      return { step: "roll", ...on, id: s.id, faces: s.faces };
    case "damage":
      return { step: "damage", ...on, id: "damage", faces: s.faces };
    default:
      return { step: s.kind, ...on };
  }
}
