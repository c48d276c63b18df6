/**
 * Forged GM field (22.1), the phase card: the fields only a GM may send are
 * declared once (`PHASE_CARD_GM_ONLY`, src/core/gm-only.ts) and the
 * transport refuses each from a player by name, before any step runs —
 * nothing changes: no card, no roll, no modifier, no ledger step. Requests
 * go the whole way (a message written by its author, the schema, the
 * shared check, the queue).
 */
import { describe, expect, it } from "vitest";
import { PHASE_CARD_GM_ONLY } from "../../src/rulesets/phase/workflow/request-schema.js";
import { gm, onCard, p1, p2, phaseWorld } from "./world.js";

/** Phase 1: Mo (the GM's) bursts at Leroy; the GM resolves the phase's end on a card. */
async function burstOnCard() {
  const w = phaseWorld();
  const card = await w.cardAfter(
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" },
    { kind: "phasePass", combatantId: "leroy", as: p1 },
  );
  return { w, card };
}

const refusedFor = (field: string) => `Only a GM may set "${field}"; the request was refused and nothing changed.`;

describe("forged GM field (the phase card)", () => {
  it("the GM's fields are declared: the record a phase end resolves at (P11), the TN modifiers and the areas behind cover (P17, P35, P21, P41)", () => {
    expect(PHASE_CARD_GM_ONLY).toEqual({ declare: ["revision"], modifiers: ["range", "cover", "other", "coverAreas"] });
  });

  it("every GM-only field a player sends is refused by name; the card, the ledger and the sheets stay as they were", async () => {
    const { w, card } = await burstOnCard();
    const before = JSON.stringify({ flows: w.cards().map((c) => c.flags.cychosys!.flow), ledger: w.ledger(), sheets: w.actors.map((a) => a.source) });
    const modifiers = { step: "modifiers", ...onCard(card()), combatantId: "mo", range: 0, cover: 0, other: 0, coverAreas: [] as string[] };
    const forged: [Record<string, unknown>, string][] = [
      // P11 step 4: resolving the phase's end (a second card) is the GM's.
      [{ step: "declare", combatId: "combat1", revision: w.ledger().revision }, "revision"],
      // P17/P35: range, cover and other TN modifiers; a zero is a value too.
      [{ ...modifiers, range: -9 }, "range"],
      [modifiers, "range"],
      // P21/P41: the areas behind cover (the first GM field the request holds is named).
      [{ ...modifiers, coverAreas: ["head", "chest"] }, "range"],
    ];
    for (const user of [p1, p2]) {
      for (const [request, field] of forged) expect(await w.send(request, user)).toEqual({ ok: false, reason: refusedFor(field) });
    }
    expect(JSON.stringify({ flows: w.cards().map((c) => c.flags.cychosys!.flow), ledger: w.ledger(), sheets: w.actors.map((a) => a.source) })).toBe(before);
    expect(w.cards()).toHaveLength(1);
    // Each refusal was whispered back to its author; every request message deleted.
    expect(w.whispers.filter((x) => x.user === p1.id)).toHaveLength(forged.length);
    expect(w.messages.filter((m) => m.id.startsWith("req") && !m.deleted)).toEqual([]);
  });

  it("the GM may send them all: the modifiers land, a stale revision is refused on its merits", async () => {
    const { w, card } = await burstOnCard();
    expect(await w.send({ step: "modifiers", ...onCard(card()), combatantId: "mo", range: 2, cover: 1, other: 0, coverAreas: ["head"] }, gm)).toMatchObject({ ok: true });
    expect(card().flow.rolls.mo).toMatchObject({ range: 2, cover: 1, coverAreas: ["head"] });
    expect(await w.send({ step: "declare", combatId: "combat1", revision: w.ledger().revision }, gm)).toMatchObject({ ok: false, reason: expect.not.stringContaining("Only a GM") });
  });
});
