/**
 * The first exploit, kept as its own test through interfaces that
 * existed before the fix (the request message, the registered handlers, the
 * Combat class), so it can be run against the old code too: there, a request
 * naming the pool "bogus" reached the rules core, which compared
 * `fatigue.bogus` (undefined) with the cost, found nothing short, and gave a
 * free interrupting action (fatigue `bogus: NaN` written to the actor). It
 * failed before the request schema (src/combat/request-schema.ts); it passes
 * now.
 */
import { chapterCombatants, createdMessages, FakeCombatant, FakeMessage, gm, setUsers } from "./fakes.js";
import { describe, expect, it } from "vitest";
import { registerCombatHandlers } from "../../src/foundry/cychosys/combat/documents.js";
import { defineCombatDocuments } from "./classes.js";
import { onRequestMessage } from "../../src/foundry/requests.js";

registerCombatHandlers();

describe("R16: an extra action needs a real fatigue pool", () => {
  it('R16: an extra-action request with pool "bogus" gives nothing — no fatigue paid, no extra action, no interrupt; its author is told and the request deleted', async () => {
    setUsers(gm, gm);
    const { CychosysCombat } = defineCombatDocuments();
    const { parker, riddle, sentry } = chapterCombatants();
    const list = [parker, riddle, sentry].map((a) => new FakeCombatant(a));
    const combat = new CychosysCombat() as unknown as { id: string; list: FakeCombatant[]; turn: number; turns: FakeCombatant[]; flags: Record<string, any>; startCombat(): Promise<unknown> };
    combat.list = list;
    for (const c of list) c.combat = combat as never;
    (globalThis as any).game.combats = { contents: [combat] };
    await combat.startCombat();
    combat.turn = 1; // Riddle's turn
    const fatigue = structuredClone(parker.system.pools.fatigue);
    createdMessages.length = 0;

    const forged = new FakeMessage("forgedPool1", { id: "alice", name: "Alice", isGM: false }, {
      cychosys: { combatRequest: { kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "bogus" } },
    });
    await onRequestMessage(forged as never);

    expect(parker.system.pools.fatigue).toEqual(fatigue);
    expect(parker.updates).toEqual([]);
    expect(combat.turns[combat.turn]!.id).toBe("riddle");
    expect(combat.flags.cychosys?.interrupt).toBeUndefined();
    expect(JSON.stringify(combat.flags)).not.toContain('"extraTaken":1');
    expect(JSON.stringify(list[0]!.flags)).not.toContain('"extraTaken":1');
    expect(forged.deleted).toBe(true);
    expect(createdMessages).toHaveLength(1);
    expect(createdMessages[0]).toMatchObject({ whisper: ["alice"] });
    expect(String(createdMessages[0]!.content)).toContain("pool must be one of physical, mental, emotional");
    (globalThis as any).game.combats = { contents: [] };
  });
});
